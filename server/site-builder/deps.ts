/**
 * What the builder works with (BuilderDeps): the marks, the lock, the build itself, the record,
 * the clock. siteBuilderDeps gives the real ones; tests give a fake build and clock.
 */
import { sql } from 'kysely'
import { type ChangeTag, changesSince, latestChange, onMarked } from '../changes.ts'
import { type Db, isPg } from '../db/index.ts'
import type { BuildPlan } from './plan.ts'
import { type BuildRecord, databaseId, readRecord, siteCodeHash, writeRecord } from './record.ts'

export interface BuildResult {
  /** Pages written or removed. */
  pages: number
  /** Seconds from the start until the pages were live, when that came before the end (a full build compresses after). */
  liveAfter?: number
  /** Marks for the next build, at once: pages held back, and the item pages they link to. */
  deferred?: ChangeTag[]
}

export interface BuilderDeps {
  /** Marks after an id (changesSince). */
  changes: (sinceId: number) => Promise<{ tags: ChangeTag[]; upTo: number }>
  /** The newest mark id (latestChange). */
  latest: () => Promise<number>
  /**
   * Runs `work` when this process may build; `{ ran: false }` when another process holds the
   * build (PostgreSQL advisory lock). SQLite is one process: always runs.
   */
  exclusive: <T>(work: () => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false }>
  /** Builds the plan into the live site; throws (saying why) when it fails. */
  build: (plan: BuildPlan, signal: AbortSignal) => Promise<BuildResult>
  records: { read: () => BuildRecord | null; write: (r: BuildRecord) => void }
  codeHash: () => string
  /** databaseId() of the database. */
  db: string
  /** The clock, in milliseconds. */
  now: () => number
  log: (line: string) => void
  /**
   * Calls `look` whenever this process records marks (onMarked in server/changes.ts); answers how
   * to stop. Marks of other processes are still found by polling.
   */
  onMarked?: (look: () => void) => () => void
}

/** The advisory lock key of the site build (any constant shared by every process). */
const BUILD_LOCK = 0x5e17b1d

/**
 * Runs `work` holding the site-build lock: on PostgreSQL a session advisory lock on one pooled
 * connection (not waited for: whoever holds it is building, the others look again later); on
 * SQLite, one process, simply runs.
 */
export async function withBuildLock<T>(
  db: Db,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (!isPg(db)) return { ran: true, value: await work() }
  return db.connection().execute(async (conn) => {
    const got = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${BUILD_LOCK}) AS ok`.execute(conn)
    if (!got.rows[0]?.ok) return { ran: false as const }
    try {
      return { ran: true as const, value: await work() }
    } finally {
      await sql`SELECT pg_advisory_unlock(${BUILD_LOCK})`.execute(conn)
    }
  })
}

/** The builder's real dependencies: the database's marks, the lock, the record in DIST_DIR. */
export async function siteBuilderDeps(opts: {
  db: Db
  distDir: string
  build: BuilderDeps['build']
  log?: (line: string) => void
  root?: string
  /** Settings the pages are built with; another value means another site, like other code. */
  settings?: readonly string[]
}): Promise<BuilderDeps> {
  const { db, distDir } = opts
  return {
    changes: (id) => changesSince(db, id),
    latest: () => latestChange(db),
    exclusive: (work) => withBuildLock(db, work),
    build: opts.build,
    records: { read: () => readRecord(distDir), write: (r) => writeRecord(distDir, r) },
    codeHash: () => siteCodeHash(opts.root, opts.settings),
    db: await databaseId(db),
    now: () => Date.now(),
    log: opts.log ?? ((line) => console.log(line)),
    onMarked,
  }
}

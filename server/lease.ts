/**
 * Leases: work that only one of several API processes may do at a time (issue 23) — the site
 * builder and the background jobs — goes to whoever holds a row of `leases`. The holder renews
 * it every third of its length; a holder that dies (SIGKILL, a lost machine) stops renewing, and
 * once the lease has lapsed the next process that asks takes it over.
 *
 * Why a row and not a PostgreSQL session advisory lock (which the site builder also takes around
 * each build, server/site-builder.ts): a session lock lives on one pooled connection and is lost
 * behind a transaction-mode pooler (PgBouncer), it does not exist on SQLite, and it tells no one
 * who holds it. The row works on both databases and through any pooler, and says who leads.
 * Expiries are compared on the database's clock, so machines whose clocks differ still agree.
 */
import { hostname } from 'node:os'
import { sql } from 'kysely'
import { type Db, isPg } from './db/index.ts'

/** The lease of the site builder and the background jobs. */
export const SITE_LEASE = 'site'

/** This process as a lease holder: leaseHolderId() → 'web-2#4711'. */
export const leaseHolderId = () => `${hostname()}#${process.pid}`

/** Now on the database's clock, in epoch ms: one clock for every process, whatever its own says. */
const dbNowMs = (db: Db) =>
  isPg(db)
    ? sql<number>`(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::bigint`
    : sql<number>`CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`

/**
 * Takes the lease `name` for `holder`, or renews it, for `ttlMs` from now: one statement, so of
 * processes asking together exactly one gets a free or lapsed lease. Answers whether `holder`
 * holds it now. takeLease(db, 'site', 'web-1#42', 15_000) → true
 */
export async function takeLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const now = dbNowMs(db)
  const row = await db
    .insertInto('leases')
    .values({ name, holder, expires_ms: sql<number>`${now} + ${ttlMs}`, since_ms: now })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({
          holder,
          expires_ms: sql<number>`excluded.expires_ms`,
          // A renewal keeps the time it was first taken; a takeover starts its own.
          since_ms: sql<number>`CASE WHEN leases.holder = excluded.holder THEN leases.since_ms ELSE excluded.since_ms END`,
        })
        .where((eb) => eb.or([eb('leases.holder', '=', holder), eb('leases.expires_ms', '<', now)])),
    )
    .returning('holder')
    .executeTakeFirst()
  return row?.holder === holder
}

/** Gives the lease up (a clean stop), so another process takes it at once instead of after it lapses. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute()
}

/** Who holds `name` and until when (database clock), or undefined when nobody ever took it. */
export async function leaseOf(db: Db, name: string) {
  return db
    .selectFrom('leases')
    .select(['holder', 'expires_ms', 'since_ms'])
    .where('name', '=', name)
    .executeTakeFirst()
}

/** What the holder does while it leads; answers how to stop doing it. */
export type Reign = () => Promise<() => Promise<void>>

export interface Leadership {
  /** Whether this process leads now. */
  leading(): boolean
  /** Stops leading (and what it ran) and gives the lease up. */
  stop(): Promise<void>
}

/**
 * Asks for the lease now and every ttlMs / 3: while this process holds it, `reign` runs (it is
 * started on taking the lease and stopped on losing it). The lease is lost when another process
 * took it (this one was paused past its lease), or when renewals failed (the database was out of
 * reach) for so long that it may have lapsed: stopping then, before another can take it over,
 * keeps two processes from leading at once.
 * lead({ db, name: 'site', holder: leaseHolderId(), ttlMs: 15_000, reign, log })
 */
export function lead(opts: {
  db: Db
  name: string
  holder: string
  ttlMs: number
  reign: Reign
  log: (line: string) => void
}): Leadership {
  const { db, name, holder, ttlMs, log } = opts
  const every = Math.max(100, Math.floor(ttlMs / 3))
  let stopReign: (() => Promise<void>) | undefined
  /** Until when (this process's monotonic clock) the lease is surely ours: from before the last renewal was asked. */
  let surelyUntil = 0
  let failing = false
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let round: Promise<void> = Promise.resolve()

  const abdicate = async (why: string) => {
    const stop = stopReign
    if (!stop) return
    stopReign = undefined
    log(`[lease] ${why}，本进程停止站点生成与后台任务`)
    await stop()
  }

  const ask = async () => {
    const asked = performance.now()
    let held: boolean | undefined
    try {
      held = await takeLease(db, name, holder, ttlMs)
      failing = false
    } catch (e) {
      if (!failing) log(`[lease] 续租失败：${e instanceof Error ? e.message : e}`)
      failing = true
    }
    if (stopped) return
    if (held) {
      surelyUntil = asked + ttlMs
      if (!stopReign) {
        log(`[lease] 本进程 (${holder}) 负责站点生成与后台任务`)
        stopReign = await opts.reign()
      }
    } else if (held === false) await abdicate('租约已被其他进程接管')
    // Unknown (the database did not answer): lead on only while the next renewal can still come in time.
    else if (performance.now() + every >= surelyUntil) await abdicate('无法续租，租约可能已过期')
  }

  const loop = () => {
    round = ask()
      .catch((e: unknown) => log(`[lease] ${e instanceof Error ? e.message : e}`))
      .finally(() => {
        if (stopped) return
        timer = setTimeout(loop, every)
        timer.unref()
      })
  }
  loop()

  return {
    leading: () => stopReign !== undefined,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await round
      await abdicate('进程退出')
      await releaseLease(db, name, holder).catch(() => {})
    },
  }
}

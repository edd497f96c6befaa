/**
 * The record of the last build (DIST_DIR/.build.json): what the site there was built from, and
 * what a start decides from it — serve the site as it is, or build.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { sql } from 'kysely'
import type { Db } from '../db/index.ts'

export interface BuildTiming {
  kind: 'full' | 'partial'
  seconds: number
  at: string
  pages: number
}

/** DIST_DIR/.build.json: what the site in DIST_DIR was built from. */
export interface BuildRecord {
  /** The newest change mark the site includes. */
  changeId: number
  builtAt: string
  seconds: number
  kind: 'full' | 'partial'
  /** siteCodeHash() of the code of the last full build: other code at start means a full build. */
  codeHash: string
  /** databaseId() of the database it was built from: another (a re-seed) means a full build. */
  db: string
  /** The recent builds, newest first, for the status call. */
  recent: BuildTiming[]
}

export const RECORD_FILE = '.build.json'

/** The record in a DIST_DIR, or null when there is none (or it is unreadable). */
export function readRecord(distDir: string): BuildRecord | null {
  try {
    const r = JSON.parse(readFileSync(join(distDir, RECORD_FILE), 'utf8')) as BuildRecord
    return typeof r.changeId === 'number' && typeof r.codeHash === 'string'
      ? { ...r, recent: r.recent ?? [] }
      : null
  } catch {
    return null
  }
}

/** Writes the record beside the site; a reader sees the old one or the new one. */
export function writeRecord(distDir: string, record: BuildRecord) {
  const tmp = join(distDir, `${RECORD_FILE}.${process.pid}.tmp`)
  writeFileSync(tmp, `${JSON.stringify(record, null, 2)}\n`)
  renameSync(tmp, join(distDir, RECORD_FILE))
}

/** What the site is built from besides the content: its code, its assets and its dependencies. */
const CODE_INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json']

/**
 * A hash of the site's code, so a changed page or component (or dependency) triggers a full
 * build; about 2 MB read, a few milliseconds.
 * siteCodeHash('/work/main') → '5f1c…' (64 hex digits)
 */
export function siteCodeHash(root = process.cwd(), settings: readonly string[] = []): string {
  const hash = createHash('sha256')
  // What the build compiles in besides the code (site URL, the bundle's sign secret): only its hash is kept.
  for (const s of settings) hash.update(s).update('\0')
  const add = (path: string) => {
    if (!existsSync(path)) return
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) add(join(path, name))
      return
    }
    hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0')
  }
  for (const input of CODE_INPUTS) add(join(root, input))
  return hash.digest('hex')
}

/**
 * Which database this is: when the first migration ran. A re-seeded database (--reset) is a new
 * one whose change marks start again from 1, so a record of the old one must not be trusted.
 */
export async function databaseId(db: Db): Promise<string> {
  const r = await sql<{
    at: string | Date | null
  }>`SELECT MIN("timestamp") AS at FROM kysely_migration`.execute(db)
  const at = r.rows[0]?.at
  return at instanceof Date ? at.toISOString() : String(at ?? '')
}

export interface StartDecision {
  build: boolean
  why: string
}

/**
 * At start: serve the built site as it is when it was built from this database, with this code,
 * and no mark came after it; otherwise build. Marks alone (same code, same database) are the
 * builder's ordinary work: it brings their pages up to date like any edit.
 * decideStart(null, …) → { build: true, why: '尚未生成' }
 */
export function decideStart(
  record: BuildRecord | null,
  now: { codeHash: string; db: string; latestId: number },
): StartDecision {
  if (!record) return { build: true, why: '站点尚未生成' }
  if (record.db !== now.db) return { build: true, why: '数据库已更换（重新初始化）' }
  if (record.codeHash !== now.codeHash) return { build: true, why: '站点代码已改动' }
  if (now.latestId < record.changeId) return { build: true, why: '变更记录早于上次生成' }
  if (now.latestId > record.changeId)
    return { build: false, why: `有 ${now.latestId - record.changeId} 条新变更，按变更更新` }
  return { build: false, why: '内容与代码均未改动' }
}

/** Removes a record, so the next start builds everything: forgetRecord('dist'). */
export const forgetRecord = (distDir: string) => rmSync(join(distDir, RECORD_FILE), { force: true })

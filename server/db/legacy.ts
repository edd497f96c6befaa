/**
 * TRANSITIONAL: the pre-Kysely query methods (db.get/all/run/insert/exec/tx with `?`
 * placeholders) on top of the Kysely instance, so code not yet moved to a module keeps running.
 * Deleted when nothing imports it.
 */
import { CompiledQuery, type Kysely } from 'kysely'
import { isPg } from './index.ts'
import type { Database } from './schema.ts'

export type Param = string | number | null
export type Row = Record<string, unknown>

export interface LegacyMethods {
  readonly dialect: 'sqlite' | 'pg'
  all<T = Row>(sql: string, params?: readonly Param[]): Promise<T[]>
  get<T = Row>(sql: string, params?: readonly Param[]): Promise<T | undefined>
  run(sql: string, params?: readonly Param[]): Promise<number>
  insert(sql: string, params?: readonly Param[]): Promise<number>
  exec(sql: string): Promise<void>
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>
  close(): Promise<void>
}
export type Db = Kysely<Database> & LegacyMethods

const toPg = (sql: string) => {
  let i = 0
  return sql.replace(/\?/g, () => `$${++i}`)
}

export function withLegacy(k: Kysely<Database>): Db {
  const pg = isPg(k)
  const q = async (text: string, params: readonly Param[] = []) =>
    k.executeQuery(CompiledQuery.raw(pg ? toPg(text) : text, [...params]))
  const m: LegacyMethods = {
    dialect: pg ? 'pg' : 'sqlite',
    all: async <T>(s: string, p?: readonly Param[]) => (await q(s, p)).rows as T[],
    get: async <T>(s: string, p?: readonly Param[]) => (await q(s, p)).rows[0] as T | undefined,
    run: async (s, p) => Number((await q(s, p)).numAffectedRows ?? 0),
    insert: async (s, p) => Number(((await q(`${s} RETURNING id`, p)).rows[0] as { id?: unknown })?.id),
    exec: async (s) => {
      for (const part of s.split(/;\s*\n/)) if (part.trim()) await q(part)
    },
    tx: (fn) => (k.isTransaction ? fn(withLegacy(k)) : k.transaction().execute((t) => fn(withLegacy(t)))),
    close: () => k.destroy(),
  }
  return Object.assign(k, m) as Db
}

import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import pg from 'pg'

export type Param = string | number | null
export type Row = Record<string, unknown>

/**
 * The one query layer: SQL is written once with `?` placeholders and runs on SQLite
 * (node:sqlite) or PostgreSQL. Only DDL differs, through the tokens in `ddl()`.
 */
export interface Db {
  readonly dialect: 'sqlite' | 'pg'
  all<T = Row>(sql: string, params?: readonly Param[]): Promise<T[]>
  get<T = Row>(sql: string, params?: readonly Param[]): Promise<T | undefined>
  run(sql: string, params?: readonly Param[]): Promise<number>
  /** Runs an INSERT and returns the new row's id. */
  insert(sql: string, params?: readonly Param[]): Promise<number>
  exec(sql: string): Promise<void>
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** ddl('id {{pk}}', 'pg') → 'id BIGSERIAL PRIMARY KEY' */
export function ddl(sql: string, dialect: Db['dialect']): string {
  const tokens =
    dialect === 'pg'
      ? { pk: 'BIGSERIAL PRIMARY KEY', bigint: 'BIGINT' }
      : { pk: 'INTEGER PRIMARY KEY AUTOINCREMENT', bigint: 'INTEGER' }
  return sql.replace(/\{\{(pk|bigint)\}\}/g, (_, t: 'pk' | 'bigint') => tokens[t])
}

export async function openDb(opts: { url?: string; file?: string; schema?: string }): Promise<Db> {
  return opts.url ? openPg(opts.url, opts.schema) : openSqlite(opts.file ?? ':memory:')
}

// --- SQLite -----------------------------------------------------------------------------

function openSqlite(file: string): Db {
  const raw = new DatabaseSync(file)
  raw.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000',
  )
  const cache = new Map<string, ReturnType<DatabaseSync['prepare']>>()
  const prepare = (sql: string) => {
    let st = cache.get(sql)
    if (!st) {
      st = raw.prepare(sql)
      cache.set(sql, st)
    }
    return st
  }
  // One connection serves every request, and a transaction spans awaits: statements from
  // other requests wait for it to finish instead of landing inside it.
  let gate: Promise<unknown> = Promise.resolve()
  const direct = {
    all: (sql: string, p: readonly Param[] = []) => prepare(sql).all(...(p as SQLInputValue[])) as Row[],
    run: (sql: string, p: readonly Param[] = []) =>
      Number(prepare(sql).run(...(p as SQLInputValue[])).changes),
  }
  const make = (inTx: boolean): Db => {
    const wait = async () => {
      if (!inTx) await gate
    }
    const db: Db = {
      dialect: 'sqlite',
      async all<T>(sql: string, p?: readonly Param[]) {
        await wait()
        return direct.all(sql, p) as T[]
      },
      async get<T>(sql: string, p?: readonly Param[]) {
        await wait()
        return direct.all(sql, p)[0] as T | undefined
      },
      async run(sql, p) {
        await wait()
        return direct.run(sql, p)
      },
      async insert(sql, p) {
        await wait()
        return Number(direct.all(`${sql} RETURNING id`, p)[0]?.id)
      },
      async exec(sql) {
        await wait()
        raw.exec(sql)
      },
      async tx(fn) {
        if (inTx) return fn(db)
        const prev = gate
        let release!: () => void
        gate = new Promise<void>((r) => {
          release = r
        })
        await prev
        raw.exec('BEGIN IMMEDIATE')
        try {
          const out = await fn(make(true))
          raw.exec('COMMIT')
          return out
        } catch (e) {
          raw.exec('ROLLBACK')
          throw e
        } finally {
          release()
        }
      },
      async close() {
        await gate
        raw.close()
      },
    }
    return db
  }
  return make(false)
}

// --- PostgreSQL --------------------------------------------------------------------------

// COUNT/SUM/BIGSERIAL come back as int8/numeric strings; every amount here fits a double.
pg.types.setTypeParser(20, Number)
pg.types.setTypeParser(1700, Number)

/** toPg('a = ? and b = ?') → 'a = $1 and b = $2' */
export function toPg(sql: string): string {
  let i = 0
  return sql.replace(/\?/g, () => `$${++i}`)
}

async function openPg(url: string, schema?: string): Promise<Db> {
  if (schema) {
    const setup = new pg.Client({ connectionString: url })
    await setup.connect()
    await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`)
    await setup.end()
  }
  // The search path is a connection option, so every pooled connection starts in the schema.
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.PG_POOL ?? 10),
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  })
  type Q = pg.Pool | pg.PoolClient
  const make = (q: Q, inTx: boolean): Db => {
    const db: Db = {
      dialect: 'pg',
      async all<T>(sql: string, p: readonly Param[] = []) {
        return (await q.query(toPg(sql), p as Param[])).rows as T[]
      },
      async get<T>(sql: string, p: readonly Param[] = []) {
        return (await q.query(toPg(sql), p as Param[])).rows[0] as T | undefined
      },
      async run(sql, p = []) {
        return (await q.query(toPg(sql), p as Param[])).rowCount ?? 0
      },
      async insert(sql, p = []) {
        return Number((await q.query(`${toPg(sql)} RETURNING id`, p as Param[])).rows[0]?.id)
      },
      async exec(sql) {
        await q.query(sql)
      },
      async tx(fn) {
        if (inTx) return fn(db)
        const client = await pool.connect()
        try {
          await client.query('BEGIN')
          const out = await fn(make(client, true))
          await client.query('COMMIT')
          return out
        } catch (e) {
          await client.query('ROLLBACK')
          throw e
        } finally {
          client.release()
        }
      },
      async close() {
        await pool.end()
      },
    }
    return db
  }
  return make(pool, false)
}

import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite'
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type SqliteStatement } from 'kysely'
import pg from 'pg'
import type { Database } from './schema.ts'

export type { Database } from './schema.ts'

/** The typed database: Kysely over node:sqlite (the embedded default) or PostgreSQL. */
export type Db = Kysely<Database>

/** isPg(db) → true on PostgreSQL, for the few statements that differ (advisory locks). */
export const isPg = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter

export async function openDb(opts: {
  url?: string
  file?: string
  schema?: string
  pool?: number
}): Promise<Db> {
  return opts.url ? openPg(opts.url, opts.schema, opts.pool) : openSqlite(opts.file ?? ':memory:')
}

// --- SQLite -----------------------------------------------------------------------------

/**
 * node:sqlite behind the better-sqlite3 shape Kysely's SqliteDialect drives. No maintained
 * dialect for node:sqlite exists in the registry, and this is all it takes: statements are
 * prepared once per SQL text, and `reader` is whether the statement returns columns.
 */
function sqliteAdapter(raw: DatabaseSync) {
  const cache = new Map<string, SqliteStatement>()
  const wrap = (st: StatementSync): SqliteStatement => ({
    reader: st.columns().length > 0,
    all: (p) => st.all(...(p as SQLInputValue[])),
    run: (p) => st.run(...(p as SQLInputValue[])),
    iterate: (p) => st.iterate(...(p as SQLInputValue[])),
  })
  return {
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      // Kysely opens a deferred transaction; IMMEDIATE takes the write lock at once, so a
      // transaction that reads then writes never fails on another process's lock (e2e tests
      // write the same file).
      const text = sql === 'begin' ? 'BEGIN IMMEDIATE' : sql
      let st = cache.get(text)
      if (!st) {
        st = wrap(raw.prepare(text))
        cache.set(text, st)
      }
      return st
    },
  }
}

function openSqlite(file: string): Db {
  const raw = new DatabaseSync(file)
  raw.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000',
  )
  // Reads map the file instead of copying pages, and a 64 MB page cache (the default is 2 MB)
  // holds a 10,000 + 10,000 catalogue's indexes: a listing's count and page run 25% faster,
  // which more than pays for the query builder (npm run bench).
  raw.exec('PRAGMA mmap_size = 268435456; PRAGMA cache_size = -65536')
  // One connection serves every request; Kysely's driver queues statements behind an open
  // transaction instead of letting them land inside it.
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqliteAdapter(raw) }) })
}

// --- PostgreSQL --------------------------------------------------------------------------

// COUNT/SUM/BIGSERIAL come back as int8/numeric strings; every amount here fits a double.
pg.types.setTypeParser(20, Number)
pg.types.setTypeParser(1700, Number)

/**
 * A pooled connection that runs each statement with values as a named prepared statement: the
 * server parses its text once per connection, then each run sends only its values (Bind,
 * Execute). Unnamed, PostgreSQL parsed every statement again: `npm run load:orders` went from
 * 143 to 181 orders/s named (issue 23). plan_cache_mode=force_custom_plan (openPg) still plans
 * each run for its values, so a skewed value (a title search's pattern) keeps the plan it had.
 * Names are per process and at most MAX_NAMED: the hot statements come early, and a query built
 * with a varying shape (an IN list) never fills the server's memory with statements.
 */
const MAX_NAMED = 2000
const statementNames = new Map<string, string>()

function statementName(text: string): string | undefined {
  let name = statementNames.get(text)
  if (name === undefined && statementNames.size < MAX_NAMED) {
    name = `k${statementNames.size}`
    statementNames.set(text, name)
  }
  return name
}

class PreparingClient extends pg.Client {
  // pg's query has a dozen overloads; Kysely calls query(text, values) and reads the promise.
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  override query(text: any, values?: any, callback?: any): any {
    const named =
      typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined
        ? statementName(text)
        : undefined
    return named ? super.query({ text, values, name: named }) : super.query(text, values, callback)
  }
}

async function openPg(url: string, schema?: string, max = 10): Promise<Db> {
  if (schema) {
    const setup = new pg.Client({ connectionString: url })
    await setup.connect()
    await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`)
    await setup.end()
  }
  // The search path is a connection option, so every pooled connection starts in the schema.
  const options = [schema ? `-c search_path="${schema}"` : '', '-c plan_cache_mode=force_custom_plan']
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: options.join(' ').trim(),
    Client: PreparingClient,
  })
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
}

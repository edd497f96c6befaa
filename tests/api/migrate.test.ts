import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Kysely, sql } from 'kysely'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { type Db, isPg, openDb } from '../../server/db/index.ts'
import { migrate, migrations } from '../../server/db/migrations.ts'

// This project's database: the api project runs it on SQLite, api-pg on PostgreSQL.
const kind = inject('testDb')
const url = inject('dbUrl')
const dir = mkdtempSync(join(tmpdir(), 'portal-migrate-'))
const opened: Db[] = []
afterAll(async () => {
  for (const db of opened) {
    if (isPg(db)) await sql`DROP SCHEMA IF EXISTS ${sql.id(schemaOf(db))} CASCADE`.execute(db)
    await db.destroy()
  }
  rmSync(dir, { recursive: true, force: true })
})
const schemas = new WeakMap<Db, string>()
const schemaOf = (db: Db) => schemas.get(db) ?? ''

/** A database as the version before the Migrator left it: its schema, schema_migrations, data. */
async function legacyDatabase(kind: 'sqlite' | 'pg'): Promise<Db> {
  const schema = `m_${process.pid}_${Date.now()}_${opened.length}`
  const db = kind === 'pg' ? await openDb({ url, schema }) : await openDb({ file: join(dir, `${schema}.db`) })
  schemas.set(db, schema)
  opened.push(db)
  // The versions that database had, 1 and 2; the Migrator brings it the newer ones.
  for (const m of Object.values(migrations).slice(0, 2)) await m.up(db as unknown as Kysely<unknown>)
  await sql`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`.execute(
    db,
  )
  await sql`INSERT INTO schema_migrations VALUES (1, 'initial schema', 'x'), (2, 'soft delete', 'x')`.execute(
    db,
  )
  await db
    .insertInto('users')
    .values({ code: 'U000001', tel: '13800000099', nick_name: '老用户', create_time: '2026-01-01 00:00:00' })
    .execute()
  return db
}

describe(`a database made before the Migrator (${kind})`, () => {
  it('migrates forward without running a shipped version again, and loses nothing', async () => {
    const db = await legacyDatabase(kind)
    expect(await migrate(db)).toEqual(Object.keys(migrations).slice(2))
    const recorded = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)
    expect(recorded.rows.map((r) => r.name)).toEqual(Object.keys(migrations))
    const users = await db.selectFrom('users').select(['tel', 'nick_name']).execute()
    expect(users).toEqual([{ tel: '13800000099', nick_name: '老用户' }])
    // Twice is as once.
    expect(await migrate(db)).toEqual([])
  })

  it('builds a new database with every version', async () => {
    const schema = `n_${process.pid}_${Date.now()}`
    const db =
      kind === 'pg' ? await openDb({ url, schema }) : await openDb({ file: join(dir, `${schema}.db`) })
    schemas.set(db, schema)
    opened.push(db)
    expect(await migrate(db)).toEqual(Object.keys(migrations))
    expect(await db.selectFrom('users').select('id').execute()).toEqual([])
  })
})

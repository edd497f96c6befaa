/** Writes the seed's rows: multi-row Kysely INSERTs in one transaction. */
import { sql } from 'kysely'
import { type Database, type Db, isPg } from '../db/index.ts'
import type { IdTable, RowOf, Table } from './common.ts'

/** PostgreSQL allows 65535 parameters per statement; SQLite's default limit is 32766. */
const MAX_PARAMS = 30000
const MAX_ROWS = 1000

/**
 * As many rows per statement as the parameter limit allows. Every row must give the columns of
 * the first: a missing one would be DEFAULT on PostgreSQL but NULL on SQLite.
 */
async function insertRows<T extends keyof Database>(db: Db, table: T, rows: readonly RowOf<T>[]) {
  const first = rows[0]
  if (!first) return
  const cols = Object.keys(first)
  for (const r of rows) {
    const row = r as Record<string, unknown>
    for (const c of cols) {
      if (row[c] === undefined) throw new Error(`seed: ${table}.${c} missing in row ${JSON.stringify(r)}`)
    }
  }
  const per = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / cols.length)))
  for (let i = 0; i < rows.length; i += per) {
    // The rows are typed by RowOf<T>; Kysely cannot relate its insert type to a generic table.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + per) as never)
      .execute()
  }
}

export interface SeedRows {
  regions: RowOf<'regions'>[]
  /** The tables with ids, in an order that satisfies their foreign keys. */
  tables: readonly Table<IdTable>[]
  configs: RowOf<'configs'>[]
}

export async function writeSeed(db: Db, rows: SeedRows): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await insertRows(tx, 'regions', rows.regions)
    for (const table of rows.tables) await insertRows(tx, table.name, table.rows)
    await insertRows(tx, 'configs', rows.configs)
    if (isPg(tx)) {
      // Ids were given explicitly, so the sequences must be moved past them.
      for (const { name } of rows.tables) {
        await sql`SELECT setval(pg_get_serial_sequence(${name}, 'id'), COALESCE((SELECT MAX(id) FROM ${sql.table(name)}), 0) + 1, false)`.execute(
          tx,
        )
      }
    }
  })
}

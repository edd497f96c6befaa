/**
 * The database of this test run (tests/api/global-setup.ts): its PostgreSQL schema when the run is
 * on PostgreSQL, else its SQLite file. A new connection each call; the caller destroys it.
 *
 *   beforeAll(async () => { db = await openRunDb() })
 */
import { inject } from 'vitest'
import { openDb } from '../../server/db/index.ts'

export function openRunDb() {
  const url = inject('dbUrl')
  return url ? openDb({ url, schema: inject('dbSchema') }) : openDb({ file: inject('dbFile') })
}

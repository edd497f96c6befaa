/**
 * The ops commands (npm run ops -- …) run from API tests against the test database.
 *   expect(await ops(h.db, ['confirm-transfer', code, '100', 'B0001', '某某医院'])).toContain(code)
 */
import type { Db } from '../../server/db/index.ts'
import { runOps } from '../../server/ops.ts'

/** runOps closes what it opened: hand it the shared database behind a destroy that does nothing. */
export const sharedDb = (db: Db) => async () =>
  new Proxy(db, {
    get: (d, key) => {
      if (key === 'destroy') return async () => {}
      const v = Reflect.get(d, key)
      return typeof v === 'function' ? v.bind(d) : v
    },
  }) as Db

/** Runs one ops command on `db` (left open for the other tests) as at `now`: what it prints. */
export const ops = (db: Db, args: readonly string[], now = new Date()) => runOps(args, sharedDb(db), now)

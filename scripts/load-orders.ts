// npm run load:orders: concurrent orders, balance payments and cancels against the real server,
// then the books are checked (tests/load/storm.ts): for every SKU, stock + sold = initial stock;
// for every buyer, balance = initial balance + income − expense of their wallet records; each
// claimed coupon is used by at most one standing order; every order's breakdown adds up to its total. SQLite by
// default, PostgreSQL when DATABASE_URL is set. Exits 1 when anything does not reconcile.
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { sql } from 'kysely'
import { defaultConfig } from '../server/config.ts'
import { isPg, openDb } from '../server/db/index.ts'
import { migrate } from '../server/db/migrations.ts'
import { seed } from '../server/seed/index.ts'
import { createPortal } from '../server/server.ts'
import { makeSign } from '../src/lib/sign.ts'
import { prepareStorm, reconcile, storm } from '../tests/load/storm.ts'

const SECONDS = Number(process.env.LOAD_SECONDS ?? 15)
const CONCURRENCY = 32
/** Claimed coupons per buyer that a third of the orders name (LOAD_COUPONS=0: none, to compare with runs before issue 24). */
const COUPONS = Number(process.env.LOAD_COUPONS ?? 3)

const dir = mkdtempSync(join(tmpdir(), 'portal-load-'))
const url = process.env.DATABASE_URL
const schema = `load_${process.pid}`
const db = url ? await openDb({ url, schema }) : await openDb({ file: join(dir, 'load.db') })
await migrate(db)
await seed(db, { uploadDir: join(dir, 'up') })
const s = await prepareStorm(db, { buyers: 40, skus: 5, stock: 3000, couponsEach: COUPONS })

const config = defaultConfig({ uploadDir: join(dir, 'up') })
const server = serve({ fetch: createPortal({ db, config, now: () => new Date() }).fetch, port: 0 })
await new Promise((r) => server.once('listening', r))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const acks = await storm(base, () => makeSign({ key: config.signKey, iv: config.signIv }), s, {
  seconds: SECONDS,
  concurrency: CONCURRENCY,
})
const problems = await reconcile(db, s, acks)

const other = [...acks.other.values()].reduce((a, b) => a + b, 0)
console.log(
  `${isPg(db) ? 'PostgreSQL' : 'SQLite'}: ${acks.orders.size} orders in ${acks.seconds.toFixed(1)} s = ${(acks.orders.size / acks.seconds).toFixed(0)} orders/s ` +
    `(${acks.paid.size} paid by balance, ${acks.cancelled.size} cancelled, ${acks.soldOut} refused for stock, ` +
    `${acks.couponTaken} refused for a coupon in use, ${other} other refusals), ` +
    `${CONCURRENCY} at once`,
)
if (acks.other.size) console.log(`other refusals said: ${[...acks.other.keys()].join(' / ')}`)
console.log(
  problems.length
    ? `NOT RECONCILED:\n  ${problems.join('\n  ')}`
    : `reconciled: ${s.skus.length} SKUs (stock + sold = ${s.stock}), ${s.buyers.length} balances = their records, ` +
        `${s.buyers.length * COUPONS} coupons (each used by at most one standing order), every order's breakdown = its total`,
)
server.close()
if (isPg(db)) await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db)
await db.destroy()
rmSync(dir, { recursive: true, force: true })
process.exit(problems.length ? 1 : 0)

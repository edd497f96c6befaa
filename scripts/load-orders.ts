// npm run load:orders: concurrent orders, balance payments and cancels against the real server,
// then the books are checked (tests/load/storm.ts): for every SKU, stock + sold = initial stock;
// for every buyer, balance = initial balance + income − expense of their wallet records; each
// claimed coupon is used by at most one standing order; every order's breakdown adds up to its total. SQLite by
// default, PostgreSQL when DATABASE_URL is set. Exits 1 when anything does not reconcile.
//
// The server runs in its own process (server/main.ts --no-build, as npm run serve), so the 32
// clients here do not share its event loop: in one process they took half its CPU (issue 23).
// LOAD_WORKERS=N runs N API processes on PostgreSQL (WORKERS).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { defaultConfig } from '../server/config.ts'
import { isPg, openDb } from '../server/db/index.ts'
import { migrate } from '../server/db/migrations.ts'
import { seed } from '../server/seed/index.ts'
import { makeSign } from '../src/lib/sign.ts'
import { freePort, serverProcess } from '../tests/load/server-process.ts'
import { prepareStorm, reconcile, storm } from '../tests/load/storm.ts'

const SECONDS = Number(process.env.LOAD_SECONDS ?? 15)
const CONCURRENCY = 32
/** Claimed coupons per buyer that a third of the orders name (LOAD_COUPONS=0: none, to compare with runs before issue 24). */
const COUPONS = Number(process.env.LOAD_COUPONS ?? 3)

const dir = mkdtempSync(join(tmpdir(), 'portal-load-'))
const url = process.env.DATABASE_URL
const schema = `load_${process.pid}`
const db = url ? await openDb({ url, schema }) : await openDb({ file: join(dir, 'portal.db') })
await migrate(db)
await seed(db, { uploadDir: join(dir, 'uploads') })
const s = await prepareStorm(db, { buyers: 40, skus: 5, stock: 3000, couponsEach: COUPONS })

const config = defaultConfig({ uploadDir: join(dir, 'uploads') })
const port = await freePort()
const server = await serverProcess({
  port,
  dir,
  pg: url ? { url, schema } : undefined,
  env: { WORKERS: process.env.LOAD_WORKERS ?? '1' },
})
// Never left behind, whatever ends this run.
process.on('exit', () => server.kill())
const base = `http://127.0.0.1:${port}`
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
server.kill()
if (isPg(db)) await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db)
await db.destroy()
rmSync(dir, { recursive: true, force: true })
process.exit(problems.length ? 1 : 0)

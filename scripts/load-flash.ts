// npm run load:flash: a flash sale on the real server (issue 23), loopback only. 2,000 buyers, at
// most 200 at a time, each ordering one unit of one SKU with stock 100 and paying by balance, while
// two readers read a static page. Passes when exactly 100 units are sold and paid, every other
// buyer is told 库存不足 (no 5xx, no timeout), the order call's p99 ≤ 1 s, the static page's p99
// ≤ 50 ms and the books reconcile (tests/load/storm.ts). SQLite by default, PostgreSQL when
// DATABASE_URL is set. FLASH_BUYERS / FLASH_STOCK / FLASH_CONCURRENCY change the sale's size.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { defaultConfig } from '../server/config.ts'
import { isPg, openDb } from '../server/db/index.ts'
import { migrate } from '../server/db/migrations.ts'
import { seed } from '../server/seed/index.ts'
import { makeSign } from '../src/lib/sign.ts'
import { flashProblems, flashSale, percentile } from '../tests/load/flash.ts'
import { freePort, serverProcess } from '../tests/load/server-process.ts'
import { prepareStorm, reconcile, storm } from '../tests/load/storm.ts'

const BUYERS = Number(process.env.FLASH_BUYERS ?? 2000)
const STOCK = Number(process.env.FLASH_STOCK ?? 100)
const CONCURRENCY = Math.min(200, Number(process.env.FLASH_CONCURRENCY ?? 200))

const dir = mkdtempSync(join(tmpdir(), 'portal-flash-'))
const url = process.env.DATABASE_URL
const schema = `flash_${process.pid}`
const db = url ? await openDb({ url, schema }) : await openDb({ file: join(dir, 'portal.db') })
await migrate(db)
await seed(db, { uploadDir: join(dir, 'uploads') })
// Buyers and a SKU of their own to warm the server up with (the sale's SKU is the first; its
// stock is set again just below).
const warm = await prepareStorm(db, { buyers: 20, skus: 2, stock: 300, tag: 'warm' })
const s = await prepareStorm(db, { buyers: BUYERS, skus: 1, stock: STOCK })

// A static page of a product page's size (about 40 KB of HTML), served as the built site is.
const dist = join(dir, 'dist')
mkdirSync(join(dist, 'sale'), { recursive: true })
writeFileSync(
  join(dist, 'sale', 'index.html'),
  `<!doctype html><html lang="zh-CN"><head><title>秒杀</title></head><body>${'<p>牙科综合治疗台 秒杀</p>'.repeat(1500)}</body></html>`,
)

// The server in its own process, as npm start runs it: the 200 clients here must not share its
// event loop. Loopback only: this is a load generator, never pointed at anybody else's server.
const config = defaultConfig()
const port = await freePort()
const server = await serverProcess({ port, dir, pg: url ? { url, schema } : undefined })
// Never left behind, whatever ends this run (a failed check throws before the end).
process.on('exit', () => server.kill())
const base = `http://127.0.0.1:${port}`

// A sale meets a server that has been up a while: three seconds of orders, payments, cancels and
// refusals for stock on another SKU first, so that the figures below are the sale's and not V8
// compiling the first calls (a cold start made the first 200 orders wait 1.5-2.5 s).
const sign = () => makeSign({ key: config.signKey, iv: config.signIv })
await storm(base, sign, { ...warm, skus: warm.skus.slice(1) }, { seconds: 3, concurrency: 20 })

const r = await flashSale(base, sign, s, {
  concurrency: CONCURRENCY,
  staticPath: '/sale/',
})
const problems = [
  ...flashProblems(r, s, { orderP99Ms: 1000, staticP99Ms: 50 }),
  ...(await reconcile(db, s, r.acks)),
]
const ms = (v: number) => `${v.toFixed(0)} ms`
console.log(
  `${isPg(db) ? 'PostgreSQL' : 'SQLite'}: ${BUYERS} buyers, ${CONCURRENCY} at once, stock ${STOCK}: ` +
    `${r.acks.orders.size} sold, ${r.acks.paid.size} paid, ${r.acks.soldOut} told 库存不足 in ${r.seconds.toFixed(1)} s; ` +
    `order call p50 ${ms(percentile(r.orderMs, 50))} p99 ${ms(percentile(r.orderMs, 99))}; ` +
    `static page p50 ${percentile(r.staticMs, 50).toFixed(1)} ms p99 ${percentile(r.staticMs, 99).toFixed(1)} ms (${r.staticMs.length} reads)`,
)
console.log(
  problems.length
    ? `FAILED:\n  ${problems.join('\n  ')}`
    : 'passed: the sale sold exactly its stock and the books reconcile',
)
server.kill()
if (isPg(db)) await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db)
await db.destroy()
rmSync(dir, { recursive: true, force: true })
process.exit(problems.length ? 1 : 0)

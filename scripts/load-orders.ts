// npm run load:orders: concurrent orders, balance payments and cancels against the real server,
// then the books are checked: for every SKU, stock + sold = initial stock; for every buyer,
// balance = initial balance + income − expense of their wallet records. SQLite by default,
// PostgreSQL when DATABASE_URL is set. Exits 1 when anything does not reconcile.
import { randomInt } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { sql } from 'kysely'
import { defaultConfig } from '../server/config.ts'
import { isPg, openDb } from '../server/db/index.ts'
import { migrate } from '../server/db/migrations.ts'
import { issueToken } from '../server/modules/accounts/sessions.ts'
import { seed } from '../server/seed/index.ts'
import { createPortal } from '../server/server.ts'
import { makeSign } from '../src/lib/sign.ts'

const SECONDS = Number(process.env.LOAD_SECONDS ?? 15)
const CONCURRENCY = 32
const BUYERS = 40
const SKUS = 5
const STOCK = 3000
const BALANCE_FEN = 10_000_000_000

const dir = mkdtempSync(join(tmpdir(), 'portal-load-'))
const url = process.env.DATABASE_URL
const schema = `load_${process.pid}`
const db = url ? await openDb({ url, schema }) : await openDb({ file: join(dir, 'load.db') })
await migrate(db)
await seed(db, { uploadDir: join(dir, 'up') })

const now = new Date()
const skus = await db
  .selectFrom('product_skus as k')
  .innerJoin('product_spus as p', 'p.id', 'k.spu_id')
  .select(['k.id', 'k.spu_id'])
  .where('p.ext', '=', '是')
  .where('p.is_show', '=', 1)
  .orderBy('k.id')
  .limit(SKUS)
  .execute()
await db
  .updateTable('product_skus')
  .set({ stock: STOCK })
  .where(
    'id',
    'in',
    skus.map((s) => s.id),
  )
  .execute()
const buyers: { id: number; token: string }[] = []
for (let i = 0; i < BUYERS; i++) {
  const { id } = await db
    .insertInto('users')
    .values({
      code: `L${i}`,
      tel: `1370000${String(i).padStart(4, '0')}`,
      nick_name: `压测${i}`,
      balance_fen: BALANCE_FEN,
      create_time: '2026-01-01 00:00:00',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  buyers.push({ id, token: await issueToken(db, id, now) })
}

const config = defaultConfig({ uploadDir: join(dir, 'up') })
const server = serve({ fetch: createPortal({ db, config, now: () => new Date() }).fetch, port: 0 })
await new Promise((r) => server.once('listening', r))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const call = async (method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(base + path, {
    method,
    headers: {
      'Content-Type': 'application/json',
      sign: makeSign({ key: config.signKey, iv: config.signIv }),
      Authorization: `Bearer ${token}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (await res.json()) as { status: number; data: unknown }
}
const ADDRESS = {
  recName: '压测',
  recTel: '13700000000',
  recProvince: '江苏省',
  recCity: '苏州市',
  recArea: '姑苏区',
  recStreet: '平江街道',
  recAddress: '江苏省,苏州市,姑苏区,平江街道',
  recAddressx: '1号',
  nickName: '压测',
}

const count = { orders: 0, soldOut: 0, paid: 0, cancelled: 0, other: 0 }
const otherReasons = new Set<string>()
const end = Date.now() + SECONDS * 1000
const started = performance.now()
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() < end) {
      const buyer = buyers[randomInt(BUYERS)]!
      const sku = skus[randomInt(SKUS)]!
      const r = await call('POST', '/api/Orders/PostOrdersAppend', buyer.token, {
        ...ADDRESS,
        list: [{ skuId: sku.id, spuId: sku.spu_id, quantity: randomInt(1, 4) }],
      })
      if (r.status !== 200) {
        if (String(r.data).includes('库存不足')) count.soldOut++
        else {
          count.other++
          otherReasons.add(String(r.data))
        }
        continue
      }
      count.orders++
      const dice = randomInt(100)
      if (dice < 70) {
        const p = await call('GET', `/api/Orders/GetOrdersPay?id=${r.data}&way=balance`, buyer.token)
        if (p.status === 200) count.paid++
        else {
          count.other++
          otherReasons.add(String(p.data))
        }
      } else if (dice < 85) {
        const c = await call('POST', '/api/Orders/PostOrdersStatus', buyer.token, { id: r.data, status: 100 })
        if (c.status === 200) count.cancelled++
        else {
          count.other++
          otherReasons.add(String(c.data))
        }
      }
    }
  }),
)
const seconds = (performance.now() - started) / 1000

// The books.
const problems: string[] = []
for (const s of skus) {
  const { stock } = await db
    .selectFrom('product_skus')
    .select('stock')
    .where('id', '=', s.id)
    .executeTakeFirstOrThrow()
  const sold = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(sql<number>`COALESCE(SUM(i.quantity), 0)`.as('n'))
    .where('i.sku_id', '=', s.id)
    .where('o.status', '<>', 100)
    .executeTakeFirstOrThrow()
  if (stock < 0 || stock + Number(sold.n) !== STOCK)
    problems.push(`SKU ${s.id}: stock ${stock} + sold ${sold.n} ≠ ${STOCK}`)
}
for (const b of buyers) {
  const { balance_fen } = await db
    .selectFrom('users')
    .select('balance_fen')
    .where('id', '=', b.id)
    .executeTakeFirstOrThrow()
  const moves = await db
    .selectFrom('wallet_transactions')
    .select(['tag', sql<number>`COALESCE(SUM(price_fen), 0)`.as('fen')])
    .where('user_id', '=', b.id)
    .groupBy('tag')
    .execute()
  const sum = (tag: number) => Number(moves.find((m) => m.tag === tag)?.fen ?? 0)
  const expected = BALANCE_FEN - sum(1) + sum(2)
  if (balance_fen !== expected) problems.push(`buyer ${b.id}: balance ${balance_fen} ≠ records ${expected}`)
  const paid = await db
    .selectFrom('orders')
    .select(sql<number>`COALESCE(SUM(tol_cost_fen), 0)`.as('fen'))
    .where('user_id', '=', b.id)
    .where('status', '=', 20)
    .executeTakeFirstOrThrow()
  if (Number(paid.fen) !== sum(1))
    problems.push(`buyer ${b.id}: paid orders ${paid.fen} ≠ expense records ${sum(1)}`)
}

console.log(
  `${isPg(db) ? 'PostgreSQL' : 'SQLite'}: ${count.orders} orders in ${seconds.toFixed(1)} s = ${(count.orders / seconds).toFixed(0)} orders/s ` +
    `(${count.paid} paid by balance, ${count.cancelled} cancelled, ${count.soldOut} refused for stock, ${count.other} other refusals), ` +
    `${CONCURRENCY} at once`,
)
if (otherReasons.size) console.log(`other refusals said: ${[...otherReasons].join(' / ')}`)
console.log(
  problems.length
    ? `NOT RECONCILED:\n  ${problems.join('\n  ')}`
    : `reconciled: ${SKUS} SKUs (stock + sold = ${STOCK}), ${BUYERS} balances = their records`,
)
server.close()
if (isPg(db)) await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db)
await db.destroy()
rmSync(dir, { recursive: true, force: true })
process.exit(problems.length ? 1 : 0)

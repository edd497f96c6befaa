/**
 * The demo's recent trade (issue 40 item 7): right after a seed of today the dashboard's 30 days
 * are full; the same `now` gives the same rows; the trade leaves the demo accounts' rows as they
 * were and its books balance (pricing, stock + sold, balances, refunds). On SQLite and PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { startServer } from '../../tests/api/harness.ts'
import { staffSignIn } from '../../tests/api/staff.ts'
import { type Db, openDb } from '../db/index.ts'
import { migrate } from '../db/migrations.ts'
import type { DashboardCharts } from '../modules/dashboard/dashboard-charts.ts'
import { seed } from './index.ts'

const h = startServer()
const dir = mkdtempSync(join(tmpdir(), 'portal-trade-'))
const url = inject('dbUrl')
const schemas: string[] = []
const dbs: Db[] = []

afterAll(async () => {
  for (const db of dbs) await db.destroy()
  if (url && schemas.length > 0) {
    const db = await openDb({ url })
    for (const s of schemas) await sql`DROP SCHEMA IF EXISTS ${sql.id(s)} CASCADE`.execute(db)
    await db.destroy()
  }
  rmSync(dir, { recursive: true, force: true })
})

/** A fresh database of this file's own (the shared one is changed by other test files). */
async function seeded(name: string, opts: { now: Date; trade?: boolean }) {
  const schema = `trade_${name}_${process.pid}_${Date.now()}`
  const db = url ? await openDb({ url, schema }) : await openDb({ file: join(dir, `${name}.db`) })
  if (url) schemas.push(schema)
  dbs.push(db)
  await migrate(db)
  await seed(db, { uploadDir: join(dir, name), products: 30, articles: 3, ...opts })
  return db
}

const TRADE_TEL = '1391%'
const ordersOf = (db: Db, trade: boolean) =>
  db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.code', 'u.tel', 'o.status', 'o.tol_cost_fen', 'o.create_time', 'o.pay_time', 'o.pay_way'])
    .where('u.tel', trade ? 'like' : 'not like', TRADE_TEL)
    .orderBy('o.id')
    .execute()

describe('the demo trade (issue 40 item 7)', () => {
  it('fills the dashboard’s last 30 days right after a seed of today', async () => {
    const { auth } = await staffSignIn(h, 'admin')
    const c = (await h.get<DashboardCharts>('/api/admin/dashboard/charts', {}, auth)).data
    const sales = c.sales ?? []
    expect(sales).toHaveLength(30)
    // Every day has orders (today's may have been cancelled, or not be today's yet right after midnight).
    expect(sales.filter((d) => d.paidFen > 0).length).toBeGreaterThanOrEqual(29)
    expect(sales.filter((d) => d.orders > 0).length).toBeGreaterThanOrEqual(29)
    expect(sales.some((d) => d.refundFen > 0)).toBe(true)
    expect(c.topProducts).toHaveLength(10)
    expect((c.customers ?? []).reduce((s, d) => s + d.count, 0)).toBeGreaterThanOrEqual(10)
    expect((c.topUps ?? []).reduce((s, d) => s + d.count, 0)).toBeGreaterThan(5)
    const statuses = new Map((c.statuses ?? []).map((s) => [s.status, s.count]))
    for (const s of [20, 30, 40, 100]) expect(statuses.get(s)).toBeGreaterThan(0)
  })

  it('is the same for the same now, leaves the demo accounts as they were, and its books balance', async () => {
    const now = new Date('2027-03-01T02:00:00Z')
    const a = await seeded('a', { now })
    const again = await seeded('b', { now })
    const without = await seeded('c', { now, trade: false })

    const trade = await ordersOf(a, true)
    expect(trade.length).toBeGreaterThan(200)
    expect(await ordersOf(again, true)).toEqual(trade)
    // The demo accounts' orders are those of a seed without the trade.
    expect(await ordersOf(a, false)).toEqual(await ordersOf(without, false))
    // All within the 90 China days up to `now` (10:00 China time).
    const first = trade.map((o) => o.create_time).sort()[0] as string
    expect(first >= '2026-12-02 00:00:00').toBe(true)
    expect(trade.every((o) => o.create_time <= '2027-03-01 10:00:00')).toBe(true)

    // Every figure as priceOrder leaves it.
    const bad = await a
      .selectFrom('orders')
      .select('code')
      .where(
        sql<boolean>`cost_price_fen - member_off_fen - promo_off_fen - coupon_off_fen + shipping_fen <> tol_cost_fen`,
      )
      .execute()
    expect(bad).toEqual([])

    // Per SKU: stock + what the trade's standing orders took = the catalogue's stock.
    const stock = async (db: Db) =>
      new Map(
        (await db.selectFrom('product_skus').select(['id', 'stock']).execute()).map((k) => [k.id, k.stock]),
      )
    const sold = await a
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['i.sku_id', sql<number>`SUM(i.quantity)`.as('n')])
      .where('u.tel', 'like', TRADE_TEL)
      .where('o.status', '<>', 100)
      .groupBy('i.sku_id')
      .execute()
    const after = await stock(a)
    const initial = await stock(without)
    const soldOf = new Map(sold.map((r) => [r.sku_id, Number(r.n)]))
    expect(soldOf.size).toBeGreaterThan(10)
    for (const [id, n] of initial) {
      expect((after.get(id) ?? 0) + (soldOf.get(id) ?? 0)).toBe(n)
      expect(after.get(id) ?? 0).toBeGreaterThanOrEqual(0)
    }

    // Per buyer: balance = top-ups + refunds − expenses; expenses = the orders paid from the balance.
    const books = await a
      .selectFrom('users as u')
      .select([
        'u.tel',
        'u.balance_fen',
        sql<number>`(SELECT COALESCE(SUM(CASE WHEN w.tag = 2 THEN w.price_fen ELSE -w.price_fen END), 0) FROM wallet_transactions w WHERE w.user_id = u.id)`.as(
          'records',
        ),
        sql<number>`(SELECT COALESCE(SUM(w.price_fen), 0) FROM wallet_transactions w WHERE w.user_id = u.id AND w.tag = 1)`.as(
          'spent',
        ),
        sql<number>`(SELECT COALESCE(SUM(o.tol_cost_fen), 0) FROM orders o WHERE o.user_id = u.id AND o.pay_way = 'balance' AND o.pay_time IS NOT NULL)`.as(
          'paid',
        ),
      ])
      .where('u.tel', 'like', TRADE_TEL)
      .execute()
    expect(books.some((b) => b.balance_fen > 0)).toBe(true)
    for (const b of books) {
      expect(b.balance_fen).toBe(Number(b.records))
      expect(Number(b.spent)).toBe(Number(b.paid))
    }

    // A refund: the whole order back where it came from, the order cancelled by after-sales.
    const refunded = await a
      .selectFrom('refunds as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .innerJoin('payments as p', 'p.id', 'r.payment_id')
      .innerJoin('after_sales as s', 's.id', 'r.after_sale_id')
      .select(['r.amount_fen', 'o.tol_cost_fen', 'o.status', 'o.after_status', 'p.status as paymentStatus'])
      .select(['s.status as requestStatus', 's.amount_fen as requestFen'])
      .execute()
    expect(refunded.length).toBeGreaterThan(0)
    for (const r of refunded)
      expect(r).toMatchObject({
        amount_fen: r.tol_cost_fen,
        requestFen: r.tol_cost_fen,
        status: 100,
        after_status: 20,
        paymentStatus: 40,
        requestStatus: 20,
      })
  }, 120_000)
})

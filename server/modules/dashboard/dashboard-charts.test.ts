import { describe, expect, it } from 'vitest'
import { startServer, testClock } from '../../../tests/api/harness.ts'
import { staffSignIn } from '../../../tests/api/staff.ts'
import { dbTime } from '../../time.ts'
import type { DashboardCharts } from './dashboard-charts.ts'

// The server runs 30 years ahead: the 30-day window then holds only the rows this file inserts,
// whatever other test files write into the shared database meanwhile, so every figure is exact.
const clock = testClock()
clock.advance(30 * 365 * 86_400_000)
const h = startServer({ now: clock.now })

const charts = async (role: string) =>
  (await h.get<DashboardCharts>('/api/admin/dashboard/charts', {}, (await staffSignIn(h, role)).auth)).data

let seq = 0
const uid = () => `${Date.now()}${++seq}`

async function anyId(table: 'product_spus') {
  return (await h.db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id
}
const courseId = async () =>
  (
    await h.db
      .selectFrom('articles')
      .select('id')
      .where('status', '=', 30)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id

async function order(o: {
  userId: number
  create: string
  pay?: string
  fen: number
  status: number
  items?: { spuId?: number; articleId?: number; title: string; priceFen: number; quantity: number }[]
}) {
  const { id } = await h.db
    .insertInto('orders')
    .values({
      code: `D${uid()}`,
      user_id: o.userId,
      status: o.status,
      cost_price_fen: o.fen,
      tol_cost_fen: o.fen,
      create_time: o.create,
      pay_time: o.pay ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const i of o.items ?? [])
    await h.db
      .insertInto('order_items')
      .values({
        order_id: id,
        spu_id: i.spuId ?? null,
        article_id: i.articleId ?? null,
        title: i.title,
        price_fen: i.priceFen,
        quantity: i.quantity,
      })
      .execute()
  return id
}

describe('the dashboard charts (GET /api/admin/dashboard/charts)', () => {
  it('shows each role only the figures of its permissions', async () => {
    const keys = async (role: string) => Object.keys(await charts(role)).sort()
    const all = ['customers', 'days', 'sales', 'statuses', 'topCourses', 'topProducts', 'topUps']
    expect(await keys('admin')).toEqual(all)
    expect(await keys('operator')).toEqual(all)
    expect(await keys('finance')).toEqual(all)
    expect(await keys('marketing')).toEqual(['days', 'topCourses', 'topProducts'])
  })

  it('counts China days: placed, paid and refunded orders, statuses, top sellers, new customers, top-ups', async () => {
    const before = await charts('admin')
    const { days } = before
    expect(days).toHaveLength(30)
    expect(days[29]).toBe(dbTime(h.now()).slice(0, 10))
    const today = days[29] as string
    const yesterday = days[28] as string
    const first = days[0] as string
    const dayBefore = dbTime(new Date(new Date(`${first}T12:00:00+08:00`).getTime() - 86_400_000)).slice(
      0,
      10,
    )
    // A customer of this file's own, made before the window (not a new customer of it): the
    // demo customers' order lists belong to other test files.
    const user = (
      await h.db
        .insertInto('users')
        .values({ code: `U${uid()}`, create_time: `${dayBefore} 12:00:00` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    const spu = await anyId('product_spus')
    const course = await courseId()

    // Today's first second and yesterday's last one fall on their own China days; the day before
    // the window is left out.
    const paidToday = await order({
      userId: user,
      create: `${today} 00:00:00`,
      pay: `${today} 00:00:05`,
      fen: 12_345,
      // A course line: content completes at payment (issue 19), so this order is 已完成.
      status: 40,
      items: [
        { spuId: spu, title: '图表商品', priceFen: 5_000, quantity: 2 },
        { articleId: course, title: '图表课程', priceFen: 2_345, quantity: 1 },
      ],
    })
    await order({
      userId: user,
      create: `${yesterday} 23:59:59`,
      pay: `${today} 08:00:00`,
      fen: 1_000,
      status: 20,
      items: [{ spuId: spu, title: '图表商品', priceFen: 1_000, quantity: 1 }],
    })
    await order({ userId: user, create: `${first} 00:00:00`, fen: 700, status: 10 })
    await order({
      userId: user,
      create: `${dayBefore} 23:59:59`,
      pay: `${dayBefore} 23:59:59`,
      fen: 9_999,
      status: 40,
    })
    // A refunded order's lines do not count among the top sellers.
    const refunded = await order({
      userId: user,
      create: `${yesterday} 10:00:00`,
      pay: `${yesterday} 10:00:00`,
      fen: 3_000,
      status: 100,
      items: [{ spuId: spu, title: '图表商品', priceFen: 3_000, quantity: 1 }],
    })
    await h.db.updateTable('orders').set({ after_status: 20 }).where('id', '=', refunded).execute()
    await h.db
      .insertInto('payments')
      .values([
        {
          user_id: user,
          order_id: refunded,
          way: 'balance',
          amount_fen: 3_000,
          out_trade_no: `P${uid()}`,
          status: 40,
          create_time: `${yesterday} 10:00:00`,
          paid_time: `${yesterday} 10:00:00`,
          refund_time: `${today} 09:00:00`,
        },
        // A second payment of an order already paid, given back: never a sale, no refund figure.
        {
          user_id: user,
          order_id: paidToday,
          way: 'alipay',
          amount_fen: 9_760,
          out_trade_no: `P${uid()}`,
          status: 40,
          create_time: `${today} 00:00:06`,
          paid_time: `${today} 00:00:06`,
          refund_time: `${today} 09:30:00`,
        },
        // Paid, not refunded: no refund figure.
        {
          user_id: user,
          order_id: paidToday,
          way: 'balance',
          amount_fen: 12_345,
          out_trade_no: `P${uid()}`,
          status: 20,
          create_time: `${today} 00:00:05`,
          paid_time: `${today} 00:00:05`,
        },
      ])
      .execute()
    for (const create of [
      `${today} 00:00:00`,
      `${today} 23:59:59`,
      `${first} 00:00:00`,
      `${dayBefore} 23:59:59`,
    ])
      await h.db
        .insertInto('users')
        .values({ code: `U${uid()}`, create_time: create })
        .execute()
    const topUp = (fen: number, time: string, groups = 30) =>
      h.db
        .insertInto('wallet_transactions')
        .values({ user_id: user, tag: 2, groups, price_fen: fen, code: `R${uid()}`, create_time: time })
        .execute()
    // What after-sales paid back is its refunds row (issue 38), the figure the chart sums.
    await h.db
      .insertInto('refunds')
      .values({
        order_id: refunded,
        way: 'balance',
        amount_fen: 3_000,
        status: 40,
        create_time: `${today} 09:00:00`,
        refund_time: `${today} 09:00:00`,
      })
      .execute()
    await topUp(50_000, `${yesterday} 12:00:00`)
    await topUp(20_000, `${yesterday} 13:00:00`)
    await topUp(3_000, `${today} 09:00:00`, 20) // an order refund to the balance is no top-up

    const after = await charts('admin')
    const sales = (day: string) => after.sales?.find((s) => s.day === day)
    expect(sales(today)).toEqual({ day: today, orders: 1, paidFen: 13_345, refundFen: 3_000 })
    expect(sales(yesterday)).toEqual({ day: yesterday, orders: 2, paidFen: 3_000, refundFen: 0 })
    expect(sales(first)).toEqual({ day: first, orders: 1, paidFen: 0, refundFen: 0 })
    expect(after.sales?.reduce((n, s) => n + s.orders, 0)).toBe(4)
    expect(after.statuses).toEqual([
      { status: 10, label: '待付款', count: 1 },
      { status: 20, label: '待发货', count: 1 },
      { status: 30, label: '待收货', count: 0 },
      { status: 40, label: '已完成', count: 1 },
      { status: 100, label: '已取消', count: 1 },
    ])
    // Labelled with the product's and the course's own titles, not one line's (a SKU's, a section's).
    const titleOf = async (table: 'product_spus' | 'articles', id: number) =>
      (await h.db.selectFrom(table).select('title').where('id', '=', id).executeTakeFirstOrThrow()).title
    expect(after.topProducts).toEqual([
      { id: spu, title: await titleOf('product_spus', spu), quantity: 3, amountFen: 11_000 },
    ])
    expect(after.topCourses).toEqual([
      { id: course, title: await titleOf('articles', course), quantity: 1, amountFen: 2_345 },
    ])
    expect(after.customers?.find((c) => c.day === today)?.count).toBe(2)
    expect(after.customers?.find((c) => c.day === first)?.count).toBe(1)
    expect(after.customers?.reduce((n, c) => n + c.count, 0)).toBe(3)
    expect(after.topUps?.find((t) => t.day === yesterday)).toEqual({
      day: yesterday,
      count: 2,
      amountFen: 70_000,
    })
    expect(after.topUps?.reduce((n, t) => n + t.amountFen, 0)).toBe(70_000)

    // The marketing view holds the same top sellers, and nothing of sales or customers.
    const m = await charts('marketing')
    expect(m.topProducts).toEqual(after.topProducts)
    expect(m.sales).toBeUndefined()
    expect(m.customers).toBeUndefined()
  })
})

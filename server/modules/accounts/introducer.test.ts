import { describe, expect, it } from 'vitest'
import { startServer } from '../../../tests/api/harness.ts'
import { demoUser } from '../../../tests/api/session.ts'
import type { Paged } from '../../db/sql.ts'
import type { Introducer } from './accounts.routes.ts'

const h = startServer()

interface CustomerOrder {
  id: number
  code: string
  nickName: string
  recTel: string
  tolCost: number
  status: number
}

/**
 * What the seed gave the introducer, read without the code's notion of "paid": every order of
 * a customer that has a pay time, and the commission the seed booked on each of them.
 */
async function seeded(introducerId: number) {
  const orders = await h.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'orders.pay_time', 'orders.tol_cost_fen'])
    .where('users.introducer_id', '=', introducerId)
    .execute()
  const paid = orders.filter((o) => o.pay_time !== null)
  const commissions = await h.db
    .selectFrom('wallet_transactions')
    .select('order_id')
    .where('user_id', '=', introducerId)
    .where('order_id', 'is not', null)
    .execute()
  return {
    paidIds: paid.map((o) => o.id).sort((a, b) => a - b),
    commissionIds: commissions.map((c) => c.order_id).sort((a, b) => (a ?? 0) - (b ?? 0)),
    unpaid: orders.length - paid.length,
    amountFen: paid.reduce((s, o) => s + o.tol_cost_fen, 0),
  }
}

describe("the introducer's customers and their orders", () => {
  it('lists the customers with masked phones and the paid orders within the range', async () => {
    const me = await demoUser(h, '13800000004')
    const r = await h.get<Introducer>('/api/Users/GetUsersIntroducer', {}, me.auth)
    expect(r.status).toBe(200)
    const seed = await seeded(me.id)
    // The seed pays most customer orders, leaves one unpaid, and books a commission per paid one.
    expect(seed.paidIds.length).toBeGreaterThan(0)
    expect(seed.unpaid).toBeGreaterThan(0)
    expect(seed.commissionIds).toEqual(seed.paidIds)
    expect(r.data.lists).toEqual({
      customers: 3,
      orders: seed.paidIds.length,
      amount: seed.amountFen / 100,
    })
    expect(r.data.list).toHaveLength(3)
    for (const c of r.data.list) expect(c.tel).toMatch(/^1\d{2}\*{4}\d{4}$/)
    expect(r.data.list.reduce((s, c) => s + c.num, 0)).toBe(r.data.lists.orders)

    const future = await h.get<Introducer>(
      '/api/Users/GetUsersIntroducer',
      { stime: '20990101000000' },
      me.auth,
    )
    expect(future.data.lists).toEqual({ customers: 3, orders: 0, amount: 0 })
    expect((await h.get('/api/Users/GetUsersIntroducer', { stime: '2026' }, me.auth)).http).toBe(400)
  })

  it("pages the customers' paid orders (Orders/GetOrdersPage?introducer=1) and nobody else's", async () => {
    const me = await demoUser(h, '13800000004')
    const seed = await seeded(me.id)
    const page = await h.get<Paged<CustomerOrder>>(
      '/api/Orders/GetOrdersPage',
      { introducer: 1, pageIndex: 0, pageSize: 2 },
      me.auth,
    )
    expect(page.data.pageTotal).toBe(seed.paidIds.length)
    expect(page.data.pageData).toHaveLength(2)
    const all = await h.get<Paged<CustomerOrder>>(
      '/api/Orders/GetOrdersPage',
      { introducer: 1, pageSize: 100 },
      me.auth,
    )
    expect(all.data.pageData.map((o) => o.id).sort((a, b) => a - b)).toEqual(seed.paidIds)
    expect(all.data.pageData.every((o) => [20, 30, 40].includes(o.status) && o.recTel.includes('****'))).toBe(
      true,
    )
    expect(all.data.pageData.reduce((s, o) => s + Math.round(o.tolCost * 100), 0)).toBe(seed.amountFen)

    const plain = await demoUser(h, '13800000001')
    const none = await h.get<Paged<CustomerOrder>>('/api/Orders/GetOrdersPage', { introducer: 1 }, plain.auth)
    expect(none.data.pageTotal).toBe(0)
    const empty = await h.get<Introducer>('/api/Users/GetUsersIntroducer', {}, plain.auth)
    expect(empty.data.lists).toEqual({ customers: 0, orders: 0, amount: 0 })
  })
})

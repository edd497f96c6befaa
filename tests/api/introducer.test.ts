import { describe, expect, it } from 'vitest'
import type { Paged } from '../../server/http.ts'
import { startServer } from './harness.ts'
import { demoUser, newUser } from './session.ts'

const h = startServer()

interface Customers {
  list: { id: number; nickName: string; avatarUrl: string; tel: string; num: number; integral: number }[]
  lists: { customers: number; orders: number; amount: number }
}
interface CustomerOrder {
  id: number
  code: string
  nickName: string
  recTel: string
  tolCost: number
  status: number
}

describe("the introducer's customers and their orders", () => {
  it('lists the customers with masked phones and the paid orders within the range', async () => {
    const me = await demoUser(h, '13800000004')
    const r = await h.get<Customers>('/api/Users/GetUsersIntroducer', {}, me.auth)
    expect(r.status).toBe(200)
    const expected = await h.db.get<{ n: number; fen: number }>(
      `SELECT COUNT(*) AS n, COALESCE(SUM(tol_cost_fen), 0) AS fen FROM orders
       WHERE status IN (20, 30, 40) AND user_id IN (SELECT id FROM users WHERE introducer_id = ?)`,
      [me.id],
    )
    expect(r.data.lists).toEqual({
      customers: 3,
      orders: Number(expected!.n),
      amount: Number(expected!.fen) / 100,
    })
    expect(r.data.lists.orders).toBeGreaterThan(0)
    expect(r.data.list).toHaveLength(3)
    for (const c of r.data.list) expect(c.tel).toMatch(/^1\d{2}\*{4}\d{4}$/)
    expect(r.data.list.reduce((s, c) => s + c.num, 0)).toBe(r.data.lists.orders)

    const future = await h.get<Customers>(
      '/api/Users/GetUsersIntroducer',
      { stime: '20990101000000' },
      me.auth,
    )
    expect(future.data.lists).toEqual({ customers: 3, orders: 0, amount: 0 })
    expect((await h.get('/api/Users/GetUsersIntroducer', { stime: '2026' }, me.auth)).http).toBe(400)
  })

  it("pages the customers' paid orders (Orders/GetOrdersPage?introducer=1) and nobody else's", async () => {
    const me = await demoUser(h, '13800000004')
    const totals = (await h.get<Customers>('/api/Users/GetUsersIntroducer', {}, me.auth)).data.lists
    const page = await h.get<Paged<CustomerOrder>>(
      '/api/Orders/GetOrdersPage',
      { introducer: 1, pageIndex: 0, pageSize: 2 },
      me.auth,
    )
    expect(page.data.pageTotal).toBe(totals.orders)
    expect(page.data.pageData).toHaveLength(2)
    const all = await h.get<Paged<CustomerOrder>>(
      '/api/Orders/GetOrdersPage',
      { introducer: 1, pageSize: 100 },
      me.auth,
    )
    const ids = all.data.pageData.map((o) => o.id)
    const owners = await h.db.all<{ introducer_id: number | null }>(
      `SELECT u.introducer_id FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id IN (${ids.map(() => '?').join(',')})`,
      ids,
    )
    expect(owners.every((o) => Number(o.introducer_id) === me.id)).toBe(true)
    expect(all.data.pageData.every((o) => [20, 30, 40].includes(o.status) && o.recTel.includes('****'))).toBe(
      true,
    )
    expect(all.data.pageData.reduce((s, o) => s + Math.round(o.tolCost * 100), 0)).toBe(
      Math.round(totals.amount * 100),
    )

    const plain = await demoUser(h, '13800000001')
    const none = await h.get<Paged<CustomerOrder>>('/api/Orders/GetOrdersPage', { introducer: 1 }, plain.auth)
    expect(none.data.pageTotal).toBe(0)
    const empty = await h.get<Customers>('/api/Users/GetUsersIntroducer', {}, plain.auth)
    expect(empty.data.lists).toEqual({ customers: 0, orders: 0, amount: 0 })
  })
})

describe('own orders and wallet', () => {
  interface Order {
    id: number
    status: number
    types: number
    tolCost: number
    itemList: { title: string; quantity: number }[]
    ext: string
  }

  it('filters own orders by status, -1 being after-sales', async () => {
    const me = await demoUser(h, '13800000001')
    const list = async (q: Record<string, string | number>) =>
      (await h.get<Paged<Order>>('/api/Orders/GetOrdersPage', { pageSize: 100, ...q }, me.auth)).data
    const all = await list({})
    const mine = await h.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [me.id])
    expect(all.pageTotal).toBe(Number(mine!.n))
    expect(all.pageData.every((o) => o.itemList.length > 0)).toBe(true)
    expect(JSON.parse(all.pageData[0]!.ext)).toHaveLength(all.pageData[0]!.itemList.length)
    const completed = await list({ status: 40 })
    expect(completed.pageTotal).toBeGreaterThan(0)
    expect(completed.pageData.every((o) => o.status === 40)).toBe(true)
    const after = await list({ status: -1 })
    expect(after.pageTotal).toBeGreaterThan(0)
    expect(after.pageData.every((o) => o.types === 10)).toBe(true)
    expect((await h.get('/api/Orders/GetOrdersPage', { status: 7 }, me.auth)).data).toBe('订单状态不正确')
    const stranger = await newUser(h)
    expect((await h.get<Paged<Order>>('/api/Orders/GetOrdersPage', {}, stranger.auth)).data.pageTotal).toBe(0)
  })

  it('pages own wallet transactions by tag and time', async () => {
    const me = await demoUser(h, '13800000001')
    interface Tx {
      id: number
      price: number
      ext: string
      tag: number
      title: string
      createTime: string
    }
    const page = async (q: Record<string, string | number>) =>
      (await h.get<Paged<Tx>>('/api/Recharge/GetRechargePage', { pageSize: 100, ...q }, me.auth)).data
    const all = await page({})
    const expense = await page({ tag: 1 })
    const income = await page({ tag: 2 })
    expect(all.pageTotal).toBeGreaterThan(0)
    expect(expense.pageData.every((t) => t.tag === 1)).toBe(true)
    expect(income.pageData.every((t) => t.tag === 2 && t.price > 0)).toBe(true)
    expect(expense.pageTotal + income.pageTotal).toBe(all.pageTotal)
    expect(all.pageData[0]!.ext).toMatch(/^R\d+/)
    expect((await page({ etime: '20000101000000' })).pageTotal).toBe(0)
    expect((await h.get('/api/Recharge/GetRechargePage', { tag: 3 }, me.auth)).http).toBe(400)
    expect((await h.get('/api/Recharge/GetRechargePage')).http).toBe(401)
  })
})

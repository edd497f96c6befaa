import { describe, expect, it } from 'vitest'
import { startServer } from '../../../tests/api/harness.ts'
import { demoUser, newUser } from '../../../tests/api/session.ts'
import type { Paged } from '../../db/sql.ts'

const h = startServer()

interface Order {
  id: number
  status: number
  types: number
  tolCost: number
  itemList: { title: string; quantity: number }[]
  ext: string
}

describe('own orders (Orders/GetOrdersPage)', () => {
  it('filters own orders by status, -1 being after-sales', async () => {
    const me = await demoUser(h, '13800000001')
    const list = async (q: Record<string, string | number>) =>
      (await h.get<Paged<Order>>('/api/Orders/GetOrdersPage', { pageSize: 100, ...q }, me.auth)).data
    const all = await list({})
    const mine = await h.db
      .selectFrom('orders')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow()
    expect(all.pageTotal).toBe(Number(mine.n))
    expect(all.pageData.every((o) => o.itemList.length > 0)).toBe(true)
    expect(JSON.parse(all.pageData[0]!.ext)).toHaveLength(all.pageData[0]!.itemList.length)
    const completed = await list({ status: 40 })
    expect(completed.pageTotal).toBeGreaterThan(0)
    expect(completed.pageData.every((o) => o.status === 40)).toBe(true)
    const after = await list({ status: -1 })
    expect(after.pageTotal).toBeGreaterThan(0)
    expect(after.pageData.every((o) => o.types === 10)).toBe(true)
    expect((await h.get('/api/Orders/GetOrdersPage', { status: 7 }, me.auth)).data).toBe('订单状态不正确')
    expect((await h.get('/api/Orders/GetOrdersPage', { status: 'x' }, me.auth)).data).toBe('订单状态不正确')
    const stranger = await newUser(h)
    expect((await h.get<Paged<Order>>('/api/Orders/GetOrdersPage', {}, stranger.auth)).data.pageTotal).toBe(0)
    expect((await h.get('/api/Orders/GetOrdersPage', { status: 'x' })).http).toBe(401)
  })
})

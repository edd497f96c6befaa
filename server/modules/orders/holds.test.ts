/**
 * Stock holds capped (issue 39 part 4), through the real calls on both databases: at most
 * UNPAID_SKU_HOLD_CAP (10) units of one SKU per order, or the product's lower order_limit; at most
 * UNPAID_ORDERS_CAP (5) unpaid goods orders per account, also when two placements race; and no
 * 对公转账 again for a SKU whose 对公转账 order lapsed unpaid less than TRANSFER_RETRY_HOURS (24) ago.
 */
import { describe, expect, it } from 'vitest'
import { ArticleStatus } from '../../../src/lib/constants.ts'
import { listedArticle, product, stockOf } from '../../../tests/api/fixtures.ts'
import { clockAt, type Harness, startServer } from '../../../tests/api/harness.ts'
import { ADDRESS } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import type { Db } from '../../db/index.ts'
import { markOrderPaid } from './orders.service.ts'
import { expireOrders } from './orders.writes.ts'

const h = startServer()
type User = Awaited<ReturnType<typeof newUser>>

const place = (s: Harness, u: User, list: { skuId: number; quantity: number }[]) =>
  s.post<number | string>('/api/Orders/PostOrdersAppend', { ...ADDRESS, list }, u.auth)
const unpaidOf = async (db: Db, userId: number) =>
  Number(
    (
      await db
        .selectFrom('orders')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '=', 10)
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('units of one SKU an unpaid order may hold', () => {
  it('refuses more than 10 (lines of one SKU added up), or the product limit when lower, taking nothing', async () => {
    const me = await newUser(h)
    const p = await product(h.db, [
      { priceFen: 100, stock: 50 },
      { priceFen: 100, stock: 50 },
    ])
    const [a, b] = p.skuIds as [number, number]
    const over = await place(h, me, [{ skuId: a, quantity: 11 }])
    expect([over.status, over.data]).toEqual([400, `${p.title} 规格0最多购买10件`])
    // Two lines of one SKU are one hold of 11; the other SKU's line is not kept either.
    const split = await place(h, me, [
      { skuId: b, quantity: 2 },
      { skuId: a, quantity: 6 },
      { skuId: a, quantity: 5 },
    ])
    expect(split.data).toBe(`${p.title} 规格0最多购买10件`)
    const quote = await h.post(
      '/api/Orders/PostOrdersQuote',
      { ...ADDRESS, list: [{ skuId: a, quantity: 11 }] },
      me.auth,
    )
    expect(quote.data).toBe(`${p.title} 规格0最多购买10件`)
    expect([await stockOf(h.db, a), await stockOf(h.db, b), await unpaidOf(h.db, me.id)]).toEqual([50, 50, 0])
    const ten = await place(h, me, [{ skuId: a, quantity: 10 }])
    expect(ten.status).toBe(200)
    expect(await stockOf(h.db, a)).toBe(40)

    // The product page tells the buy box and the cart where their steppers stop.
    const limit = async () =>
      (await h.get<{ buyLimit: number }>('/api/ProductSpu/GetProductSpu', { id: p.spuId }, me.auth)).data
        .buyLimit
    expect(await limit()).toBe(10)
    // The product's own limit, lower than 10, wins; a higher one does not lift the cap.
    await h.db.updateTable('product_spus').set({ order_limit: 3 }).where('id', '=', p.spuId).execute()
    expect(await limit()).toBe(3)
    expect((await place(h, me, [{ skuId: b, quantity: 4 }])).data).toBe(`${p.title} 规格1最多购买3件`)
    expect((await place(h, me, [{ skuId: b, quantity: 3 }])).status).toBe(200)
    await h.db.updateTable('product_spus').set({ order_limit: 20 }).where('id', '=', p.spuId).execute()
    expect((await place(h, me, [{ skuId: b, quantity: 11 }])).data).toBe(`${p.title} 规格1最多购买10件`)
    expect(await stockOf(h.db, b)).toBe(47)
  })
})

describe('unpaid goods orders one account may hold', () => {
  it('refuses the sixth, taking nothing; paying, cancelling and content orders free or take no place', async () => {
    const me = await newUser(h)
    const p = await product(h.db, [{ priceFen: 100, stock: 100 }])
    const skuId = p.skuIds[0] as number
    const ids: number[] = []
    for (let i = 0; i < 5; i++) ids.push((await place(h, me, [{ skuId, quantity: 1 }])).data as number)
    const sixth = await place(h, me, [{ skuId, quantity: 1 }])
    expect(sixth.data).toBe('您有5笔未付款订单，请先支付或取消后再下单')
    expect([await stockOf(h.db, skuId), await unpaidOf(h.db, me.id)]).toEqual([95, 5])
    // A course holds no stock: its order is not counted and not refused.
    const articleId = await listedArticle(h.db, { status: ArticleStatus.course, priceFen: 900 })
    const course = await h.post<number>('/api/Orders/PostOrdersAppend', { list: [{ articleId }] }, me.auth)
    expect(course.status).toBe(200)
    expect((await place(h, me, [{ skuId, quantity: 1 }])).data).toBe(
      '您有5笔未付款订单，请先支付或取消后再下单',
    )
    // Cancelling one frees a place; paying another frees one more.
    expect((await h.post('/api/Orders/PostOrdersStatus', { id: ids[0], status: 100 }, me.auth)).data).toBe(
      '取消成功',
    )
    expect((await place(h, me, [{ skuId, quantity: 1 }])).status).toBe(200)
    await h.db.transaction().execute((t) => markOrderPaid(t, ids[1] as number, 'balance', new Date()))
    expect((await place(h, me, [{ skuId, quantity: 1 }])).status).toBe(200)
    expect((await place(h, me, [{ skuId, quantity: 1 }])).data).toBe(
      '您有5笔未付款订单，请先支付或取消后再下单',
    )
    expect(await unpaidOf(h.db, me.id)).toBe(6) // 5 goods orders and the course
    // Another account is not held by this one's orders.
    const other = await newUser(h)
    expect((await place(h, other, [{ skuId, quantity: 1 }])).status).toBe(200)
  })

  it('lets only one of two placements racing for the fifth place through', async () => {
    for (let round = 0; round < 3; round++) {
      const me = await newUser(h)
      const p = await product(h.db, [{ priceFen: 100, stock: 100 }])
      const skuId = p.skuIds[0] as number
      for (let i = 0; i < 4; i++) expect((await place(h, me, [{ skuId, quantity: 1 }])).status).toBe(200)
      const both = await Promise.all([
        place(h, me, [{ skuId, quantity: 2 }]),
        place(h, me, [{ skuId, quantity: 2 }]),
      ])
      expect(both.map((r) => r.status).sort()).toEqual([200, 400])
      expect(both.filter((r) => r.data === '您有5笔未付款订单，请先支付或取消后再下单')).toHaveLength(1)
      expect([await unpaidOf(h.db, me.id), await stockOf(h.db, skuId)]).toEqual([5, 94])
    }
  })
})

// A server whose clock stands in 2003, so the expiry job driven with dates just as old sees only
// this file's orders (buying.test.ts's stand in 2005; every order left here is expired at the end).
const clock = clockAt('2003-03-01T00:00:00Z')
const past = startServer({ now: clock.now })
const hour = 3_600_000

describe('对公转账 again after one lapsed unpaid', () => {
  it('is refused for the same SKU and account for 24 hours; the order stays payable online', async () => {
    const me = await newUser(past)
    const other = await newUser(past)
    const p = await product(past.db, [
      { priceFen: 5000, stock: 10 },
      { priceFen: 5000, stock: 10 },
    ])
    const [x, y] = p.skuIds as [number, number]
    const union = (u: User, id: number) =>
      past.get<{ deadline?: string } | string>('/api/Orders/GetOrdersPay', { id, way: 'union' }, u.auth)
    const lapsed = (await place(past, me, [{ skuId: x, quantity: 1 }])).data as number
    expect((await union(me, lapsed)).status).toBe(200)
    // The other account's transfer order of x is cancelled by its buyer, not lapsed: no wait for them.
    const theirs = (await place(past, other, [{ skuId: x, quantity: 1 }])).data as number
    expect((await union(other, theirs)).status).toBe(200)
    await past.post('/api/Orders/PostOrdersStatus', { id: theirs, status: 100 }, other.auth)

    clock.advance(73 * hour)
    expect(await expireOrders(past.db, clock.now(), 30)).toBeGreaterThanOrEqual(1)
    expect((await past.get<number>('/api/Orders/GetOrdersStatus', { id: lapsed }, me.auth)).data).toBe(100)

    const again = (await place(past, me, [{ skuId: x, quantity: 1 }])).data as number
    const refused = await union(me, again)
    expect(refused.data).toBe('该商品的对公转账订单已过期未付款，请24小时后再下单或选择在线支付')
    const row = () =>
      past.db
        .selectFrom('orders')
        .select(['status', 'transfer_deadline'])
        .where('id', '=', again)
        .executeTakeFirstOrThrow()
    expect(await row()).toEqual({ status: 10, transfer_deadline: null })
    // Online: the balance pays it as usual.
    await past.db.updateTable('users').set({ balance_fen: 5000 }).where('id', '=', me.id).execute()
    const paid = await past.get('/api/Orders/GetOrdersPay', { id: again, way: 'balance' }, me.auth)
    expect(paid.status).toBe(200)
    expect((await row()).status).toBe(20)
    // Another SKU, and another account, are not held back.
    const otherSku = (await place(past, me, [{ skuId: y, quantity: 1 }])).data as number
    expect((await union(me, otherSku)).status).toBe(200)
    const theirsAgain = (await place(past, other, [{ skuId: x, quantity: 1 }])).data as number
    expect((await union(other, theirsAgain)).status).toBe(200)
    // An order holding x among others is refused too.
    const mixed = (await place(past, me, [{ skuId: x, quantity: 1 }])).data as number
    expect((await union(me, mixed)).data).toBe(
      '该商品的对公转账订单已过期未付款，请24小时后再下单或选择在线支付',
    )

    // 24 hours after it lapsed, 对公转账 is open again.
    clock.advance(24 * hour + 60_000)
    expect((await union(me, mixed)).status).toBe(200)

    // Leave nothing unpaid for the other files' expiry runs.
    await expireOrders(past.db, new Date(clock.now().getTime() + 200 * hour), 30)
    expect(await unpaidOf(past.db, me.id)).toBe(0)
    expect(await unpaidOf(past.db, other.id)).toBe(0)
  })
})

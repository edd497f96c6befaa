import { describe, expect, it } from 'vitest'
import { ArticleStatus } from '../../../src/lib/constants.ts'
import { listedArticle, product, stockOf } from '../../../tests/api/fixtures.ts'
import { clockAt, startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import type { Db } from '../../db/index.ts'
import { dbTime } from '../../time.ts'
import type { OrderDetail } from './orders.routes.ts'
import { markOrderPaid, payableOrder } from './orders.service.ts'
import { expireOrders } from './orders.writes.ts'

const h = startServer()

const ADDRESS = {
  recName: '张三',
  recTel: '13800000000',
  recProvince: '广东省',
  recCity: '深圳市',
  recArea: '南山区',
  recStreet: '粤海街道',
  recAddressx: '科技园 1 号',
  nickName: '张三',
}

const pay = (db: Db, orderId: number) =>
  db.transaction().execute((t) => markOrderPaid(t, orderId, 'balance', new Date()))

describe('placing an order (Orders/PostOrdersAppend)', () => {
  it('prices from the database with the member discount, rounded half up to the fen', async () => {
    const me = await newUser(h)
    await h.db.updateTable('users').set({ discount_tenths: 85 }).where('id', '=', me.id).execute()
    const p = await product(h.db, [{ priceFen: 1999, stock: 5 }])
    const skuId = p.skuIds[0]!
    const r = await h.post<number>(
      '/api/Orders/PostOrdersAppend',
      {
        ...ADDRESS,
        list: [{ skuId, spuId: p.spuId, quantity: 3, title: '便宜货', imgurl: 'x', price: 0.01 }],
      },
      me.auth,
    )
    expect(r.status).toBe(200)
    expect(typeof r.data).toBe('number')
    const o = (await h.get<OrderDetail>('/api/Orders/GetOrders', { id: r.data }, me.auth)).data
    // 3 × 19.99 = 59.97; × 0.85 = 50.9745 → 50.97
    expect(o.costPrice).toBe(59.97)
    expect(o.tolCost).toBe(50.97)
    expect(o.discount).toBe(8.5)
    expect(o.status).toBe(10)
    expect(o.statusText).toBe('待付款')
    expect(o.kind).toBe('goods')
    expect(o.articleId).toBeNull()
    expect(o.list).toMatchObject([{ imgurl: 'a.jpg', title: `${p.title} 规格0`, price: 19.99, quantity: 3 }])
    expect(o.itemList).toEqual(o.list)
    expect(o.code).toMatch(/^D\d{14}\d{4}$/)
    expect(o.recAddress).toBe('广东省,深圳市,南山区,粤海街道')
    expect(await stockOf(h.db, skuId)).toBe(2)
    expect((await h.get<number>('/api/Orders/GetOrdersStatus', { id: r.data }, me.auth)).data).toBe(10)
    const profile = await h.get<{ discount: number }>('/api/Users/GetUsersInfo', {}, me.auth)
    expect(profile.data.discount).toBe(8.5)
    expect(await payableOrder(h.db, r.data, me.id)).toMatchObject({
      id: r.data,
      tolCostFen: 5097,
      status: 10,
    })
  })

  it('charges full price without a discount, and an odd fen at 8.5折 rounds half up', async () => {
    const me = await newUser(h)
    const p = await product(h.db, [
      { priceFen: 1, stock: 10 },
      { priceFen: 10, stock: 10 },
    ])
    const full = await h.post<number>(
      '/api/Orders/PostOrdersAppend',
      {
        ...ADDRESS,
        list: [
          { skuId: p.skuIds[0], quantity: 1 },
          { skuId: p.skuIds[1], quantity: 2 },
        ],
      },
      me.auth,
    )
    const o = (await h.get<OrderDetail>('/api/Orders/GetOrders', { id: full.data }, me.auth)).data
    expect([o.costPrice, o.tolCost, o.discount]).toEqual([0.21, 0.21, 10])
    await h.db.updateTable('users').set({ discount_tenths: 85 }).where('id', '=', me.id).execute()
    // 10 fen × 0.85 = 8.5 fen → 9 fen
    const half = await h.post<number>(
      '/api/Orders/PostOrdersAppend',
      { ...ADDRESS, list: [{ skuId: p.skuIds[1], quantity: 1 }] },
      me.auth,
    )
    const d = (await h.get<OrderDetail>('/api/Orders/GetOrders', { id: half.data }, me.auth)).data
    expect([d.costPrice, d.tolCost]).toEqual([0.1, 0.09])
  })

  it('refuses in the documented order and takes nothing when refused', async () => {
    const me = await newUser(h)
    const p = await product(h.db, [
      { priceFen: 500, stock: 2 },
      { priceFen: 700, stock: 50 },
    ])
    const off = await product(h.db, [{ priceFen: 100, stock: 9 }], false)
    const [a, b] = p.skuIds as [number, number]
    const post = (body: unknown, auth: Record<string, string> = me.auth) =>
      h.post('/api/Orders/PostOrdersAppend', body, auth)
    expect((await post({ list: [] }, {})).http).toBe(401)
    expect((await post({ ...ADDRESS, list: [] })).data).toBe('请勾选商品生成订单')
    expect((await post({ ...ADDRESS })).data).toBe('请勾选商品生成订单')
    expect((await post({ list: [{ skuId: a, quantity: 1 }] })).data).toBe('请添加地址')
    expect((await post({ ...ADDRESS, recName: '', list: [{ skuId: a, quantity: 1 }] })).data).toBe(
      '请添加地址',
    )
    // No SKU named: the specification was not chosen (storefront §5), before the address.
    for (const line of [{ quantity: 1 }, { skuId: null, quantity: 1 }, { skuId: '', spuId: 1, quantity: 1 }])
      expect((await post({ list: [line] })).data).toBe('请选择商品规格')
    expect((await post({ ...ADDRESS, list: [{ skuId: 999_999_999, quantity: 1 }] })).data).toBe(
      '当前商品已经下架',
    )
    expect((await post({ ...ADDRESS, list: [{ skuId: off.skuIds[0], quantity: 1 }] })).data).toBe(
      '当前商品已经下架',
    )
    for (const quantity of [0, -1, 1.5, 100_000, 'x', null])
      expect((await post({ ...ADDRESS, list: [{ skuId: a, quantity }] })).data).toBe(
        '购买数量须为1到99999之间的整数',
      )
    // b is fine, a is short: the whole order is refused and b's stock stays.
    const short = await post({
      ...ADDRESS,
      list: [
        { skuId: b, quantity: 5 },
        { skuId: a, quantity: 3 },
      ],
    })
    expect(short.data).toBe(`${p.title} 规格0库存不足`)
    expect(await stockOf(h.db, a)).toBe(2)
    expect(await stockOf(h.db, b)).toBe(50)
    const n = await h.db
      .selectFrom('orders')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow()
    expect(Number(n.n)).toBe(0)
  })
})

describe('order status moves', () => {
  it('cancels an unpaid order with its stock back, and refuses every other move', async () => {
    const me = await newUser(h)
    const other = await newUser(h)
    const p = await product(h.db, [{ priceFen: 300, stock: 4 }])
    const skuId = p.skuIds[0]!
    const place = async () =>
      (
        await h.post<number>(
          '/api/Orders/PostOrdersAppend',
          { ...ADDRESS, list: [{ skuId, quantity: 2 }] },
          me.auth,
        )
      ).data
    const id = await place()
    expect(await stockOf(h.db, skuId)).toBe(2)
    const move = (body: unknown, auth: Record<string, string> = me.auth) =>
      h.post('/api/Orders/PostOrdersStatus', body, auth)
    // Another user's order does not exist for them.
    expect((await h.get('/api/Orders/GetOrders', { id }, other.auth)).http).toBe(404)
    expect((await h.get('/api/Orders/GetOrders', { id }, other.auth)).data).toBe('订单不存在')
    expect((await h.get('/api/Orders/GetOrdersStatus', { id }, other.auth)).http).toBe(404)
    const theirs = await move({ id, status: 100 }, other.auth)
    expect([theirs.http, theirs.data]).toEqual([404, '订单不存在'])
    expect((await move({ id, status: 100 }, {})).http).toBe(401)
    for (const status of [20, 30, 10, 'x']) expect((await move({ id, status })).data).toBe('不支持的订单状态')
    // Receipt (40) is a move of shipped orders only (server/modules/fulfilment tests the rest).
    expect((await move({ id, status: 40 })).data).toBe('当前订单状态不能确认收货')
    expect((await move({ id: 'x', status: 100 })).data).toBe('请提供正确的订单编号')

    expect((await move({ id, status: 100 })).data).toBe('取消成功')
    expect((await h.get<number>('/api/Orders/GetOrdersStatus', { id }, me.auth)).data).toBe(100)
    expect(await stockOf(h.db, skuId)).toBe(4)
    // Once cancelled: no second cancel, no payment, stock given back once.
    expect((await move({ id, status: 100 })).data).toBe('当前订单状态不能取消')
    expect(await pay(h.db, id)).toBe(false)
    expect(await stockOf(h.db, skuId)).toBe(4)

    // Paid: no cancel, and the buyer's expenditure grows by what was paid.
    const paid = await place()
    const before = await h.db
      .selectFrom('users')
      .select('integral_fen')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow()
    expect(await pay(h.db, paid)).toBe(true)
    expect(await pay(h.db, paid)).toBe(false)
    const after = await h.db
      .selectFrom('users')
      .select('integral_fen')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow()
    expect(after.integral_fen - before.integral_fen).toBe(600)
    expect((await h.get<number>('/api/Orders/GetOrdersStatus', { id: paid }, me.auth)).data).toBe(20)
    expect((await move({ id: paid, status: 100 })).data).toBe('当前订单状态不能取消')
    const detail = (await h.get<OrderDetail>('/api/Orders/GetOrders', { id: paid }, me.auth)).data
    expect([detail.status, detail.payWay, detail.payTime !== '']).toEqual([20, 'balance', true])
    expect(await stockOf(h.db, skuId)).toBe(2)
  })

  it('lists own orders by status, types and date; tag and types2 are accepted', async () => {
    const me = await newUser(h)
    const p = await product(h.db, [{ priceFen: 100, stock: 10 }])
    for (let i = 0; i < 3; i++)
      await h.post(
        '/api/Orders/PostOrdersAppend',
        { ...ADDRESS, list: [{ skuId: p.skuIds[0], quantity: 1 }] },
        me.auth,
      )
    const list = async (q: Record<string, string | number>) =>
      (await h.get<{ pageTotal: number }>('/api/Orders/GetOrdersPage', q, me.auth)).data.pageTotal
    expect(await list({})).toBe(3)
    expect(await list({ status: 10, tag: 'x', types2: '1' })).toBe(3)
    expect(await list({ status: 20 })).toBe(0)
    expect(await list({ types: 0 })).toBe(3)
    expect(await list({ types: 10 })).toBe(0)
    expect(await list({ status: -1 })).toBe(0)
    expect(await list({ stime: '20000101000000', etime: '20991231235959' })).toBe(3)
    expect(await list({ etime: '20000101000000' })).toBe(0)
  })
})

describe('article purchases', () => {
  it('sells a paid course once; paying unlocks it, counts it and lists it as joined', async () => {
    const me = await newUser(h)
    const courseId = await listedArticle(h.db, { status: ArticleStatus.course, priceFen: 9900 })
    const buy = () =>
      h.post<number>('/api/Orders/PostOrdersAppend', { list: [{ articleId: courseId }] }, me.auth)
    const id = (await buy()).data
    expect(id).toBeGreaterThan(0)
    const o = (await h.get<OrderDetail>('/api/Orders/GetOrders', { id }, me.auth)).data
    expect([o.kind, o.articleId, o.tolCost, o.recName]).toEqual(['article', courseId, 99, ''])
    expect(
      (await h.get<{ unlock: number }>('/api/Article/GetArticle', { id: courseId }, me.auth)).data.unlock,
    ).toBe(0)
    expect(await pay(h.db, id)).toBe(true)
    const a = (
      await h.get<{ unlock: number; hitsTrue: number }>('/api/Article/GetArticle', { id: courseId }, me.auth)
    ).data
    expect([a.unlock, a.hitsTrue]).toEqual([1, 1])
    const joined = await h.get<{ id: number }[]>(
      '/api/Article/GetArticleQuery',
      { status: 30, isMapping: 1 },
      me.auth,
    )
    expect(joined.data.map((x) => x.id)).toContain(courseId)
    expect((await buy()).data).toBe('已经购买过了')
    expect(
      (await h.post('/api/Orders/PostOrdersAppend', { list: [{ articleId: 999_999_999 }] }, me.auth)).data,
    ).toBe('当前商品已经下架')
  })

  it('joins a free item at once, idempotently, with no order', async () => {
    const me = await newUser(h)
    const taskId = await listedArticle(h.db, { status: ArticleStatus.task, priceFen: 0 })
    for (let i = 0; i < 2; i++)
      expect(
        (await h.post('/api/Orders/PostOrdersAppend', { list: [{ articleId: taskId }] }, me.auth)).data,
      ).toBe(0)
    const rows = await h.db.selectFrom('purchases').select('order_id').where('user_id', '=', me.id).execute()
    expect(rows).toEqual([{ order_id: null }])
    const joined = await h.get<{ id: number }[]>(
      '/api/Article/GetArticleQuery',
      { status: 20, isMapping: 1 },
      me.auth,
    )
    expect(joined.data.map((x) => x.id)).toEqual([taskId])
  })

  it('shows a paid post’s brief until it is bought', async () => {
    const me = await newUser(h)
    const postId = await listedArticle(h.db, { status: ArticleStatus.post, priceFen: 500 })
    const read = async () =>
      (await h.get<{ content: string }>('/api/Article/GetArticle', { id: postId }, me.auth)).data.content
    expect(await read()).toBe('简介')
    expect((await h.get<{ content: string }>('/api/Article/GetArticle', { id: postId })).data.content).toBe(
      '简介',
    )
    const id = (
      await h.post<number>('/api/Orders/PostOrdersAppend', { list: [{ articleId: postId }] }, me.auth)
    ).data
    expect(await pay(h.db, id)).toBe(true)
    expect(await read()).toBe('全文内容')
  })
})

describe('concurrent buyers', () => {
  it('100 buyers at once on a SKU with stock 10 buy exactly 10', async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => newUser(h)))
    const p = await product(h.db, [{ priceFen: 1234, stock: 10 }])
    const skuId = p.skuIds[0]!
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        h.post(
          '/api/Orders/PostOrdersAppend',
          { ...ADDRESS, list: [{ skuId, quantity: 1 }] },
          buyers[i % 5]!.auth,
        ),
      ),
    )
    const sold = answers.filter((a) => a.status === 200)
    expect(sold).toHaveLength(10)
    expect(answers.filter((a) => a.data === `${p.title} 规格0库存不足`)).toHaveLength(90)
    expect(new Set(sold.map((a) => a.data)).size).toBe(10)
    expect(await stockOf(h.db, skuId)).toBe(0)
    const items = await h.db
      .selectFrom('order_items')
      .select((e) => e.fn.sum<number>('quantity').as('n'))
      .where('sku_id', '=', skuId)
      .executeTakeFirstOrThrow()
    expect(Number(items.n)).toBe(10)
  })
})

// A server whose clock stands in the year 2005, so the expiry job, driven with a date just as old (2005: the sign header holds 13-digit milliseconds),
// sees only this file's orders and never another test's.
const clock = clockAt('2005-06-01T00:00:00Z')
const past = startServer({ now: clock.now })

describe('expiry of unpaid orders', () => {
  it('cancels orders left unpaid past the limit, once, with their stock back', async () => {
    const me = await newUser(past)
    const p = await product(past.db, [{ priceFen: 800, stock: 6 }])
    const skuId = p.skuIds[0]!
    const r = await past.post<number>(
      '/api/Orders/PostOrdersAppend',
      { ...ADDRESS, list: [{ skuId, quantity: 4 }] },
      me.auth,
    )
    const paid = await past.post<number>(
      '/api/Orders/PostOrdersAppend',
      { ...ADDRESS, list: [{ skuId, quantity: 1 }] },
      me.auth,
    )
    expect(await pay(past.db, paid.data)).toBe(true)
    expect(await stockOf(past.db, skuId)).toBe(1)
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000)
    expect(await expireOrders(past.db, at(29), 30)).toBe(0)
    expect(await stockOf(past.db, skuId)).toBe(1)
    // Two processes running the job at the same time act once.
    const runs = await Promise.all([expireOrders(past.db, at(31), 30), expireOrders(past.db, at(31), 30)])
    expect(runs[0] + runs[1]).toBe(1)
    expect((await past.get<number>('/api/Orders/GetOrdersStatus', { id: r.data }, me.auth)).data).toBe(100)
    expect((await past.get<number>('/api/Orders/GetOrdersStatus', { id: paid.data }, me.auth)).data).toBe(20)
    expect(await stockOf(past.db, skuId)).toBe(5)
    expect(await expireOrders(past.db, at(60), 30)).toBe(0)
    expect(await stockOf(past.db, skuId)).toBe(5)
  })
})

describe('expiry of corporate-transfer orders, and the notice of every expiry (issue 19)', () => {
  const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000)
  const notices = (userId: number) =>
    past.db
      .selectFrom('notifications')
      .select(['title', 'content'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
  const place = async (me: Awaited<ReturnType<typeof newUser>>, skuId: number) =>
    (
      await past.post<number>(
        '/api/Orders/PostOrdersAppend',
        { ...ADDRESS, list: [{ skuId, quantity: 1 }] },
        me.auth,
      )
    ).data
  const detail = async (me: Awaited<ReturnType<typeof newUser>>, id: number) =>
    (await past.get<OrderDetail>('/api/Orders/GetOrders', { id }, me.auth)).data

  it('a transfer order outlives the 30 minutes and expires at its own deadline, once, with a notice', async () => {
    const me = await newUser(past)
    const p = await product(past.db, [{ priceFen: 5000, stock: 3 }])
    const skuId = p.skuIds[0]!
    const union = await place(me, skuId)
    const plain = await place(me, skuId)
    const made = (await detail(me, union)).createTime
    const hours72 = dbTime(new Date(new Date(`${made.replace(' ', 'T')}+08:00`).getTime() + 72 * 3_600_000))
    const chosen = await past.get<{ deadline?: string }>(
      '/api/Orders/GetOrdersPay',
      { id: union, way: 'union' },
      me.auth,
    )
    expect(chosen.data.deadline).toBe(hours72)
    // Asking again keeps the deadline; the card and the detail show it.
    const again = await past.get<{ deadline?: string }>(
      '/api/Orders/GetOrdersPay',
      { id: union, way: 'union' },
      me.auth,
    )
    expect(again.data.deadline).toBe(hours72)
    expect((await detail(me, union)).payDeadline).toBe(hours72)
    const plainDeadline = (await detail(me, plain)).payDeadline
    expect(plainDeadline > made && plainDeadline < hours72).toBe(true)
    const cards = await past.get<{ pageData: { id: number; payDeadline: string }[] }>(
      '/api/Orders/GetOrdersPage',
      { status: 10 },
      me.auth,
    )
    expect(cards.data.pageData.find((c) => c.id === union)?.payDeadline).toBe(hours72)

    // 31 minutes: the plain order expires (two runs at once act once), the transfer order stays.
    const first = await Promise.all([expireOrders(past.db, at(31), 30), expireOrders(past.db, at(31), 30)])
    expect(first[0] + first[1]).toBe(1)
    expect((await detail(me, plain)).status).toBe(100)
    expect((await detail(me, union)).status).toBe(10)
    expect(await stockOf(past.db, skuId)).toBe(2)
    const plainCode = (await detail(me, plain)).code
    expect(await notices(me.id)).toEqual([
      { title: '订单已取消', content: `您的订单 ${plainCode} 超时未支付，已自动取消。` },
    ])

    // Just before its deadline it is still unpaid; after it, it expires once with its notice.
    expect(await expireOrders(past.db, at(72 * 60 - 5), 30)).toBe(0)
    expect((await detail(me, union)).status).toBe(10)
    const second = await Promise.all([
      expireOrders(past.db, at(72 * 60 + 1), 30),
      expireOrders(past.db, at(72 * 60 + 1), 30),
    ])
    expect(second[0] + second[1]).toBe(1)
    const gone = await detail(me, union)
    expect([gone.status, gone.payDeadline]).toEqual([100, ''])
    expect(await stockOf(past.db, skuId)).toBe(3)
    const told = await notices(me.id)
    expect(told).toHaveLength(2)
    expect(told[1]?.content).toBe(
      `您的订单 ${gone.code} 超时未支付，已自动取消。如已对公转账，请联系业务经理处理。`,
    )
    // Cancelled: no transfer deadline for it any more.
    const late = await past.get('/api/Orders/GetOrdersPay', { id: union, way: 'union' }, me.auth)
    expect([late.http, late.data]).toEqual([400, '订单已支付或已取消'])
  })

  it('a payer who chose the transfer may still pay another way', async () => {
    const me = await newUser(past)
    const p = await product(past.db, [{ priceFen: 700, stock: 2 }])
    const id = await place(me, p.skuIds[0]!)
    expect((await past.get('/api/Orders/GetOrdersPay', { id, way: 'union' }, me.auth)).status).toBe(200)
    await past.db.updateTable('users').set({ balance_fen: 700 }).where('id', '=', me.id).execute()
    const paid = await past.get('/api/Orders/GetOrdersPay', { id, way: 'balance' }, me.auth)
    expect([paid.http, paid.data]).toEqual([200, { status: 20 }])
    expect(await expireOrders(past.db, at(73 * 60), 30)).toBe(0)
    const o = await detail(me, id)
    expect([o.status, o.payDeadline]).toEqual([20, ''])
    expect(await notices(me.id)).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { tinyPng, uploaded } from '../../../tests/api/files.ts'
import { product } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { ADDRESS } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, newStaff, staffSignIn } from '../../../tests/api/staff.ts'
import { changesSince, latestChange } from '../../changes.ts'
import type { Paged } from '../../db/sql.ts'
import type { OwnReview, ReviewItem, ReviewSummary } from './reviews.queries.ts'
import type { ModeratedReview } from './reviews.routes.ts'

const h = startServer()

type User = Awaited<ReturnType<typeof newUser>>
type Auth = Record<string, string>
type Page = Paged<ReviewItem> & { summary: ReviewSummary }

/** Two fresh products, so each test reads only its own reviews. */
const twoProducts = async () => [
  await product(h.db, [{ priceFen: 1_000, stock: 50 }]),
  await product(h.db, [
    { priceFen: 2_000, stock: 50 },
    { priceFen: 2_500, stock: 50 },
  ]),
]

/**
 * An order of `skuIds` by `u` taken through the real calls: placed, paid from the balance, shipped
 * by the operator and received by the buyer (status 40) unless `until` stops it earlier.
 */
async function order(u: User, skuIds: number[], until: 'unpaid' | 'shipped' | 'completed' = 'completed') {
  const placed = await h.post<number>(
    '/api/Orders/PostOrdersAppend',
    { ...ADDRESS, list: skuIds.map((skuId) => ({ skuId, quantity: 1 })) },
    u.auth,
  )
  expect(placed.status).toBe(200)
  const id = placed.data
  if (until === 'unpaid') return id
  await h.db
    .updateTable('users')
    .set((e) => ({ balance_fen: e('balance_fen', '+', 1_000_000) }))
    .where('id', '=', u.id)
    .execute()
  expect((await h.get('/api/Orders/GetOrdersPay', { id, way: 'balance' }, u.auth)).status).toBe(200)
  const { code } = await h.db
    .selectFrom('orders')
    .select('code')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const op = await staffSignIn(h, 'operator')
  expect((await h.post(`/api/admin/orders/${code}/ship`, { courier: 'zto' }, op.auth)).http).toBe(200)
  if (until === 'completed')
    expect((await h.post('/api/Orders/PostOrdersStatus', { id, status: 40 }, u.auth)).data).toBe(
      '确认收货成功',
    )
  return id
}

/** A new buyer's received order of one product of its own: the product, the buyer and the order. */
async function reviewableOrder() {
  const [a] = await twoProducts()
  const buyer = await newUser(h)
  return { a, buyer, id: await order(buyer, [a!.skuIds[0]!]) }
}

const review = (auth: Auth, body: Record<string, unknown>) =>
  h.post<OwnReview>('/api/Reviews/PostReviewsAppend', body, auth)
const addition = (auth: Auth, body: Record<string, unknown>) =>
  h.post<OwnReview>('/api/Reviews/PostReviewsAddition', body, auth)
const page = async (spuId: number, q: Record<string, string | number> = {}) =>
  (await h.get<Page>('/api/Reviews/GetReviewsPage', { spuId, ...q })).data
const image = (u: User, tail: string) => uploaded(h, tinyPng(tail), 'r.png', u.auth)

describe('writing a review (Reviews/PostReviewsAppend)', () => {
  it('refuses every bad review with its message and stores nothing', async () => {
    const [a, b] = await twoProducts()
    const buyer = await newUser(h)
    const other = await newUser(h)
    const done = await order(buyer, [a!.skuIds[0]!])
    const shipped = await order(buyer, [a!.skuIds[0]!], 'shipped')
    const good = { orderId: done, spuId: a!.spuId, stars: 5, content: '很好用' }
    const refusals: [Auth, Record<string, unknown>, number, string][] = [
      [{}, good, 401, '请登录'],
      [buyer.auth, { ...good, stars: 0 }, 400, '请选择评分'],
      [buyer.auth, { ...good, stars: 6 }, 400, '请选择评分'],
      [buyer.auth, { ...good, stars: undefined }, 400, '请选择评分'],
      [buyer.auth, { ...good, content: '   ' }, 400, '请填写评价内容'],
      [buyer.auth, { ...good, content: '好'.repeat(501) }, 400, '评价内容不能超过500个字'],
      [
        buyer.auth,
        { ...good, imgs: Array.from({ length: 7 }, (_, i) => `/uploads/u/ab/${i}.png`).join(',') },
        400,
        '最多上传6张图片',
      ],
      [buyer.auth, { ...good, imgs: 'javascript:alert(1)' }, 400, '图片地址不正确'],
      [
        buyer.auth,
        { ...good, imgs: '/uploads/u/ab/abababababababababababababababab.png' },
        400,
        '评价图片须为您本人上传的图片',
      ],
      [other.auth, good, 404, '订单不存在'],
      [buyer.auth, { ...good, orderId: shipped }, 400, '订单完成后才能评价'],
      [buyer.auth, { ...good, spuId: b!.spuId }, 400, '订单中没有该商品'],
    ]
    for (const [auth, body, http, message] of refusals) {
      const r = await review(auth, body)
      expect([r.http, r.data], JSON.stringify(body).slice(0, 80)).toEqual([http, message])
    }
    expect(
      await h.db.selectFrom('reviews').select('id').where('order_id', 'in', [done, shipped]).execute(),
    ).toEqual([])
    // 500 characters are allowed (counted as a person counts them).
    const full = await review(buyer.auth, { ...good, content: '好'.repeat(500) })
    expect(full.http).toBe(200)
  })

  it('takes a review once per order and product, even when two arrive at once, and marks the product page', async () => {
    const [a, b] = await twoProducts()
    const buyer = await newUser(h)
    // Two SKUs of one product and another product: two order lines of b are one review.
    const id = await order(buyer, [a!.skuIds[0]!, b!.skuIds[0]!, b!.skuIds[1]!])
    const before = await h.get<{ canReview: boolean; list: { spuId: number; review: unknown }[] }>(
      '/api/Reviews/GetReviewsOrder',
      { orderId: id },
      buyer.auth,
    )
    expect(before.data).toEqual({
      canReview: true,
      list: [
        expect.objectContaining({ spuId: a!.spuId, review: null }),
        expect.objectContaining({ spuId: b!.spuId, review: null }),
      ],
    })
    const mark = await latestChange(h.db)
    const img = await image(buyer, 'twice')
    const body = { orderId: id, spuId: b!.spuId, stars: 4, content: '包装完好', imgs: img }
    const both = await Promise.all([review(buyer.auth, body), review(buyer.auth, body)])
    expect(both.map((r) => [r.http, r.http === 409 ? r.data : '']).sort()).toEqual([
      [200, ''],
      [409, '已评价过了'],
    ])
    const again = await review(buyer.auth, { ...body, stars: 1, content: '改主意了' })
    expect([again.http, again.data]).toEqual([409, '已评价过了'])
    const rows = await h.db.selectFrom('reviews').selectAll().where('order_id', '=', id).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ spu_id: b!.spuId, sku_id: b!.skuIds[0], stars: 4, imgs: img, is_show: 1 })
    expect((await changesSince(h.db, mark)).tags).toEqual([`product:${b!.spuId}`])

    const after = await h.get<{ list: { spuId: number; review: OwnReview | null }[] }>(
      '/api/Reviews/GetReviewsOrder',
      { orderId: id },
      buyer.auth,
    )
    expect(after.data.list.map((l) => [l.spuId, l.review?.stars ?? null])).toEqual([
      [a!.spuId, null],
      [b!.spuId, 4],
    ])
    // Another user's order is not theirs to look at.
    const other = await newUser(h)
    const theirs = await h.get('/api/Reviews/GetReviewsOrder', { orderId: id }, other.auth)
    expect([theirs.http, theirs.data]).toEqual([404, '订单不存在'])
  })
})

describe('追评 (Reviews/PostReviewsAddition)', () => {
  it('appends once, refuses a second (also when two race) and another user', async () => {
    const { a, buyer, id } = await reviewableOrder()
    const r = (await review(buyer.auth, { orderId: id, spuId: a!.spuId, stars: 5, content: '不错' })).data
    expect(r.addition).toBeNull()
    const other = await newUser(h)
    const notTheirs = await addition(other.auth, { id: r.id, content: '路过' })
    expect([notTheirs.http, notTheirs.data]).toEqual([404, '评价不存在'])
    const empty = await addition(buyer.auth, { id: r.id, content: '' })
    expect([empty.http, empty.data]).toEqual([400, '请填写评价内容'])

    const img = await image(buyer, 'add')
    const both = await Promise.all([
      addition(buyer.auth, { id: r.id, content: '用了一个月，依然好用', imgs: img }),
      addition(buyer.auth, { id: r.id, content: '第二次追评' }),
    ])
    expect(both.map((x) => x.http).sort()).toEqual([200, 409])
    expect(both.find((x) => x.http === 409)?.data).toBe('已追评过了')
    const third = await addition(buyer.auth, { id: r.id, content: '再来' })
    expect([third.http, third.data]).toEqual([409, '已追评过了'])
    const shown = (await page(a!.spuId)).pageData[0]
    expect(shown?.addition).toMatchObject({ content: expect.any(String) })
    expect(['用了一个月，依然好用', '第二次追评']).toContain(shown?.addition?.content)
  })
})

describe('the public reviews (GetReviewsPage, GetReviewsSummary, the product detail)', () => {
  it('lists shown reviews newest first with masked names, filters 有图, and sums them; hidden ones neither show nor count', async () => {
    const [a] = await twoProducts()
    const buyers = [await newUser(h), await newUser(h), await newUser(h)]
    const ids: number[] = []
    const stars = [5, 4, 4]
    for (const [i, u] of buyers.entries()) {
      const orderId = await order(u, [a!.skuIds[0]!])
      const imgs = i === 1 ? [await image(u, `p${i}a`), await image(u, `p${i}b`)].join(',') : ''
      const r = await review(u.auth, { orderId, spuId: a!.spuId, stars: stars[i], content: `评价${i}`, imgs })
      expect(r.http).toBe(200)
      ids.push(r.data.id)
    }
    // An image only in the 追评 counts as 有图 too.
    const added = await addition(buyers[2]!.auth, {
      id: ids[2],
      content: '追加',
      imgs: await image(buyers[2]!, 'p2c'),
    })
    expect(added.http).toBe(200)

    const all = await page(a!.spuId)
    expect(all.pageTotal).toBe(3)
    expect(all.pageData.map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]])
    // (5 + 4 + 4) / 3 = 4.33 → 4.3
    expect(all.summary).toEqual({ average: 4.3, count: 3, withImages: 2 })
    const nick = (
      await h.db
        .selectFrom('users')
        .select('nick_name')
        .where('id', '=', buyers[0]!.id)
        .executeTakeFirstOrThrow()
    ).nick_name
    const masked = all.pageData.find((r) => r.id === ids[0])
    expect(masked?.nickName).toBe(`${[...nick][0]}***${[...nick].at(-1)}`)
    expect(masked?.nickName).not.toBe(nick)
    expect(masked).toMatchObject({ stars: 5, content: '评价0', imgs: [], skuTitle: '规格0', addition: null })
    expect(all.pageData.find((r) => r.id === ids[1])?.imgs).toHaveLength(2)

    const withImg = await page(a!.spuId, { hasImg: 1 })
    expect([withImg.pageTotal, withImg.pageData.map((r) => r.id)]).toEqual([2, [ids[2], ids[1]]])
    const paged = await page(a!.spuId, { pageIndex: 1, pageSize: 2 })
    expect(paged.pageData.map((r) => r.id)).toEqual([ids[0]])

    // Hidden: gone from the list, the 有图 list, the summary and the built page's figures.
    const op = await staffSignIn(h, 'operator')
    expect((await h.post(`/api/admin/reviews/${ids[1]}/hide`, { reason: '广告' }, op.auth)).http).toBe(200)
    const after = await page(a!.spuId)
    expect(after.pageData.map((r) => r.id)).toEqual([ids[2], ids[0]])
    expect(after.summary).toEqual({ average: 4.5, count: 2, withImages: 1 })
    expect((await h.get('/api/Reviews/GetReviewsSummary', { spuId: a!.spuId })).data).toEqual(after.summary)
    expect((await page(a!.spuId, { hasImg: 1 })).pageData.map((r) => r.id)).toEqual([ids[2]])
    const detail = await h.get<{ reviewSummary: ReviewSummary; reviewList: ReviewItem[] }>(
      '/api/ProductSpu/GetProductSpu',
      { id: a!.spuId },
    )
    expect(detail.data.reviewSummary).toEqual({ average: 4.5, count: 2, withImages: 1 })
    expect(detail.data.reviewList.map((r) => r.id)).toEqual([ids[2], ids[0]])
  })

  it('answers an empty summary for a product without reviews, and 404 for a missing product', async () => {
    const [a] = await twoProducts()
    expect(await page(a!.spuId)).toMatchObject({
      pageTotal: 0,
      pageData: [],
      summary: { average: 0, count: 0, withImages: 0 },
    })
    const missing = await h.get('/api/Reviews/GetReviewsPage', { spuId: 999999999 })
    expect([missing.http, missing.data]).toEqual([404, '商品不存在或已删除'])
    const bad = await h.get('/api/Reviews/GetReviewsPage', { spuId: a!.spuId, hasImg: 2 })
    expect([bad.http, bad.data]).toEqual([400, '是否只看有图不正确'])
  })
})

describe('moderating reviews (/api/admin/reviews)', () => {
  it('hides and shows again: audited, the reviewer told, the page marked; a second operator gets 409', async () => {
    const { a, buyer, id: orderId } = await reviewableOrder()
    const r = (await review(buyer.auth, { orderId, spuId: a!.spuId, stars: 1, content: '加微信买更便宜' }))
      .data
    const [x, y] = [await staffSignIn(h, 'operator'), await newStaff(h, ['operator'])]

    const noReason = await h.post(`/api/admin/reviews/${r.id}/hide`, { reason: '' }, x.auth)
    expect([noReason.http, noReason.data]).toEqual([400, '请填写原因'])
    // Finance has no moderation permission.
    const finance = await staffSignIn(h, 'finance')
    expect((await h.post(`/api/admin/reviews/${r.id}/hide`, { reason: '广告' }, finance.auth)).http).toBe(403)

    const mark = await latestChange(h.db)
    const both = await Promise.all([
      h.post<ModeratedReview>(`/api/admin/reviews/${r.id}/hide`, { reason: '广告' }, x.auth),
      h.post<ModeratedReview>(`/api/admin/reviews/${r.id}/hide`, { reason: '广告' }, y.auth),
    ])
    expect(both.map((b) => [b.http, b.http === 409 ? b.data : '']).sort()).toEqual([
      [200, ''],
      [409, '该评价已隐藏'],
    ])
    expect(both.find((b) => b.http === 200)?.data).toMatchObject({
      id: r.id,
      hidden: true,
      spuId: a!.spuId,
      stars: 1,
    })
    expect((await changesSince(h.db, mark)).tags).toEqual([`product:${a!.spuId}`])
    expect(await auditOf(h, `review:${r.id}`)).toMatchObject([
      { action: 'review.hide', before: { hidden: false }, after: { hidden: true, reason: '广告' } },
    ])
    const notices = await h.get<{ title: string; content: string }[]>(
      '/api/Article/GetArticleQuery',
      { status: 200 },
      buyer.auth,
    )
    expect(notices.data.filter((n) => n.title === '评价已被隐藏')).toHaveLength(1)

    // The buyer still sees their own review on the order, marked hidden.
    const own = await h.get<{ list: { review: OwnReview | null }[] }>(
      '/api/Reviews/GetReviewsOrder',
      { orderId },
      buyer.auth,
    )
    expect(own.data.list[0]?.review).toMatchObject({ id: r.id, hidden: true })

    const list = async (q: Record<string, string | number>) =>
      (await h.get<Paged<ModeratedReview>>('/api/admin/reviews', q, x.auth)).data.pageData.map((m) => m.id)
    expect(await list({ spuId: a!.spuId })).toEqual([r.id])
    expect(await list({ spuId: a!.spuId, hidden: '1' })).toEqual([r.id])
    expect(await list({ spuId: a!.spuId, hidden: '0' })).toEqual([])
    expect(await list({ spuId: a!.spuId, stars: 5 })).toEqual([])
    expect(await list({ id: r.id, stars: 1 })).toEqual([r.id])

    const shown = await h.post<ModeratedReview>(`/api/admin/reviews/${r.id}/show`, {}, x.auth)
    expect([shown.http, shown.data.hidden]).toEqual([200, false])
    const twice = await h.post(`/api/admin/reviews/${r.id}/show`, {}, x.auth)
    expect([twice.http, twice.data]).toEqual([409, '该评价未被隐藏'])
    expect((await page(a!.spuId)).summary.count).toBe(1)
    expect((await auditOf(h, `review:${r.id}`)).map((e) => e.action).sort()).toEqual([
      'review.hide',
      'review.show',
    ])
    const missing = await h.post('/api/admin/reviews/999999999/hide', { reason: '广告' }, x.auth)
    expect([missing.http, missing.data]).toEqual([404, '评价不存在'])
  })
})

/**
 * The customer's coupon calls (issue 24) on a real server and database: which coupons a product
 * or a course offers, claiming in the contract's order of refusals, the total and per-user limits
 * under concurrent claims, 我的优惠券's three tabs, and the public lists following a back-office
 * write at once (read cache). Coupons are made through the back office, as marketing would.
 */
import { describe, expect, it } from 'vitest'
import { ownCategory, product } from '../../../tests/api/fixtures.ts'
import { startServer, testClock } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { staffSignIn } from '../../../tests/api/staff.ts'
import { dbTime } from '../../time.ts'
import type { Coupon, MyCoupon, Promotion, ShippingTemplate } from './promotions.routes.ts'

const clock = testClock()
const h = startServer({ now: clock.now })
const HOUR = 3600_000
type Paged<T> = { pageData: T[]; pageTotal: number }
type Auth = Record<string, string>

/** A stored time `hours` from the server's now. */
const at = (hours: number) => dbTime(new Date(h.now().getTime() + hours * HOUR))

/** A valid coupon form: 满100减10 for everything, 10 in all, 1 each, from an hour ago for a day. */
const newCouponBody = () => ({
  title: `测试券${Math.floor(Math.random() * 1e6)}`,
  kind: 'amount',
  threshold: 100,
  amount: 10,
  scope: 'all',
  totalLimit: 10,
  perUserLimit: 1,
  startTime: at(-1),
  endTime: at(24),
})

async function newCoupon(
  auth: Auth,
  over: Record<string, unknown> = {},
): Promise<Coupon & { claimed: number }> {
  const r = await h.post<Coupon & { claimed: number }>(
    '/api/admin/coupons',
    { ...newCouponBody(), ...over },
    auth,
  )
  expect([r.status, r.data]).toMatchObject([200, { title: expect.any(String) }])
  return r.data
}

const claim = (id: number, auth: Auth) => h.post<string>('/api/Coupons/PostCouponsClaim', { id }, auth)
/** How many of a coupon have been claimed, as stored now. */
const claimedOf = async (id: number) =>
  Number(
    (await h.db.selectFrom('coupons').select('claimed').where('id', '=', id).executeTakeFirstOrThrow())
      .claimed,
  )
const list = async (q: Record<string, number> = {}) =>
  (await h.get<Coupon[]>('/api/Coupons/GetCouponsList', q)).data
const mine = async (auth: Auth, status: 0 | 1 | 2) =>
  (await h.get<Paged<MyCoupon>>('/api/Coupons/GetMyCouponsPage', { status, pageSize: 50 }, auth)).data

/** A category of its own, so no other test's goods fall under what this one creates. */
async function emptyCategory(): Promise<number> {
  const r = await h.db
    .insertInto('classifies')
    .values({ ckey: 'productClass', title: `测试分类${Math.random()}`, sort: 999 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return r.id
}

describe('PostCouponsClaim', () => {
  it('refuses in the contract’s order, in Chinese, and claims once it may', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const [me, other] = await Promise.all([newUser(h), newUser(h)])
    expect(await claim(999999999, me.auth)).toMatchObject({ status: 404, data: '优惠券不存在' })
    const hidden = await newCoupon(mk.auth)
    await h.post(`/api/admin/coupons/${hidden.id}/stop`, {}, mk.auth)
    expect(await claim(hidden.id, me.auth)).toMatchObject({ status: 404, data: '优惠券不存在' })
    const later = await newCoupon(mk.auth, { startTime: at(2), endTime: at(30) })
    expect((await claim(later.id, me.auth)).data).toBe('活动未开始')
    // One cannot be made already ended; one that has ended since is 已过期.
    const ended = await h.post(
      '/api/admin/coupons',
      { ...newCouponBody(), startTime: at(-48), endTime: at(-24) },
      mk.auth,
    )
    expect([ended.status, ended.data]).toEqual([400, '结束时间须晚于当前时间'])
    const past = await newCoupon(mk.auth)
    await h.db
      .updateTable('coupons')
      .set({ start_time: at(-48), end_time: at(-24) })
      .where('id', '=', past.id)
      .execute()
    expect((await claim(past.id, me.auth)).data).toBe('优惠券已过期')

    const one = await newCoupon(mk.auth, { totalLimit: 2, perUserLimit: 1 })
    expect(await claim(one.id, me.auth)).toMatchObject({ status: 200, data: '领取成功' })
    expect(await claim(one.id, me.auth)).toMatchObject({ status: 409, data: '每人限领1张' })
    expect((await claim(one.id, other.auth)).data).toBe('领取成功')
    // Both used up and at my own limit: the coupon's state is said first.
    expect((await claim(one.id, me.auth)).data).toBe('优惠券已领完')
    expect((await h.post('/api/Coupons/PostCouponsClaim', { id: one.id }, {})).status).toBe(401)
    expect((await claim(Number.NaN, me.auth)).data).toBe('请提供优惠券编号')

    const row = await h.db
      .selectFrom('coupons')
      .select(['claimed'])
      .where('id', '=', one.id)
      .executeTakeFirstOrThrow()
    expect(Number(row.claimed)).toBe(2)
    // Refusals changed nothing: one row per successful claim.
    const held = await h.db
      .selectFrom('user_coupons')
      .select('user_id')
      .where('coupon_id', '=', one.id)
      .execute()
    expect(held.map((r) => r.user_id).sort()).toEqual([me.id, other.id].sort())
  })

  it('100 concurrent claims of a coupon limited to 10 give exactly 10', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const users = await Promise.all(Array.from({ length: 10 }, () => newUser(h)))
    const c = await newCoupon(mk.auth, { totalLimit: 10, perUserLimit: 10 })
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => claim(c.id, (users[i % 10] as { auth: Auth }).auth)),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10)
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.data))).toEqual(
      new Set(['优惠券已领完']),
    )
    const rows = await h.db.selectFrom('user_coupons').select('id').where('coupon_id', '=', c.id).execute()
    expect(rows).toHaveLength(10)
    expect(await claimedOf(c.id)).toBe(10)
    // The last claim took it off the public list at once.
    expect((await list()).map((x) => x.id)).not.toContain(c.id)
  })

  it('20 concurrent claims by one user of a coupon limited to 3 each give exactly 3', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const me = await newUser(h)
    const c = await newCoupon(mk.auth, { totalLimit: 50, perUserLimit: 3 })
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(c.id, me.auth)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3)
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.data))).toEqual(
      new Set(['每人限领3张']),
    )
    expect(await claimedOf(c.id)).toBe(3)
    expect((await mine(me.auth, 0)).pageData.filter((m) => m.couponId === c.id)).toHaveLength(3)
  })
})

describe('GetMyCouponsPage', () => {
  it('sorts claimed coupons into 可用, 已使用 and 已过期', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const me = await newUser(h)
    const soon = await newCoupon(mk.auth, { endTime: at(1), title: '快过期的券' })
    const long = await newCoupon(mk.auth, { endTime: at(100), kind: 'rate', rate: 9, cap: 50, threshold: 0 })
    const used = await newCoupon(mk.auth)
    for (const c of [soon, long, used]) expect((await claim(c.id, me.auth)).status).toBe(200)
    // Used with an order, as the order's transaction records it.
    const order = await h.db
      .selectFrom('orders')
      .select(['id', 'code'])
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await h.db
      .updateTable('user_coupons')
      .set({ status: 10, order_id: order.id, use_time: at(0) })
      .where('coupon_id', '=', used.id)
      .where('user_id', '=', me.id)
      .execute()

    const usable = await mine(me.auth, 0)
    expect(usable.pageData.map((m) => m.couponId)).toEqual([soon.id, long.id])
    expect(usable.pageData[1]).toMatchObject({
      status: 0,
      statusText: '可用',
      ruleText: '9折，最多减50',
      scopeText: '全场商品',
      rate: 9,
      cap: 50,
      useTime: null,
      orderCode: null,
    })
    expect(usable.pageData[0]?.id).toBe(usable.pageData[0]?.userCouponId)
    expect((await mine(me.auth, 1)).pageData).toMatchObject([
      { couponId: used.id, status: 1, statusText: '已使用', orderCode: order.code, ruleText: '满100减10' },
    ])
    expect((await mine(me.auth, 2)).pageTotal).toBe(0)
    // The list a signed-in customer reads says how many of each they hold, used ones too: a
    // coupon whose share they have (每人限领1张) shows 已领取 before they try; a visitor's has no `mine`.
    const two = await newCoupon(mk.auth, { perUserLimit: 2 })
    const offered = (await h.get<Coupon[]>('/api/Coupons/GetCouponsList', {}, me.auth)).data
    const held = (id: number) => offered.find((c) => c.id === id)?.mine
    expect([held(soon.id), held(used.id), held(two.id)]).toEqual([1, 1, 0])
    expect((await list()).find((c) => c.id === used.id)).not.toHaveProperty('mine')
    expect((await claim(used.id, me.auth)).data).toBe('每人限领1张')

    clock.advance(2 * HOUR)
    expect((await mine(me.auth, 0)).pageData.map((m) => m.couponId)).toEqual([long.id])
    expect((await mine(me.auth, 2)).pageData).toMatchObject([
      { couponId: soon.id, status: 2, statusText: '已过期' },
    ])
    expect((await mine(me.auth, 1)).pageTotal).toBe(1)
    expect((await h.get('/api/Coupons/GetMyCouponsPage', { status: 0 })).status).toBe(401)
    expect((await h.get('/api/Coupons/GetMyCouponsPage', { status: 3 }, me.auth)).data).toBe('状态不正确')
  })
})

describe('the public lists', () => {
  it('GetCouponsList offers what applies to a product or a course, biggest first, and follows writes at once', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const own = await ownCategory(h.db)
    const cls = own.classId
    const p = own.products[0] as { spuId: number }
    const other = await product(h.db, [{ priceFen: 10_000, stock: 5 }])
    const before = await list({ spuId: p.spuId }) // read once: the read cache holds this answer

    const byClass = await newCoupon(mk.auth, {
      scope: 'category',
      scopeIds: [cls],
      amount: 40,
      threshold: 300,
    })
    const byProduct = await newCoupon(mk.auth, {
      scope: 'products',
      scopeIds: [p.spuId],
      amount: 5,
      threshold: 0,
    })
    const courses = await newCoupon(mk.auth, {
      scope: 'category',
      scopeIds: [cls],
      includeCourses: true,
      amount: 1,
      threshold: 0,
    })
    const rate = await newCoupon(mk.auth, {
      scope: 'products',
      scopeIds: [p.spuId],
      kind: 'rate',
      rate: 8.5,
      cap: 20,
      threshold: 0,
    })
    const upcoming = await newCoupon(mk.auth, {
      scope: 'products',
      scopeIds: [p.spuId],
      startTime: at(5),
      endTime: at(9),
    })
    const mineIds = [byClass.id, byProduct.id, courses.id, rate.id, upcoming.id]

    const forP = (await list({ spuId: p.spuId })).filter((c) => mineIds.includes(c.id))
    expect(before.map((c) => c.id)).not.toContain(byClass.id)
    // 40 off, then the rate coupon's cap of 20, then 5, then 1.
    expect(forP.map((c) => c.id)).toEqual([byClass.id, rate.id, byProduct.id, courses.id])
    expect(forP[0]).toMatchObject({
      kind: 'amount',
      threshold: 300,
      amount: 40,
      scope: 'category',
      scopeIds: [cls],
      left: 10,
      perUserLimit: 1,
      ruleText: '满300减40',
      scopeText: '指定分类',
    })
    expect(forP[1]).toMatchObject({ ruleText: '8.5折，最多减20', scopeText: '指定商品', rate: 8.5 })
    expect(forP[3]).toMatchObject({
      ruleText: '无门槛减1',
      scopeText: '指定分类及课程',
      includeCourses: true,
    })
    const forOther = (await list({ spuId: other.spuId })).map((c) => c.id)
    expect(forOther.filter((id) => mineIds.includes(id))).toEqual([])
    const forCourse = (await list({ articleId: 1 })).map((c) => c.id)
    expect(forCourse.filter((id) => mineIds.includes(id))).toEqual([courses.id])
    expect((await list()).map((c) => c.id)).toEqual(expect.arrayContaining([byClass.id, rate.id]))

    await h.post(`/api/admin/coupons/${byClass.id}/stop`, {}, mk.auth)
    expect((await list({ spuId: p.spuId })).map((c) => c.id)).not.toContain(byClass.id)
  })

  it('GetPromotionsList and GetShippingTemplates answer what is live, and follow writes at once', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const cls = await emptyCategory()
    const promos = async () => (await h.get<Promotion[]>('/api/Promotions/GetPromotionsList')).data
    const templates = async () =>
      (
        await h.get<{ defaultId: number; templates: ShippingTemplate[] }>(
          '/api/Shipping/GetShippingTemplates',
        )
      ).data
    const t0 = await templates()
    expect(t0.templates.find((t) => t.id === t0.defaultId)).toMatchObject({
      name: '包邮',
      label: '包邮',
      base: 0,
    })
    expect(t0.templates.find((t) => t.name === '标准运费')).toMatchObject({
      freeAbove: 99,
      base: 10,
      label: '满¥99.00包邮',
      rates: expect.arrayContaining([{ province: '新疆维吾尔自治区', fee: 25 }]),
    })
    await promos()

    const [start, end] = [at(-1), at(10)]
    const made = await h.post<Promotion>(
      '/api/admin/promotions',
      { title: '分类满减', classId: cls, threshold: 300, off: 30, startTime: start, endTime: end },
      mk.auth,
    )
    const later = await h.post<Promotion>(
      '/api/admin/promotions',
      { title: '未开始的满减', classId: cls, threshold: 300, off: 50, startTime: at(3), endTime: at(10) },
      mk.auth,
    )
    const live = await promos()
    expect(live.find((x) => x.id === made.data.id)).toEqual({
      id: made.data.id,
      title: '分类满减',
      classId: cls,
      threshold: 300,
      off: 30,
      startTime: start,
      endTime: end,
    })
    expect(live.map((x) => x.id)).not.toContain(later.data.id)
    await h.post(`/api/admin/promotions/${made.data.id}/stop`, {}, mk.auth)
    expect((await promos()).map((x) => x.id)).not.toContain(made.data.id)

    const t = await h.post<ShippingTemplate>(
      '/api/admin/shipping-templates',
      { name: '偏远加价', freeAbove: 0, base: 8, rates: [{ province: '西藏自治区', fee: 30 }] },
      mk.auth,
    )
    expect((await templates()).templates.find((x) => x.id === t.data.id)).toMatchObject({
      name: '偏远加价',
      freeAbove: 0,
      base: 8,
      rates: [{ province: '西藏自治区', fee: 30 }],
      label: null,
    })
  })
})

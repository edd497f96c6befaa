/**
 * Section-to-course upgrade (issue 39 part 5), through the real calls on both databases: the whole
 * course costs its member price less what the buyer paid for its sections (after refunds), then
 * the coupon, never less than ¥0.01; once owned whole, no section is sold; two upgrades at once
 * charge once. Every figure is worked out by hand beside it.
 */
import { describe, expect, it } from 'vitest'
import type { ArticleDetail, AuthorSale } from '../../../src/lib/api/types.ts'
import { balanceOf, courseWithSections } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { dbTime } from '../../time.ts'
import { dashboardCharts } from '../dashboard/dashboard-charts.ts'
import { WHOLE_COURSE_OWNED } from './course-upgrade.ts'
import type { OrderDetail } from './orders.routes.ts'

const h = startServer()
type User = Awaited<ReturnType<typeof newUser>>
const day = 86_400_000

const course = (priceFen: number, sectionFens: number[]) => courseWithSections(h.db, priceFen, sectionFens)

/** A buyer at `discountTenths` with ¥10,000 to spend. */
async function buyer(discountTenths = 100) {
  const u = await newUser(h)
  await h.db
    .updateTable('users')
    .set({ balance_fen: 1_000_000, discount_tenths: discountTenths })
    .where('id', '=', u.id)
    .execute()
  return u
}

/** A held coupon of `amountFen` off that covers courses (no threshold). */
async function giveCoupon(u: User, amountFen: number) {
  const now = h.now().getTime()
  const dates = { start_time: dbTime(new Date(now - day)), end_time: dbTime(new Date(now + day)) }
  const c = await h.db
    .insertInto('coupons')
    .values({
      title: `课程券${amountFen}`,
      kind: 'amount',
      amount_fen: amountFen,
      include_courses: 1,
      total_limit: 10,
      ...dates,
      create_time: dates.start_time,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await h.db
    .insertInto('user_coupons')
    .values({ coupon_id: c.id, user_id: u.id, claim_time: dates.start_time })
    .execute()
}

const place = (u: User, line: { articleId: number; sectionId?: number }, userCouponId?: number) =>
  h.post<number | string>('/api/Orders/PostOrdersAppend', { list: [line], userCouponId }, u.auth)
const pay = (u: User, id: number) =>
  h.get<{ status: number } | string>('/api/Orders/GetOrdersPay', { id, way: 'balance' }, u.auth)
const detail = async (u: User, id: number) =>
  (await h.get<OrderDetail>('/api/Orders/GetOrders', { id }, u.auth)).data
const article = async (u: User, id: number) =>
  (await h.get<ArticleDetail>('/api/Article/GetArticle', { id }, u.auth)).data

/** A copy of unpaid order `id` (its row and lines) under a new code: the copy's id. */
async function cloneOrder(id: number) {
  const {
    id: _,
    code,
    ...o
  } = await h.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const copy = await h.db
    .insertInto('orders')
    .values({ ...o, code: `${code}C` })
    .returning('id')
    .executeTakeFirstOrThrow()
  const items = await h.db.selectFrom('order_items').selectAll().where('order_id', '=', id).execute()
  for (const { id: __, ...i } of items)
    await h.db
      .insertInto('order_items')
      .values({ ...i, order_id: copy.id })
      .execute()
  return copy.id
}

/** Buys one section with no coupon and pays it from the balance: the order's id. */
async function buySection(u: User, articleId: number, sectionId: number) {
  const placed = await place(u, { articleId, sectionId }, 0)
  expect(placed.http).toBe(200)
  const id = placed.data as number
  expect((await pay(u, id)).data).toEqual({ status: 20 })
  return id
}

describe('upgrading from sections to the whole course', () => {
  it('costs the member price, less the sections paid (after refunds), then the coupon', async () => {
    // ¥100 course, sections ¥30 and ¥20; a 9折 member.
    const c = await course(10_000, [3_000, 2_000])
    const [a, b] = c.sections as [number, number]
    const me = await buyer(90)
    expect((await article(me, c.id)).upgrade).toBeNull()
    // Section A: 9折 of ¥30 = ¥27 paid.
    const sectionOrder = await buySection(me, c.id, a)
    expect((await detail(me, sectionOrder)).tolCost).toBe(27)
    // Member price ¥90 − ¥27 paid = ¥63.
    expect((await article(me, c.id)).upgrade).toBe(63)
    // ¥7 of that section given back (as an after-sales refund records it on the line): ¥20 paid.
    await h.db
      .updateTable('order_items')
      .set({ refunded_fen: 700 })
      .where('order_id', '=', sectionOrder)
      .execute()
    expect((await article(me, c.id)).upgrade).toBe(70)
    // A ¥10 coupon that covers courses, used by the page's 立即购买 (the best held one): ¥60.
    await giveCoupon(me, 1_000)
    expect((await article(me, c.id)).upgrade).toBe(60)
    const quote = await h.post<{ total: number; creditOff: number; memberOff: number }>(
      '/api/Orders/PostOrdersQuote',
      { list: [{ articleId: c.id }], userCouponId: -1 },
      me.auth,
    )
    expect(quote.data).toMatchObject({ memberOff: 10, creditOff: 20, total: 60 })

    const before = await balanceOf(h.db, me.id)
    const upgrade = (await place(me, { articleId: c.id }, -1)).data as number
    expect(await detail(me, upgrade)).toMatchObject({
      costPrice: 100,
      memberOff: 10,
      creditOff: 20,
      couponOff: 10,
      tolCost: 60,
    })
    expect((await pay(me, upgrade)).data).toEqual({ status: 20 })
    expect(await balanceOf(h.db, me.id)).toBe(before - 6_000)
    const owned = await article(me, c.id)
    expect([owned.unlock, owned.upgrade, owned.list.map((s) => s.unlock)]).toEqual([1, null, [1, 1]])

    // Owned whole: no section is sold, bought before or not.
    for (const sectionId of [b, a]) {
      const again = await place(me, { articleId: c.id, sectionId })
      expect([again.http, again.data]).toEqual([400, WHOLE_COURSE_OWNED])
    }
    const whole = await place(me, { articleId: c.id })
    expect([whole.http, whole.data]).toEqual([400, '已经购买过了'])
    expect(await balanceOf(h.db, me.id)).toBe(before - 6_000)
  })

  it('a whole-course order left unpaid before a section was bought is repriced, not reused', async () => {
    const c = await course(10_000, [3_000, 2_000])
    const me = await buyer()
    const early = (await place(me, { articleId: c.id }, 0)).data as number
    expect((await detail(me, early)).tolCost).toBe(100)
    await buySection(me, c.id, c.sections[0] as number)
    const upgrade = (await place(me, { articleId: c.id }, 0)).data as number
    expect(upgrade).not.toBe(early)
    expect(await detail(me, upgrade)).toMatchObject({ creditOff: 30, tolCost: 70 })
    expect((await detail(me, early)).status).toBe(100)
    // Asked again, the waiting upgrade is the one to pay.
    expect((await place(me, { articleId: c.id }, 0)).data).toBe(upgrade)
  })

  it('never costs less than ¥0.01, however much the sections cost', async () => {
    // ¥50 course; sections ¥30, ¥30 and ¥10: two bought for ¥60, more than the course.
    const c = await course(5_000, [3_000, 3_000, 1_000])
    const me = await buyer()
    await buySection(me, c.id, c.sections[0] as number)
    await buySection(me, c.id, c.sections[1] as number)
    await giveCoupon(me, 500)
    expect((await article(me, c.id)).upgrade).toBe(0.01)
    const before = await balanceOf(h.db, me.id)
    const upgrade = (await place(me, { articleId: c.id }, -1)).data as number
    // The credit stops at ¥0.01 and leaves the coupon nothing to take: it stays held.
    expect(await detail(me, upgrade)).toMatchObject({ creditOff: 49.99, couponOff: 0, tolCost: 0.01 })
    expect((await pay(me, upgrade)).data).toEqual({ status: 20 })
    expect(await balanceOf(h.db, me.id)).toBe(before - 1)
    const held = await h.db
      .selectFrom('user_coupons')
      .select('status')
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow()
    expect(held.status).toBe(0)
  })

  it('two upgrades at once: one paid, the other refused, the buyer charged once', async () => {
    const c = await course(10_000, [3_000, 2_000])
    const me = await buyer()
    await buySection(me, c.id, c.sections[0] as number)
    const before = await balanceOf(h.db, me.id)
    const placed = await Promise.all([place(me, { articleId: c.id }), place(me, { articleId: c.id })])
    expect(placed.map((p) => p.http)).toEqual([200, 200])
    const ids = placed.map((p) => p.data as number)
    const paid = await Promise.all(ids.map((id) => pay(me, id)))
    const ok = paid.filter((p) => p.http === 200)
    expect(ok.map((p) => p.data)).toEqual([{ status: 20 }])
    // The other: the same order paid already, or a second order for what is owned now.
    const refused = paid.find((p) => p.http !== 200)
    expect([refused?.http, ['订单已支付或已取消', '已经购买过了'].includes(String(refused?.data))]).toEqual([
      400,
      true,
    ])
    expect(await balanceOf(h.db, me.id)).toBe(before - 7_000)
    const whole = await h.db
      .selectFrom('purchases')
      .select('order_id')
      .where('user_id', '=', me.id)
      .where('article_id', '=', c.id)
      .where('section_id', 'is', null)
      .execute()
    expect(whole).toHaveLength(1)
    const statuses = await Promise.all([...new Set(ids)].map(async (id) => (await detail(me, id)).status))
    expect(statuses.filter((s) => s === 40)).toHaveLength(1)
  })

  it('two unpaid upgrade orders of one course paid at once: one completes, the other is refused and charges nothing', async () => {
    const c = await course(10_000, [3_000, 2_000])
    const me = await buyer()
    await buySection(me, c.id, c.sections[0] as number)
    const first = (await place(me, { articleId: c.id })).data as number
    // A second order for the same upgrade, as two placements at the same moment can make.
    const second = await cloneOrder(first)
    const before = await balanceOf(h.db, me.id)
    const paid = await Promise.all([pay(me, first), pay(me, second)])
    expect(paid.map((p) => p.http).sort()).toEqual([200, 400])
    expect(paid.find((p) => p.http === 400)?.data).toBe('已经购买过了')
    expect(await balanceOf(h.db, me.id)).toBe(before - 7_000)
    const statuses = [(await detail(me, first)).status, (await detail(me, second)).status].sort()
    // The refused one: cancelled when the payment saw the course owned, or left unpaid (nothing
    // moved) when the purchase index stopped it mid-way; either way paying it again is refused.
    expect([
      [10, 40],
      [40, 100],
    ]).toContainEqual(statuses)
    const rows = await h.db
      .selectFrom('purchases')
      .select('order_id')
      .where('user_id', '=', me.id)
      .where('article_id', '=', c.id)
      .where('section_id', 'is', null)
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('its author sees what it sold by month, as the dashboard counts it: what buyers paid, less refunds', async () => {
    // ¥1,000 course (sections ¥300 and ¥200) by an author of its own.
    const c = await course(100_000, [30_000, 20_000])
    const author = await newUser(h)
    await h.db.updateTable('articles').set({ create_id: author.id }).where('id', '=', c.id).execute()
    const sales = async () =>
      (await h.get<AuthorSale[]>('/api/Article/GetArticleSales', { status: 30 }, author.auth)).data
    const month = dbTime(h.now()).slice(0, 7)
    // A 9折 member: section ¥270, then the upgrade ¥900 − ¥270 = ¥630. Two more buy it whole.
    const upgrader = await buyer(90)
    await buySection(upgrader, c.id, c.sections[0] as number)
    expect((await pay(upgrader, (await place(upgrader, { articleId: c.id }, 0)).data as number)).http).toBe(
      200,
    )
    const whole: number[] = []
    for (const u of [await buyer(), await buyer()]) {
      const id = (await place(u, { articleId: c.id }, 0)).data as number
      expect((await pay(u, id)).http).toBe(200)
      whole.push(id)
    }
    // Three people; ¥270 + ¥630 + ¥1,000 + ¥1,000.
    expect(await sales()).toEqual([
      { month, id: c.id, status: 30, title: expect.any(String), buyers: 3, amount: 2_900 },
    ])
    // One whole-course order refunded (after_status 20, as the back office's refund marks it).
    await h.db
      .updateTable('orders')
      .set({ after_status: 20 })
      .where('id', '=', whole[0] as number)
      .execute()
    expect(await sales()).toMatchObject([{ month, id: c.id, buyers: 2, amount: 1_900 }])
    // The dashboard's top courses count the same rule: ¥1,900 for 3 lines (a section, an upgrade, a whole).
    const charts = await dashboardCharts(h.db, ['admin'], h.now())
    expect(charts.topCourses?.find((t) => t.id === c.id)).toMatchObject({ quantity: 3, amountFen: 190_000 })
    // Someone else's items are not theirs to see.
    const theirs = await h.get<AuthorSale[]>('/api/Article/GetArticleSales', {}, upgrader.auth)
    expect([theirs.http, theirs.data]).toEqual([200, []])
  }, 60_000) // four buyers, seven orders: slow on a busy PostgreSQL
})

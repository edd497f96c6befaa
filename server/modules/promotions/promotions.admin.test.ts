/**
 * Marketing's selling tools (issue 24) on a real server and database: coupons (the form's
 * refusals in order, what may change after a claim, stop, usage figures), 满减 promotions and the
 * product pages they mark, shipping templates (a fee change re-derives its products' 包邮 tags,
 * default, delete refused while used), every write's audit row, and 403 for other roles.
 */
import { describe, expect, it } from 'vitest'
import { ownCategory, product } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { placeOrder } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import { changesSince, latestChange } from '../../changes.ts'
import type { z } from '../../contract/index.ts'
import { dbTime } from '../../time.ts'
import { markOfferTimes } from './offer-marks.ts'
import type {
  AdminCoupon,
  AdminCouponDetail,
  AdminPromotion,
  AdminTemplate,
} from './promotions.admin-routes.ts'

const h = startServer()
type Coupon = z.infer<typeof AdminCoupon>
type Detail = z.infer<typeof AdminCouponDetail>
type Promo = z.infer<typeof AdminPromotion>
type Template = z.infer<typeof AdminTemplate>
type Auth = Record<string, string>
const HOUR = 3600_000
const at = (hours: number) => dbTime(new Date(Date.now() + hours * HOUR))

const START = at(-1)
const END = at(48)
const couponBody = (over: Record<string, unknown> = {}) => ({
  title: '后台测试券',
  kind: 'amount',
  threshold: 200,
  amount: 20,
  scope: 'all',
  scopeIds: [],
  includeCourses: false,
  totalLimit: 5,
  perUserLimit: 1,
  startTime: START,
  endTime: END,
  ...over,
})

async function emptyCategory(): Promise<number> {
  const r = await h.db
    .insertInto('classifies')
    .values({ ckey: 'productClass', title: `后台测试分类${Math.random()}`, sort: 999 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return r.id
}

const create = (auth: Auth, over: Record<string, unknown> = {}) =>
  h.post<Coupon>('/api/admin/coupons', couponBody(over), auth)

describe('coupons (back office)', () => {
  it('refuses a bad form with the rule’s messages, in the form’s order, and creates nothing', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const before = await h.db.selectFrom('coupons').select('id').execute()
    for (const [over, msg] of [
      [{ title: '' }, '请填写优惠券名称'],
      [{ title: '长'.repeat(31) }, '优惠券名称不能超过30个字'],
      [{ kind: 'gift' }, '请选择优惠券类型'],
      [{ threshold: -1 }, '使用门槛不能为负数'],
      [{ amount: '' }, '请填写减免金额'],
      [{ amount: 0 }, '减免金额须大于0'],
      [{ amount: 200 }, '减免金额须小于使用门槛'],
      [{ kind: 'rate', rate: 10 }, '折扣须为1到9.9折，最多一位小数'],
      [{ kind: 'rate', rate: 8.55 }, '折扣须为1到9.9折，最多一位小数'],
      [{ kind: 'rate', rate: 9, cap: 'x' }, '最多减免须为数字'],
      [{ scope: 'city' }, '请选择适用范围'],
      [{ scope: 'category', scopeIds: [] }, '请选择适用的分类'],
      [{ scope: 'products' }, '请选择适用的商品'],
      [{ scope: 'category', scopeIds: [999999999] }, '适用的分类不存在'],
      [{ scope: 'products', scopeIds: [999999999] }, '适用的商品不存在'],
      [{ includeCourses: 'yes' }, '请选择是否可用于课程'],
      [{ totalLimit: 0 }, '发放总量须为1到1000000之间的整数'],
      [{ perUserLimit: 6 }, '每人限领须为1到发放总量之间的整数'],
      [{ startTime: '' }, '请选择开始时间'],
      [{ startTime: '2026-02-30 10:00' }, '开始时间格式不正确，应为yyyy-mm-dd hh:mm'],
      [{ endTime: START }, '结束时间须晚于开始时间'],
      // The first broken field answers: the title before the dates.
      [{ title: '', endTime: START }, '请填写优惠券名称'],
    ] as const) {
      const r = await create(mk.auth, over)
      expect([r.status, r.data], JSON.stringify(over)).toEqual([400, msg])
    }
    expect(await h.db.selectFrom('coupons').select('id').execute()).toHaveLength(before.length)
  })

  it('creates, lists by state, edits freely before a claim and only name/end/total/state after, stops; audited', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const cls = await emptyCategory()
    const made = await create(mk.auth, {
      title: '可编辑的券',
      kind: 'rate',
      rate: 8.5,
      cap: 30,
      threshold: 100,
    })
    expect(made.data).toMatchObject({
      title: '可编辑的券',
      kind: 'rate',
      rate: 8.5,
      cap: 30,
      threshold: 100,
      ruleText: '满100享8.5折，最多减30',
      totalLimit: 5,
      claimed: 0,
      used: 0,
      isShow: true,
      state: '进行中',
    })
    const id = made.data.id
    const upcoming = await create(mk.auth, { title: '未开始的券', startTime: at(24), endTime: at(48) })
    const listed = async (state: string) =>
      (
        await h.get<{ pageData: Coupon[] }>(
          '/api/admin/coupons',
          { state, q: '的券', pageSize: 100 },
          mk.auth,
        )
      ).data.pageData.map((c) => c.id)
    expect(await listed('live')).toContain(id)
    expect(await listed('live')).not.toContain(upcoming.data.id)
    expect(await listed('upcoming')).toContain(upcoming.data.id)

    // Before anyone claims it, every field may change.
    const edited = couponBody({
      title: '改过的券',
      scope: 'category',
      scopeIds: [cls],
      amount: 15,
      threshold: 100,
      totalLimit: 3,
    })
    const free = await h.send<Coupon>('PUT', `/api/admin/coupons/${id}`, edited, mk.auth)
    expect(free.data).toMatchObject({
      kind: 'amount',
      amount: 15,
      scope: 'category',
      scopeIds: [cls],
      totalLimit: 3,
    })

    const me = await newUser(h)
    expect((await h.post('/api/Coupons/PostCouponsClaim', { id }, me.auth)).status).toBe(200)
    for (const over of [
      { amount: 16 },
      { threshold: 150 },
      { scope: 'all' },
      { perUserLimit: 2 },
      { startTime: at(-2) },
      { endTime: at(47) },
    ]) {
      const r = await h.send('PUT', `/api/admin/coupons/${id}`, { ...edited, ...over }, mk.auth)
      expect([r.status, r.data], JSON.stringify(over)).toEqual([
        409,
        '已有用户领取，只能修改名称、结束时间、发放总量和状态',
      ])
    }
    // The total may not go below what was claimed: 1 here.
    const few = await h.send(
      'PUT',
      `/api/admin/coupons/${id}`,
      { ...edited, totalLimit: 1, perUserLimit: 1 },
      mk.auth,
    )
    expect(few.status).toBe(200)
    const later = at(72)
    const ok = await h.send<Coupon>(
      'PUT',
      `/api/admin/coupons/${id}`,
      { ...edited, title: '延期的券', endTime: later, totalLimit: 8, isShow: true },
      mk.auth,
    )
    expect(ok.data).toMatchObject({ title: '延期的券', endTime: later, totalLimit: 8, claimed: 1, left: 7 })

    const stop = await h.post<Coupon>(`/api/admin/coupons/${id}/stop`, {}, mk.auth)
    expect(stop.data).toMatchObject({ isShow: false, state: '已停用' })
    expect(await h.post(`/api/admin/coupons/${id}/stop`, {}, mk.auth)).toMatchObject({
      status: 409,
      data: '优惠券已停用',
    })
    expect(await listed('stopped')).toContain(id)
    // Stopped: claimed ones stay usable.
    const my = await h.get<{ pageData: { couponId: number }[] }>(
      '/api/Coupons/GetMyCouponsPage',
      { status: 0 },
      me.auth,
    )
    expect(my.data.pageData.map((c) => c.couponId)).toContain(id)

    const rows = await auditOf(h, `coupon:${id}`)
    expect(rows.map((r) => r.action)).toEqual([
      'coupon.stop',
      'coupon.edit',
      'coupon.edit',
      'coupon.edit',
      'coupon.create',
    ])
    expect(rows[0]).toMatchObject({ staff: 'marketing', before: { isShow: true }, after: { isShow: false } })
    expect(rows[1]).toMatchObject({
      before: { title: '改过的券', totalLimit: 1 },
      after: { title: '延期的券', totalLimit: 8, endTime: later },
    })
    expect(rows[4]).toMatchObject({ after: { title: '可编辑的券', rule: '满100享8.5折，最多减30' } })
  })

  it('shows a coupon’s usage: claims, uses, paid orders and their figures', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const c = (await create(mk.auth, { totalLimit: 3 })).data
    const [a, b] = await Promise.all([newUser(h), newUser(h)])
    for (const u of [a, b])
      expect((await h.post('/api/Coupons/PostCouponsClaim', { id: c.id }, u.auth)).status).toBe(200)
    // a uses hers on a paid order, as the order's transaction records it.
    const o = await placeOrder(h, a, { pay: 'balance', priceFen: 30_000 })
    const uc = await h.db
      .selectFrom('user_coupons')
      .select('id')
      .where('coupon_id', '=', c.id)
      .where('user_id', '=', a.id)
      .executeTakeFirstOrThrow()
    await h.db
      .updateTable('user_coupons')
      .set({ status: 10, order_id: o.id, use_time: at(0) })
      .where('id', '=', uc.id)
      .execute()
    await h.db
      .updateTable('orders')
      .set({ user_coupon_id: uc.id, coupon_off_fen: 2000 })
      .where('id', '=', o.id)
      .execute()
    const tol = (
      await h.db.selectFrom('orders').select('tol_cost_fen').where('id', '=', o.id).executeTakeFirstOrThrow()
    ).tol_cost_fen

    const d = await h.get<Detail>(`/api/admin/coupons/${c.id}`, {}, mk.auth)
    expect(d.data).toMatchObject({
      id: c.id,
      claimed: 2,
      used: 1,
      usage: {
        claimed: 2,
        used: 1,
        unusedExpired: 0,
        ordersPaid: 1,
        offTotal: 20,
        salesTotal: Number(tol) / 100,
      },
    })
    expect((await h.get(`/api/admin/coupons/999999999`, {}, mk.auth)).data).toBe('优惠券不存在')
    // Two were claimed: the total may shrink to 2, not below.
    const shrink = (totalLimit: number) =>
      h.send('PUT', `/api/admin/coupons/${c.id}`, couponBody({ title: c.title, totalLimit }), mk.auth)
    expect(await shrink(1)).toMatchObject({ status: 409, data: '发放总量不能少于已领取的2张' })
    expect((await shrink(2)).status).toBe(200)
  })

  it('answers 403 没有权限 to operator and finance, and changes nothing', async () => {
    const [op, fin] = await Promise.all([staffSignIn(h, 'operator'), staffSignIn(h, 'finance')])
    const before = await h.db.selectFrom('coupons').select('id').execute()
    for (const s of [op, fin]) {
      for (const [method, path, body] of [
        ['POST', '/api/admin/coupons', couponBody()],
        ['GET', '/api/admin/coupons', undefined],
        [
          'POST',
          '/api/admin/promotions',
          { title: 'x', threshold: 100, off: 10, startTime: START, endTime: END },
        ],
        ['POST', '/api/admin/shipping-templates', { name: 'x', base: 1 }],
      ] as const) {
        const r = await h.send(method, path, body, s.auth)
        expect([r.status, r.data]).toEqual([403, '没有权限'])
      }
    }
    expect(await h.db.selectFrom('coupons').select('id').execute()).toHaveLength(before.length)
  })
})

describe('满减 promotions (back office)', () => {
  it('creates, edits and stops one; each write marks the pages of its category’s products and is audited', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const own = await ownCategory(h.db)
    const cls = own.classId
    const cls2 = await emptyCategory()
    const p = own.products[0] as { spuId: number }
    const bad = await h.post(
      '/api/admin/promotions',
      { title: '满减', classId: cls, threshold: 100, off: 100, startTime: START, endTime: END },
      mk.auth,
    )
    expect([bad.status, bad.data]).toEqual([400, '减免金额须小于满减门槛'])
    const unknown = await h.post(
      '/api/admin/promotions',
      { title: '满减', classId: 999999999, threshold: 100, off: 10, startTime: START, endTime: END },
      mk.auth,
    )
    expect(unknown.data).toBe('商品分类不存在')

    let since = await latestChange(h.db)
    const made = await h.post<Promo>(
      '/api/admin/promotions',
      { title: '分类满300减30', classId: cls, threshold: 300, off: 30, startTime: START, endTime: END },
      mk.auth,
    )
    expect(made.data).toMatchObject({ classId: cls, threshold: 300, off: 30, isShow: true, state: '进行中' })
    expect((await changesSince(h.db, since)).tags).toEqual(
      expect.arrayContaining(['offers', `product:${p.spuId}`]),
    )

    since = await latestChange(h.db)
    const moved = await h.send<Promo>(
      'PUT',
      `/api/admin/promotions/${made.data.id}`,
      { title: '换了分类', classId: cls2, threshold: 500, off: 60, startTime: START, endTime: END },
      mk.auth,
    )
    expect(moved.data).toMatchObject({ title: '换了分类', classId: cls2, threshold: 500, off: 60 })
    // The category it left: its product's page no longer shows it.
    expect((await changesSince(h.db, since)).tags).toContain(`product:${p.spuId}`)
    const all = await h.get<Promo[]>('/api/admin/promotions', {}, mk.auth)
    expect(all.data.map((x) => x.id)).toContain(made.data.id)
    expect(
      (await h.post<Promo>(`/api/admin/promotions/${made.data.id}/stop`, {}, mk.auth)).data,
    ).toMatchObject({ state: '已停用' })
    const stopped = await h.get<Promo[]>('/api/admin/promotions', { state: 'stopped' }, mk.auth)
    expect(stopped.data.map((x) => x.id)).toContain(made.data.id)
    expect((await auditOf(h, `promotion:${made.data.id}`)).map((r) => r.action)).toEqual([
      'promotion.stop',
      'promotion.edit',
      'promotion.create',
    ])
  })
})

describe('shipping templates (back office)', () => {
  it('a fee change re-derives its products’ 包邮 tags and marks their pages; default; delete refused while used', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const list = async () =>
      (
        await h.get<{ defaultId: number; templates: Template[] }>(
          '/api/admin/shipping-templates',
          {},
          mk.auth,
        )
      ).data
    const start = await list()
    const oldDefault = start.defaultId
    expect(start.templates.find((t) => t.isDefault)).toMatchObject({ id: oldDefault, name: '包邮' })

    const bad = await h.post('/api/admin/shipping-templates', { name: '', base: 1 }, mk.auth)
    expect(bad.data).toBe('请填写模板名称')
    for (const [body, msg] of [
      [{ name: '模板', base: '' }, '请填写基础运费'],
      [{ name: '模板', base: 5, rates: [{ province: '火星', fee: 1 }] }, '没有“火星”这个省份'],
      [
        {
          name: '模板',
          base: 5,
          rates: [
            { province: '西藏自治区', fee: 1 },
            { province: '西藏自治区', fee: 2 },
          ],
        },
        '西藏自治区重复了',
      ],
      [{ name: '模板', base: 5, rates: [{ province: '西藏自治区', fee: -1 }] }, '西藏自治区的运费不能为负数'],
    ] as const) {
      const r = await h.post('/api/admin/shipping-templates', body, mk.auth)
      expect([r.status, r.data]).toEqual([400, msg])
    }

    const t = await h.post<Template>(
      '/api/admin/shipping-templates',
      { name: '先包邮后收费', base: 0 },
      mk.auth,
    )
    expect(t.data).toMatchObject({ label: '包邮', products: 0, isDefault: false })
    const p = await product(h.db, [{ priceFen: 5_000, stock: 5 }])
    const assigned = await h.send<{ tag: string; shippingLabel: string | null }>(
      'PATCH',
      `/api/admin/products/${p.spuId}`,
      { shippingTemplateId: t.data.id },
      mk.auth,
    )
    expect(assigned.data.tag.split(',')).toContain('包邮')
    expect((await list()).templates.find((x) => x.id === t.data.id)?.products).toBe(1)
    const page = async () =>
      (
        await h.get<{ tag: string; shippingLabel: string | null; shippingTemplateId: number }>(
          '/api/ProductSpu/GetProductSpu',
          { id: p.spuId },
        )
      ).data
    expect(await page()).toMatchObject({ shippingTemplateId: t.data.id, shippingLabel: '包邮' })

    const since = await latestChange(h.db)
    const priced = await h.send<Template>(
      'PUT',
      `/api/admin/shipping-templates/${t.data.id}`,
      { name: '先包邮后收费', base: 12, freeAbove: 199, rates: [{ province: '新疆维吾尔自治区', fee: 30 }] },
      mk.auth,
    )
    expect(priced.data).toMatchObject({ base: 12, freeAbove: 199, label: '满¥199.00包邮', products: 1 })
    const now = await page()
    expect(now.shippingLabel).toBe('满¥199.00包邮')
    expect(now.tag.split(',')).not.toContain('包邮')
    expect((await changesSince(h.db, since)).tags).toEqual(
      expect.arrayContaining(['offers', `product:${p.spuId}`, 'list:product']),
    )
    const cards = await h.get<{ pageData: { id: number }[] }>('/api/ProductSpu/GetProductSpuPage', {
      title: p.title,
      tag: '包邮',
    })
    expect(cards.data.pageData).toEqual([])

    expect(
      await h.send('DELETE', `/api/admin/shipping-templates/${t.data.id}`, undefined, mk.auth),
    ).toMatchObject({
      status: 409,
      data: '运费模板正在使用，不能删除',
    })
    expect(
      await h.send('DELETE', `/api/admin/shipping-templates/${oldDefault}`, undefined, mk.auth),
    ).toMatchObject({
      status: 409,
      data: '运费模板正在使用，不能删除',
    })

    // A second free template as the default: products without one keep 包邮, so nothing else moves.
    const free2 = await h.post<Template>(
      '/api/admin/shipping-templates',
      { name: '也包邮', base: 0 },
      mk.auth,
    )
    const def = await h.post<Template>(`/api/admin/shipping-templates/${free2.data.id}/default`, {}, mk.auth)
    expect(def.data).toMatchObject({ isDefault: true })
    expect((await list()).defaultId).toBe(free2.data.id)
    await h.post(`/api/admin/shipping-templates/${oldDefault}/default`, {}, mk.auth)
    expect((await list()).defaultId).toBe(oldDefault)
    const gone = await h.send('DELETE', `/api/admin/shipping-templates/${free2.data.id}`, undefined, mk.auth)
    expect(gone).toMatchObject({ status: 200, data: { id: free2.data.id } })
    expect((await list()).templates.map((x) => x.id)).not.toContain(free2.data.id)
    expect((await auditOf(h, `shipping-template:${free2.data.id}`)).map((r) => r.action)).toEqual([
      'shipping.delete',
      'shipping.default',
      'shipping.create',
    ])
    expect((await auditOf(h, `shipping-template:${t.data.id}`))[0]).toMatchObject({
      action: 'shipping.edit',
      before: { base: 0, freeAbove: 0 },
      after: { base: 12, freeAbove: 199 },
    })
  })
})

describe('start and end times', () => {
  it('a 满减 or a coupon marks the pages of the products it takes in when saved, and when it starts or ends', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const own = await ownCategory(h.db)
    const cls = own.classId
    const p = own.products[0] as { spuId: number }
    const starts = Date.now() + 10 * HOUR
    const ends = starts + 5 * HOUR
    await h.post(
      '/api/admin/promotions',
      {
        title: '定时满减',
        classId: cls,
        threshold: 300,
        off: 30,
        startTime: dbTime(new Date(starts)),
        endTime: dbTime(new Date(ends)),
      },
      mk.auth,
    )
    const window = async (from: number, to: number) => {
      const since = await latestChange(h.db)
      const marked = await markOfferTimes(h.db, new Date(from), new Date(to))
      return { marked, tags: (await changesSince(h.db, since)).tags }
    }
    // A quiet hour long before (no other test's offer starts 8–9 hours from now in its own category).
    expect((await window(starts - 2 * HOUR, starts - HOUR)).tags).not.toContain(`product:${p.spuId}`)
    for (const at of [starts, ends]) {
      const w = await window(at - 1000, at)
      expect(w.marked).toBe(true)
      expect(w.tags).toEqual(expect.arrayContaining(['offers', `product:${p.spuId}`]))
    }
    // A coupon for one other product of the category: its own page is marked, at its save and at its start.
    const q = own.products[1] as { spuId: number }
    const since = await latestChange(h.db)
    const c = await create(mk.auth, {
      scope: 'products',
      scopeIds: [q.spuId],
      startTime: dbTime(new Date(starts + 2 * HOUR)),
      endTime: dbTime(new Date(ends)),
    })
    expect(c.status).toBe(200)
    expect((await changesSince(h.db, since)).tags).toEqual(
      expect.arrayContaining(['offers', `product:${q.spuId}`]),
    )
    const w = await window(starts + 2 * HOUR - 1000, starts + 2 * HOUR)
    // Other test files write marks meanwhile: only what this one must and must not hold is checked.
    expect(w.marked).toBe(true)
    expect(w.tags).toEqual(expect.arrayContaining(['offers', `product:${q.spuId}`]))
    expect(w.tags).not.toContain(`product:${p.spuId}`)
  })
})

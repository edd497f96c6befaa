/**
 * Coupons and 满减 stack only when marketing says so (issue 39 part 9), through the real calls on
 * both databases: a coupon that is not 可与满减同享 gives the buyer the better of the two, the
 * quote and the order say which and why, and a coupon left out is not used up. One marked to
 * stack adds to the 满减 as before. The category, product, 满减 and coupons are this file's own.
 */
import { describe, expect, it } from 'vitest'
import { ownCategory, product } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { ADDRESS } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { markChanged } from '../../changes.ts'
import { dbTime } from '../../time.ts'
import type { OrderDetail, Quote } from './orders.routes.ts'

const h = startServer()
const day = 86_400_000
const PROMOTION = '优惠券不可与满减同享，已为您选择更优惠的满减'
const COUPON = '优惠券不可与满减同享，已为您选择更优惠的优惠券'

/**
 * A ¥400 product of a category of its own with 满300减30 on it, and a buyer holding four coupons
 * of it: 减20 and 8折 that do not stack, 减20 that stacks, 减30 that does not (a tie).
 */
async function setting() {
  const { classId } = await ownCategory(h.db)
  const now = h.now().getTime()
  const dates = { start_time: dbTime(new Date(now - day)), end_time: dbTime(new Date(now + day)) }
  const p = await product(h.db, [{ priceFen: 40_000, stock: 20 }])
  await h.db.updateTable('product_spus').set({ class_id: classId }).where('id', '=', p.spuId).execute()
  await h.db
    .insertInto('promotions')
    .values({
      title: '满300减30',
      class_id: classId,
      threshold_fen: 30_000,
      off_fen: 3_000,
      ...dates,
      create_time: dates.start_time,
    })
    .execute()
  const u = await newUser(h)
  const hold = async (title: string, values: Record<string, unknown>) => {
    const c = await h.db
      .insertInto('coupons')
      .values({
        title,
        kind: 'amount',
        total_limit: 10,
        scope: 'category',
        scope_ids: String(classId),
        ...dates,
        create_time: dates.start_time,
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const held = await h.db
      .insertInto('user_coupons')
      .values({ coupon_id: c.id, user_id: u.id, claim_time: dates.start_time })
      .returning('id')
      .executeTakeFirstOrThrow()
    return held.id
  }
  // Left at the table's default: a new coupon does not stack.
  const small = await hold('减20', { amount_fen: 2_000 })
  const rate = await hold('8折券', { kind: 'rate', rate_tenths: 80, stacks_with_promotion: 0 })
  const stacking = await hold('同享减20', { amount_fen: 2_000, stacks_with_promotion: 1 })
  const tie = await hold('减30', { amount_fen: 3_000, stacks_with_promotion: 0 })
  await markChanged(h.db, ['offers'], dates.start_time)
  const body = (userCouponId: number) => ({
    ...ADDRESS,
    list: [{ skuId: p.skuIds[0], quantity: 1 }],
    userCouponId,
  })
  const quote = (userCouponId: number) =>
    h.post<Quote>('/api/Orders/PostOrdersQuote', body(userCouponId), u.auth)
  const order = async (userCouponId: number) => {
    const r = await h.post<number>('/api/Orders/PostOrdersAppend', body(userCouponId), u.auth)
    expect(r.status).toBe(200)
    return (await h.get<OrderDetail>('/api/Orders/GetOrders', { id: r.data }, u.auth)).data
  }
  const heldRow = (id: number) =>
    h.db
      .selectFrom('user_coupons')
      .select(['status', 'order_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  const spend = (ids: number[]) =>
    h.db.updateTable('user_coupons').set({ status: 10 }).where('id', 'in', ids).execute()
  return { u, held: { small, rate, stacking, tie }, quote, order, heldRow, spend }
}

describe('a coupon that is not 可与满减同享', () => {
  it('held alone, is still named by the preselection and the order, which keep the 满减 and say why', async () => {
    const s = await setting()
    // Only the 减20 and the tie left: neither beats the 满减.
    await s.spend([s.held.rate, s.held.stacking])
    const q = (await s.quote(-1)).data
    expect([q.coupon, q.promotion?.off, q.total]).toEqual([null, 30, 370])
    expect(q.offerChoice).toEqual({ applied: 'promotion', reason: PROMOTION })
    expect([s.held.small, s.held.tie]).toContain(q.userCouponId)
    const o = await s.order(q.userCouponId)
    expect([o.promoOff, o.couponOff, o.offerApplied, o.offerNote]).toEqual([30, 0, 'promotion', PROMOTION])
    expect(await s.heldRow(q.userCouponId)).toEqual({ status: 0, order_id: null })
  })

  it('loses to a larger 满减: the quote and the order say so, and the coupon is not used up', async () => {
    const s = await setting()
    const q = (await s.quote(s.held.small)).data
    expect(q.promotion).toMatchObject({ title: '满300减30', off: 30 })
    expect(q.coupon).toBe(null)
    // Still the choice (greyed in the list), so the order placed from this quote says why too.
    expect(q.userCouponId).toBe(s.held.small)
    expect(q.offerChoice).toEqual({ applied: 'promotion', reason: PROMOTION })
    expect(q.total).toBe(370)
    // In the list it is not offered, with the reason.
    expect(q.coupons.find((c) => c.id === s.held.small)).toMatchObject({
      usable: false,
      reason: '不可与满减同享，当前满减更优惠',
    })
    const o = await s.order(s.held.small)
    expect([o.promoOff, o.couponOff, o.couponTitle, o.tolCost]).toEqual([30, 0, '', 370])
    expect([o.offerApplied, o.offerNote]).toEqual(['promotion', PROMOTION])
    expect(await s.heldRow(s.held.small)).toEqual({ status: 0, order_id: null })
  })

  it('beats a smaller 满减: the coupon alone applies and is used', async () => {
    const s = await setting()
    const q = (await s.quote(s.held.rate)).data
    expect([q.promotion, q.coupon?.off, q.total]).toEqual([null, 80, 320])
    expect(q.offerChoice).toEqual({ applied: 'coupon', reason: COUPON })
    const o = await s.order(s.held.rate)
    expect([o.promoOff, o.promoTitle, o.couponOff, o.tolCost]).toEqual([0, '', 80, 320])
    expect([o.offerApplied, o.offerNote]).toEqual(['coupon', COUPON])
    expect(await s.heldRow(s.held.rate)).toEqual({ status: 10, order_id: o.id })
  })

  it('ties with the 满减: the 满减 applies and the coupon stays for another order', async () => {
    const s = await setting()
    const o = await s.order(s.held.tie)
    expect([o.promoOff, o.couponOff, o.offerApplied, o.tolCost]).toEqual([30, 0, 'promotion', 370])
    expect(await s.heldRow(s.held.tie)).toEqual({ status: 0, order_id: null })
  })

  it('is preselected only when it beats the 满减; one that stacks adds to it', async () => {
    const s = await setting()
    // Best of all: 8折 alone (¥80) beats 满减 + 同享减20 (¥50).
    const best = (await s.quote(-1)).data
    expect([best.userCouponId, best.total, best.offerChoice?.applied]).toEqual([s.held.rate, 320, 'coupon'])
    const both = (await s.quote(s.held.stacking)).data
    expect([both.promotion?.off, both.coupon?.off, both.offerChoice, both.total]).toEqual([30, 20, null, 350])
    const o = await s.order(s.held.stacking)
    expect([o.promoOff, o.couponOff, o.offerApplied, o.offerNote, o.tolCost]).toEqual([30, 20, '', '', 350])
    expect(await s.heldRow(s.held.stacking)).toEqual({ status: 10, order_id: o.id })
  })
})

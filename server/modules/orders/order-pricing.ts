/**
 * What an order costs (issue 24): the rows priceOrder needs, read by the server itself — the
 * promotions in their dates, the shipping templates, the buyer's discount and claimed coupons —
 * and the one call the quote and the order placement share, so the checkout shows exactly what
 * the order will store.
 */
import { fenToYuan } from '../../../src/lib/money.ts'
import {
  type Breakdown,
  bestCoupon,
  type CouponRule,
  couponRefusal,
  couponRuleText,
  couponScopeText,
  discountLine,
  NOT_WITH_PROMOTION,
  nextPromotion,
  type PriceLine,
  type Promotion,
  priceOrder,
  type ShippingTemplate,
} from '../../../src/lib/rules/pricing.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { markedMemo } from '../../marked-memo.ts'
import { dbTime } from '../../time.ts'
import { groupPrices } from '../groups/group-prices.ts'
import { couponRule } from '../promotions/coupon-rule.ts'

/** A claimed coupon that is not yet used: user_coupons joined to its coupon. */
export type HeldCoupon = CouponRule & { couponId: number }

/** The buyer's unused coupons that have not ended at `at` (a stopped coupon stays usable once claimed). */
export async function heldCoupons(db: Db, userId: number, at: string): Promise<HeldCoupon[]> {
  const rows = await db
    .selectFrom('user_coupons as u')
    .innerJoin('coupons as c', 'c.id', 'u.coupon_id')
    .selectAll('c')
    .select('u.id as held_id')
    .where('u.user_id', '=', userId)
    .where('u.status', '=', 0)
    .where('c.end_time', '>=', at)
    .orderBy('c.end_time')
    .orderBy('u.id')
    .execute()
  return rows.map((r) => ({ ...couponRule(r, r.held_id), couponId: r.id }))
}

/**
 * The shown promotions and the shipping templates, as pricing reads them: kept per process until
 * a change mark says otherwise (server/marked-memo.ts), since every order needs them and only the
 * back office's marked writes change them (`offers`). All shown promotions, whatever their
 * dates: `context` picks those of the order's moment.
 */
const offers = markedMemo(async (db: Db) => {
  const [promotions, templates] = await Promise.all([
    db
      .selectFrom('promotions')
      .select(['id', 'title', 'class_id', 'threshold_fen', 'off_fen', 'start_time', 'end_time'])
      .where('is_show', '=', 1)
      .execute(),
    db
      .selectFrom('shipping_templates')
      .select(['id', 'name', 'free_above_fen', 'base_fen', 'rates', 'is_default'])
      .where('removed_time', 'is', null)
      .execute(),
  ])
  return {
    promotions: promotions.map(
      (p): Promotion => ({
        id: p.id,
        title: p.title,
        classId: p.class_id,
        thresholdFen: p.threshold_fen,
        offFen: p.off_fen,
        startTime: p.start_time,
        endTime: p.end_time,
      }),
    ),
    templates: templates.map(
      (t): ShippingTemplate => ({
        id: t.id,
        name: t.name,
        freeAboveFen: t.free_above_fen,
        baseFen: t.base_fen,
        rates: JSON.parse(t.rates) as ShippingTemplate['rates'],
      }),
    ),
    defaultTemplateId: templates.find((t) => t.is_default === 1)?.id ?? null,
  }
})

/** The promotions running at `at` and the templates every price of goods needs; none for content alone. */
async function context(db: Db, at: string, goods: boolean) {
  if (!goods) return { promotions: [], templates: [], defaultTemplateId: null }
  const o = await offers(db)
  return { ...o, promotions: o.promotions.filter((p) => p.startTime <= at && at <= p.endTime) }
}

/** The goods lines with the buyer's group price (issue 40, pricing step 2a) where their groups give one. */
async function withGroupPrices(db: Db, userId: number, lines: PriceLine[], at: string): Promise<PriceLine[]> {
  const skuIds = lines.flatMap((l) => (l.kind === 'goods' && l.skuId ? [l.skuId] : []))
  const prices = await groupPrices(db, userId, skuIds, at)
  if (prices.size === 0) return lines
  return lines.map((l) => {
    const g = l.skuId ? prices.get(l.skuId) : undefined
    return g ? { ...l, groupPriceFen: g.fen, groupTitle: g.title } : l
  })
}

/** Which coupon to price with: absent or -1 the best one, 0 none, else that claimed coupon. */
export type CouponChoice = number | undefined

export interface Priced {
  breakdown: Breakdown
  discountTenths: number
  nickName: string
  /** The coupon priced with (its claimed id and coupon id), or null. */
  coupon: HeldCoupon | null
  /** The coupon given to priceOrder, applied or not: one left out for the better 满减 is named here only. */
  offered: HeldCoupon | null
  /** Every held coupon with whether it applies here, why not, and what it would take off (the quote's list; empty for an order). */
  held: { coupon: HeldCoupon; refusal: string | null; offFen: number }[]
  input: Omit<Parameters<typeof priceOrder>[0], 'coupon'>
}

/**
 * Prices `lines` for the buyer at `at` with priceOrder. A named coupon that does not apply is
 * refused (优惠券不可用：未满¥300.00可用) when `strict` — the order — and priced without when not — the
 * quote, which shows why beside it.
 */
export async function priceFor(
  db: Db,
  userId: number,
  lines: PriceLine[],
  province: string,
  choice: CouponChoice,
  when: Date,
  strict: boolean,
  /** priceOrder's step 4b: staff's discount on a draft order (代客下单); 0 for a buyer's own. */
  staffDiscountBp = 0,
): Promise<Priced> {
  const at = dbTime(when)
  const goods = lines.some((l) => l.kind === 'goods')
  const [user, ctx, held] = await Promise.all([
    db
      .selectFrom('users')
      .select(['discount_tenths', 'nick_name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    context(db, at, goods),
    choice === 0 && strict ? [] : heldCoupons(db, userId, at),
  ])
  const input = {
    lines: await withGroupPrices(db, userId, lines, at),
    discountTenths: user.discount_tenths,
    province,
    at,
    staffDiscountBp,
    ...ctx,
  }
  let coupon: HeldCoupon | null = null
  if (choice === undefined || choice === -1) {
    const best = bestCoupon(input, held)
    coupon = held.find((c) => c.id === best?.id) ?? null
    // None beats the 满减: one that applies alone but does not stack is priced anyway (and left
    // out by the rule, unused), so the quote and the order say why the buyer's coupon is not used.
    coupon ??=
      held.find((c) => priceOrder({ ...input, coupon: c }).offerChoice?.applied === 'promotion') ?? null
  } else if (choice !== 0) {
    coupon = held.find((c) => c.id === choice) ?? null
    const why = coupon ? couponRefusal(coupon, lines, at) : '优惠券不存在或已使用'
    if (why !== null) {
      if (strict) throw refuse(`优惠券不可用：${why}`)
      coupon = null
    }
  }
  const breakdown = priceOrder({ ...input, coupon })
  // Only the quote lists every held coupon; placing an order (strict) is a hot path and needs none of it.
  const withEach = (strict ? [] : held).map((c) => {
    const alone = couponRefusal(c, lines, at)
    const priced = alone ? null : priceOrder({ ...input, coupon: c })
    // Usable on its own but left out for the better 满减 it does not stack with: say so.
    const refusal = alone ?? (priced?.offerChoice?.applied === 'promotion' ? NOT_WITH_PROMOTION : null)
    return { coupon: c, refusal, offFen: priced?.coupon?.offFen ?? 0 }
  })
  return {
    breakdown,
    discountTenths: user.discount_tenths,
    nickName: user.nick_name,
    coupon: breakdown.coupon ? coupon : null,
    offered: coupon,
    held: withEach,
    input,
  }
}

/**
 * Uses the claimed coupon for order `orderId` inside the order's transaction: a conditional update
 * (unused → used), so one coupon pays for one order however many checkouts race for it.
 */
export async function spendCoupon(trx: Db, c: HeldCoupon, userId: number, orderId: number, at: Date) {
  const used = await trx
    .updateTable('user_coupons')
    .set({ status: 10, order_id: orderId, use_time: dbTime(at) })
    .where('id', '=', c.id)
    .where('user_id', '=', userId)
    .where('status', '=', 0)
    .executeTakeFirst()
  if (Number(used.numUpdatedRows) !== 1) throw refuse('优惠券不可用：优惠券不存在或已使用')
}

/** Gives the order's coupon back to its holder, in the transaction that cancelled or expired the order. */
export async function giveBackCoupon(trx: Db, orderId: number) {
  await trx
    .updateTable('user_coupons')
    .set({ status: 0, order_id: null, use_time: null })
    .where('order_id', '=', orderId)
    .where('status', '=', 10)
    .execute()
}

/** A price as the checkout's quote (Orders/PostOrdersQuote): yuan, the held coupons usable first. */
export function quoteOf(p: Priced) {
  const b = p.breakdown
  const yuan = fenToYuan
  const off = (x: { id: number; title: string; offFen: number } | null) =>
    x ? { id: x.id, title: x.title, off: yuan(x.offFen) } : null
  const next = nextPromotion(p.input.promotions, p.input.lines, p.input.at)
  const coupons = [...p.held]
    .sort(
      (a, b) =>
        Number(a.refusal !== null) - Number(b.refusal !== null) ||
        b.offFen - a.offFen ||
        a.coupon.endTime.localeCompare(b.coupon.endTime),
    )
    .map(({ coupon: c, refusal, offFen }) => ({
      id: c.id,
      couponId: c.couponId,
      title: c.title,
      ruleText: couponRuleText(c),
      scopeText: couponScopeText(c),
      startTime: c.startTime,
      endTime: c.endTime,
      usable: refusal === null && offFen > 0,
      reason: refusal ?? (offFen > 0 ? null : '订单金额过低'),
      off: yuan(offFen),
    }))
  return {
    subtotal: yuan(b.subtotalFen),
    memberOff: yuan(b.memberOffFen),
    groupOff: yuan(b.groupOffFen),
    groupTitle: b.groupTitle,
    discountText: discountLine(p.discountTenths),
    creditOff: yuan(b.creditFen),
    promotion: off(b.promotion),
    coupon: off(b.coupon),
    // The coupon left out for the 满减 stays the choice, so the order placed with it says so too.
    userCouponId: b.coupon?.id ?? (b.offerChoice && p.offered ? p.offered.id : 0),
    offerChoice: b.offerChoice,
    goods: yuan(b.goodsFen),
    shipping: yuan(b.shippingFen),
    total: yuan(b.totalFen),
    coupons,
    nextPromotion: next
      ? { need: yuan(next.needFen), off: yuan(next.promotion.offFen), title: next.promotion.title }
      : null,
  }
}

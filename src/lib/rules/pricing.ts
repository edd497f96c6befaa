/**
 * Member pricing (storefront §4, issue 8): one rule for the server, which computes every amount
 * an order stores, and the client, which shows the same figures before submitting.
 *
 * A discount is kept in tenths of 折: 100 is full price, 85 is 8.5折, 90 is 9折.
 */

/** Full price: no discount. */
export const FULL_PRICE_TENTHS = 100

/**
 * payable(1999, 85) → 1699: what is paid for a total of `totalFen` at `discountTenths`, rounded to
 * the fen half up (1699.15 → 1699, 1698.5 → 1699). Integer arithmetic only, so no float drift.
 */
export function payable(totalFen: number, discountTenths: number): number {
  return Math.floor((totalFen * discountTenths + 50) / 100)
}

/** discountLine(85) → '8.5折', discountLine(90) → '9折'; null at full price (no line shown). */
export function discountLine(discountTenths: number): string | null {
  if (discountTenths >= FULL_PRICE_TENTHS) return null
  return `${discountTenths / 10}折`
}

/** The wire's discount in 折 (8.5, 10) from the stored tenths (85, 100). */
export const discountZhe = (discountTenths: number) => discountTenths / 10

/*
 * The price of a whole order (issue 24): member discount, then one 满减 promotion, then one coupon,
 * then shipping. The cart, the checkout and the server all call priceOrder with the same rules
 * (the server with rows it read itself, so what a browser sends never sets a price).
 *
 * Order and rounding, also stated in README "Pricing":
 * 1. subtotal: Σ list price × quantity.
 * 2. member discount on the whole subtotal, half up to the fen (payable, as before issue 24).
 * 2a. group price (issue 40, 协议价): a line whose buyer's customer group has a price for it (a
 *    price list's SKU price or category percentage, in its dates; the lowest when several) pays
 *    group price × quantity instead, when that is below the line's member price. Step 2 then
 *    discounts only the other lines. So each line pays the lowest of list, member and group
 *    price; 满减 and coupon thresholds still read list prices, and a rate coupon takes its share
 *    of what the lines cost after this step.
 * 2b. credit (issue 39): what the buyer already paid toward a line — for the whole course, the
 *    sections of it they bought before, as paid after refunds — comes off the member price. So an
 *    upgrade costs the course's member price minus the sections paid, then the coupon.
 * 3. 满减: among the promotions in their dates whose threshold the eligible goods reach (judged on
 *    list prices, as the cart shows them), the one that takes off most; ties go to the lower id.
 *    Store-wide (classId null) or one category. Goods only; never stacked.
 * 4. coupon: one, if in its dates and its threshold is reached by its eligible lines' list prices.
 *    满X减Y takes off Y; a rate coupon takes off what the rate takes from its eligible lines'
 *    member price (half up), at most its cap. A coupon that is not 可与满减同享 (issue 39) is
 *    never added to a 满减: the buyer gets the better of the two (the lower goods amount; a tie
 *    keeps the 满减, so the coupon stays unused for another order), and `offerChoice` says which
 *    and why.
 * 4b. staff discount (issue 40, 代客下单): on an order staff build for a customer, the discount
 *    they grant (staffDiscountBp, hundredths of a percent: 500 is 5%) takes that share of the goods
 *    as they stand after the coupon, half up to the fen. Buyers' own orders never carry one (0).
 * 5. the goods never cost less than ¥0.01: a reduction stops there (a coupon left nothing to take
 *    is not used).
 * 6. shipping: goods lines grouped by shipping template; a group is free when its list prices reach
 *    the template's free-above amount, else it costs the fee of the receiver's province (or the
 *    template's base fee). The order pays the dearest group's fee once. Articles never ship.
 */

/** A time as the database keeps it, China time: '2026-11-26 09:30:00' (compares as text). */
export type DbTime = string

export interface PriceLine {
  kind: 'goods' | 'article'
  spuId: number | null
  /** The product's category (product_spus.class_id); null for articles. */
  classId: number | null
  /** The product's shipping template; null means the default template (defaultTemplateId). */
  templateId: number | null
  priceFen: number
  quantity: number
  /** What the buyer already paid toward this line (issue 39: sections of the course bought before); 0 when absent. */
  creditFen?: number
  /** The SKU of a goods line: the server looks up its group price by it (issue 40). */
  skuId?: number | null
  /** The buyer's group price for one unit (issue 40, 协议价) and its price list's title; absent: none. */
  groupPriceFen?: number | null
  groupTitle?: string
}

export interface Promotion {
  id: number
  title: string
  /** null: store-wide; else only this category's goods count and are reduced. */
  classId: number | null
  thresholdFen: number
  offFen: number
  startTime: DbTime
  endTime: DbTime
}

export interface CouponRule {
  /** The customer's coupon (user_coupons.id) at checkout; the coupon's id where nobody holds it yet. */
  id: number
  title: string
  kind: 'amount' | 'rate'
  /** 满X: 0 for no threshold. */
  thresholdFen: number
  /** 减Y, for kind 'amount'. */
  amountFen: number
  /** For kind 'rate', in tenths of 折: 90 is 9折. */
  rateTenths: number
  /** For kind 'rate', the most it takes off; 0 for no cap. */
  capFen: number
  scope: 'all' | 'category' | 'products'
  /** Category ids (scope 'category') or SPU ids (scope 'products'). */
  scopeIds: number[]
  /** Also courses, paid posts and tasks (articles); goods only when false. */
  includeCourses: boolean
  /** 可与满减同享: added to a 满减 when true; when false the better of the two applies. */
  stacksWithPromotion: boolean
  startTime: DbTime
  endTime: DbTime
}

export interface ShippingTemplate {
  id: number
  name: string
  /** Free when the group's list prices reach this; 0 for never free by amount. */
  freeAboveFen: number
  /** The fee where no province rate applies. */
  baseFen: number
  /** Dearer (or cheaper) provinces, by the region picker's province name: 新疆维吾尔自治区. */
  rates: { province: string; feeFen: number }[]
}

export interface PriceInput {
  lines: PriceLine[]
  discountTenths: number
  promotions: Promotion[]
  coupon: CouponRule | null
  templates: ShippingTemplate[]
  defaultTemplateId: number | null
  /** The receiver's province; '' before one is chosen (base fees then). */
  province: string
  at: DbTime
  /** Step 4b: staff's discount on a draft order, in hundredths of a percent (500 = 5%); absent or 0 for none. */
  staffDiscountBp?: number
}

export interface Breakdown {
  subtotalFen: number
  memberOffFen: number
  /** What group prices (协议价) took off the lines they won, from list price; 0 when none did. */
  groupOffFen: number
  /** The titles of the price lists that priced lines, joined by 、; '' when none. */
  groupTitle: string
  /** The credit for what was paid before (sections of an upgraded course), as taken. */
  creditFen: number
  promotion: { id: number; title: string; offFen: number } | null
  /** null when no coupon was given or it does not apply (see couponRefusal). */
  coupon: { id: number; title: string; offFen: number } | null
  /** Set when a coupon that does not stack met a 满减 that applies: which one was kept, and why. */
  offerChoice: OfferChoice | null
  /** Step 4b: what staff's discount on a draft order took off (0 for a buyer's own order). */
  staffOffFen: number
  /** The goods after every reduction (≥ 1 fen when there are goods). */
  goodsFen: number
  shippingFen: number
  totalFen: number
}

/** Which of a 满减 and a coupon that does not stack with it was applied, and the Chinese reason shown. */
export interface OfferChoice {
  applied: 'promotion' | 'coupon'
  reason: string
}

/** The reasons the quote and the order show when a coupon does not stack (OfferChoice). */
export const OFFER_REASONS = {
  promotion: '优惠券不可与满减同享，已为您选择更优惠的满减',
  coupon: '优惠券不可与满减同享，已为您选择更优惠的优惠券',
} as const

/** A held coupon's reason in the quote's list when it is left out for the better 满减. */
export const NOT_WITH_PROMOTION = '不可与满减同享，当前满减更优惠'

const sum = (lines: PriceLine[]) => lines.reduce((s, l) => s + l.priceFen * l.quantity, 0)

/** Step 2a: the line pays its group price, which is below its member price. */
export const groupWins = (l: PriceLine, discountTenths: number): l is PriceLine & { groupPriceFen: number } =>
  l.groupPriceFen != null && l.groupPriceFen * l.quantity < payable(l.priceFen * l.quantity, discountTenths)

/** Steps 2 and 2a: what the lines cost, the member discount on those without a winning group price. */
function memberPriced(lines: PriceLine[], discountTenths: number) {
  const byGroup = lines.filter((l) => groupWins(l, discountTenths))
  const rest = lines.filter((l) => !groupWins(l, discountTenths))
  const groupFen = byGroup.reduce((s, l) => s + (l.groupPriceFen ?? 0) * l.quantity, 0)
  const restFen = sum(rest)
  return {
    memberOffFen: restFen - payable(restFen, discountTenths),
    groupOffFen: sum(byGroup) - groupFen,
    groupTitle: [...new Set(byGroup.map((l) => l.groupTitle ?? '').filter(Boolean))].join('、'),
    fen: payable(restFen, discountTenths) + groupFen,
  }
}
const credit = (lines: PriceLine[]) => lines.reduce((s, l) => s + (l.creditFen ?? 0), 0)
const inDates = (r: { startTime: DbTime; endTime: DbTime }, at: DbTime) =>
  r.startTime <= at && at <= r.endTime

/** The lines a promotion counts and reduces. */
export const promotionLines = (p: Promotion, lines: PriceLine[]) =>
  lines.filter((l) => l.kind === 'goods' && (p.classId === null || l.classId === p.classId))

/** The lines a coupon counts and reduces. */
export function couponLines(c: CouponRule, lines: PriceLine[]) {
  return lines.filter((l) => {
    if (l.kind === 'article') return c.includeCourses
    if (c.scope === 'all') return true
    const key = c.scope === 'category' ? l.classId : l.spuId
    return key !== null && c.scopeIds.includes(key)
  })
}

/**
 * Why a coupon cannot be used on these lines at `at`, in the words the checkout shows, or null
 * when it can: 未到使用时间, 已过期, 不适用于所选商品, 未满¥300可用.
 */
export function couponRefusal(c: CouponRule, lines: PriceLine[], at: DbTime): string | null {
  if (at < c.startTime) return '未到使用时间'
  if (at > c.endTime) return '已过期'
  const eligible = couponLines(c, lines)
  if (eligible.length === 0) return '不适用于所选商品'
  if (sum(eligible) < c.thresholdFen) return `未满¥${(c.thresholdFen / 100).toFixed(2)}可用`
  return null
}

/** The best promotion the lines reach at `at` and its reduction before the ¥0.01 floor. */
function bestPromotion(promotions: Promotion[], lines: PriceLine[], at: DbTime) {
  let best: Promotion | null = null
  for (const p of promotions) {
    if (!inDates(p, at) || sum(promotionLines(p, lines)) < p.thresholdFen || p.thresholdFen <= 0) continue
    if (!best || p.offFen > best.offFen || (p.offFen === best.offFen && p.id < best.id)) best = p
  }
  return best
}

/** What the coupon takes off before the ¥0.01 floor (0 when it does not apply). */
function couponOff(c: CouponRule, lines: PriceLine[], discountTenths: number, at: DbTime): number {
  if (couponRefusal(c, lines, at) !== null) return 0
  if (c.kind === 'amount') return c.amountFen
  // A rate takes its share of what is still to pay: the member price less the credit.
  const eligible = couponLines(c, lines)
  const base = Math.max(0, memberPriced(eligible, discountTenths).fen - credit(eligible))
  const off = base - payable(base, c.rateTenths)
  return c.capFen > 0 ? Math.min(off, c.capFen) : off
}

/** The fee of one template for goods worth `listFen` to `province`. */
export function templateFee(t: ShippingTemplate, listFen: number, province: string): number {
  if (t.freeAboveFen > 0 && listFen >= t.freeAboveFen) return 0
  return t.rates.find((r) => r.province === province)?.feeFen ?? t.baseFen
}

/** The order's shipping: the dearest of its template groups' fees, once; 0 without goods. */
export function shippingFee(
  lines: PriceLine[],
  templates: ShippingTemplate[],
  defaultTemplateId: number | null,
  province: string,
): number {
  const groups = new Map<number, number>()
  for (const l of lines) {
    const id = l.kind === 'goods' ? (l.templateId ?? defaultTemplateId) : null
    if (id !== null) groups.set(id, (groups.get(id) ?? 0) + l.priceFen * l.quantity)
  }
  let fee = 0
  for (const [id, listFen] of groups) {
    const t = templates.find((x) => x.id === id)
    if (t) fee = Math.max(fee, templateFee(t, listFen, province))
  }
  return fee
}

/**
 * priceOrder(input) → the order's every figure, in fen. Pure and integer-only: the server stores
 * exactly this breakdown, and the cart and checkout show it before anything is sent.
 */
export function priceOrder(input: PriceInput): Breakdown {
  const { lines, discountTenths, at } = input
  const subtotalFen = sum(lines)
  const { memberOffFen, groupOffFen, groupTitle } = memberPriced(lines, discountTenths)
  let left = subtotalFen - memberOffFen - groupOffFen
  // The goods never go below 1 fen: every reduction is cut to what is left above it.
  const take = (want: number) => {
    const off = Math.max(0, Math.min(want, left - 1))
    left -= off
    return off
  }
  const creditFen = take(credit(lines))
  let p = bestPromotion(input.promotions, lines, at)
  let c = input.coupon
  const cOff = c ? couponOff(c, lines, discountTenths, at) : 0
  let offerChoice: OfferChoice | null = null
  if (p && c && cOff > 0 && !c.stacksWithPromotion) {
    // Each alone, cut at the same ¥0.01 floor: the larger cut is the lower price.
    const cut = (want: number) => Math.max(0, Math.min(want, left - 1))
    const applied = cut(cOff) > cut(p.offFen) ? 'coupon' : 'promotion'
    offerChoice = { applied, reason: OFFER_REASONS[applied] }
    if (applied === 'coupon') p = null
    else c = null
  }
  const promotion = p ? { id: p.id, title: p.title, offFen: take(p.offFen) } : null
  // A coupon the ¥0.01 floor leaves nothing to take (after an upgrade's credit, say) is not used up.
  const cTaken = c && cOff > 0 ? take(cOff) : 0
  const coupon = c && cTaken > 0 ? { id: c.id, title: c.title, offFen: cTaken } : null
  // 4b: staff's discount, a share of what the goods cost now, half up to the fen.
  const bp = input.staffDiscountBp ?? 0
  const staffOffFen = bp > 0 ? take(Math.floor((left * bp + 5_000) / 10_000)) : 0
  const shippingFen = shippingFee(lines, input.templates, input.defaultTemplateId, input.province)
  const goodsFen = lines.length === 0 ? 0 : left
  return {
    subtotalFen,
    memberOffFen,
    groupOffFen,
    groupTitle,
    creditFen,
    promotion,
    coupon,
    offerChoice,
    staffOffFen,
    goodsFen,
    shippingFen,
    totalFen: goodsFen + shippingFen,
  }
}

/**
 * The coupon the checkout preselects: of those that apply, the one that lowers the total most
 * (ties: the one that ends soonest, then the lower id); null when none applies.
 */
export function bestCoupon(input: Omit<PriceInput, 'coupon'>, coupons: CouponRule[]): CouponRule | null {
  let best: { c: CouponRule; total: number } | null = null
  for (const c of coupons) {
    const b = priceOrder({ ...input, coupon: c })
    if (!b.coupon) continue
    const better =
      !best ||
      b.totalFen < best.total ||
      (b.totalFen === best.total &&
        (c.endTime < best.c.endTime || (c.endTime === best.c.endTime && c.id < best.c.id)))
    if (better) best = { c, total: b.totalFen }
  }
  return best?.c ?? null
}

/**
 * The cart's hint: the nearest promotion not yet reached that would take off more than the one
 * reached now — { needFen: 2000, offFen: 3000 } reads 再买¥20.00可减¥30.00 — or null.
 */
export function nextPromotion(
  promotions: Promotion[],
  lines: PriceLine[],
  at: DbTime,
): { promotion: Promotion; needFen: number } | null {
  const now = bestPromotion(promotions, lines, at)?.offFen ?? 0
  let next: { promotion: Promotion; needFen: number } | null = null
  for (const p of promotions) {
    if (!inDates(p, at) || p.offFen <= now) continue
    const counted = promotionLines(p, lines)
    if (p.classId !== null && counted.length === 0) continue
    const needFen = p.thresholdFen - sum(counted)
    if (needFen > 0 && (!next || needFen < next.needFen)) next = { promotion: p, needFen }
  }
  return next
}

/** The label a product shows for its template: 包邮, 满¥99.00包邮, or null when it ships for a fee. */
export function shippingLabel(t: ShippingTemplate | undefined): string | null {
  if (!t) return null
  if (t.baseFen === 0 && t.rates.every((r) => r.feeFen === 0)) return '包邮'
  return t.freeAboveFen > 0 ? `满¥${(t.freeAboveFen / 100).toFixed(2)}包邮` : null
}

const yuanText = (fen: number) => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2))

/**
 * What a coupon does, as tickets and lists print it: 满300减30, 无门槛减10, 9折，最多减50,
 * 满200享8.5折. The wire, the checkout and the back office all show this one text.
 */
export function couponRuleText(
  c: Pick<CouponRule, 'kind' | 'thresholdFen' | 'amountFen' | 'rateTenths' | 'capFen'>,
) {
  const at = c.thresholdFen > 0 ? `满${yuanText(c.thresholdFen)}` : ''
  if (c.kind === 'amount') return at ? `${at}减${yuanText(c.amountFen)}` : `无门槛减${yuanText(c.amountFen)}`
  const rate = `${c.rateTenths / 10}折`
  const cap = c.capFen > 0 ? `，最多减${yuanText(c.capFen)}` : ''
  return `${at ? `${at}享` : ''}${rate}${cap}`
}

/** Where a coupon applies: 全场商品, 指定分类, 指定商品, each with 及课程 when courses count too. */
export function couponScopeText(c: Pick<CouponRule, 'scope' | 'includeCourses'>) {
  const base = c.scope === 'category' ? '指定分类' : c.scope === 'products' ? '指定商品' : '全场商品'
  return c.includeCourses ? `${base}及课程` : base
}

/**
 * What each line of an order paid (issue 38): the goods' total after every reduction (member
 * discount, 满减, coupon) split over the lines in proportion to their list amounts, the fen left
 * by rounding going to the lines with the largest remainders, so the shares always add up to
 * `goodsFen`. The reductions are order-wide figures once stored, so this is the one split a
 * refund of some lines can rely on. lineShares([3000, 1000], 3600) → [2700, 900]
 */
export function lineShares(listFens: number[], goodsFen: number): number[] {
  const total = listFens.reduce((s, x) => s + x, 0)
  if (total <= 0) return listFens.map(() => 0)
  const exact = listFens.map((x) => (x * goodsFen) / total)
  const shares = exact.map(Math.floor)
  let left = goodsFen - shares.reduce((s, x) => s + x, 0)
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    shares[i] = (shares[i] ?? 0) + 1
    left--
  }
  return shares
}

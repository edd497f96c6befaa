import { describe, expect, it } from 'vitest'
import {
  bestCoupon,
  type CouponRule,
  couponRuleText,
  couponScopeText,
  nextPromotion,
  OFFER_REASONS,
  type PriceInput,
  type PriceLine,
  type Promotion,
  priceOrder,
  type ShippingTemplate,
  shippingLabel,
} from '../../src/lib/rules/pricing.ts'

const at = '2026-11-26 10:00:00'
const dates = { startTime: '2026-11-01 00:00:00', endTime: '2026-12-31 23:59:59' }
const goods = (priceFen: number, quantity = 1, more: Partial<PriceLine> = {}): PriceLine => ({
  kind: 'goods',
  spuId: 1,
  classId: 5,
  templateId: null,
  priceFen,
  quantity,
  ...more,
})
const promo = (
  id: number,
  thresholdFen: number,
  offFen: number,
  classId: number | null = null,
): Promotion => ({
  id,
  title: `满${thresholdFen / 100}减${offFen / 100}`,
  classId,
  thresholdFen,
  offFen,
  ...dates,
})
const coupon = (more: Partial<CouponRule>): CouponRule => ({
  id: 1,
  title: '券',
  kind: 'amount',
  thresholdFen: 0,
  amountFen: 0,
  rateTenths: 100,
  capFen: 0,
  scope: 'all',
  scopeIds: [],
  includeCourses: false,
  // The coupons made before issue 39 stack; the tests of one that does not say so.
  stacksWithPromotion: true,
  ...dates,
  ...more,
})
const standard: ShippingTemplate = {
  id: 1,
  name: '标准',
  freeAboveFen: 9900,
  baseFen: 1000,
  rates: [{ province: '新疆维吾尔自治区', feeFen: 2500 }],
}
const free: ShippingTemplate = { id: 2, name: '包邮', freeAboveFen: 0, baseFen: 0, rates: [] }
const input = (more: Partial<PriceInput>): PriceInput => ({
  lines: [],
  discountTenths: 100,
  promotions: [],
  coupon: null,
  templates: [standard, free],
  defaultTemplateId: 1,
  province: '北京市',
  at,
  ...more,
})

describe('priceOrder: group prices (issue 40, step 2a)', () => {
  it('each line pays the lowest of list, member and group price', () => {
    // Line A: list ¥100 × 2, group ¥80 < member 9折 ¥90 → ¥160 (group off ¥40).
    // Line B: list ¥50 × 1, group ¥48 > member ¥45 → member 9折 on B only: ¥45 (member off ¥5).
    const b = priceOrder(
      input({
        discountTenths: 90,
        lines: [
          goods(10_000, 2, { groupPriceFen: 8_000, groupTitle: '合作医院价' }),
          goods(5_000, 1, { groupPriceFen: 4_800, groupTitle: '合作医院价' }),
        ],
      }),
    )
    expect([b.subtotalFen, b.groupOffFen, b.memberOffFen, b.goodsFen]).toEqual([25_000, 4_000, 500, 20_500])
    expect(b.groupTitle).toBe('合作医院价')
  })

  it('a group price above the list price, or none, changes nothing', () => {
    const plain = priceOrder(input({ discountTenths: 85, lines: [goods(19_999, 2)] }))
    const dear = priceOrder(
      input({ discountTenths: 85, lines: [goods(19_999, 2, { groupPriceFen: 30_000 })] }),
    )
    expect(dear).toEqual(plain)
    expect(plain.groupOffFen).toBe(0)
  })

  it('a rate coupon takes its share of the group-priced amount; thresholds read list prices', () => {
    // List ¥100, group ¥60: 9折 coupon with 满100 threshold (reached on the list price) → ¥6 off.
    const b = priceOrder(
      input({
        lines: [goods(10_000, 1, { groupPriceFen: 6_000, groupTitle: 'A' })],
        coupon: coupon({ kind: 'rate', rateTenths: 90, thresholdFen: 10_000 }),
      }),
    )
    expect([b.groupOffFen, b.coupon?.offFen, b.goodsFen]).toEqual([4_000, 600, 5_400])
  })
})

describe('priceOrder', () => {
  it('applies member discount, 满减, coupon, then shipping, each figure by hand', () => {
    // 2 × ¥199.99 = ¥399.98; 8.5折 → 339.983 → ¥339.98 (member off ¥60.00);
    // 满300减30 reached on list prices (399.98 ≥ 300) → ¥309.98; 满200减20 coupon → ¥289.98;
    // list 399.98 ≥ 99 → free shipping in 北京.
    const b = priceOrder(
      input({
        lines: [goods(19_999, 2)],
        discountTenths: 85,
        promotions: [promo(1, 30_000, 3_000), promo(2, 10_000, 500)],
        coupon: coupon({ thresholdFen: 20_000, amountFen: 2_000 }),
      }),
    )
    expect(b).toEqual({
      subtotalFen: 39_998,
      memberOffFen: 6_000,
      groupOffFen: 0,
      groupTitle: '',
      creditFen: 0,
      promotion: { id: 1, title: '满300减30', offFen: 3_000 },
      coupon: { id: 1, title: '券', offFen: 2_000 },
      offerChoice: null,
      staffOffFen: 0,
      goodsFen: 28_998,
      shippingFen: 0,
      totalFen: 28_998,
    })
  })

  it('charges the province fee below free-above, the dearest group once', () => {
    // ¥50 standard goods to 新疆: ¥25; plus a 包邮 product: still ¥25 once.
    const lines = [goods(5_000), goods(3_000, 1, { spuId: 2, templateId: 2 })]
    const b = priceOrder(input({ lines, province: '新疆维吾尔自治区' }))
    expect(b.shippingFen).toBe(2_500)
    expect(b.totalFen).toBe(8_000 + 2_500)
    expect(priceOrder(input({ lines })).shippingFen).toBe(1_000)
    expect(priceOrder(input({ lines: [goods(9_900)], province: '新疆维吾尔自治区' })).shippingFen).toBe(0)
  })

  it('takes a rate coupon off the member price of its lines, half up, at most its cap', () => {
    // Category 5 line ¥100 × 9折 member = ¥90; 8折 coupon takes ¥18 off it; the class-6 line is not in scope.
    const lines = [goods(10_000), goods(5_000, 1, { spuId: 2, classId: 6 })]
    const rate = coupon({ kind: 'rate', rateTenths: 80, scope: 'category', scopeIds: [5] })
    expect(priceOrder(input({ lines, discountTenths: 90, coupon: rate })).coupon?.offFen).toBe(1_800)
    expect(
      priceOrder(input({ lines, discountTenths: 90, coupon: { ...rate, capFen: 1_000 } })).coupon?.offFen,
    ).toBe(1_000)
    // 8.5折 of ¥0.03: 0.0255 off → goods 3 fen; 3 × 0.85 = 2.55 → 3, so nothing comes off (half up).
    expect(
      priceOrder(input({ lines: [goods(3)], coupon: { ...rate, rateTenths: 85, scope: 'all' } })).coupon,
    ).toBe(null)
  })

  it('takes the credit for sections paid after the member discount, before the coupon (issue 39)', () => {
    // ¥100 course × 9折 = ¥90; ¥27 paid for sections → ¥63; a ¥10 coupon → ¥53.
    const course = (creditFen: number): PriceLine => ({ ...goods(10_000), kind: 'article', creditFen })
    const cc = coupon({ amountFen: 1_000, includeCourses: true })
    const b = priceOrder(input({ lines: [course(2_700)], discountTenths: 90, coupon: cc }))
    expect([b.memberOffFen, b.creditFen, b.coupon?.offFen, b.totalFen]).toEqual([1_000, 2_700, 1_000, 5_300])
    // A rate coupon takes its share of what is left to pay: 8折 of ¥63 = ¥12.60.
    const rate = coupon({ kind: 'rate', rateTenths: 80, includeCourses: true })
    expect(
      priceOrder(input({ lines: [course(2_700)], discountTenths: 90, coupon: rate })).coupon?.offFen,
    ).toBe(1_260)
    // More paid than the course costs: ¥0.01, and the coupon, left nothing to take, is not used.
    const floor = priceOrder(input({ lines: [course(9_500)], discountTenths: 90, coupon: cc }))
    expect([floor.creditFen, floor.coupon, floor.totalFen]).toEqual([8_999, null, 1])
  })

  it("takes staff's discount on a draft order after the coupon, half up (step 4b, issue 40)", () => {
    // ¥333 × 9折 = ¥299.70; 满300减30 (on list prices) → ¥269.70; ¥10 coupon → ¥259.70; 2.5% of that is ¥6.4925 → ¥6.49.
    const b = priceOrder(
      input({
        lines: [goods(33_300)],
        discountTenths: 90,
        promotions: [promo(1, 30_000, 3_000)],
        coupon: coupon({ amountFen: 1_000 }),
        staffDiscountBp: 250,
      }),
    )
    expect([b.memberOffFen, b.promotion?.offFen, b.coupon?.offFen, b.staffOffFen, b.goodsFen]).toEqual([
      3_330, 3_000, 1_000, 649, 25_321,
    ])
    // None by default; never below ¥0.01.
    expect(priceOrder(input({ lines: [goods(33_300)] })).staffOffFen).toBe(0)
    expect(priceOrder(input({ lines: [goods(1)], staffDiscountBp: 9_999 })).goodsFen).toBe(1)
  })

  it('never takes the goods below ¥0.01', () => {
    const b = priceOrder(input({ lines: [goods(1_000)], coupon: coupon({ amountFen: 5_000 }) }))
    expect(b.coupon?.offFen).toBe(999)
    expect(b.goodsFen).toBe(1)
  })

  it('counts only in-scope, in-date lines and never ships or reduces articles by 满减', () => {
    const course: PriceLine = {
      kind: 'article',
      spuId: null,
      classId: null,
      templateId: null,
      priceFen: 50_000,
      quantity: 1,
    }
    const b = priceOrder(input({ lines: [course], promotions: [promo(1, 30_000, 3_000)] }))
    expect(b.promotion).toBe(null)
    expect(b.shippingFen).toBe(0)
    expect(priceOrder(input({ lines: [course], coupon: coupon({ amountFen: 100 }) })).coupon).toBe(null)
    expect(
      priceOrder(input({ lines: [course], coupon: coupon({ amountFen: 100, includeCourses: true }) }))
        .totalFen,
    ).toBe(49_900)
    const expired = promo(1, 100, 50)
    expired.endTime = '2026-11-25 23:59:59'
    expect(priceOrder(input({ lines: [goods(1_000)], promotions: [expired] })).promotion).toBe(null)
    expect(priceOrder(input({ lines: [goods(1_000)], promotions: [promo(1, 500, 100, 9)] })).promotion).toBe(
      null,
    )
  })
})

describe('a coupon that is not 可与满减同享 (issue 39)', () => {
  // ¥400 of goods, 满300减30 reached.
  const lines = [goods(40_000)]
  const promotions = [promo(1, 30_000, 3_000)]
  const alone = (more: Partial<CouponRule>) => coupon({ stacksWithPromotion: false, ...more })

  it('gives the 满减 when it takes off more, and says why', () => {
    const b = priceOrder(input({ lines, promotions, coupon: alone({ amountFen: 2_000 }) }))
    expect(b.promotion).toEqual({ id: 1, title: '满300减30', offFen: 3_000 })
    expect(b.coupon).toBe(null)
    expect(b.offerChoice).toEqual({ applied: 'promotion', reason: OFFER_REASONS.promotion })
    expect(b.offerChoice?.reason).toBe('优惠券不可与满减同享，已为您选择更优惠的满减')
    expect(b.totalFen).toBe(37_000)
  })

  it('gives the coupon when it takes off more, and says why', () => {
    // 8折 of ¥400 takes ¥80 off, more than the ¥30 of the 满减.
    const b = priceOrder(input({ lines, promotions, coupon: alone({ kind: 'rate', rateTenths: 80 }) }))
    expect(b.promotion).toBe(null)
    expect(b.coupon).toEqual({ id: 1, title: '券', offFen: 8_000 })
    expect(b.offerChoice).toEqual({
      applied: 'coupon',
      reason: '优惠券不可与满减同享，已为您选择更优惠的优惠券',
    })
    expect(b.totalFen).toBe(32_000)
  })

  it('keeps the 满减 on a tie (the coupon stays for another order) and measures both at the ¥0.01 floor', () => {
    const tie = priceOrder(input({ lines, promotions, coupon: alone({ amountFen: 3_000 }) }))
    expect([tie.promotion?.offFen, tie.coupon, tie.offerChoice?.applied]).toEqual([3_000, null, 'promotion'])
    // ¥10 of goods, 满5减9.99 and a ¥50 coupon: both would bring it to ¥0.01, so the 满减 stays.
    const floor = priceOrder(
      input({ lines: [goods(1_000)], promotions: [promo(2, 500, 999)], coupon: alone({ amountFen: 5_000 }) }),
    )
    expect([floor.goodsFen, floor.coupon, floor.offerChoice?.applied]).toEqual([1, null, 'promotion'])
  })

  it('stacks when marked so, and makes no choice without a 满减 or with a coupon that does not apply', () => {
    const both = priceOrder(
      input({ lines, promotions, coupon: alone({ amountFen: 2_000, stacksWithPromotion: true }) }),
    )
    expect([both.promotion?.offFen, both.coupon?.offFen, both.offerChoice, both.totalFen]).toEqual([
      3_000,
      2_000,
      null,
      35_000,
    ])
    const noPromo = priceOrder(input({ lines, coupon: alone({ amountFen: 2_000 }) }))
    expect([noPromo.coupon?.offFen, noPromo.offerChoice]).toEqual([2_000, null])
    const unreached = priceOrder(
      input({ lines, promotions, coupon: alone({ amountFen: 9_000, thresholdFen: 90_000 }) }),
    )
    expect([unreached.promotion?.offFen, unreached.coupon, unreached.offerChoice]).toEqual([
      3_000,
      null,
      null,
    ])
  })

  it('preselects only a coupon that beats the 满减', () => {
    expect(bestCoupon(input({ lines, promotions }), [alone({ amountFen: 2_000 })])).toBe(null)
    const rate = alone({ id: 2, kind: 'rate', rateTenths: 80 })
    expect(bestCoupon(input({ lines, promotions }), [alone({ amountFen: 2_000 }), rate])?.id).toBe(2)
  })
})

describe('bestCoupon and nextPromotion', () => {
  it('preselects the coupon that lowers the total most', () => {
    const lines = [goods(30_000)]
    const a = coupon({ id: 1, amountFen: 2_000 })
    const b = coupon({ id: 2, kind: 'rate', rateTenths: 90 }) // ¥30
    const c = coupon({ id: 3, amountFen: 9_000, thresholdFen: 50_000 }) // not reached
    expect(bestCoupon(input({ lines }), [a, b, c])?.id).toBe(2)
    expect(bestCoupon(input({ lines: [] }), [a])).toBe(null)
  })

  it('tells the cart how much more reaches a bigger 满减', () => {
    const promotions = [promo(1, 30_000, 3_000), promo(2, 50_000, 6_000)]
    expect(nextPromotion(promotions, [goods(28_000)], at)).toEqual({
      promotion: promotions[0],
      needFen: 2_000,
    })
    expect(nextPromotion(promotions, [goods(30_000)], at)).toEqual({
      promotion: promotions[1],
      needFen: 20_000,
    })
    expect(nextPromotion(promotions, [goods(50_000)], at)).toBe(null)
  })

  it('labels templates', () => {
    expect(shippingLabel(free)).toBe('包邮')
    expect(shippingLabel(standard)).toBe('满¥99.00包邮')
    expect(shippingLabel({ ...standard, freeAboveFen: 0 })).toBe(null)
  })
})

describe('coupon texts', () => {
  it('prints the rule and the scope', () => {
    expect(couponRuleText(coupon({ thresholdFen: 30_000, amountFen: 3_000 }))).toBe('满300减30')
    expect(couponRuleText(coupon({ amountFen: 1_050 }))).toBe('无门槛减10.50')
    expect(couponRuleText(coupon({ kind: 'rate', rateTenths: 90, capFen: 5_000 }))).toBe('9折，最多减50')
    expect(couponRuleText(coupon({ kind: 'rate', rateTenths: 85, thresholdFen: 20_000 }))).toBe(
      '满200享8.5折',
    )
    expect(couponScopeText(coupon({ scope: 'category', includeCourses: true }))).toBe('指定分类及课程')
    expect(couponScopeText(coupon({}))).toBe('全场商品')
  })
})

import { describe, expect, it } from 'vitest'
import type { Coupon, PromotionOffer } from '../../src/lib/api/types.ts'
import { type CartItem, cartPromotion } from '../../src/lib/stores/cart.ts'
import {
  chinaNow,
  couponsFor,
  promotionRule,
  promotionsFor,
  promotionText,
} from '../../src/lib/view/offers.ts'

const promo = (
  id: number,
  threshold: number,
  off: number,
  classId: number | null = null,
): PromotionOffer => ({
  id,
  title: `满${threshold}减${off}`,
  classId,
  threshold,
  off,
  startTime: '2026-01-01 00:00:00',
  endTime: '2026-12-31 23:59:59',
})
const coupon = (id: number, scope: Coupon['scope'], scopeIds: number[] = []): Coupon => ({
  id,
  title: `券${id}`,
  kind: 'amount',
  threshold: 100,
  amount: 10,
  rate: 10,
  cap: 0,
  scope,
  scopeIds,
  includeCourses: false,
  stacksWithPromotion: false,
  startTime: '2026-01-01 00:00:00',
  endTime: '2026-12-31 23:59:59',
  left: 5,
  perUserLimit: 1,
  ruleText: '满100减10',
  scopeText: '全场商品',
})
const line = (id: number, price: number, qty: number, classId: number | null, checked = true): CartItem => ({
  id,
  spuId: id,
  title: `t${id}`,
  img: '',
  price,
  qty,
  checked,
  classId,
})
const AT = '2026-06-01 12:00:00'

describe('offers of one product', () => {
  it('shows store-wide promotions and its category’s, lowest threshold first', () => {
    const list = [promo(1, 500, 60), promo(2, 300, 30), promo(3, 200, 20, 7), promo(4, 100, 5, 8)]
    expect(promotionsFor({ id: 1, classId: 7 }, list).map((x) => x.id)).toEqual([3, 2, 1])
    expect(promotionsFor({ id: 1, classId: null }, list).map((x) => x.id)).toEqual([2, 1])
    expect(promotionText(promo(9, 299.9, 30))).toBe('满299.9减30')
  })
  it('takes the coupons whose scope holds the product', () => {
    const list = [
      coupon(1, 'all'),
      coupon(2, 'category', [7]),
      coupon(3, 'products', [5, 6]),
      coupon(4, 'category', [8]),
    ]
    expect(couponsFor({ id: 5, classId: 7 }, list).map((c) => c.id)).toEqual([1, 2, 3])
    expect(couponsFor({ id: 9, classId: null }, list).map((c) => c.id)).toEqual([1])
  })
  it('reads wire yuan as fen and tells China time whatever the zone', () => {
    expect(promotionRule(promo(1, 299.99, 30.1))).toMatchObject({ thresholdFen: 29999, offFen: 3010 })
    expect(chinaNow(Date.UTC(2026, 0, 1, 19, 4, 5))).toBe('2026-01-02 03:04:05')
  })
})

describe('the cart’s 满减 hint', () => {
  const promotions = [promo(1, 300, 30), promo(2, 500, 60), promo(3, 100, 15, 7)].map(promotionRule)
  it('below every threshold: the nearest one, with what is missing', () => {
    const r = cartPromotion([line(1, 140, 2, 8)], promotions, AT)
    expect(r.reached).toBeNull()
    expect(r.next).toEqual({ needFen: 2000, offFen: 3000, title: '满300减30' })
    expect(r.payFen).toBe(28000)
  })
  it('a threshold reached: 已减 and the next that takes off more', () => {
    const r = cartPromotion([line(1, 140, 2, 8), line(2, 20, 1, 8)], promotions, AT)
    expect(r.reached).toMatchObject({ id: 1, offFen: 3000 })
    expect(r.next).toEqual({ needFen: 20000, offFen: 6000, title: '满500减60' })
    expect(r.payFen).toBe(27000)
  })
  it('counts only selected lines, and a category’s promotion only its goods', () => {
    const r = cartPromotion([line(1, 60, 2, 7), line(2, 500, 1, 8, false)], promotions, AT)
    // 120 of category 7 reach 满100减15; the unchecked ¥500 counts for nothing.
    expect(r.reached).toMatchObject({ id: 3, offFen: 1500 })
    expect(r.next).toEqual({ needFen: 18000, offFen: 3000, title: '满300减30' })
  })
})

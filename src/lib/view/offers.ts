/**
 * What the shop offers on one product (issue 24): the 满减 promotions and the coupons whose scope
 * takes it in. Pure, so the build (one GetPromotionsList and one GetCouponsList for every page,
 * not one call per product) and the coupon island pick the same ones.
 */
import type { Coupon, PromotionOffer } from '../api/types.ts'
import type { Promotion } from '../rules/pricing.ts'

type Product = { id: number; classId: number | null }

/** shortYuan(300) → '300', shortYuan(29.9) → '29.9': the figures of a chip, without trailing zeros. */
export const shortYuan = (yuan: number) => String(Math.round(yuan * 100) / 100)

/** The promotions that count this product: store-wide ones and those of its category; lowest threshold first. */
export function promotionsFor(p: Product, list: readonly PromotionOffer[]): PromotionOffer[] {
  return list
    .filter((x) => x.classId === null || x.classId === p.classId)
    .sort((a, b) => a.threshold - b.threshold || a.id - b.id)
}

/** 满300减30 */
export const promotionText = (x: Pick<PromotionOffer, 'threshold' | 'off'>) =>
  `满${shortYuan(x.threshold)}减${shortYuan(x.off)}`

/** The coupons whose scope takes in this product, in the list's order (largest first). */
export function couponsFor(p: Product, list: readonly Coupon[]): Coupon[] {
  return list.filter((c) => {
    if (c.scope === 'all') return true
    const key = c.scope === 'category' ? p.classId : p.id
    return key !== null && c.scopeIds.includes(key)
  })
}

/** A wire promotion (yuan) as the pricing rule reads it (fen). */
export const promotionRule = (x: PromotionOffer): Promotion => ({
  id: x.id,
  title: x.title,
  classId: x.classId,
  thresholdFen: Math.round(x.threshold * 100),
  offFen: Math.round(x.off * 100),
  startTime: x.startTime,
  endTime: x.endTime,
})

/** Now as the database writes times: China wall-clock, '2026-11-26 09:30:00', whatever the browser's zone. */
export const chinaNow = (now = Date.now()) =>
  new Date(now + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')

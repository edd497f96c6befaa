import type { Selectable } from 'kysely'
import type { CouponRule } from '../../../src/lib/rules/pricing.ts'
import type { CouponsTable } from '../../db/schema.ts'

/** A coupon row as the pricing rule reads it; `id` is the claimed coupon's id when there is one. */
export function couponRule(c: Selectable<CouponsTable>, id = c.id): CouponRule {
  return {
    id,
    title: c.title,
    kind: c.kind === 'rate' ? 'rate' : 'amount',
    thresholdFen: c.threshold_fen,
    amountFen: c.amount_fen,
    rateTenths: c.rate_tenths,
    capFen: c.cap_fen,
    scope: c.scope === 'category' || c.scope === 'products' ? c.scope : 'all',
    scopeIds: c.scope_ids
      .split(',')
      .map((s) => Number(s))
      .filter((n) => Number.isInteger(n) && n > 0),
    includeCourses: c.include_courses === 1,
    stacksWithPromotion: c.stacks_with_promotion === 1,
    startTime: c.start_time,
    endTime: c.end_time,
  }
}

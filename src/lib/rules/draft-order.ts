/**
 * Orders staff build for a customer (代客下单, issue 40): the discount a staff member may grant.
 * The server refuses with these words; the back office's editor shows them before sending.
 */

/** An operator grants at most this percentage; admin any below 100. */
export const OPERATOR_DISCOUNT_MAX = 5

/** 10 → 1000 basis points, 2.5 → 250: what priceOrder's step 4b takes (staffDiscountBp). */
export const percentToBp = (percent: number) => Math.round(percent * 100)

/**
 * Why `percent` may not be granted by a staff member with `roles`, or null when it may:
 * checkStaffDiscount(6, ['operator']) → '运营人员的折扣不能超过5%，请联系管理员'.
 */
export function checkStaffDiscount(percent: number, roles: readonly string[]): string | null {
  if (!Number.isFinite(percent) || percent < 0 || percent >= 100) return '折扣须在0到100%之间（不含100%）'
  if (Math.abs(percent * 100 - Math.round(percent * 100)) > 1e-6) return '折扣最多保留两位小数'
  if (!roles.includes('admin') && percent > OPERATOR_DISCOUNT_MAX)
    return `运营人员的折扣不能超过${OPERATOR_DISCOUNT_MAX}%，请联系管理员`
  return null
}

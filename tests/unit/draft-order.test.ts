import { describe, expect, it } from 'vitest'
import { checkStaffDiscount, percentToBp } from '../../src/lib/rules/draft-order.ts'

describe('the discount staff may give on a draft order (代客下单)', () => {
  it('lets an operator give up to 5%, admin anything below 100%, two decimals at most', () => {
    expect(checkStaffDiscount(5, ['operator'])).toBeNull()
    expect(checkStaffDiscount(5.01, ['operator'])).toBe('运营人员的折扣不能超过5%，请联系管理员')
    expect(checkStaffDiscount(99.99, ['admin'])).toBeNull()
    expect(checkStaffDiscount(100, ['admin'])).toBe('折扣须在0到100%之间（不含100%）')
    expect(checkStaffDiscount(-1, ['admin'])).toBe('折扣须在0到100%之间（不含100%）')
    expect(checkStaffDiscount(Number.NaN, ['admin'])).toBe('折扣须在0到100%之间（不含100%）')
    expect(checkStaffDiscount(2.555, ['operator'])).toBe('折扣最多保留两位小数')
    expect(checkStaffDiscount(0, ['operator'])).toBeNull()
  })

  it('reads a percentage as basis points for priceOrder', () => {
    expect([percentToBp(5), percentToBp(2.5), percentToBp(0.01), percentToBp(4.35)]).toEqual([
      500, 250, 1, 435,
    ])
  })
})

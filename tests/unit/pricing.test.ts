import { describe, expect, it } from 'vitest'
import { discountLine, discountZhe, payable } from '../../src/lib/rules/pricing.ts'

describe('payable', () => {
  it('is the total at full price', () => {
    expect(payable(0, 100)).toBe(0)
    expect(payable(1999, 100)).toBe(1999)
  })
  it('rounds to the fen half up', () => {
    // 1999 × 0.85 = 1699.15 → 1699; 1 × 0.85 = 0.85 → 1; 3 × 0.85 = 2.55 → 3; 10 × 0.85 = 8.5 → 9
    expect(payable(1999, 85)).toBe(1699)
    expect(payable(1, 85)).toBe(1)
    expect(payable(3, 85)).toBe(3)
    expect(payable(10, 85)).toBe(9)
    expect(payable(11, 85)).toBe(9) // 9.35
    expect(payable(13, 85)).toBe(11) // 11.05
    expect(payable(15, 90)).toBe(14) // 13.5 → 14
    expect(payable(25, 80)).toBe(20)
  })
  it('keeps exact integers where floats would drift', () => {
    // 1.15 × 85 in floats is 97.74999…; in fen it is 115 × 85 = 9775 → 97.75 → 98
    expect(payable(115, 85)).toBe(98)
    expect(payable(99_999_999, 85)).toBe(84_999_999) // 84999999.15
  })
})

describe('discountLine', () => {
  it('names the discount in 折, none at full price', () => {
    expect(discountLine(85)).toBe('8.5折')
    expect(discountLine(90)).toBe('9折')
    expect(discountLine(100)).toBeNull()
    expect(discountLine(120)).toBeNull()
    expect(discountZhe(85)).toBe(8.5)
    expect(discountZhe(100)).toBe(10)
  })
})

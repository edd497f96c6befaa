import { afterEach, describe, expect, it, vi } from 'vitest'
import { showMemberPrice } from '../../src/components/detail/member-price.ts'
import { STORAGE_TOKENS, STORAGE_USERS } from '../../src/lib/api/http.ts'
import { discountTenthsOf, MEMBER_HINT, memberPrice } from '../../src/lib/rules/member-price.ts'
import { payable } from '../../src/lib/rules/pricing.ts'

describe('memberPrice', () => {
  it('is the unit price at the member discount, rounded half up to the fen like the order', () => {
    expect(memberPrice(199.9, 85)).toBe('会员价 ¥169.92') // 16991.5 fen → 16992
    expect(memberPrice(199.9, 90)).toBe('会员价 ¥179.91') // 17991 fen
    expect(memberPrice(0.05, 90)).toBe('会员价 ¥0.05') // 4.5 fen → 5
    expect(memberPrice(12800, 80)).toBe('会员价 ¥10240.00')
    // The same function the server prices an order with.
    for (const [yuan, tenths] of [
      [35.9, 85],
      [1999, 95],
      [0.99, 88],
    ] as const)
      expect(memberPrice(yuan, tenths)).toBe(
        `会员价 ¥${(payable(Math.round(yuan * 100), tenths) / 100).toFixed(2)}`,
      )
  })

  it('is null at full price, for a free item and for what is not a price or a discount', () => {
    expect(memberPrice(199.9, 100)).toBeNull()
    expect(memberPrice(0, 85)).toBeNull()
    expect(memberPrice(Number.NaN, 85)).toBeNull()
    expect(memberPrice(1.234, 85)).toBeNull()
    expect(memberPrice(10, 0)).toBeNull()
    expect(memberPrice(10, 8.5)).toBeNull()
  })

  it('reads the profile discount in 折', () => {
    expect(discountTenthsOf(8.5)).toBe(85)
    expect(discountTenthsOf(9)).toBe(90)
    expect(discountTenthsOf(10)).toBe(100)
    expect(discountTenthsOf(0)).toBe(100)
    expect(discountTenthsOf(undefined)).toBe(100)
    expect(discountTenthsOf('9')).toBe(100)
  })
})

describe('showMemberPrice', () => {
  const el = () => ({ textContent: '', dataset: {} as Record<string, string> }) as unknown as HTMLElement
  const signedIn = (user: object | null) => {
    const items: Record<string, string> = user
      ? { [STORAGE_TOKENS]: 't', [STORAGE_USERS]: JSON.stringify(user) }
      : {}
    vi.stubGlobal('localStorage', { getItem: (k: string) => items[k] ?? null })
  }
  afterEach(() => vi.unstubAllGlobals())

  it('shows a member with a discount their price, everyone else the hint', () => {
    const e = el()
    signedIn({ id: 1, nickName: 'a', avatarUrl: '', discount: 8.5 })
    showMemberPrice(e, 199.9)
    expect(e.textContent).toBe('会员价 ¥169.92')
    signedIn({ id: 1, nickName: 'a', avatarUrl: '', discount: 10 })
    showMemberPrice(e, 199.9)
    expect(e.textContent).toBe(MEMBER_HINT)
    signedIn(null)
    showMemberPrice(e, 199.9)
    expect(e.textContent).toBe('会员享折扣价')
  })
})

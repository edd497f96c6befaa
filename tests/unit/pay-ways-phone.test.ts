import { describe, expect, it } from 'vitest'
import { hasPhonePage, ONLINE_WAYS, PAY_WAYS } from '../../src/lib/pay-ways.ts'

describe('the registry says which way has a phone page (issue 41 item 3)', () => {
  it('Alipay has its WAP cashier; the balance, the transfer and unknown codes have none', () => {
    expect(hasPhonePage('alipay')).toBe(true)
    for (const way of ['balance', 'union', 'nope', '']) expect(hasPhonePage(way)).toBe(false)
    // Only an online way can have a provider's page at all.
    for (const w of PAY_WAYS) if (w.phonePage) expect(ONLINE_WAYS).toContain(w.code)
  })
})

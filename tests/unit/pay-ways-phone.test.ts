import { describe, expect, it } from 'vitest'
import { ONLINE_WAYS, PAY_WAYS, sceneOf } from '../../src/lib/pay-ways.ts'

describe('the registry says which way has a phone page (issue 41 item 3)', () => {
  it("Alipay's phone page (its WAP cashier) in a phone browser, not in WeChat's; the balance and the transfer are direct", () => {
    expect(sceneOf('alipay', 'phone')).toBe('h5')
    expect(sceneOf('alipay', 'wechat')).toBe('outside')
    for (const way of ['balance', 'union']) expect(sceneOf(way, 'phone')).toBe('direct')
    // Only an online way can have a provider's page at all.
    for (const w of PAY_WAYS) if (w.devices.phone === 'h5') expect(ONLINE_WAYS).toContain(w.code)
  })
})

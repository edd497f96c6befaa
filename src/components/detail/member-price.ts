/**
 * 会员价 / 协议价 in the buy box (issue 24 item 5, issue 40). The built page is the same for
 * everyone and carries the visitors' hint (会员享折扣价) in a box sized for the member price, so
 * filling it in moves nothing. For a signed-in member with a discount this shows the chosen
 * SKU's price at their discount at once, from the stored session; then the buyer's own prices
 * (GetMyPrices: the lowest of list, member and group price, as the order will price them) replace
 * it, 协议价 where their customer group's price list gives less.
 */
import type { MyPrice } from '../../lib/api/types.ts'
import { discountTenthsOf, MEMBER_HINT, memberPrice } from '../../lib/rules/member-price.ts'
import { storedUser } from '../../lib/session.ts'

/** The signed-in buyer's prices by SKU id, once fetched (per page load). */
const mine = new Map<string, MyPrice>()

/** showMemberPrice(el, 199.9, '12'): '协议价 ¥150.00' for a group member, '会员价 ¥179.91' for a 9折 member, else the hint. */
export function showMemberPrice(el: HTMLElement | null, priceYuan: number, skuId?: string): void {
  if (!el) return
  const user = storedUser()
  const own = skuId ? mine.get(skuId) : undefined
  const text = !user
    ? null
    : own
      ? own.label
        ? `${own.label} ¥${own.myPrice.toFixed(2)}`
        : null
      : memberPrice(priceYuan, discountTenthsOf(user.discount))
  el.textContent = text ?? MEMBER_HINT
  el.dataset.member = text ? '1' : '0'
  el.dataset.kind = own?.kind ?? (text ? 'member' : '')
}

/** Fetches the signed-in buyer's prices of product `spuId`, then calls `then` to show them; nothing for a visitor. */
export async function loadMyPrices(spuId: number, then: () => void): Promise<void> {
  if (!storedUser()) return
  try {
    const { buying } = await import('../../lib/api/browser.ts')
    for (const p of await buying.getMyPrices(spuId, { silent: true })) mine.set(String(p.skuId), p)
    then()
  } catch {
    // The session may have ended: the member price from the stored session stays.
  }
}

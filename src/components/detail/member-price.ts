/**
 * 会员价 in the buy box (issue 24 item 5). The built page is the same for everyone and carries
 * the visitors' hint (会员享折扣价) in a box sized for the member price, so filling it in moves
 * nothing; for a signed-in member with a discount this shows the chosen SKU's price at their
 * discount, as the stored session has it (the server prices the order itself).
 */
import { discountTenthsOf, MEMBER_HINT, memberPrice } from '../../lib/rules/member-price.ts'
import { storedUser } from '../../lib/session.ts'

/** showMemberPrice(el, 199.9): '会员价 ¥179.91' for a 9折 member, else the hint. */
export function showMemberPrice(el: HTMLElement | null, priceYuan: number): void {
  if (!el) return
  const user = storedUser()
  const text = user ? memberPrice(priceYuan, discountTenthsOf(user.discount)) : null
  el.textContent = text ?? MEMBER_HINT
  el.dataset.member = text ? '1' : '0'
}

/**
 * 会员价 on the product page (issue 24 item 5): the price the signed-in member pays for one unit
 * of the chosen SKU, by the same payable() the server prices orders with. The static page is
 * the same for everyone; the page script fills this in from the stored session.
 */
import { yuanToFen } from '../money.ts'
import { FULL_PRICE_TENTHS, payable } from './pricing.ts'

/** What members without a discount and visitors read instead of a member price. */
export const MEMBER_HINT = '会员享折扣价'

/**
 * memberPrice(199.9, 85) → '会员价 ¥169.92'; null at full price, for a free item or an unknown
 * discount, when the page shows MEMBER_HINT instead. `priceYuan` is the wire's yuan price.
 */
export function memberPrice(priceYuan: number, discountTenths: number): string | null {
  const listFen = yuanToFen(priceYuan)
  if (listFen === null || listFen === 0 || !Number.isInteger(discountTenths)) return null
  if (discountTenths <= 0 || discountTenths >= FULL_PRICE_TENTHS) return null
  const fen = payable(listFen, discountTenths)
  return `会员价 ¥${(fen / 100).toFixed(2)}`
}

/** The stored profile's discount (折, 8.5) as tenths (85); full price when absent or 0. */
export const discountTenthsOf = (discountZhe: unknown): number =>
  typeof discountZhe === 'number' && discountZhe > 0 ? Math.round(discountZhe * 10) : FULL_PRICE_TENTHS

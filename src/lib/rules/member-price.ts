/**
 * 会员价 on the product page (issue 24 item 5): the price the signed-in member pays for one unit
 * of the chosen SKU, by the same payable() the server prices orders with. The static page is
 * the same for everyone; the page script fills this in from the stored session.
 */
import { yuanToFen } from '../money.ts'
import { FULL_PRICE_TENTHS, groupWins, payable } from './pricing.ts'

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

/** 会员价 or 协议价 (issue 40): the label of the price a signed-in buyer pays below the list price. */
export const PRICE_KIND_LABEL = { member: '会员价', group: '协议价' } as const

/**
 * One unit of a SKU for a buyer, by pricing step 2 and 2a: the lowest of list, member and group
 * price. unitPrice(10000, 90, 8000) → { fen: 8000, kind: 'group' }; (10000, 90, null) → member 9000.
 */
export function unitPrice(
  listFen: number,
  discountTenths: number,
  groupFen: number | null,
): { fen: number; kind: 'list' | 'member' | 'group' } {
  const line = {
    kind: 'goods' as const,
    spuId: null,
    classId: null,
    templateId: null,
    priceFen: listFen,
    quantity: 1,
  }
  if (groupWins({ ...line, groupPriceFen: groupFen }, discountTenths))
    return { fen: groupFen as number, kind: 'group' }
  const fen = payable(listFen, discountTenths)
  return fen < listFen ? { fen, kind: 'member' } : { fen: listFen, kind: 'list' }
}

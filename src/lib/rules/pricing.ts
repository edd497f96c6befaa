/**
 * Member pricing (storefront §4, issue 8): one rule for the server, which computes every amount
 * an order stores, and the client, which shows the same figures before submitting.
 *
 * A discount is kept in tenths of 折: 100 is full price, 85 is 8.5折, 90 is 9折.
 */

/** Full price: no discount. */
export const FULL_PRICE_TENTHS = 100

/**
 * payable(1999, 85) → 1699: what is paid for a total of `totalFen` at `discountTenths`, rounded to
 * the fen half up (1699.15 → 1699, 1698.5 → 1699). Integer arithmetic only, so no float drift.
 */
export function payable(totalFen: number, discountTenths: number): number {
  return Math.floor((totalFen * discountTenths + 50) / 100)
}

/** discountLine(85) → '8.5折', discountLine(90) → '9折'; null at full price (no line shown). */
export function discountLine(discountTenths: number): string | null {
  if (discountTenths >= FULL_PRICE_TENTHS) return null
  return `${discountTenths / 10}折`
}

/** The wire's discount in 折 (8.5, 10) from the stored tenths (85, 100). */
export const discountZhe = (discountTenths: number) => discountTenths / 10

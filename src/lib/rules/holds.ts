/**
 * Stock holds (issue 39 part 4): an unpaid order keeps its stock from every other buyer, so how
 * much one account may hold is capped. The server refuses with these texts when placing an order
 * (or choosing 对公转账); the cart and the buy box stop their steppers at holdCap so that the
 * refusal is rarely met. The numbers are settings (UNPAID_ORDERS_CAP, UNPAID_SKU_HOLD_CAP,
 * TRANSFER_RETRY_HOURS; README "Stock holds").
 */

/**
 * holdCap(10, 0) → 10, holdCap(10, 3) → 3: the most of one SKU an order may hold — the setting,
 * or the product's own per-order limit when it has one (> 0) that is lower.
 */
export const holdCap = (skuUnits: number, orderLimit: number) =>
  orderLimit > 0 ? Math.min(skuUnits, orderLimit) : skuUnits

/** tooManyUnits('牙椅 标准版', 10) → '牙椅 标准版最多购买10件' (styled as `${title}库存不足`). */
export const tooManyUnits = (title: string, cap: number) => `${title}最多购买${cap}件`

/** tooManyUnpaid(5) → '您有5笔未付款订单，请先支付或取消后再下单' */
export const tooManyUnpaid = (cap: number) => `您有${cap}笔未付款订单，请先支付或取消后再下单`

/** transferRetryLater(24) → '该商品的对公转账订单已过期未付款，请24小时后再下单或选择在线支付' */
export const transferRetryLater = (hours: number) =>
  `该商品的对公转账订单已过期未付款，请${hours}小时后再下单或选择在线支付`

/**
 * 到货通知 (issue 24 item 7): the words the buy box and the server share. A customer subscribes
 * on a sold-out SKU; the stock increase that brings it back notifies them once, in /message (and
 * by SMS where the provider can send it).
 */
import { PICK_SKU } from '../constants.ts'
import type { Checked, Input } from './fields.ts'

/** The buy box's button on a sold-out SKU. */
export const ALERT_ACTION = '到货通知'
/** The button once subscribed (disabled). */
export const ALERT_SUBSCRIBED = '已订阅'
/** PostStockAlert's answer. */
export const ALERT_DONE = '到货后将通知您'
/** Refusal: the SKU has stock now. */
export const ALERT_IN_STOCK = '该规格有货，可直接购买'
/** Refusal: the SKU was removed or its product left the shelf. */
export const ALERT_NO_SKU = '该规格不存在或商品已下架'
/** Refusal: a pending subscription exists already (the page shows 已订阅). */
export const ALERT_ALREADY = '已订阅到货通知'

/** The /message notification's title. */
export const ALERT_TITLE = '到货通知'

/** alertText('种植机', '标准版') → the text of the notification and of the SMS. */
export function alertText(product: string, sku: string): string {
  const name = sku ? `${product}（${sku}）` : product
  return `您订阅到货通知的「${name}」已到货，欢迎选购。`
}

/** PostStockAlert's body { skuId }: a positive whole number, else 请选择商品规格. */
export function checkStockAlert(input: Input): Checked<{ skuId: number }, 'skuId'> {
  const v = input.skuId
  const s = typeof v === 'number' || typeof v === 'string' ? String(v).trim() : ''
  if (!/^\d{1,10}$/.test(s) || Number(s) < 1 || Number(s) > 2_147_483_647)
    return { error: PICK_SKU, field: 'skuId', value: null }
  return { error: null, field: null, value: { skuId: Number(s) } }
}

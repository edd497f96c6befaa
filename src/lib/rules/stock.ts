/**
 * What marketing types on the product screens (issue 21): a SKU's new price (the one price
 * rule), title or picture, and a stock adjustment — a whole, non-zero change with a reason,
 * never a new total, so two staff adjusting while customers buy add up. The dialogs and the
 * admin calls share these. The product's own fields are product.ts's.
 */
import { isAllowedImageSrc } from '../html/policy.ts'
import {
  type Checked,
  checked,
  firstError,
  type Input,
  isRequestId,
  len,
  REQUEST_ID_BAD,
  text,
} from './fields.ts'
import { checkPrice } from './price.ts'

export const STOCK_REASON_MAX = 200
/** The largest single adjustment: a typo of extra digits is refused, not booked. */
export const STOCK_DELTA_MAX = 1_000_000
export const STOCK_NEGATIVE = '库存不足，调整后库存不能为负数'

/** A stock adjustment: the signed change, its reason, and its form's request id (isRequestId). */
export interface StockAdjust {
  delta: number
  reason: string
  requestId?: string
}

/** checkStockAdjust({ delta: '-3', reason: '盘点' }) → { delta: -3, reason: '盘点' }. */
export function checkStockAdjust(input: Input): Checked<StockAdjust, 'delta' | 'reason' | 'requestId'> {
  const raw = text(input, 'delta')
  const delta = /^[+-]?\d+$/.test(raw) ? Number(raw) : Number.NaN
  const reason = text(input, 'reason')
  const requestId = text(input, 'requestId')
  return checked(
    firstError<'delta' | 'reason' | 'requestId'>([
      ['delta', !raw, '请填写调整数量'],
      ['delta', !Number.isInteger(delta), '调整数量须为整数'],
      ['delta', delta === 0, '调整数量不能为0'],
      ['delta', Math.abs(delta) > STOCK_DELTA_MAX, `调整数量不能超过${STOCK_DELTA_MAX}`],
      ['reason', !reason, '请填写调整原因'],
      ['reason', len(reason) > STOCK_REASON_MAX, `调整原因不能超过${STOCK_REASON_MAX}个字`],
      ['requestId', requestId !== '' && !isRequestId(requestId), REQUEST_ID_BAD],
    ]),
    requestId ? { delta, reason, requestId } : { delta, reason },
  )
}

export const SKU_TITLE_MAX = 50

export interface SkuEdit {
  priceFen?: number
  title?: string
  /** The SKU's own picture (an uploaded image path), '' for none. */
  img?: string
}

/**
 * checkSkuEdit({ price: '32.9' }) → { priceFen: 3290 }; checkSkuEdit({ title: '大号' }) → { title: '大号' };
 * checkSkuEdit({ img: '/uploads/a.png' }) → { img: '/uploads/a.png' }.
 * Each field is optional, at least one is given (a body with none asks for the price); a price
 * goes through the one price rule.
 */
export function checkSkuEdit(input: Input): Checked<SkuEdit, 'price' | 'title' | 'img'> {
  const out: SkuEdit = {}
  if (input.title !== undefined) {
    const title = text(input, 'title')
    if (!title) return { error: '请填写规格名称', field: 'title', value: null }
    if (len(title) > SKU_TITLE_MAX)
      return { error: `规格名称不能超过${SKU_TITLE_MAX}个字`, field: 'title', value: null }
    out.title = title
  }
  if (input.img !== undefined) {
    const img = text(input, 'img')
    if (img !== '' && !isAllowedImageSrc(img))
      return { error: '规格图片的文件地址不正确，请重新上传', field: 'img', value: null }
    out.img = img
  }
  if (input.price !== undefined || (out.title === undefined && out.img === undefined)) {
    if (text(input, 'price') === '') return { error: '请填写价格', field: 'price', value: null }
    const r = checkPrice(input.price)
    if (r.error !== null) return { error: r.error, field: 'price', value: null }
    out.priceFen = r.fen
  }
  return { error: null, field: null, value: out }
}

/** checkNewSku({ title: '大号', price: '99' }) → { title: '大号', priceFen: 9900 }: both required. */
export function checkNewSku(input: Input): Checked<{ title: string; priceFen: number }, 'title' | 'price'> {
  const r = checkSkuEdit({ title: input.title ?? '', price: input.price ?? '' })
  return r.error !== null
    ? { error: r.error, field: r.field === 'title' ? 'title' : 'price', value: null }
    : { error: null, field: null, value: { title: r.value.title ?? '', priceFen: r.value.priceFen ?? 0 } }
}

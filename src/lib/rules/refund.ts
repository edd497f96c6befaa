import { AFTER_KINDS, type AfterKind } from '../order-states.ts'
import { type Checked, checked, firstError, type Input, isFilePath, len, list, text } from './fields.ts'

export const REFUND_REASON_MAX = 100
export const REFUND_IMAGES_MAX = 3

/** A line of the order and a quantity of it (the wire's `lines`). */
export interface LineQty {
  lineId: number
  quantity: number
}

/** What the 退款售后 dialog sends (accounts §3 "Refund request"); the order id travels beside it. */
export interface RefundForm {
  /** The reason, trimmed. */
  afterRemarks: string
  /** 1 to 3 uploaded image paths. */
  images: string[]
  /** 仅退款 (refund), 退货退款 (return) or 换货 (exchange); refund when not given (issue 38). */
  kind: AfterKind
  /** The lines and quantities it is about; [] (not given) is the whole order. */
  lines: LineQty[]
}

export type RefundField = 'afterRemarks' | 'extMore' | 'kind' | 'lines'

const isKind = (v: string): v is AfterKind => Object.hasOwn(AFTER_KINDS, v)

/** lineQtys([{ lineId: 3, quantity: 1 }]) → the same; anything but such a list → null. */
function lineQtys(v: unknown): LineQty[] | null {
  if (v === undefined || v === null) return []
  if (!Array.isArray(v)) return null
  const out: LineQty[] = []
  for (const x of v) {
    const o = x as { lineId?: unknown; quantity?: unknown }
    if (!Number.isInteger(o?.lineId) || !Number.isInteger(o?.quantity)) return null
    out.push({ lineId: o.lineId as number, quantity: o.quantity as number })
  }
  return out
}

/**
 * Refund and after-sales (accounts §5): the reason is required (请填写退款原因) and at most 100
 * characters; one to three images (请上传图片). Issue 38 adds the optional kind (请选择售后类型)
 * and lines (请选择售后商品), whose quantities the server checks against the order. The dialog and
 * Orders/PostOrdersRefund both use it.
 */
export function checkRefund(input: Input): Checked<RefundForm, RefundField> {
  const afterRemarks = text(input, 'afterRemarks')
  const images = list(input, 'extMore')
  const kind = text(input, 'kind') || 'refund'
  const lines = lineQtys(input.lines)
  return checked(
    firstError<RefundField>([
      ['kind', !isKind(kind), '请选择售后类型'],
      ['lines', lines === null || lines.some((l) => l.quantity < 1), '请选择售后商品'],
      ['afterRemarks', !afterRemarks, '请填写退款原因'],
      ['afterRemarks', len(afterRemarks) > REFUND_REASON_MAX, `退款原因不能超过${REFUND_REASON_MAX}个字`],
      ['extMore', images.length === 0, '请上传图片'],
      ['extMore', images.length > REFUND_IMAGES_MAX, `最多上传${REFUND_IMAGES_MAX}张图片`],
      ['extMore', !images.every(isFilePath), '图片地址不正确'],
    ]),
    { afterRemarks, images, kind: kind as AfterKind, lines: lines ?? [] },
  )
}

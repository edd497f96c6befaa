import { type Checked, checked, firstError, type Input, isFilePath, len, list, text } from './fields.ts'

export const REFUND_REASON_MAX = 100
export const REFUND_IMAGES_MAX = 3

/** What the 退款售后 dialog sends (accounts §3 "Refund request"); the order id travels beside it. */
export interface RefundForm {
  /** The reason, trimmed. */
  afterRemarks: string
  /** 1 to 3 uploaded image paths. */
  images: string[]
}

export type RefundField = 'afterRemarks' | 'extMore'

/**
 * Refund and after-sales (accounts §5): the reason is required (请填写退款原因) and at most 100
 * characters; one to three images (请上传图片). The dialog and Orders/PostOrdersRefund both use it.
 */
export function checkRefund(input: Input): Checked<RefundForm, RefundField> {
  const afterRemarks = text(input, 'afterRemarks')
  const images = list(input, 'extMore')
  return checked(
    firstError<RefundField>([
      ['afterRemarks', !afterRemarks, '请填写退款原因'],
      ['afterRemarks', len(afterRemarks) > REFUND_REASON_MAX, `退款原因不能超过${REFUND_REASON_MAX}个字`],
      ['extMore', images.length === 0, '请上传图片'],
      ['extMore', images.length > REFUND_IMAGES_MAX, `最多上传${REFUND_IMAGES_MAX}张图片`],
      ['extMore', !images.every(isFilePath), '图片地址不正确'],
    ]),
    { afterRemarks, images },
  )
}

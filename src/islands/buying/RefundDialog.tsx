/**
 * 退款售后 (accounts §2 "Refund and after-sales dialog", §5 "Refund"): the reason with a counter
 * out of 100 and 1-3 images under 2MB; checked by the one rule the server checks with
 * (src/lib/rules/refund.ts), then Orders/PostOrdersRefund with the order id (issue 9); 提交成功.
 */

import { type SubmitEvent, useId, useState } from 'react'
import { buying } from '../../lib/api/browser.ts'
import { UPLOAD_HINT_MAX_MB } from '../../lib/constants.ts'
import { len } from '../../lib/rules/fields.ts'
import {
  checkRefund,
  REFUND_IMAGES_MAX,
  REFUND_REASON_MAX,
  type RefundField,
} from '../../lib/rules/refund.ts'
import { toast } from '../../lib/toast.ts'
import { FreshFormDialog } from '../common/Dialog.tsx'
import { inputClass, RequiredMark } from '../common/Field.tsx'
import { FormActions } from '../common/FormActions.tsx'
import { FormError } from '../common/FormError.tsx'
import { useRefusal } from '../common/form-errors.ts'
import { Uploader } from '../common/Uploader.tsx'
import { useSend } from '../common/useSend.ts'
import type { OrderDialogProps } from './parts.tsx'

export function RefundDialog({ orderId, onDone, ...dialog }: OrderDialogProps) {
  return (
    <FreshFormDialog {...dialog} title="退款售后" width="max-w-lg" description="填写退款原因并上传图片">
      {(close) => <RefundForm orderId={orderId} onCancel={close} onDone={onDone} />}
    </FreshFormDialog>
  )
}

function RefundForm({
  orderId,
  onCancel,
  onDone,
}: {
  orderId: number
  onCancel: () => void
  onDone: () => void
}) {
  const uid = useId()
  const ID: Record<RefundField, string> = {
    afterRemarks: `${uid}-reason`,
    extMore: `${uid}-imgs`,
    kind: `${uid}-kind`,
    lines: `${uid}-lines`,
  }
  const [reason, setReason] = useState('')
  const [imgs, setImgs] = useState('')
  const { busy, send } = useSend()
  const { refuse, errorOf, clear } = useRefusal((f: RefundField) => ID[f])

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    if (busy) return
    const checked = checkRefund({ afterRemarks: reason, extMore: imgs })
    if (checked.error !== null) {
      refuse(checked.field, checked.error)
      toast('error', checked.error)
      return
    }
    await send(async () => {
      const res = await buying.postOrdersRefund({
        id: orderId,
        afterRemarks: checked.value.afterRemarks,
        extMore: checked.value.images.join(','),
      })
      toast('success', typeof res.data === 'string' && res.data ? res.data : '提交成功')
      onDone()
    })
  }

  const count = len(reason)
  const over = count > REFUND_REASON_MAX
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div>
        <label htmlFor={ID.afterRemarks} className="mb-1 block text-sm font-medium text-slate-700">
          <RequiredMark />
          退款原因
        </label>
        <textarea
          id={ID.afterRemarks}
          className={`${inputClass} min-h-28 resize-y`}
          rows={4}
          value={reason}
          placeholder="请描述退款原因"
          onChange={(e) => {
            setReason(e.target.value)
            clear('afterRemarks')
          }}
          aria-invalid={over || errorOf('afterRemarks') !== null || undefined}
          aria-describedby={`${uid}-count ${ID.afterRemarks}-error`}
        />
        <div className="mt-1 flex justify-between gap-2">
          <FormError id={`${ID.afterRemarks}-error`} at="field" message={errorOf('afterRemarks')} />
          <p
            id={`${uid}-count`}
            className={`shrink-0 text-xs tabular-nums ${over ? 'text-red-600' : 'text-slate-500'}`}
            aria-live="polite"
            data-reason-count
          >
            {count}/{REFUND_REASON_MAX}
          </p>
        </div>
      </div>
      <fieldset id={`${ID.extMore}-group`} className="min-w-0">
        <legend className="mb-2 text-sm font-medium text-slate-700">
          <RequiredMark />
          上传图片
        </legend>
        <Uploader
          value={imgs}
          onChange={(v) => {
            setImgs(v)
            clear('extMore')
          }}
          limit={REFUND_IMAGES_MAX}
          label="图片"
          hint={`图片大小须小于${UPLOAD_HINT_MAX_MB}MB，拍摄主体请居中`}
          invalid={errorOf('extMore') !== null}
        />
        <FormError
          id={`${ID.extMore}-error`}
          at="field"
          className="mt-1 empty:hidden"
          message={errorOf('extMore')}
        />
      </fieldset>
      <FormActions busy={busy} label="提交" busyLabel="提交中…" onCancel={onCancel} />
    </form>
  )
}

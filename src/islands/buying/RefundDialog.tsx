/**
 * 退款售后 (accounts §2 "Refund and after-sales dialog", §5 "Refund"): the kind (仅退款, and
 * 退货退款 / 换货 once something shipped), the lines with a quantity each (issue 38), the reason
 * with a counter out of 100 and 1-3 images under 2MB; checked by the one rule the server checks
 * with (src/lib/rules/refund.ts), then Orders/PostOrdersRefund with the order id; 提交成功.
 */

import { type SubmitEvent, useId, useState } from 'react'
import { buying } from '../../lib/api/browser.ts'
import { UPLOAD_HINT_MAX_MB } from '../../lib/constants.ts'
import { AFTER_KINDS, type AfterKind } from '../../lib/order-states.ts'
import {
  defaultPicks,
  type LineCounts,
  lineMax,
  type Pick,
  pickedLines,
  refundKinds,
} from '../../lib/rules/after-sales.ts'
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
import { QtyStepper } from '../common/QtyStepper.tsx'
import { Uploader } from '../common/Uploader.tsx'
import { useSend } from '../common/useSend.ts'
import type { OrderDialogProps } from './parts.tsx'

/** A line of the order as the dialog shows it: its counts and its title. */
type Line = LineCounts & { title: string }

export function RefundDialog({ orderId, items, onDone, ...dialog }: OrderDialogProps & { items: Line[] }) {
  return (
    <FreshFormDialog
      {...dialog}
      title="退款售后"
      width="max-w-lg"
      description="选择售后类型和商品，填写退款原因并上传图片"
    >
      {(close) => <RefundForm orderId={orderId} items={items} onCancel={close} onDone={onDone} />}
    </FreshFormDialog>
  )
}

function RefundForm({
  orderId,
  items,
  onCancel,
  onDone,
}: {
  orderId: number
  items: Line[]
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
  const kinds = refundKinds(items)
  const [kind, setKind] = useState<AfterKind>('refund')
  const [picks, setPicks] = useState<Record<number, Pick>>(() => defaultPicks(items, 'refund'))
  const [reason, setReason] = useState('')
  const [imgs, setImgs] = useState('')
  const { busy, send } = useSend()
  const { refuse, errorOf, clear } = useRefusal((f: RefundField) => ID[f])

  function chooseKind(k: AfterKind) {
    setKind(k)
    // What a line may cover depends on the kind: every line back at its most for the new one.
    setPicks(defaultPicks(items, k))
    clear('kind')
    clear('lines')
  }
  function pick(lineId: number, p: Partial<Pick>) {
    setPicks((all) => ({ ...all, [lineId]: { chosen: false, quantity: 0, ...all[lineId], ...p } }))
    clear('lines')
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    if (busy) return
    const checked = checkRefund({
      afterRemarks: reason,
      extMore: imgs,
      kind,
      lines: pickedLines(items, picks),
    })
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
        kind: checked.value.kind,
        lines: checked.value.lines,
      })
      toast('success', typeof res.data === 'string' && res.data ? res.data : '提交成功')
      onDone()
    })
  }

  const count = len(reason)
  const over = count > REFUND_REASON_MAX
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <fieldset id={`${ID.kind}-group`} className="min-w-0">
        <legend className="mb-2 text-sm font-medium text-slate-700">
          <RequiredMark />
          售后类型
        </legend>
        <div className="flex flex-wrap gap-2" data-refund-kinds>
          {kinds.map((k) => (
            <label
              key={k}
              className="inline-flex cursor-pointer items-center gap-2 rounded-md px-3 py-1.5 text-sm ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:font-medium has-checked:text-brand-700 has-checked:ring-brand-600"
            >
              <input
                type="radio"
                name={ID.kind}
                value={k}
                className="h-4 w-4 accent-brand-700"
                checked={kind === k}
                onChange={() => chooseKind(k)}
              />
              {AFTER_KINDS[k]}
            </label>
          ))}
        </div>
        {kinds.length === 1 && <p className="mt-1.5 text-xs text-slate-500">商品尚未发货，可申请仅退款</p>}
        <FormError
          id={`${ID.kind}-error`}
          at="field"
          className="mt-1 empty:hidden"
          message={errorOf('kind')}
        />
      </fieldset>
      <fieldset
        id={`${ID.lines}-group`}
        className="min-w-0"
        aria-describedby={errorOf('lines') ? `${ID.lines}-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-700">
          <RequiredMark />
          售后商品
        </legend>
        <ul
          className={`divide-y divide-slate-100 rounded-md ring-1 ${errorOf('lines') ? 'ring-red-400' : 'ring-slate-200'}`}
          data-refund-lines
        >
          {items.map((l) => {
            const max = lineMax(l, kind)
            const p = picks[l.lineId]
            const box = `${uid}-line-${l.lineId}`
            return (
              <li
                key={l.lineId}
                className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5"
                data-refund-line={l.lineId}
              >
                <input
                  id={box}
                  type="checkbox"
                  className="h-4 w-4 shrink-0 accent-brand-700"
                  checked={max > 0 && Boolean(p?.chosen)}
                  disabled={max === 0}
                  onChange={(e) => pick(l.lineId, { chosen: e.target.checked, quantity: p?.quantity || max })}
                />
                <label htmlFor={box} className="min-w-0 flex-1 basis-40 text-sm">
                  <span className={`line-clamp-2 break-all ${max ? 'text-slate-800' : 'text-slate-500'}`}>
                    {l.title}
                  </span>
                  <span className="text-xs text-slate-500">
                    {max > 0 ? `最多 ${max} 件` : kind === 'refund' ? '已全部退款' : '未发货或已退回'}
                  </span>
                </label>
                {max > 0 && (
                  // Under the title on a narrow screen, in line with it (past the checkbox).
                  <div className="ml-7 sm:ml-0">
                    <QtyStepper
                      id={`${box}-qty`}
                      label={l.title}
                      value={p?.quantity ?? max}
                      max={max}
                      disabled={!p?.chosen}
                      onValue={(n) => pick(l.lineId, { quantity: n })}
                    />
                  </div>
                )}
              </li>
            )
          })}
        </ul>
        <FormError
          id={`${ID.lines}-error`}
          at="field"
          className="mt-1 empty:hidden"
          message={errorOf('lines')}
        />
      </fieldset>
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

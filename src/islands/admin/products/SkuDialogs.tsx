/**
 * The SKU dialogs of the product screen (issue 21): 改价 and 调整库存 (a signed change and its
 * reason, never a new total), and 规格图片. Each form is checked by the server's own rule first.
 */
import { type SubmitEvent, useMemo, useState } from 'react'
import { refusalMessage } from '../../../lib/api/admin.ts'
import { type AdminSku, catalogApi } from '../../../lib/api/admin-catalog.ts'
import { formatMoney } from '../../../lib/format.ts'
import { newRequestId } from '../../../lib/request-id.ts'
import { checkSkuEdit, checkStockAdjust, STOCK_REASON_MAX } from '../../../lib/rules/stock.ts'
import { toast } from '../../../lib/toast.ts'
import { Dialog } from '../../common/Dialog.tsx'
import { FormError } from '../../common/FormError.tsx'
import { Uploader } from '../../common/Uploader.tsx'
import { useConfirm } from '../../common/useConfirm.tsx'
import { DialogButtons } from '../form/DialogButtons.tsx'
import { FieldControl } from '../form/FieldControl.tsx'
import { staffFileUpload } from './staff-uploads.ts'

export type SkuEdit = { sku: AdminSku; kind: 'price' | 'stock' } | null

/** 改价 or 调整库存 of one SKU: the form is checked by the server's own rule before it is sent. */
export function SkuDialog({ edit, close, onDone }: { edit: SkuEdit; close: () => void; onDone: () => void }) {
  const [v, setV] = useState({ price: '', delta: '', reason: '' })
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirmDialog, confirm] = useConfirm()
  // This adjustment's id, new each time the dialog opens (a second click or a retry sends the
  // same one, and the stock moves once: adjustStock).
  const requestId = useMemo(() => (edit ? newRequestId() : ''), [edit])
  const sku = edit?.sku
  const submit = async (e: SubmitEvent) => {
    e.preventDefault()
    if (!edit || !sku) return
    const r = edit.kind === 'price' ? checkSkuEdit({ price: v.price }) : checkStockAdjust(v)
    if (r.error !== null) return setError({ field: r.field, message: r.error })
    setError(null)
    // 0 is a valid price (a gift, a sample) and one slip of the keyboard from a free dental chair.
    if (
      edit.kind === 'price' &&
      'priceFen' in r.value &&
      r.value.priceFen === 0 &&
      !(await confirm({
        title: '价格为0',
        text: `确定将「${sku.title}」的价格改为0吗？顾客将可以免费下单购买该规格。`,
      }))
    )
      return
    setBusy(true)
    try {
      if (edit.kind === 'price') {
        const done = await catalogApi.editSku(sku.id, { price: v.price })
        toast('success', `价格已改为 ${formatMoney(done.price)} 元`)
      } else {
        const done = await catalogApi.adjustStock(sku.id, { delta: v.delta, reason: v.reason, requestId })
        toast('success', `库存已调整，当前库存 ${done.stock}`)
      }
      setV({ price: '', delta: '', reason: '' })
      close()
      onDone()
    } catch (err) {
      setError({ field: edit.kind === 'price' ? 'price' : 'delta', message: refusalMessage(err) })
    } finally {
      setBusy(false)
    }
  }
  const at = (f: string) => (error?.field === f ? error.message : null)
  return (
    <Dialog
      open={edit !== null}
      onOpenChange={(o) => {
        if (!o) {
          setError(null)
          close()
        }
      }}
      title={edit?.kind === 'price' ? '修改价格' : '调整库存'}
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {edit?.kind === 'price' ? (
          <>
            <p className="text-sm text-slate-600">
              规格「{sku?.title}」当前价格{' '}
              <strong className="tabular-nums">{formatMoney(sku?.price ?? 0)}</strong> 元。
            </p>
            <FieldControl
              id="sku-price"
              label="新价格（元）"
              required
              error={at('price')}
              inputMode="decimal"
              value={v.price}
              onChange={(price) => setV({ ...v, price })}
            />
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              规格「{sku?.title}」当前库存 <strong className="tabular-nums">{sku?.stock}</strong>
              。增加填正数，减少填负数（如 -3）；调整记录在案，不会覆盖同时发生的购买。
            </p>
            <FieldControl
              id="sku-delta"
              label="调整数量"
              required
              error={at('delta')}
              inputMode="numeric"
              value={v.delta}
              onChange={(delta) => setV({ ...v, delta })}
            />
            <FieldControl
              id="sku-reason"
              label="调整原因"
              required
              error={at('reason')}
              rows={3}
              max={STOCK_REASON_MAX}
              maxLength={STOCK_REASON_MAX}
              value={v.reason}
              onChange={(reason) => setV({ ...v, reason })}
            />
          </>
        )}
        <DialogButtons close={close} busy={busy} />
      </form>
      {confirmDialog}
    </Dialog>
  )
}

/** 规格图片: the SKU's one picture (shown when a buyer picks it), through the staff image call. */
export function SkuImageDialog({
  sku,
  close,
  onDone,
}: {
  sku: AdminSku
  close: () => void
  onDone: () => void
}) {
  const [img, setImg] = useState(sku.img)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (e: SubmitEvent) => {
    e.preventDefault()
    const r = checkSkuEdit({ img })
    if (r.error !== null) return setError(r.error)
    setError(null)
    setBusy(true)
    try {
      await catalogApi.editSku(sku.id, { img })
      toast('success', img ? '规格图片已保存' : '规格图片已删除')
      close()
      onDone()
    } catch (err) {
      setError(refusalMessage(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onOpenChange={(o) => !o && close()} title="规格图片">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <p className="text-sm text-slate-600">规格「{sku.title}」的图片：买家选中该规格时显示。</p>
        <Uploader label="规格图片" value={img} onChange={setImg} upload={staffFileUpload} invalid={!!error} />
        <FormError id="sku-img-error" message={error} />
        <DialogButtons close={close} busy={busy} />
      </form>
    </Dialog>
  )
}

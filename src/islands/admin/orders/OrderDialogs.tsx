/** The order screen's dialogs: 发货 (courier and waybill), 审核售后 (approve or reject), 开具发票 (number and file). */
import { type FormEvent, useId, useState } from 'react'
import { type AdminOrder, ordersApi } from '../../../lib/api/admin-orders.ts'
import { COURIERS } from '../../../lib/couriers.ts'
import { formatMoney } from '../../../lib/format.ts'
import { payWayName } from '../../../lib/pay-ways.ts'
import { checkAfterSalesDecision, checkInvoiceIssue } from '../../../lib/rules/back-office.ts'
import { toast } from '../../../lib/toast.ts'
import { BusyButton } from '../../common/BusyButton.tsx'
import { Dialog } from '../../common/Dialog.tsx'
import { inputClass } from '../../common/Field.tsx'
import { useOrderAction } from './use-order-action.ts'

/** A dialog of the order screen: open or not, closed by `close`, the order reloaded after its action. */
export interface OrderDialogProps {
  o: AdminOrder
  open: boolean
  close: () => void
  reload: () => void
}

export function ShipDialog({ o, open, close, reload }: OrderDialogProps) {
  const id = useId()
  const [courier, setCourier] = useState<string>(COURIERS[0].name)
  const [number, setNumber] = useState('')
  const { busy, run } = useOrderAction(reload)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (await run(() => ordersApi.ship(o.code, courier, number.trim() || undefined), '已发货')) close()
  }
  return (
    <Dialog open={open} onOpenChange={(v) => !v && close()} title="发货">
      <form onSubmit={submit} className="grid gap-4">
        <p className="text-sm text-slate-700">
          发往 {o.recName} {o.recTel}，{o.recAddress.replaceAll(',', ' ')} {o.recAddressx}
        </p>
        <div className="grid gap-1">
          <label htmlFor={`${id}-courier`} className="text-sm text-slate-700">
            快递公司
          </label>
          <select
            id={`${id}-courier`}
            className={inputClass}
            value={courier}
            onChange={(e) => setCourier(e.target.value)}
          >
            {COURIERS.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-number`} className="text-sm text-slate-700">
            运单号
          </label>
          <input
            id={`${id}-number`}
            className={inputClass}
            value={number}
            maxLength={32}
            autoComplete="off"
            aria-describedby={`${id}-number-hint`}
            onChange={(e) => setNumber(e.target.value)}
          />
          <p id={`${id}-number-hint`} className="text-xs text-slate-500">
            面单上的运单号；接入快递100 时必填，模拟快递留空则自动分配
          </p>
        </div>
        <DialogEnd close={close} busy={busy} submit="确定发货" />
      </form>
    </Dialog>
  )
}

export function AfterSalesDialog({ o, open, close, reload }: OrderDialogProps) {
  const id = useId()
  const [decision, setDecision] = useState<'approve' | 'reject' | ''>('')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { busy, run } = useOrderAction(reload)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const r = checkAfterSalesDecision({ decision, reason })
    if (r.error !== null) return setError(r.error)
    setError(null)
    const done = r.value.decision === 'approve' ? '已同意退款' : '已驳回售后申请'
    if (await run(() => ordersApi.decideAfterSales(o.code, r.value), done)) close()
  }
  const way = payWayName(o.payWay)
  return (
    <Dialog open={open} onOpenChange={(v) => !v && close()} title="审核售后申请">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <p className="text-sm text-slate-700">买家的退款原因：{o.afterSales.remarks || '—'}</p>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm text-slate-700">审核结果</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-decision`}
              checked={decision === 'approve'}
              onChange={() => setDecision('approve')}
            />
            <span>
              同意退款：{formatMoney(o.tolCost)} 元原路退回（{way}）{o.status === 20 ? '，库存退回' : ''}
              ，订单取消
              {/* The refund voids the issued invoice (orders.queries invoiceState): finance must 冲红 it. */}
              {o.invoiceStatus === 20 && (
                <strong className="mt-1 block font-medium text-amber-800">
                  该订单已开具发票（{o.invoice?.number}），退款后发票作废，请通知财务冲红
                </strong>
              )}
            </span>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-decision`}
              checked={decision === 'reject'}
              onChange={() => setDecision('reject')}
            />
            驳回：买家可再次申请
          </label>
        </fieldset>
        <div className="grid gap-1">
          <label htmlFor={`${id}-reason`} className="text-sm text-slate-700">
            原因（买家可见，驳回未填时为“不符合退款条件”）
          </label>
          <textarea
            id={`${id}-reason`}
            className={inputClass}
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <DialogEnd error={error} close={close} busy={busy} submit="确 定" />
      </form>
    </Dialog>
  )
}

export function InvoiceDialog({ o, open, close, reload }: OrderDialogProps) {
  const id = useId()
  const [number, setNumber] = useState('')
  const [file, setFile] = useState('')
  const [uploading, setUploading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { busy, run } = useOrderAction(reload)
  const pick = async (files: FileList | null) => {
    const chosen = files?.[0]
    if (!chosen) return
    setUploading(true)
    try {
      setFile(await ordersApi.uploadInvoiceFile(chosen, chosen.name))
      toast('success', '发票文件已上传')
    } catch {
      setFile('')
    } finally {
      setUploading(false)
    }
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const r = checkInvoiceIssue({ number, file })
    if (r.error !== null) return setError(r.error)
    setError(null)
    if (await run(() => ordersApi.issueInvoice(o.code, r.value), '发票已开具')) close()
  }
  return (
    <Dialog open={open} onOpenChange={(v) => !v && close()} title="开具发票">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <p className="text-sm text-slate-700">
          {o.invoice?.types}：{o.invoice?.companyName}（{o.invoice?.companyCode}）
        </p>
        <div className="grid gap-1">
          <label htmlFor={`${id}-number`} className="text-sm text-slate-700">
            发票号码
          </label>
          <input
            id={`${id}-number`}
            className={inputClass}
            value={number}
            maxLength={40}
            onChange={(e) => setNumber(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-file`} className="text-sm text-slate-700">
            电子发票文件（pdf 或图片；纸质发票不传）
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
            className="text-sm"
            disabled={uploading}
            onChange={(e) => pick(e.target.files)}
          />
          <p className="text-xs text-slate-600" data-invoice-file-state>
            {uploading ? '正在上传…' : file ? '已上传' : '未上传'}
          </p>
        </div>
        <DialogEnd error={error} close={close} busy={busy || uploading} submit="开 具" />
      </form>
    </Dialog>
  )
}

/** A dialog's end: the refusal of the shared check, if any, then 取 消 and the submit button. */
function DialogEnd({
  error,
  close,
  busy,
  submit,
}: {
  error?: string | null
  close: () => void
  busy: boolean
  submit: string
}) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={close}>
          取 消
        </button>
        <BusyButton type="submit" className="btn-primary" busy={busy}>
          {submit}
        </BusyButton>
      </div>
    </>
  )
}

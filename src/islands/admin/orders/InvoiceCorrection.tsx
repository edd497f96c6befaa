/**
 * Invoice correction on the order screen (issue 39): 红冲发票 (the red-letter invoice's number,
 * its file if at hand, the reason; confirmed before it is sent), 重开发票 (the corrected invoice,
 * with the title and tax id finance may correct), and the invoice history staff read.
 */
import { type FormEvent, useId, useState } from 'react'
import { type AdminOrder, ordersApi } from '../../../lib/api/admin-orders.ts'
import { formatMoney } from '../../../lib/format.ts'
import {
  checkInvoiceReissue,
  checkInvoiceVoid,
  INVOICE_TITLE_MAX,
  InvoiceStatus,
  RED_REASON_MAX,
} from '../../../lib/rules/invoice-correction.ts'
import { Dialog } from '../../common/Dialog.tsx'
import { inputClass } from '../../common/Field.tsx'
import { useConfirm } from '../../common/useConfirm.tsx'
import { staffText, useStaffNames } from '../kit/StaffName.tsx'
import { DialogEnd, type OrderDialogProps, usePrivateFile } from './OrderDialogs.tsx'
import { useOrderAction } from './use-order-action.ts'

/** Whether the order's invoice may be red-lettered now, or reissued (not once all its money went back). */
export const mayVoid = (o: AdminOrder) => o.invoiceStatus === InvoiceStatus.issued
export const mayReissue = (o: AdminOrder) =>
  (o.invoiceStatus === InvoiceStatus.voided || o.invoiceStatus === InvoiceStatus.reopening) &&
  o.status !== 100

/** The newest invoice issued on the order (its title may be a correction of the buyer's). */
export const lastIssued = (o: AdminOrder) => [...o.invoiceRecords].reverse().find((r) => r.kind === 'issue')

/** A labelled text input of these dialogs. */
function TextField(p: { id: string; label: string; value: string; set: (v: string) => void; max: number }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={p.id} className="text-sm text-slate-700">
        {p.label}
      </label>
      <input
        id={p.id}
        className={inputClass}
        value={p.value}
        maxLength={p.max}
        onChange={(e) => p.set(e.target.value)}
      />
    </div>
  )
}

/** 红冲发票: the red-letter invoice voids the current one; the order waits for the corrected one. */
export function VoidInvoiceDialog({ o, open, close, reload }: OrderDialogProps) {
  const id = useId()
  const [number, setNumber] = useState('')
  const [reason, setReason] = useState('')
  const { path: file, uploading, field: fileField } = usePrivateFile('红字发票文件已上传')
  const [error, setError] = useState<string | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  const { busy, run } = useOrderAction(reload)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const r = checkInvoiceVoid({ number, file, reason })
    if (r.error !== null) return setError(r.error)
    setError(null)
    const text = `确定红冲发票 ${o.invoice?.number ?? ''} 吗？红冲后买家看到「待重开」，需重新开具发票。`
    if (!(await confirm({ title: '红冲发票', text }))) return
    if (await run(() => ordersApi.voidInvoice(o.code, r.value), '发票已红冲')) close()
  }
  return (
    <Dialog open={open} onOpenChange={(v) => !v && close()} title="红冲发票">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <p className="text-sm text-slate-700">
          当前发票：{o.invoice?.number}（{o.invoice?.companyName}）
        </p>
        <TextField id={`${id}-number`} label="红字发票号码" value={number} set={setNumber} max={40} />
        <TextField id={`${id}-reason`} label="红冲原因" value={reason} set={setReason} max={RED_REASON_MAX} />
        {fileField('红字发票文件（可不传；pdf 或图片）', 'data-red-file-state')}
        <DialogEnd error={error} close={close} busy={busy || uploading} submit="红 冲" />
      </form>
      {confirmDialog}
    </Dialog>
  )
}

/** 重开发票: the corrected invoice; the title and tax id start as the last invoice's. */
export function ReissueInvoiceDialog({ o, open, close, reload }: OrderDialogProps) {
  const id = useId()
  const last = lastIssued(o)
  const [shown] = useState({ title: last?.title ?? '', taxCode: last?.taxCode ?? '' })
  const [number, setNumber] = useState('')
  const [title, setTitle] = useState(shown.title)
  const [taxCode, setTaxCode] = useState(shown.taxCode)
  const { path: file, uploading, field: fileField } = usePrivateFile('发票文件已上传')
  const [error, setError] = useState<string | null>(null)
  const { busy, run } = useOrderAction(reload)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    // Unchanged, the title is the last invoice's: the server keeps it ('' for both).
    const same = title === shown.title && taxCode === shown.taxCode
    const r = checkInvoiceReissue({ number, file, ...(same ? {} : { title, taxCode }) })
    if (r.error !== null) return setError(r.error)
    setError(null)
    if (await run(() => ordersApi.reissueInvoice(o.code, r.value), '发票已重新开具')) close()
  }
  return (
    <Dialog open={open} onOpenChange={(v) => !v && close()} title="重开发票">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <TextField id={`${id}-title`} label="发票抬头" value={title} set={setTitle} max={INVOICE_TITLE_MAX} />
        <TextField id={`${id}-tax`} label="税号" value={taxCode} set={setTaxCode} max={18} />
        <TextField id={`${id}-number`} label="发票号码" value={number} set={setNumber} max={40} />
        {fileField('电子发票文件（pdf 或图片；纸质发票不传）', 'data-invoice-file-state')}
        <DialogEnd error={error} close={close} busy={busy || uploading} submit="开 具" />
      </form>
    </Dialog>
  )
}

/** The invoice history: each issue and red-letter, oldest first. */
export function InvoiceRecords({ o }: { o: AdminOrder }) {
  const names = useStaffNames()
  if (o.invoiceRecords.length === 0) return null
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium text-slate-900">发票记录</h3>
      <ol className="grid gap-2 text-sm">
        {o.invoiceRecords.map((r) => (
          <li
            key={r.id}
            className={`rounded border p-2 ${r.kind === 'red' ? 'border-red-200 bg-red-50' : 'border-slate-200'}`}
            data-invoice-record={r.kind}
          >
            <p className="flex flex-wrap gap-x-3">
              <span className={r.kind === 'red' ? 'font-medium text-red-700' : 'font-medium text-slate-900'}>
                {r.kindText}
              </span>
              <span data-record-number>{r.number || '—'}</span>
              <span className="tabular-nums">{formatMoney(r.amount)} 元</span>
              {r.file && (
                <a href={r.file} target="_blank" rel="noopener" className="text-brand-700 underline">
                  查看文件
                </a>
              )}
            </p>
            <p className="break-words text-slate-600">
              {[r.title, r.taxCode, r.reason && `原因：${r.reason}`, staffText(names, r.staff), r.time]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </li>
        ))}
      </ol>
    </div>
  )
}

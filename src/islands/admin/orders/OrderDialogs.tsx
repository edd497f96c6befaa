/**
 * The order screen's dialogs: 发货 (a parcel: courier, waybill, lines), 开具发票 (number and file),
 * and the pieces the after-sales dialogs share (AfterSalesDialogs.tsx).
 */
import { type FormEvent, useId, useState } from 'react'
import { type AdminOrder, ordersApi } from '../../../lib/api/admin-orders.ts'
import { COURIERS, waybillRefusal } from '../../../lib/couriers.ts'
import { formatMoney } from '../../../lib/format.ts'
import { checkInvoiceIssue, checkTransferReceipt } from '../../../lib/rules/back-office.ts'
import { toast } from '../../../lib/toast.ts'
import { BusyButton } from '../../common/BusyButton.tsx'
import { Dialog } from '../../common/Dialog.tsx'
import { inputClass } from '../../common/Field.tsx'
import { Labeled } from '../form/Labeled.tsx'
import { useOrderAction } from './use-order-action.ts'

/** A dialog of the order screen: open or not, closed by `close`, the order reloaded after its action. */
export interface OrderDialogProps {
  o: AdminOrder
  open: boolean
  close: () => void
  reload: () => void
}

/** The quantities chosen per line, by lineId; a line absent or at 0 is left out. */
type Chosen = Record<number, number>

/**
 * Lines to pick with a quantity each (a parcel's, or what comes back): each line up to `max(l)`,
 * all of it chosen to begin with. Lines with nothing to give are not shown.
 */
export function LinePicker({
  o,
  max,
  chosen,
  set,
  label,
}: {
  o: AdminOrder
  max: (l: AdminOrder['items'][number]) => number
  chosen: Chosen
  set: (c: Chosen) => void
  label: string
}) {
  const id = useId()
  const lines = o.items.filter((l) => max(l) > 0)
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm text-slate-700">{label}</legend>
      {lines.map((l) => {
        const q = chosen[l.lineId] ?? 0
        return (
          <div
            key={l.lineId}
            className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-2 text-sm"
            data-pick-line={l.lineId}
          >
            <input
              id={`${id}-${l.lineId}`}
              type="checkbox"
              checked={q > 0}
              onChange={(e) => set({ ...chosen, [l.lineId]: e.target.checked ? max(l) : 0 })}
            />
            <label htmlFor={`${id}-${l.lineId}`} className="line-clamp-2 break-all" title={l.title}>
              {l.title}
            </label>
            <span className="flex items-center gap-1">
              <input
                type="number"
                aria-label={`${l.title} 数量（最多 ${max(l)}）`}
                className="w-16 rounded-md border border-slate-300 px-2 py-1 text-right text-sm tabular-nums focus:border-brand-600 focus:outline-none"
                min={0}
                max={max(l)}
                value={q}
                onChange={(e) =>
                  set({ ...chosen, [l.lineId]: Math.max(0, Math.min(max(l), Number(e.target.value) || 0)) })
                }
              />
              <span className="text-xs text-slate-500">/ {max(l)}</span>
            </span>
          </div>
        )
      })}
    </fieldset>
  )
}

/** Every line at its most: what a picker starts with. */
const allOf = (o: AdminOrder, max: (l: AdminOrder['items'][number]) => number): Chosen =>
  Object.fromEntries(o.items.map((l) => [l.lineId, max(l)]))
const picked = (c: Chosen) =>
  Object.entries(c)
    .filter(([, q]) => q > 0)
    .map(([lineId, quantity]) => ({ lineId: Number(lineId), quantity }))

/** A courier and a waybill typed from the label, checked against the company's format. */
export function WaybillFields({
  courier,
  setCourier,
  number,
  setNumber,
  error,
}: {
  courier: string
  setCourier: (v: string) => void
  number: string
  setNumber: (v: string) => void
  error: string | null
}) {
  const id = useId()
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Labeled
        label="快递公司"
        control={(cid) => (
          <select
            id={cid}
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
        )}
      />
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
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-number-hint`}
          onChange={(e) => setNumber(e.target.value)}
        />
        <p id={`${id}-number-hint`} className={`text-xs ${error ? 'text-red-700' : 'text-slate-500'}`}>
          {error ?? '面单上的运单号；接入快递100 时必填，模拟快递留空则自动分配'}
        </p>
      </div>
    </div>
  )
}

/** The typed waybill's refusal, or null (nothing typed: the courier books one). */
export const typedRefusal = (courier: string, number: string) =>
  number.trim() ? waybillRefusal(courier, number) : null

/** A courier and a typed waybill as a form's state: its refusal, the call's fields, and the inputs. */
export function useWaybill() {
  const [courier, setCourier] = useState<string>(COURIERS[0].name)
  const [number, setNumber] = useState('')
  const refusal = () => typedRefusal(courier, number)
  return {
    refusal,
    /** { courier, waybill? }: no waybill when none was typed (the courier books one). */
    body: () => ({ courier, ...(number.trim() ? { waybill: number.trim() } : {}) }),
    fields: (error: string | null) => (
      <WaybillFields
        courier={courier}
        setCourier={setCourier}
        number={number}
        setNumber={setNumber}
        error={refusal() && error}
      />
    ),
  }
}

/** 发货: one parcel, with the lines and quantities in it (everything left by default). */
export function ShipDialog({ o, open, close, reload }: OrderDialogProps) {
  const waybill = useWaybill()
  const [chosen, setChosen] = useState<Chosen>(() => allOf(o, (l) => l.toShip))
  const [error, setError] = useState<string | null>(null)
  const { busy, run } = useOrderAction(reload)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const wrong = waybill.refusal()
    if (wrong) return setError(wrong)
    const lines = picked(chosen)
    if (!lines.length) return setError('请选择要发出的商品')
    setError(null)
    const all = o.items.every((l) => (chosen[l.lineId] ?? 0) === l.toShip)
    const body = { ...waybill.body(), ...(all ? {} : { lines }) }
    if (await run(() => ordersApi.shipParcel(o.code, body), all ? '已发货' : '已发出一个包裹')) close()
  }
  return (
    <Dialog open={open} onOpenChange={(v) => !v && close()} title="发货" width="max-w-xl">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <p className="break-all text-sm text-slate-700">
          发往 {o.recName} {o.recTel}，{o.recAddress.replaceAll(',', ' ')} {o.recAddressx}
        </p>
        {waybill.fields(error)}
        <LinePicker
          o={o}
          max={(l) => l.toShip}
          chosen={chosen}
          set={setChosen}
          label="本包裹的商品（可分多个包裹发出）"
        />
        <DialogEnd error={error} close={close} busy={busy} submit="确定发货" />
      </form>
    </Dialog>
  )
}

/**
 * A private file finance attaches (an electronic invoice, a bank receipt): uploaded when chosen,
 * its stored path kept; `field` draws the labelled picker with its state (未上传, 正在上传…, 已上传).
 */
export function usePrivateFile(uploaded: string) {
  const [path, setPath] = useState('')
  const [uploading, setUploading] = useState(false)
  const pick = async (files: FileList | null) => {
    const chosen = files?.[0]
    if (!chosen) return
    setUploading(true)
    try {
      setPath(await ordersApi.uploadInvoiceFile(chosen, chosen.name))
      toast('success', uploaded)
    } catch {
      setPath('')
    } finally {
      setUploading(false)
    }
  }
  const field = (label: string, stateAttr?: string) => (
    <Labeled
      label={label}
      control={(id) => (
        <>
          <input
            id={id}
            type="file"
            accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
            className="text-sm"
            disabled={uploading}
            onChange={(e) => pick(e.target.files)}
          />
          <p className="text-xs text-slate-600" {...(stateAttr ? { [stateAttr]: '' } : {})}>
            {uploading ? '正在上传…' : path ? '已上传' : '未上传'}
          </p>
        </>
      )}
    />
  )
  return { path, uploading, field }
}

export function InvoiceDialog({ o, open, close, reload }: OrderDialogProps) {
  const id = useId()
  const [number, setNumber] = useState('')
  const { path: file, uploading, field: fileField } = usePrivateFile('发票文件已上传')
  const [error, setError] = useState<string | null>(null)
  const { busy, run } = useOrderAction(reload)
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
        {fileField('电子发票文件（pdf 或图片；纸质发票不传）', 'data-invoice-file-state')}
        <DialogEnd error={error} close={close} busy={busy || uploading} submit="开 具" />
      </form>
    </Dialog>
  )
}

/** Today in China: '2026-12-07', the day a transfer arrived unless finance says otherwise. */
const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)

/**
 * 确认收款 (a transfer received: amount prefilled with the payable, bank reference, payer, day,
 * optional receipt scan) or, with `refund`, 登记转账退款 (what finance paid back). Only an amount
 * equal to the payable confirms the order; the server records any other as short or over.
 */
export function TransferDialog({
  o,
  open,
  close,
  reload,
  refund,
}: OrderDialogProps & { refund?: { outTradeNo: string; amount: number } | null }) {
  const id = useId()
  const [amount, setAmount] = useState(String(refund ? refund.amount : o.tolCost))
  const [reference, setReference] = useState('')
  const [payer, setPayer] = useState('')
  const [receivedAt, setReceivedAt] = useState(chinaToday)
  const { path: slip, uploading, field: slipField } = usePrivateFile('回单已上传')
  const [error, setError] = useState<string | null>(null)
  const { busy, run } = useOrderAction(reload)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const form = { amount, reference, payer, receivedAt, slip }
    const r = checkTransferReceipt(form)
    if (r.error !== null) return setError(r.error)
    setError(null)
    const done = refund
      ? await run(
          () => ordersApi.refundPayment(refund.outTradeNo, { amount, reference, payer, receivedAt }),
          '已登记退款',
        )
      : await run(
          () => ordersApi.confirmTransfer(o.code, form),
          (after) =>
            after.status === 10 ? '到账金额与应付金额不一致，已登记，订单仍待付款' : '已确认收款，订单已支付',
        )
    if (done) close()
  }
  const field = (key: string, label: string, value: string, set: (v: string) => void, more = {}) => (
    <div className="grid gap-1">
      <label htmlFor={`${id}-${key}`} className="text-sm text-slate-700">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className={inputClass}
        value={value}
        onChange={(e) => set(e.target.value)}
        {...more}
      />
    </div>
  )
  return (
    <Dialog open={open} onOpenChange={(v) => !v && close()} title={refund ? '登记转账退款' : '确认收款'}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <p className="text-sm text-slate-700">
          {refund
            ? `退款 ${formatMoney(refund.amount)} 元，付款单 ${refund.outTradeNo}`
            : `订单 ${o.code} 应付 ${formatMoney(o.tolCost)} 元；金额一致才确认收款，少付或多付只作登记并通知买家`}
        </p>
        {field('amount', refund ? '退回金额（元）' : '到账金额（元）', amount, setAmount, {
          inputMode: 'decimal',
        })}
        {field('reference', '银行流水号', reference, setReference, { maxLength: 64 })}
        {field('payer', refund ? '收款户名' : '付款户名', payer, setPayer, { maxLength: 100 })}
        {field('date', refund ? '转出日期' : '到账日期', receivedAt, setReceivedAt, { type: 'date' })}
        {!refund && slipField('银行回单（可不传；pdf 或图片）')}
        <DialogEnd error={error} close={close} busy={busy || uploading} submit={refund ? '登 记' : '确 认'} />
      </form>
    </Dialog>
  )
}

/** A dialog's end: the refusal of the shared check, if any, then 取 消 and the submit button. */
export function DialogEnd({
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

/**
 * The after-sales dialogs of the order screen (issue 38): 审核售后 — approve an amount up to what
 * the lines paid, or reject — and 验收退货 — the warehouse accepts the goods sent back (the
 * refund goes, or the exchange's replacement ships under a typed or booked waybill) or refuses
 * them with a reason. Above the approval limit an operator's approval waits for finance; the
 * dialog says so before it is sent.
 */
import { type FormEvent, useId, useState } from 'react'
import type { AdminOrder } from '../../../lib/api/admin-orders.ts'
import { ordersApi } from '../../../lib/api/admin-orders.ts'
import { formatMoney } from '../../../lib/format.ts'
import { refundRouteText } from '../../../lib/order-states.ts'
import { checkAfterSalesDecision, checkReturnReceipt, yuanToFen } from '../../../lib/rules/back-office.ts'
import { Dialog } from '../../common/Dialog.tsx'
import { inputClass } from '../../common/Field.tsx'
import { LabeledArea } from '../form/Labeled.tsx'
import { DialogEnd, type OrderDialogProps, useWaybill } from './OrderDialogs.tsx'
import { useOrderAction } from './use-order-action.ts'

/** What the request asks for, line by line: 'X × 1、Y × 2'. */
export const requestedLines = (o: AdminOrder) =>
  o.afterSales.lines
    .map(
      (l) => `${o.items.find((i) => i.lineId === l.lineId)?.title ?? `商品行 ${l.lineId}`} × ${l.quantity}`,
    )
    .join('、')

/** The dialog's verdict: a radio group under `legend`, one choice per option. */
function Verdict<V extends string>({
  legend,
  value,
  set,
  options,
}: {
  legend: string
  value: V | ''
  set: (v: V) => void
  options: readonly [V, React.ReactNode][]
}) {
  const name = useId()
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm text-slate-700">{legend}</legend>
      {options.map(([v, label]) => (
        <label key={v} className="flex items-start gap-2 text-sm">
          <input type="radio" name={name} checked={value === v} onChange={() => set(v)} className="mt-1" />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  )
}

export function AfterSalesDialog({ o, open, close, reload }: OrderDialogProps) {
  const id = useId()
  const a = o.afterSales
  const second = o.afterStatus === 11
  const [decision, setDecision] = useState<'approve' | 'reject' | ''>('')
  const [reason, setReason] = useState('')
  const [amount, setAmount] = useState(() => (second ? a.amount : a.refundable).toFixed(2))
  const [error, setError] = useState<string | null>(null)
  const { busy, run } = useOrderAction(reload)
  const money = a.kind !== 'exchange'
  const fen = yuanToFen(amount)
  const large = money && typeof fen === 'number' && fen > a.limit * 100
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const r = checkAfterSalesDecision({
      decision,
      reason,
      ...(money && decision === 'approve' ? { amount } : {}),
    })
    if (r.error !== null) return setError(r.error)
    setError(null)
    const done =
      r.value.decision === 'reject'
        ? '已驳回售后申请'
        : large && !second
          ? '已提交，待财务审批'
          : a.kind === 'refund'
            ? '已同意退款'
            : '已同意，待买家寄回'
    const body = {
      decision: r.value.decision,
      reason: r.value.reason,
      ...(money && decision === 'approve' ? { amount } : {}),
    }
    if (await run(() => ordersApi.decideAfterSales(o.code, body), done)) close()
  }
  return (
    <Dialog open={open} onOpenChange={(v) => !v && close()} title={second ? '财务审批退款' : '审核售后申请'}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid gap-1 text-sm text-slate-700">
          <p>
            {a.kindText}：{requestedLines(o)}
          </p>
          <p>买家的原因：{a.remarks || '—'}</p>
          {second && (
            <p className="font-medium text-amber-800">
              {a.approvedBy} 已同意退款 {formatMoney(a.amount)}{' '}
              元，超过运营可独自批准的额度，须另一位财务或管理员批准
            </p>
          )}
        </div>
        <Verdict
          legend="审核结果"
          value={decision}
          set={setDecision}
          options={[
            [
              'approve',
              <>
                同意
                {a.kind === 'refund'
                  ? `退款（${refundRouteText(o.payWay)}）`
                  : a.kind === 'return'
                    ? '退货，买家寄回后退款'
                    : '换货，买家寄回后发出新商品'}
                {o.invoiceStatus === 20 && money && (
                  <strong className="mt-1 block font-medium text-amber-800">
                    该订单已开具发票（{o.invoice?.number}
                    ），退款后发票自动红冲作废（记入发票记录），请通知财务开具红字发票
                  </strong>
                )}
              </>,
            ],
            ['reject', '驳回：买家可再次申请'],
          ]}
        />
        {money && decision === 'approve' && (
          <div className="grid gap-1">
            <label htmlFor={`${id}-amount`} className="text-sm text-slate-700">
              退款金额（元，可退 {formatMoney(a.refundable)}）
            </label>
            <input
              id={`${id}-amount`}
              className={`${inputClass} sm:max-w-40`}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-describedby={`${id}-amount-hint`}
            />
            <p id={`${id}-amount-hint`} className="text-xs text-slate-500" data-approval-hint>
              {large && !second
                ? `超过 ¥${a.limit.toLocaleString('en-US')}：提交后待财务审批，不会立即退款`
                : `此订单运营还可独自批准 ¥${a.limit.toLocaleString('en-US')} 以内的退款`}
            </p>
          </div>
        )}
        <LabeledArea
          label="原因（买家可见，驳回未填时为“不符合退款条件”）"
          value={reason}
          onChange={setReason}
        />
        <DialogEnd error={error} close={close} busy={busy} submit="确 定" />
      </form>
    </Dialog>
  )
}

export function ReceiveDialog({ o, open, close, reload }: OrderDialogProps) {
  const a = o.afterSales
  const [decision, setDecision] = useState<'accept' | 'refuse' | ''>('')
  const [reason, setReason] = useState('')
  const waybill = useWaybill()
  const [error, setError] = useState<string | null>(null)
  const { busy, run } = useOrderAction(reload)
  const exchange = a.kind === 'exchange'
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const r = checkReturnReceipt({ decision, reason })
    if (r.error !== null) return setError(r.error)
    const wrong = exchange && decision === 'accept' ? waybill.refusal() : null
    if (wrong) return setError(wrong)
    setError(null)
    const body = {
      decision: r.value.decision,
      reason: r.value.reason,
      ...(exchange ? waybill.body() : {}),
    }
    const done = r.value.decision === 'refuse' ? '已拒收' : exchange ? '已收货，换货已发出' : '已收货并退款'
    if (await run(() => ordersApi.receiveReturn(o.code, body), done)) close()
  }
  return (
    <Dialog open={open} onOpenChange={(v) => !v && close()} title="验收退回商品" width="max-w-xl">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid gap-1 text-sm text-slate-700">
          <p>
            {a.kindText}：{requestedLines(o)}
          </p>
          <p>买家寄回：{a.returnWaybill || '买家尚未填写运单号'}</p>
          {!exchange && (
            <p>
              收货后退款 {formatMoney(a.amount)} 元（{refundRouteText(o.payWay)}），商品回到库存
            </p>
          )}
        </div>
        <Verdict
          legend="验收结果"
          value={decision}
          set={setDecision}
          options={[
            ['accept', `已收货${exchange ? '，发出换货商品' : '，退款'}`],
            ['refuse', '拒收（商品不符、已使用等），须填原因'],
          ]}
        />
        {exchange && decision === 'accept' && waybill.fields(error)}
        <LabeledArea label="原因（买家可见）" value={reason} onChange={setReason} rows={2} />
        <DialogEnd error={error} close={close} busy={busy} submit="确 定" />
      </form>
    </Dialog>
  )
}

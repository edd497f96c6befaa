/**
 * 申请发票 (accounts §2 "Invoice application dialog", §4 "Invoice dialog", §5 "Invoice
 * application"): tabs 电子普通发票 / 增值税专用发票, two saved records of the tab's kind as cards
 * and 更多发票信息 for the rest, the link that opens the existing invoice form, one card chosen and
 * submitted to Orders/PostOrdersInvoice. Nothing chosen: 请选择发票 as a success-style message and
 * the request still goes (the server refuses it). 申请成功.
 */
import { useCallback, useEffect, useId, useState } from 'react'
import type { Invoice } from '../../lib/api/account.ts'
import { account, buying } from '../../lib/api/browser.ts'
import { maskPhone } from '../../lib/format.ts'
import { INVOICE_TYPES, type InvoiceType } from '../../lib/rules/invoice.ts'
import { toast } from '../../lib/toast.ts'
import { BusyButton } from '../common/BusyButton.tsx'
import { FreshFormDialog } from '../common/Dialog.tsx'
import { TabList, tabPanelProps } from '../common/TabList.tsx'
import { useSend } from '../common/useSend.ts'
import { InvoiceFormDialog } from '../forms/InvoiceForm.tsx'
import type { OrderDialogProps } from './parts.tsx'

/** Cards shown per kind before 更多发票信息 (accounts §2). */
export const INVOICE_CARDS_FIRST = 2

const TAB_ID: Record<InvoiceType, 'ordinary' | 'vat'> = { 电子普通发票: 'ordinary', 增值税专用发票: 'vat' }
const TABS = INVOICE_TYPES.map((t) => ({ id: TAB_ID[t], label: t }))

export function InvoiceApplyDialog({ orderId, onDone, ...dialog }: OrderDialogProps) {
  return (
    <FreshFormDialog
      {...dialog}
      title="申请发票"
      width="max-w-2xl"
      description="选择发票类型和发票信息后提交"
    >
      {(close) => <Apply orderId={orderId} onCancel={close} onDone={onDone} />}
    </FreshFormDialog>
  )
}

function Apply({ orderId, onCancel, onDone }: { orderId: number; onCancel: () => void; onDone: () => void }) {
  const uid = useId()
  const [kind, setKind] = useState<InvoiceType>(INVOICE_TYPES[0])
  const [list, setList] = useState<Invoice[] | null | 'failed'>(null)
  const [more, setMore] = useState(false)
  const [chosen, setChosen] = useState<number | null>(null)
  const [adding, setAdding] = useState(false)
  const { busy, send } = useSend()

  const load = useCallback(
    () =>
      account.getUserInvoiceQuery().then(
        (l) => setList(l),
        () => setList('failed'),
      ),
    [],
  )
  useEffect(() => {
    void load()
  }, [load])

  const ofKind = Array.isArray(list) ? list.filter((v) => v.types === kind) : []
  const shown = more ? ofKind : ofKind.slice(0, INVOICE_CARDS_FIRST)
  const prefix = `${uid}-kind`

  async function submit() {
    if (busy) return
    const invoiceId = chosen ?? undefined
    // accounts §5: the message shows as a success-style one and the request is still sent.
    if (invoiceId === undefined) toast('success', '请选择发票')
    await send(async () => {
      const res = await buying.postOrdersInvoice(
        { id: orderId, ...(invoiceId === undefined ? {} : { invoiceId }) },
        // Without a choice the server's refusal repeats what was just shown.
        { silent: invoiceId === undefined },
      )
      toast('success', typeof res.data === 'string' && res.data ? res.data : '申请成功')
      onDone()
    })
  }

  return (
    <div className="grid gap-4">
      <TabList
        tabs={TABS}
        active={TAB_ID[kind]}
        onSelect={(id) => {
          setKind(INVOICE_TYPES.find((t) => TAB_ID[t] === id) ?? INVOICE_TYPES[0])
          setMore(false)
          setChosen(null)
        }}
        label="发票类型"
        idPrefix={prefix}
      />
      <div {...tabPanelProps(prefix, TAB_ID[kind])}>
        {list === null ? (
          <p className="py-8 text-center text-slate-500">正在加载…</p>
        ) : list === 'failed' ? (
          <p className="py-8 text-center text-slate-500" role="alert">
            发票信息加载失败
          </p>
        ) : ofKind.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            还没有{kind}的发票信息
          </p>
        ) : (
          <div role="radiogroup" aria-label={`${kind}信息`} className="grid gap-3">
            {shown.map((v) => (
              <InvoiceCard
                key={v.id}
                v={v}
                name={`${uid}-invoice`}
                checked={chosen === v.id}
                onChoose={() => setChosen(v.id)}
              />
            ))}
          </div>
        )}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
          {ofKind.length > INVOICE_CARDS_FIRST && !more ? (
            <button
              type="button"
              className="rounded px-1 text-brand-700 hover:underline"
              onClick={() => setMore(true)}
            >
              更多发票信息
              <span className="sr-only">（共{ofKind.length}条）</span>
            </button>
          ) : (
            <span />
          )}
          <button
            type="button"
            className="rounded px-1 text-brand-700 hover:underline"
            onClick={() => setAdding(true)}
          >
            + 新增发票信息
          </button>
        </div>
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <button type="button" className="btn-outline" onClick={onCancel}>
          取消
        </button>
        <BusyButton type="button" className="btn-primary min-w-24" onClick={submit} busy={busy}>
          {busy ? '提交中…' : '提交'}
        </BusyButton>
      </div>
      <InvoiceFormDialog
        open={adding}
        onOpenChange={setAdding}
        defaultType={kind}
        onSaved={() => void load()}
      />
    </div>
  )
}

function InvoiceCard({
  v,
  name,
  checked,
  onChoose,
}: {
  v: Invoice
  name: string
  checked: boolean
  onChoose: () => void
}) {
  // A 电子普通发票 keeps no registration or postal details: its card lists only what it has.
  const row = (label: string, value: string) =>
    value.trim() ? (
      <div className="flex gap-2">
        <dt className="w-16 shrink-0 text-slate-500">{label}</dt>
        <dd className="min-w-0 break-all text-slate-700">{value}</dd>
      </div>
    ) : null
  return (
    <label
      className={`block cursor-pointer rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${checked ? 'border-brand-500 bg-brand-50/60' : 'border-slate-200 hover:border-brand-400'}`}
      data-invoice-card={v.id}
    >
      <span className="flex items-center gap-2">
        <input
          type="radio"
          name={name}
          className="h-4 w-4 shrink-0 accent-brand-700"
          checked={checked}
          onChange={onChoose}
          aria-label={`${v.types} ${v.companyName}`}
        />
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{v.types}</span>
        <span className="min-w-0 break-all font-semibold text-slate-900">{v.companyName}</span>
      </span>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-xs sm:grid-cols-2 sm:text-sm">
        {row('税号', v.companyCode)}
        {row('注册电话', v.companyTel)}
        {row('注册地址', v.companyAddress)}
        {row('开户银行', v.bank)}
        {row('银行账号', v.account)}
        {row('收票人', v.name)}
        {row('收票电话', maskPhone(v.tel))}
        {row('收票地址', `${[v.province, v.city, v.area, v.street].filter(Boolean).join(' ')} ${v.addressx}`)}
      </dl>
    </label>
  )
}

/**
 * /admin/orders/detail/?code=…: one order in full (issue 20) — the buyer's note and the price
 * breakdown (issue 24: member discount, 满减, coupon, shipping), items, payments, the waybill's
 * timeline, after-sales, invoice, buyer and the staff history — with the actions the staff
 * member's permissions allow: ship (courier, packing slip), confirm a transfer, decide
 * after-sales, issue an invoice, refund a refund-due payment. Each action answers the order as
 * it is afterwards, toasts, and the screen shows the new state.
 */
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { type AdminOrder, ordersApi } from '../../lib/api/admin-orders.ts'
import { actionText } from '../../lib/audit-text.ts'
import { PayWayText } from '../../lib/constants.ts'
import { COURIERS } from '../../lib/couriers.ts'
import { checkAfterSalesDecision, checkInvoiceIssue } from '../../lib/rules/back-office.ts'
import { toast } from '../../lib/toast.ts'
import { BusyButton } from '../common/BusyButton.tsx'
import { Dialog } from '../common/Dialog.tsx'
import { useConfirm } from '../common/useConfirm.tsx'
import { AdminShell, may, useStaff } from './AdminShell.tsx'
import { hasPackingSlip, inputClass, OrderBadges, yuan } from './order-parts.tsx'
import { useLoad } from './useLoad.ts'

const codeOf = () => new URLSearchParams(location.search).get('code') ?? ''

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-4 shadow-sm">
      <h2 id={id} className="mb-3 font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A definition list of label → value pairs. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-600">{k}</dt>
          <dd className="break-all">{v === '' ? '—' : v}</dd>
        </div>
      ))}
    </dl>
  )
}

/** What the buyer wrote at checkout, where the operator packing the order cannot miss it. */
export function BuyerNote({ note }: { note: string }) {
  return (
    <section
      aria-labelledby="order-buyer-note"
      className="rounded-lg border-2 border-amber-300 bg-amber-50 p-4"
      data-buyer-note
    >
      <h2 id="order-buyer-note" className="mb-1 font-semibold text-amber-900">
        买家留言
      </h2>
      <p className="whitespace-pre-wrap break-all text-slate-900">{note}</p>
    </section>
  )
}

/**
 * The order's price as it was computed at checkout, line by line: goods at list price, each
 * reduction it had (none shown when zero), shipping, and what was paid.
 */
function priceLines(o: AdminOrder): [string, ReactNode][] {
  const minus = (fen: number) => `−${yuan(fen)} 元`
  return [
    ['商品金额', `${yuan(o.costPrice)} 元`],
    ...(o.memberOff > 0
      ? [[`会员折扣${o.discount < 10 ? `（${o.discount}折）` : ''}`, minus(o.memberOff)]]
      : []),
    ...(o.promoOff > 0 ? [[`满减${o.promoTitle ? `（${o.promoTitle}）` : ''}`, minus(o.promoOff)]] : []),
    ...(o.couponOff > 0
      ? [[`优惠券${o.couponTitle ? `（${o.couponTitle}）` : ''}`, minus(o.couponOff)]]
      : []),
    ...(o.kind === 'goods' ? [['运费', o.shipping > 0 ? `${yuan(o.shipping)} 元` : '包邮']] : []),
    // Paid or still due: the CSV's 实付金额 is empty for an order never paid, and so is this word.
    [o.payTime ? '实付金额' : '应付金额', <strong key="paid">{yuan(o.tolCost)} 元</strong>],
  ] as [string, ReactNode][]
}

/** Runs an action: its answer is the order as it is now; toasts `done`. */
function useAction(reload: () => void) {
  const [busy, setBusy] = useState(false)
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await work()
      toast('success', done)
      reload()
      return true
    } catch {
      // Refused: the client has toasted why; the screen shows the state it had.
      reload()
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}

function ShipDialog({
  o,
  open,
  close,
  reload,
}: {
  o: AdminOrder
  open: boolean
  close: () => void
  reload: () => void
}) {
  const id = useId()
  const [courier, setCourier] = useState<string>(COURIERS[0].name)
  const { busy, run } = useAction(reload)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (await run(() => ordersApi.ship(o.code, courier), '已发货')) close()
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
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={close}>
            取 消
          </button>
          <BusyButton type="submit" className="btn-primary" busy={busy}>
            确定发货
          </BusyButton>
        </div>
      </form>
    </Dialog>
  )
}

function AfterSalesDialog({
  o,
  open,
  close,
  reload,
}: {
  o: AdminOrder
  open: boolean
  close: () => void
  reload: () => void
}) {
  const id = useId()
  const [decision, setDecision] = useState<'approve' | 'reject' | ''>('')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { busy, run } = useAction(reload)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const r = checkAfterSalesDecision({ decision, reason })
    if (r.error !== null) return setError(r.error)
    setError(null)
    const done = r.value.decision === 'approve' ? '已同意退款' : '已驳回售后申请'
    if (await run(() => ordersApi.decideAfterSales(o.code, r.value), done)) close()
  }
  const way = PayWayText[o.payWay] ?? o.payWay
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
              同意退款：{yuan(o.tolCost)} 元原路退回（{way}）{o.status === 20 ? '，库存退回' : ''}，订单取消
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
            确 定
          </BusyButton>
        </div>
      </form>
    </Dialog>
  )
}

function InvoiceDialog({
  o,
  open,
  close,
  reload,
}: {
  o: AdminOrder
  open: boolean
  close: () => void
  reload: () => void
}) {
  const id = useId()
  const [number, setNumber] = useState('')
  const [file, setFile] = useState('')
  const [uploading, setUploading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { busy, run } = useAction(reload)
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
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={close}>
            取 消
          </button>
          <BusyButton type="submit" className="btn-primary" busy={busy || uploading}>
            开 具
          </BusyButton>
        </div>
      </form>
    </Dialog>
  )
}

type Open = 'ship' | 'after-sales' | 'invoice' | null

function Detail({ code }: { code: string }) {
  const me = useStaff()
  const { data: o, loading, reload } = useLoad(() => ordersApi.get(code), code)
  const [open, setOpen] = useState<Open>(null)
  const [confirmDialog, confirm] = useConfirm()
  const { busy, run } = useAction(reload)
  if (!o) return <p className="text-slate-600">{loading ? '加载中…' : '订单不存在'}</p>

  const canShip = may(me, 'orders.fulfil') && o.status === 20 && o.afterStatus !== 10 && o.kind === 'goods'
  const canDecide = may(me, 'orders.fulfil') && o.afterStatus === 10
  const canConfirm = may(me, 'orders.money') && o.status === 10
  const canInvoice = may(me, 'orders.invoice') && o.invoiceStatus === 10 && o.invoiceStatusText === '申请中'
  const close = () => setOpen(null)

  const confirmTransfer = async () => {
    if (
      await confirm({
        text: `确认已收到订单 ${o.code} 的对公转账 ${yuan(o.tolCost)} 元？`,
        title: '确认收款',
      })
    )
      await run(() => ordersApi.confirmTransfer(o.code), '已确认收款，订单已支付')
  }
  const refund = async (outTradeNo: string, amount: number) => {
    if (
      await confirm({ text: `确定将付款 ${outTradeNo}（${yuan(amount)} 元）原路退回吗？`, title: '退回付款' })
    )
      await run(() => ordersApi.refundPayment(outTradeNo), '已退回付款')
  }

  return (
    // grid-cols-1 is minmax(0, 1fr): a wide table scrolls in its box instead of widening the page.
    <div className="grid grid-cols-1 gap-4" data-order={o.code}>
      <div className="flex flex-wrap items-center gap-2 rounded-lg bg-white p-4 shadow-sm">
        <p className="mr-auto text-base">
          <span className="font-semibold">订单 {o.code}</span>
          <span className="ml-3 font-medium text-brand-700" data-order-status>
            {o.statusText}
          </span>
          <OrderBadges o={o} />
        </p>
        {canShip && (
          <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={() => setOpen('ship')}>
            发货
          </button>
        )}
        {hasPackingSlip(o) && (
          <a
            className="btn-outline px-4 py-2 text-sm"
            href={`/admin/orders/slip/?code=${encodeURIComponent(o.code)}`}
          >
            打印发货单
          </a>
        )}
        {canConfirm && (
          <BusyButton
            type="button"
            className="btn-primary px-4 py-2 text-sm"
            busy={busy}
            onClick={confirmTransfer}
          >
            确认收款
          </BusyButton>
        )}
        {canDecide && (
          <button
            type="button"
            className="btn-primary px-4 py-2 text-sm"
            onClick={() => setOpen('after-sales')}
          >
            审核售后
          </button>
        )}
        {canInvoice && (
          <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={() => setOpen('invoice')}>
            开具发票
          </button>
        )}
      </div>

      {o.buyerNote && <BuyerNote note={o.buyerNote} />}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Section title="订单信息" id="order-facts">
          <Facts
            rows={[
              ...priceLines(o),
              ['支付方式', PayWayText[o.payWay] ?? ''],
              ['下单时间', o.createTime],
              ['付款截止', o.payDeadline],
              ['支付时间', o.payTime],
              ['发货时间', o.wayTime],
              ['完成时间', o.finishTime],
            ]}
          />
        </Section>
        <Section title="买家与收货" id="order-buyer">
          <Facts
            rows={[
              ['买家', `${o.buyer.nickName || '—'}${o.buyer.realName ? `（${o.buyer.realName}）` : ''}`],
              ['账号手机', o.buyer.tel],
              ['用户编号', `${o.buyer.id}（${o.buyer.code}）`],
              ['收货人', o.recName],
              ['收货电话', o.recTel],
              ['收货地址', `${o.recAddress.replaceAll(',', ' ')} ${o.recAddressx}`.trim()],
            ]}
          />
        </Section>
      </div>

      <Section title="商品" id="order-items">
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  名称
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  单价（元）
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  数量
                </th>
              </tr>
            </thead>
            <tbody>
              {o.items.map((i) => (
                <tr key={i.title} className="border-t border-slate-100">
                  <td className="py-1 pr-3">{i.title}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{yuan(i.price)}</td>
                  <td className="py-1 text-right tabular-nums">{i.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title="付款记录" id="order-payments">
        {o.payments.length === 0 ? (
          <p className="text-sm text-slate-600">暂无付款记录</p>
        ) : (
          // relative: the header's sr-only text (absolute) is clipped by the box, not placed past the page.
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-max text-sm">
              <thead className="text-left text-slate-600">
                <tr>
                  {['付款单号', '方式', '金额（元）', '状态', '支付时间', '退回时间', ''].map((h) => (
                    <th key={h} scope="col" className="py-1 pr-3 font-medium">
                      {h || <span className="sr-only">操作</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {o.payments.map((p) => (
                  <tr key={p.outTradeNo} className="border-t border-slate-100" data-payment={p.outTradeNo}>
                    <td className="py-1 pr-3 font-mono text-xs">{p.outTradeNo}</td>
                    <td className="py-1 pr-3">{PayWayText[p.way] ?? p.way}</td>
                    <td className="py-1 pr-3 tabular-nums">{yuan(p.amount)}</td>
                    <td className="py-1 pr-3">{p.statusText}</td>
                    <td className="py-1 pr-3">{p.paidTime || '—'}</td>
                    <td className="py-1 pr-3">{p.refundTime || '—'}</td>
                    <td className="py-1">
                      {p.status === 30 && may(me, 'orders.money') && (
                        <BusyButton
                          type="button"
                          className="btn-outline px-3 py-1 text-xs"
                          busy={busy}
                          onClick={() => refund(p.outTradeNo, p.amount)}
                        >
                          退回
                        </BusyButton>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      <Section title="物流信息" id="order-waybills">
        {o.waybills.length === 0 ? (
          <p className="text-sm text-slate-600">尚未发货</p>
        ) : (
          o.waybills.map((w) => (
            <div key={w.number} className="mb-3" data-waybill={w.number}>
              <p className="text-sm">
                <span className="font-medium">{w.company}</span>
                <span className="ml-2 font-mono">{w.number}</span>
                <span className="ml-2 text-brand-700">{w.status}</span>
              </p>
              <ol
                aria-label={`运单 ${w.number} 的物流轨迹`}
                className="mt-2 border-l-2 border-slate-200 pl-4 text-sm"
              >
                {w.locus.map((l) => (
                  <li key={`${l.time}${l.text}`} className="mb-2">
                    <span className="block text-xs text-slate-600">
                      {l.time} {l.status}
                    </span>
                    {l.text}
                  </li>
                ))}
              </ol>
            </div>
          ))
        )}
      </Section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Section title="售后" id="order-after-sales">
          {o.afterStatus === 0 ? (
            <p className="text-sm text-slate-600">无售后申请</p>
          ) : (
            <Facts
              rows={[
                ['状态', o.afterStatusText],
                ['退款原因', o.afterSales.remarks],
                [
                  '图片',
                  o.afterSales.imgs.length ? (
                    <span key="imgs" className="flex flex-wrap gap-2">
                      {o.afterSales.imgs.map((src, i) => (
                        <a
                          key={src}
                          href={src}
                          target="_blank"
                          rel="noopener"
                          className="text-brand-700 underline"
                        >
                          图片 {i + 1}
                        </a>
                      ))}
                    </span>
                  ) : (
                    ''
                  ),
                ],
                ['驳回原因', o.afterSales.rejectReason],
              ]}
            />
          )}
        </Section>
        <Section title="发票" id="order-invoice">
          {!o.invoice ? (
            <p className="text-sm text-slate-600">未申请发票</p>
          ) : (
            <Facts
              rows={[
                ['状态', o.invoiceStatusText],
                ['类型', o.invoice.types],
                ['抬头', o.invoice.companyName],
                ['税号', o.invoice.companyCode],
                ['开户行及账号', `${o.invoice.bank} ${o.invoice.account}`.trim()],
                ['收票人', `${o.invoice.name} ${o.invoice.tel} ${o.invoice.address}`.trim()],
                ['发票号码', o.invoice.number],
                [
                  '发票文件',
                  o.invoice.file ? (
                    <a
                      key="file"
                      href={o.invoice.file}
                      target="_blank"
                      rel="noopener"
                      className="text-brand-700 underline"
                    >
                      查看
                    </a>
                  ) : (
                    ''
                  ),
                ],
                ['开票时间', o.invoice.time],
              ]}
            />
          )}
        </Section>
      </div>

      <Section title="操作记录" id="order-history">
        {o.history.length === 0 ? (
          <p className="text-sm text-slate-600">暂无后台操作</p>
        ) : (
          <ol className="grid gap-2 text-sm" data-history>
            {o.history.map((h) => (
              <li key={`${h.at}${h.action}`}>
                <span className="text-slate-600">{h.at}</span>
                <span className="ml-2 font-medium">{h.staff}</span>
                <span className="ml-2">{actionText(h.action)}</span>
                {h.detail && <span className="ml-2 break-all text-slate-600">{h.detail}</span>}
              </li>
            ))}
          </ol>
        )}
      </Section>

      {confirmDialog}
      {canShip && <ShipDialog o={o} open={open === 'ship'} close={close} reload={reload} />}
      {canDecide && <AfterSalesDialog o={o} open={open === 'after-sales'} close={close} reload={reload} />}
      {canInvoice && <InvoiceDialog o={o} open={open === 'invoice'} close={close} reload={reload} />}
    </div>
  )
}

export default function OrderDetailPage() {
  const [code] = useState(codeOf)
  return (
    <AdminShell title="订单详情" permission="orders.read">
      <p className="mb-3 text-sm">
        <a href="/admin/orders/" className="text-brand-700 underline">
          ← 返回订单列表
        </a>
      </p>
      <Detail code={code} />
    </AdminShell>
  )
}

/**
 * 订单详情 /orderdetail?id (storefront §2 "Order detail", §4): the step bar (hidden when
 * cancelled), receiver, items, totals and the discount line; while unpaid, 去支付 and 取消订单
 * (取消成功). After the order (issue 9): 物流信息, 确认收货, 申请售后 / 取消售后 and 申请发票,
 * each shown only while the order's state allows its move (orderMoves), and the after-sales
 * and invoice state. Issue 38: the state reads as the server words it (部分发货, 已退款 …), each
 * line says what of it shipped and was refunded, and the after-sales panel shows the request's
 * kind, lines and amount, the return address and the return waybill form while 待寄回.
 */

import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { AssetImg } from '../../components/AssetImg.tsx'
import { buying } from '../../lib/api/browser.ts'
import type { OrderDetail as Order } from '../../lib/api/buying.ts'
import { formatDateTime, formatMoney, maskPhone, splitList } from '../../lib/format.ts'
import { AfterStatus } from '../../lib/order-states.ts'
import { payWayName } from '../../lib/pay-ways.ts'
import { lineCounts } from '../../lib/rules/after-sales.ts'
import { toast } from '../../lib/toast.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { BusyButton } from '../common/BusyButton.tsx'
import { useConfirm } from '../common/useConfirm.tsx'
import { useSend } from '../common/useSend.ts'
import { Loading } from '../listing/ListStates.tsx'
import { InvoiceApplyDialog } from './InvoiceApplyDialog.tsx'
import { LogisticsDialog } from './LogisticsDialog.tsx'
import { OrderReviews } from './OrderReviews.tsx'
import {
  CopyButton,
  ItemRows,
  MoneyRow,
  OrderMissing,
  orderMoves,
  orderParts,
  PayDeadline,
  PriceRows,
  payHref,
  StepBar,
} from './parts.tsx'
import { RefundDialog } from './RefundDialog.tsx'
import { ReturnWaybillForm } from './ReturnWaybillForm.tsx'

type Open = 'logistics' | 'refund' | 'invoice' | null

export function OrderDetail() {
  return <AccountGate>{() => <Detail />}</AccountGate>
}

function Detail() {
  const [o, setO] = useState<Order | null | 'missing'>(null)
  const [confirmDialog, confirm] = useConfirm()
  const { busy, send } = useSend()
  const [open, setOpen] = useState<Open>(null)
  // The common Dialog gives focus back to the button that opened it.
  const show = (which: Exclude<Open, null>) => () => setOpen(which)
  const close = () => setOpen(null)
  const onOpenChange = (which: Exclude<Open, null>) => (v: boolean) => (v ? setOpen(which) : close())
  const id = Number(new URLSearchParams(location.search).get('id'))
  const load = useCallback(
    () =>
      buying
        .getOrders(id, { silent: true })
        .then(setO)
        .catch(() => setO('missing')),
    [id],
  )
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) setO('missing')
    else void load()
  }, [id, load])

  if (o === null) return <Loading />
  if (o === 'missing') return <OrderMissing />

  async function cancel() {
    if (!(await confirm({ action: '取消该订单' }))) return
    await send(async () => {
      await buying.cancelOrder(id)
      toast('success', '取消成功')
      await load()
    })
  }

  /** A move after the generic confirm dialog: the call, its success message, the order again. */
  async function move(action: string, call: () => Promise<{ data: unknown }>, done: string) {
    if (!(await confirm({ action }))) return
    await send(async () => {
      const res = await call()
      toast('success', typeof res.data === 'string' && res.data ? res.data : done)
      await load()
    })
  }
  /** The button of a move: its label is also what the confirm dialog asks about. */
  const moveButton = (
    action: string,
    call: () => Promise<{ data: unknown }>,
    done: string,
    className: string,
  ) => (
    <BusyButton type="button" className={className} busy={busy} onClick={() => move(action, call, done)}>
      {action}
    </BusyButton>
  )
  const afterDialog = () => {
    close()
    void load()
  }

  const can = orderMoves(o)
  const cancelled = o.status === 100
  const note = o.buyerNote
  const way = payWayName(o.payWay)
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        <span className="tabular-nums">
          订单号 {o.code}
          <CopyButton text={o.code} label="订单号" />
        </span>
        <span>下单时间 {formatDateTime(o.createTime, true)}</span>
        <span className="ml-auto font-semibold text-brand-700" data-order-status>
          {o.statusText}
        </span>
      </div>
      {!cancelled && <StepBar status={o.status} />}
      {o.status === 10 && <PayDeadline deadline={o.payDeadline} className="text-sm" />}

      {o.kind !== 'article' && (
        <section aria-labelledby="od-rec" className="rounded-lg bg-slate-50 p-4 text-sm">
          <h2 id="od-rec" className="mb-2 text-base font-semibold text-slate-900">
            收货信息
          </h2>
          <p>
            <span className="font-medium text-slate-900">{o.recName}</span>
            <span className="ml-2 tabular-nums text-slate-600">{maskPhone(o.recTel)}</span>
          </p>
          <p className="mt-1 break-all text-slate-600">
            {o.recAddress.split(',').filter(Boolean).join(' ')} {o.recAddressx}
          </p>
        </section>
      )}

      <section aria-labelledby="od-items">
        <h2 id="od-items" className="mb-1 text-base font-semibold text-slate-900">
          商品清单
        </h2>
        <ItemRows
          items={(o.list.length ? o.list : o.itemList).map((it) => ({ ...it, meta: lineCounts(it) }))}
        />
      </section>

      {note && (
        <section aria-labelledby="od-note" className="rounded-lg bg-slate-50 p-4 text-sm">
          <h2 id="od-note" className="mb-1 text-base font-semibold text-slate-900">
            买家留言
          </h2>
          <p className="whitespace-pre-line break-all text-slate-700" data-buyer-note>
            {note}
          </p>
        </section>
      )}

      <section aria-labelledby="od-sum" className="ml-auto w-full max-w-sm">
        <h2 id="od-sum" className="sr-only">
          金额
        </h2>
        <dl className="text-sm">
          <PriceRows
            p={orderParts(o)}
            goods={o.kind !== 'article'}
            totalLabel={o.payTime ? '实付金额' : '应付金额'}
          />
          {o.payTime && <MoneyRow label="支付时间" value={formatDateTime(o.payTime, true)} />}
          {o.payTime && way && <MoneyRow label="支付方式" value={way} />}
        </dl>
        {o.status === 10 && (
          <div className="mt-4 flex justify-end gap-3">
            <BusyButton type="button" className="btn-outline px-5" onClick={cancel} busy={busy}>
              取消订单
            </BusyButton>
            <a href={payHref(o)} className="btn-primary px-6">
              去支付
            </a>
          </div>
        )}
      </section>

      {(o.afterStatus > 0 || o.invoiceStatus > 0) && <AfterState o={o} reload={load} />}

      {o.status === 40 && o.kind !== 'article' && <OrderReviews orderId={id} />}

      {(can.logistics || can.receive || can.refund || can.cancelRefund || can.invoice) && (
        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 pt-4" data-order-actions>
          {can.logistics && (
            <button type="button" className="btn-outline px-5" onClick={show('logistics')}>
              物流信息
            </button>
          )}
          {can.invoice && (
            <button type="button" className="btn-outline px-5" onClick={show('invoice')}>
              申请发票
            </button>
          )}
          {can.refund && (
            <button type="button" className="btn-outline px-5" onClick={show('refund')}>
              申请售后
            </button>
          )}
          {can.cancelRefund &&
            moveButton('取消售后', () => buying.cancelAfterSales(id), '取消成功', 'btn-outline px-5')}
          {can.receive &&
            moveButton('确认收货', () => buying.confirmReceipt(id), '确认收货成功', 'btn-primary px-6')}
        </div>
      )}

      <LogisticsDialog orderId={id} open={open === 'logistics'} onOpenChange={onOpenChange('logistics')} />
      <RefundDialog
        orderId={id}
        items={o.list}
        open={open === 'refund'}
        onOpenChange={onOpenChange('refund')}
        onDone={afterDialog}
      />
      <InvoiceApplyDialog
        orderId={id}
        open={open === 'invoice'}
        onOpenChange={onOpenChange('invoice')}
        onDone={afterDialog}
      />
      {confirmDialog}
    </div>
  )
}

/** A label and its value in the after-sales panel. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[4.5rem_1fr] gap-x-3">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-all text-slate-700">{children}</dd>
    </div>
  )
}

/**
 * The after-sales and invoice state of the order (issues 9, 38): what was asked — kind, lines,
 * the approved amount — and where it stands; while 待寄回 the return address and the form of the
 * return waybill, while 待验收 that waybill.
 */
function AfterState({ o, reload }: { o: Order; reload: () => Promise<void> }) {
  const imgs = splitList(o.afterImgs)
  const a = o.afterSale
  const titleOf = (lineId: number) => o.list.find((i) => i.lineId === lineId)?.title ?? `商品 ${lineId}`
  return (
    <section aria-labelledby="od-after" className="grid gap-3 rounded-lg bg-slate-50 p-4 text-sm">
      <h2 id="od-after" className="text-base font-semibold text-slate-900">
        售后与发票
      </h2>
      {o.afterStatus > 0 && (
        <div data-after-state className="grid gap-3">
          <dl className="grid gap-1.5">
            {a?.kindText && (
              <Row label="售后类型">
                <span data-after-kind>{a.kindText}</span>
              </Row>
            )}
            <Row label="售后状态">
              <span
                className={`font-medium ${o.afterStatus === AfterStatus.rejected ? 'text-red-700' : o.afterStatus === AfterStatus.refunded || o.afterStatus === AfterStatus.exchanged ? 'text-emerald-700' : 'text-amber-700'}`}
                data-after-status
              >
                {o.afterStatusText}
              </span>
            </Row>
            {a && a.lines.length > 0 && (
              <Row label="售后商品">
                <ul data-after-lines>
                  {a.lines.map((l) => (
                    <li key={l.lineId}>
                      {titleOf(l.lineId)} <span className="tabular-nums text-slate-500">× {l.quantity}</span>
                    </li>
                  ))}
                </ul>
              </Row>
            )}
            {a && a.kind !== 'exchange' && a.amount > 0 && (
              <Row label="退款金额">
                <span className="price tabular-nums" data-after-amount>
                  ¥{formatMoney(a.amount)}
                </span>
              </Row>
            )}
            {o.afterRemarks && <Row label="退款原因">{o.afterRemarks}</Row>}
            {o.afterStatus === AfterStatus.rejected && o.afterRejectReason && (
              <Row label="驳回原因">
                <span className="text-red-700" data-after-reject>
                  {o.afterRejectReason}
                </span>
              </Row>
            )}
            {o.afterStatus === AfterStatus.returning && a?.returnWaybill && (
              <Row label="寄回运单">
                <span className="tabular-nums" data-return-waybill>
                  {a.returnWaybill}
                </span>
              </Row>
            )}
          </dl>
          {imgs.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="售后图片">
              {imgs.map((p, i) => (
                <li key={p}>
                  <AssetImg
                    path={p}
                    width={56}
                    alt={`售后图片 ${i + 1}`}
                    className="h-14 w-14 rounded object-cover ring-1 ring-slate-200"
                  />
                </li>
              ))}
            </ul>
          )}
          {o.afterStatus === AfterStatus.awaitingReturn && a?.returnAddress && (
            <div
              className="grid gap-4 rounded-md border border-amber-200 bg-white p-3 sm:p-4"
              data-return-box
            >
              <div>
                <p className="font-medium text-slate-900">请将商品寄回以下地址，并填写寄回运单</p>
                <p className="mt-1 break-all text-slate-700" data-return-address>
                  {a.returnAddress}
                  <CopyButton text={a.returnAddress} label="寄回地址" />
                </p>
              </div>
              <ReturnWaybillForm orderId={o.id} onDone={reload} />
            </div>
          )}
        </div>
      )}
      {o.invoiceStatus > 0 && (
        <p data-invoice-state>
          <span className="text-slate-500">发票状态</span>
          <span
            className={`ml-3 font-medium ${o.invoiceStatusText === '已开票' ? 'text-emerald-700' : ['申请中', '待重开'].includes(o.invoiceStatusText) ? 'text-amber-700' : 'text-slate-500'}`}
            data-invoice-status
          >
            {o.invoiceStatusText}
          </span>
          {o.invoiceTitle && <span className="ml-3 break-all text-slate-600">{o.invoiceTitle}</span>}
          {o.invoiceNumber && (
            <span className="ml-3 text-slate-600" data-invoice-number>
              发票号码 {o.invoiceNumber}
            </span>
          )}
          {o.invoiceFile && (
            <a
              className="ml-3 text-brand-700 underline"
              href={o.invoiceFile}
              target="_blank"
              rel="noopener"
              data-invoice-file
            >
              查看发票
            </a>
          )}
        </p>
      )}
    </section>
  )
}

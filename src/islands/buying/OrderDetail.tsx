/**
 * 订单详情 /orderdetail?id (storefront §2 "Order detail", §4): the step bar (hidden when
 * cancelled), receiver, items, totals and the discount line; while unpaid, 去支付 and 取消订单
 * (取消成功). After the order (issue 9): 物流信息, 确认收货, 申请售后 / 取消售后 and 申请发票,
 * each shown only while the order's state allows its move (orderMoves), and the after-sales
 * and invoice state.
 */

import { useCallback, useEffect, useState } from 'react'
import { AssetImg } from '../../components/AssetImg.tsx'
import { buying } from '../../lib/api/browser.ts'
import type { OrderDetail as Order } from '../../lib/api/buying.ts'
import { formatDateTime, maskPhone, splitList } from '../../lib/format.ts'
import { payWayName } from '../../lib/pay-ways.ts'
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
        <ItemRows items={o.list.length ? o.list : o.itemList} />
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

      {(o.afterStatus > 0 || o.invoiceStatus > 0) && <AfterState o={o} />}

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

/** The after-sales and invoice state of the order (issue 9): what was asked and where it stands. */
function AfterState({ o }: { o: Order }) {
  const imgs = splitList(o.afterImgs)
  return (
    <section aria-labelledby="od-after" className="grid gap-3 rounded-lg bg-slate-50 p-4 text-sm">
      <h2 id="od-after" className="text-base font-semibold text-slate-900">
        售后与发票
      </h2>
      {o.afterStatus > 0 && (
        <div data-after-state>
          <p>
            <span className="text-slate-500">售后状态</span>
            <span
              className={`ml-3 font-medium ${o.afterStatus === 30 ? 'text-red-700' : o.afterStatus === 20 ? 'text-emerald-700' : 'text-amber-700'}`}
              data-after-status
            >
              {o.afterStatusText}
            </span>
          </p>
          {o.afterRemarks && (
            <p className="mt-1 break-all text-slate-600">
              <span className="text-slate-500">退款原因</span>
              <span className="ml-3">{o.afterRemarks}</span>
            </p>
          )}
          {o.afterStatus === 30 && o.afterRejectReason && (
            <p className="mt-1 break-all text-red-700">
              <span className="text-slate-500">驳回原因</span>
              <span className="ml-3">{o.afterRejectReason}</span>
            </p>
          )}
          {imgs.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="售后图片">
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
        </div>
      )}
      {o.invoiceStatus > 0 && (
        <p data-invoice-state>
          <span className="text-slate-500">发票状态</span>
          <span
            className={`ml-3 font-medium ${o.invoiceStatusText === '已开票' ? 'text-emerald-700' : o.invoiceStatusText === '申请中' ? 'text-amber-700' : 'text-slate-500'}`}
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

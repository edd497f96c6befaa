/**
 * /admin/orders/detail/?code=…: one order in full (issue 20) — the buyer's note and the price
 * breakdown (issue 24: member discount, 满减, coupon, shipping), items, payments, the waybill's
 * timeline, after-sales, invoice, buyer (linked to the customer's page, each goods line to its
 * product's), the order's whole timeline and the staff's internal notes (issue 38) — with the actions the staff
 * member's permissions allow: ship (courier, packing slip), confirm a transfer, decide
 * after-sales, issue an invoice (red-letter it and reissue it corrected: issue 39), refund a
 * refund-due payment. Each action answers the order as
 * it is afterwards, toasts, and the screen shows the new state.
 */
import { useState } from 'react'
import { type AdminOrder, ordersApi } from '../../lib/api/admin-orders.ts'
import { formatMoney } from '../../lib/format.ts'
import { useConfirm } from '../common/useConfirm.tsx'
import { AdminShell, may, useStaff } from './AdminShell.tsx'
import { BackLink, DetailHeader, DetailLayout } from './detail/DetailLayout.tsx'
import { useLoad } from './kit/useLoad.ts'
import { hasPackingSlip, OrderBadges } from './order-parts.tsx'
import { AfterSalesDialog, ReceiveDialog } from './orders/AfterSalesDialogs.tsx'
import { mayReissue, mayVoid, ReissueInvoiceDialog, VoidInvoiceDialog } from './orders/InvoiceCorrection.tsx'
import { InvoiceDialog, ShipDialog, TransferDialog } from './orders/OrderDialogs.tsx'
import { NotesSection } from './orders/OrderNotes.tsx'
import {
  AfterSalesSection,
  BuyerFacts,
  BuyerNote,
  InvoiceSection,
  ItemsSection,
  OrderFacts,
  ParcelsSection,
  PaymentsSection,
  RefundsSection,
  TransfersSection,
} from './orders/OrderSections.tsx'
import { TimelineSection } from './orders/OrderTimeline.tsx'
import { useOrderAction } from './orders/use-order-action.ts'

const codeOf = () => new URLSearchParams(location.search).get('code') ?? ''

type Open = 'ship' | 'after-sales' | 'receive' | 'invoice' | 'void-invoice' | 'reissue' | 'transfer' | null
const button = 'btn-primary px-4 py-2 text-sm'

/** Which actions the order's state and the staff member's permissions allow now. */
function allowed(me: ReturnType<typeof useStaff>, o: AdminOrder) {
  return {
    ship:
      may(me, 'orders.fulfil') &&
      o.status === 20 &&
      ![10, 11].includes(o.afterStatus) &&
      o.kind === 'goods' &&
      o.items.some((i) => i.toShip > 0),
    cancelParcel: may(me, 'orders.fulfil') && (o.status === 20 || o.status === 30),
    // Above the limit the second approval is finance's or admin's (orders.money).
    decide:
      may(me, 'orders.after-sales') &&
      (o.afterStatus === 10 || (o.afterStatus === 11 && may(me, 'orders.money'))),
    receive: may(me, 'orders.fulfil') && (o.afterStatus === 12 || o.afterStatus === 13),
    confirm: may(me, 'orders.money') && o.status === 10,
    invoice: may(me, 'orders.invoice') && o.invoiceStatus === 10 && o.invoiceStatusText === '申请中',
    voidInvoice: may(me, 'orders.invoice') && mayVoid(o),
    reissue: may(me, 'orders.invoice') && mayReissue(o),
    refund: may(me, 'orders.money'),
  }
}

function Detail({ code }: { code: string }) {
  const me = useStaff()
  const { data: o, loading, reload } = useLoad(() => ordersApi.get(code), code)
  const [open, setOpen] = useState<Open>(null)
  const [paidBack, setPaidBack] = useState<{ outTradeNo: string; amount: number } | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  const { busy, run } = useOrderAction(reload)
  if (!o) return <p className="text-slate-600">{loading ? '加载中…' : '订单不存在'}</p>

  const can = allowed(me, o)
  const close = () => setOpen(null)
  const cancelParcel = async (id: number, label: string) => {
    const text = `确定取消包裹 ${label} 吗？其中的商品将回到待发货。`
    if (await confirm({ text, title: '取消包裹' }))
      await run(() => ordersApi.cancelParcel(o.code, id), '包裹已取消')
  }
  // Finance records what it transferred back: amount, reference, account, day.
  const recordRefund = (outTradeNo: string, amount: number) => {
    setPaidBack({ outTradeNo, amount })
    setOpen('transfer')
  }
  const refund = async (outTradeNo: string, amount: number) => {
    const text = `确定将付款 ${outTradeNo}（${formatMoney(amount)} 元）原路退回吗？`
    if (await confirm({ text, title: '退回付款' }))
      await run(() => ordersApi.refundPayment(outTradeNo), '已退回付款')
  }
  const actions = (
    <>
      {can.ship && (
        <button type="button" className={button} onClick={() => setOpen('ship')}>
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
      {can.confirm && (
        <button
          type="button"
          className={button}
          onClick={() => {
            setPaidBack(null)
            setOpen('transfer')
          }}
        >
          确认收款
        </button>
      )}
      {can.decide && (
        <button type="button" className={button} onClick={() => setOpen('after-sales')}>
          {o.afterStatus === 11 ? '财务审批' : '审核售后'}
        </button>
      )}
      {can.receive && (
        <button type="button" className={button} onClick={() => setOpen('receive')}>
          验收退货
        </button>
      )}
      {can.invoice && (
        <button type="button" className={button} onClick={() => setOpen('invoice')}>
          开具发票
        </button>
      )}
      {can.voidInvoice && (
        <button
          type="button"
          className="btn-outline px-4 py-2 text-sm"
          onClick={() => setOpen('void-invoice')}
        >
          红冲发票
        </button>
      )}
      {can.reissue && (
        <button type="button" className={button} onClick={() => setOpen('reissue')}>
          重开发票
        </button>
      )}
    </>
  )

  return (
    <DetailLayout
      data-order={o.code}
      header={
        <DetailHeader
          id="order-title"
          title={`订单 ${o.code}`}
          status={
            <span className="text-brand-700" data-order-status>
              {o.statusText}
            </span>
          }
          badges={<OrderBadges o={o} />}
          actions={actions}
        />
      }
      side={
        <>
          <OrderFacts o={o} />
          <BuyerFacts o={o} />
        </>
      }
    >
      {o.buyerNote && <BuyerNote note={o.buyerNote} />}
      <ItemsSection o={o} />
      <PaymentsSection o={o} busy={busy} refund={can.refund ? refund : undefined} />
      <ParcelsSection o={o} busy={busy} cancel={can.cancelParcel ? cancelParcel : undefined} />
      <AfterSalesSection o={o} />
      <RefundsSection o={o} busy={busy} record={can.refund ? recordRefund : undefined} />
      <TransfersSection o={o} />
      <InvoiceSection o={o} />
      <TimelineSection o={o} />
      <NotesSection o={o} reload={reload} />
      {confirmDialog}
      {can.ship && (
        // A new parcel or a cancelled one changes what is left to ship: the form starts again from it.
        <ShipDialog
          key={o.shipments.map((s) => `${s.id}${s.cancelledAt}`).join()}
          o={o}
          open={open === 'ship'}
          close={close}
          reload={reload}
        />
      )}
      {can.decide && <AfterSalesDialog o={o} open={open === 'after-sales'} close={close} reload={reload} />}
      {can.receive && <ReceiveDialog o={o} open={open === 'receive'} close={close} reload={reload} />}
      {can.invoice && <InvoiceDialog o={o} open={open === 'invoice'} close={close} reload={reload} />}
      {can.voidInvoice && open === 'void-invoice' && (
        <VoidInvoiceDialog o={o} open close={close} reload={reload} />
      )}
      {can.reissue && open === 'reissue' && <ReissueInvoiceDialog o={o} open close={close} reload={reload} />}
      {(can.confirm || can.refund) && open === 'transfer' && (
        <TransferDialog o={o} open close={close} reload={reload} refund={paidBack} />
      )}
    </DetailLayout>
  )
}

export default function OrderDetailPage() {
  const [code] = useState(codeOf)
  return (
    <AdminShell title="订单详情" permission="orders.read">
      <BackLink href="/admin/orders/" label="返回订单列表" />
      <Detail code={code} />
    </AdminShell>
  )
}

/**
 * Parts of the back office's order detail (orders.admin.queries.ts adminOrder): the after-sales
 * request as staff read it, the lines of a request or a parcel as text, and each staff action's
 * record as a sentence.
 */
import { OrderStatusText } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import {
  AFTER_KINDS,
  type AfterKind,
  goodsComeBack,
  PaymentStatusText,
} from '../../../src/lib/order-states.ts'
import { payWayName } from '../../../src/lib/pay-ways.ts'
import type { Db } from '../../db/index.ts'
import { type currentRequest, refundableFen } from '../orders/after-sales.ts'
import type { OrderLine } from '../orders/order-lines.ts'
import { AfterStatus, AfterStatusText, InvoiceStatus } from '../orders/orders.queries.ts'
import { TransferOutcomeText } from '../payments/transfers.ts'
import type { AdminOrder } from './orders.admin-routes.ts'

/** Lines and quantities as staff read them: '种植体 × 2、手套 × 1'. */
export const lineText = (
  items: { lineId: number; title: string }[],
  lines: { lineId: number; quantity: number }[],
) =>
  lines
    .map((l) => `${items.find((i) => i.lineId === l.lineId)?.title ?? l.lineId} × ${l.quantity}`)
    .join('、')

/** A request's stored lines, or for a whole-order request every line not yet refunded. */
export const requestedOf = (stored: string, lines: OrderLine[]) => {
  const given = JSON.parse(stored) as { lineId: number; quantity: number }[]
  return given.length
    ? given
    : lines.map((l) => ({ lineId: l.id, quantity: l.quantity - l.refunded })).filter((l) => l.quantity > 0)
}

/** Every after-sales request of an order the buyer did not withdraw, oldest first. */
export const orderRequests = (db: Db, orderId: number) =>
  db
    .selectFrom('after_sales')
    .select(['kind', 'lines', 'create_time', 'return_time', 'return_company', 'return_waybill'])
    .where('order_id', '=', orderId)
    .where('status', '!=', 0)
    .orderBy('id')
    .execute()

/** The staff member's name for an approver's id: their display name, else their username. */
export const approverName = async (db: Db, id: number | null) => {
  if (id === null) return ''
  const row = await db
    .selectFrom('staff')
    .select(['username', 'display_name'])
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? row.display_name || row.username : ''
}

/** The order's newest after-sales request as staff read it; empty fields when there is none. */
export async function afterSalesView(
  db: Db,
  o: { tol_cost_fen: number; after_remarks: string; after_imgs: string; after_reject_reason: string },
  lines: OrderLine[],
  r: Awaited<ReturnType<typeof currentRequest>>,
  nameOf: typeof approverName,
  returnAddress: string,
): Promise<Omit<AdminOrder['afterSales'], 'limit'>> {
  const base = {
    remarks: o.after_remarks,
    imgs: o.after_imgs.split(',').filter(Boolean),
    rejectReason: o.after_reject_reason,
  }
  if (!r)
    return {
      ...base,
      kind: '',
      kindText: '',
      status: 0,
      state: '',
      lines: [],
      refundable: 0,
      amount: 0,
      approvedBy: '',
      returnWaybill: '',
      returnAddress: '',
    }
  const asked = requestedOf(r.lines, lines)
  const open = r.status === AfterStatus.applied || r.status === AfterStatus.awaitingFinance
  let refundable = 0
  if (open && r.kind !== 'exchange') {
    const picked = asked.flatMap((a) => {
      const line = lines.find((l) => l.id === a.lineId)
      return line ? [{ line, quantity: Math.min(a.quantity, line.quantity - line.refunded) }] : []
    })
    refundable = refundableFen(
      lines,
      picked.filter((p) => p.quantity > 0),
      o.tol_cost_fen,
    )
  }
  return {
    ...base,
    kind: r.kind,
    kindText: AFTER_KINDS[r.kind as AfterKind] ?? '',
    status: r.status,
    state: AfterStatusText[r.status] ?? '',
    lines: asked,
    refundable: fenToYuan(refundable),
    amount: fenToYuan(r.amount_fen),
    approvedBy: await nameOf(db, r.approved_by),
    returnWaybill: r.return_waybill ? `${r.return_company} ${r.return_waybill}` : '',
    returnAddress: goodsComeBack(r.kind) ? returnAddress : '',
  }
}

/** What an invoice step made of the invoice, as a history line says it. */
const INVOICE_STEP: Record<number, string> = {
  [InvoiceStatus.issued]: '发票已开具',
  [InvoiceStatus.voided]: '发票已作废',
  [InvoiceStatus.reopening]: '发票已红冲，待重开',
}

/**
 * How each recorded field of an order action reads, in the order a line says them (the stored
 * record's key order is not kept by PostgreSQL's jsonb). Fields not here are left out: a file path.
 */
const HISTORY_FIELDS: Record<string, (v: unknown) => string> = {
  status: (v) => `订单${OrderStatusText[Number(v)] ?? v}`,
  afterStatus: (v) => `售后${AfterStatusText[Number(v)] ?? v}`,
  paymentStatus: (v) => `付款${PaymentStatusText[Number(v)] ?? v}`,
  invoiceStatus: (v) => INVOICE_STEP[Number(v)] ?? '',
  payment: (v) => `付款单 ${v}`,
  amount: (v) => `${v} 元`,
  payWay: (v) => payWayName(String(v)),
  way: (v) => payWayName(String(v)),
  refund: (v) => `退款 ${String(v).replace(/ (\w+)$/, (_, w: string) => ` 元（${payWayName(w)}）`)}`,
  reference: (v) => `流水号 ${v}`,
  outcome: (v) => TransferOutcomeText[String(v)] ?? '',
  waybill: (v) => `运单 ${v}`,
  invoiceNumber: (v) => `发票号码 ${v}`,
  redNumber: (v) => (v ? `红字发票 ${v}` : ''),
  invoiceTitle: (v) => `抬头 ${v}`,
  reason: (v) => `原因：${v}`,
  note: (v) => `备注：${v}`,
}

/**
 * An order action's record as staff read it: historyDetail({ waybill: '中通快递 7312', status: 30 })
 * → '订单待收货，运单 中通快递 7312'.
 */
export const historyDetail = (after: Record<string, unknown> | null) =>
  Object.entries(HISTORY_FIELDS)
    .map(([k, say]) => (after && k in after ? say(after[k]) : ''))
    .filter(Boolean)
    .join('，')

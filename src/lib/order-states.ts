/**
 * THE vocabulary of an order's states (issue 38): what the buyer's pages, the back office, the
 * CSV and the dashboard say of an order, its after-sales request and its payments all comes from
 * here, so the same order never reads 已取消 in one place and 已退款 in another. README "Order
 * states" is this file as a table.
 */
import { OrderStatus, OrderStatusText } from './constants.ts'

/**
 * orders.after_status and after_sales.status. A request moves 10 → (11) → 20, or for goods that
 * come back 10 → (11) → 12 → 13 → 20 / 21; a transfer's money waits at 14 until finance pays it.
 */
export const AfterStatus = {
  none: 0,
  /** The buyer applied; an operator decides. */
  applied: 10,
  /** Approved above REFUND_APPROVAL_LIMIT: finance or admin (another person) approves next. */
  awaitingFinance: 11,
  /** Approved: the buyer sends the goods back to the return address. */
  awaitingReturn: 12,
  /** The buyer sent them (return waybill given): the warehouse receives or refuses them. */
  returning: 13,
  /** Approved, the money is finance's to pay back by hand (a corporate transfer). */
  refundDue: 14,
  refunded: 20,
  exchanged: 21,
  rejected: 30,
} as const

export const AfterStatusText: Record<number, string> = {
  10: '申请中',
  11: '待财务审批',
  12: '待寄回',
  13: '待验收',
  14: '待退款',
  20: '已退款',
  21: '已换货',
  30: '已驳回',
}

/** A request still under way: the buyer may not open another, and (10, 11) holds shipping. */
export const OPEN_AFTER_STATUSES: readonly number[] = [10, 11, 12, 13, 14]
/** A request not yet decided: nothing ships while one waits, since it may take those goods back. */
export const UNDECIDED_AFTER_STATUSES: readonly number[] = [10, 11]

/** The kinds of after-sales request (the wire's `kind`). */
export const AFTER_KINDS = { refund: '仅退款', return: '退货退款', exchange: '换货' } as const
export type AfterKind = keyof typeof AFTER_KINDS
export const AFTER_KIND_CODES = Object.keys(AFTER_KINDS) as [AfterKind, ...AfterKind[]]
/** Kinds whose goods come back before the money goes or the replacement ships. */
export const goodsComeBack = (kind: string) => kind === 'return' || kind === 'exchange'

/**
 * How an order's state reads:
 * - 部分发货: awaiting shipment with some of it already sent;
 * - 已退款 / 待退款: cancelled because everything in it was refunded (待退款 while finance has
 *   yet to pay a transfer back), rather than 已取消;
 * - else the status's own word (待付款, 待发货, 待收货, 已完成, 已取消).
 */
export function orderStateText(o: { status: number; afterStatus: number; partShipped?: boolean }): string {
  if (o.status === OrderStatus.unshipped && o.partShipped) return '部分发货'
  if (o.status === OrderStatus.cancelled && o.afterStatus === AfterStatus.refunded) return '已退款'
  if (o.status === OrderStatus.cancelled && o.afterStatus === AfterStatus.refundDue) return '待退款'
  return OrderStatusText[o.status] ?? ''
}

/** payments.status and refunds.status. */
export const PaymentStatus = { pending: 10, paid: 20, refundDue: 30, refunded: 40 } as const
export const PaymentStatusText: Record<number, string> = {
  10: '待支付',
  20: '已支付',
  30: '待退款',
  40: '已退款',
}

/** orders.invoice_status (InvoiceStatus of rules/invoice-correction.ts) in words: the buyer's order, the audit log. */
export const InvoiceStatusText: Record<number, string> = {
  10: '申请中',
  20: '已开票',
  30: '已作废',
  40: '待重开',
}

/**
 * Where a refund's money goes, as the refund dialog and the order say it: a corporate transfer
 * is paid back by finance by hand, every other way the money goes back where it came from.
 */
export const refundRouteText = (way: string) => (way === 'union' ? '线下退款（财务转账）' : '原路退回')

/** What the back office's order screens share: the option lists, labels and small badges. */
import type { AdminOrderRow } from '../../lib/api/admin-orders.ts'
import { ORDER_STATUS_FILTERS, OrderStatus, OrderStatusText } from '../../lib/constants.ts'

/** The status filter's options: the filters the calls take (ORDER_STATUS_FILTERS), by name. */
export const STATUS_OPTIONS: readonly (readonly [string, string])[] = [
  ['', '全部状态'],
  ...ORDER_STATUS_FILTERS.map((s) => [String(s), OrderStatusText[s] ?? '退款/售后'] as const),
]

/** The queues of work, as the dashboard links to them (?queue=). */
export const QUEUE_OPTIONS: readonly (readonly [string, string])[] = [
  ['', '全部订单'],
  ['ship', '待发货'],
  ['transfer', '待确认转账'],
  ['after-sales', '售后申请'],
  ['approval', '待审批退款'],
  ['invoice', '待开发票'],
  ['refund-due', '待退款付款'],
]

/** The public forms' input look: one source for it. */
export { inputClass } from '../common/Field.tsx'

/** The order's waiting states as small badges: 售后申请中, 待确认转账, 待退款. */
export function OrderBadges({ o }: { o: AdminOrderRow }) {
  const badges = [
    o.afterStatus === 10 && '售后申请中',
    o.transfer && '待确认转账',
    o.refundDue > 0 && `待退款 ${o.refundDue} 笔`,
    o.invoiceStatus === 10 && o.invoiceStatusText === '申请中' && '待开发票',
    o.invoiceStatus === 40 && '发票待重开',
  ].filter((b): b is string => Boolean(b))
  return (
    <>
      {badges.map((b) => (
        <span
          key={b}
          className="ml-1 inline-block whitespace-nowrap rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900"
        >
          {b}
        </span>
      ))}
    </>
  )
}

/** The link to one order's detail. */
/** A goods order has goods to pack once paid, until it is cancelled (a refunded one included). */
export const hasPackingSlip = (o: Pick<AdminOrderRow, 'kind' | 'status'>) =>
  o.kind === 'goods' && o.status !== OrderStatus.unpaid && o.status !== OrderStatus.cancelled

export const detailHref = (code: string) => `/admin/orders/detail/?code=${encodeURIComponent(code)}`

/** The packing slips of one or more orders, one a page: /admin/orders/slip/?codes=a,b. */
export const slipHref = (codes: readonly string[]) =>
  `/admin/orders/slip/?codes=${codes.map(encodeURIComponent).join(',')}`

/**
 * The back office's dashboard: counts of what waits, each linking to its list. One entry per
 * domain, in this list; each staff member sees the entries their roles hold the permission of.
 * A domain that has its own count function (orders.admin.ts, say) puts it here in place of the
 * plain query: the dashboard only assembles.
 */

import { can, type Permission } from '../../../src/lib/permissions.ts'
import type { Db } from '../../db/index.ts'
import { certificationsWaiting } from '../accounts/certification.ts'
import { queueCount } from '../order-desk/orders.admin.queries.ts'
import { waitingComplaints } from '../publishing/moderation.ts'

export interface DashboardEntry {
  key: string
  label: string
  /** The admin page that lists them, with its filter. */
  href: string
  permission: Permission
  count: (db: Db) => Promise<number>
}

type OrderQueue = Parameters<typeof queueCount>[1]

/** The entry of one of the order desk's queues, linking to the orders list filtered by it. */
const orderQueue = (
  key: string,
  label: string,
  queue: OrderQueue,
  permission: Permission,
): DashboardEntry => ({
  key,
  label,
  href: `/admin/orders/?queue=${queue}`,
  permission,
  count: (db) => queueCount(db, queue),
})

export const DASHBOARD: readonly DashboardEntry[] = [
  // The orders' queues: their conditions live once, in orders.admin.queries.ts.
  orderQueue('toShip', '待发货订单', 'ship', 'orders.read'),
  orderQueue('transfers', '待确认转账', 'transfer', 'orders.money'),
  orderQueue('afterSales', '售后申请', 'after-sales', 'orders.read'),
  orderQueue('refundDue', '待退款付款', 'refund-due', 'orders.money'),
  orderQueue('invoices', '待开发票', 'invoice', 'orders.invoice'),
  {
    key: 'certifications',
    label: '待审核认证',
    href: '/admin/certifications/',
    permission: 'certifications.review',
    count: certificationsWaiting,
  },
  {
    key: 'complaints',
    label: '待处理投诉',
    href: '/admin/moderation/',
    permission: 'moderation',
    count: waitingComplaints,
  },
]

/** The counts a staff member's roles may see, in the list's order. */
export async function dashboardFor(db: Db, roles: readonly string[]) {
  const entries = DASHBOARD.filter((e) => can(roles, e.permission))
  const counts = await Promise.all(entries.map((e) => e.count(db)))
  return entries.map((e, i) => ({ key: e.key, label: e.label, href: e.href, count: counts[i] ?? 0 }))
}

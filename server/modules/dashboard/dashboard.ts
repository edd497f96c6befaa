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

export const DASHBOARD: readonly DashboardEntry[] = [
  // The orders' queues: their conditions live once, in orders.admin.queries.ts.
  {
    key: 'toShip',
    label: '待发货订单',
    href: '/admin/orders/?queue=ship',
    permission: 'orders.read',
    count: (db) => queueCount(db, 'ship'),
  },
  {
    key: 'transfers',
    label: '待确认转账',
    href: '/admin/orders/?queue=transfer',
    permission: 'orders.money',
    count: (db) => queueCount(db, 'transfer'),
  },
  {
    key: 'afterSales',
    label: '售后申请',
    href: '/admin/orders/?queue=after-sales',
    permission: 'orders.read',
    count: (db) => queueCount(db, 'after-sales'),
  },
  {
    key: 'refundDue',
    label: '待退款付款',
    href: '/admin/orders/?queue=refund-due',
    permission: 'orders.money',
    count: (db) => queueCount(db, 'refund-due'),
  },
  {
    key: 'invoices',
    label: '待开发票',
    href: '/admin/orders/?queue=invoice',
    permission: 'orders.invoice',
    count: (db) => queueCount(db, 'invoice'),
  },
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

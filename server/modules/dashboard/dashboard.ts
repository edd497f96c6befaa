/**
 * The back office's queues of work (src/lib/work-queues.ts): the dashboard's counts, the menu's
 * badges (GET /api/admin/queues) and the 待办 list read them here. Each staff member sees the
 * queues their roles hold the permission of. A domain that has its own count function
 * (orders.admin.queries.ts, say) is named here in place of a query: the dashboard only assembles.
 */

import { can } from '../../../src/lib/permissions.ts'
import { WORK_QUEUES, type WorkQueue } from '../../../src/lib/work-queues.ts'
import type { Db } from '../../db/index.ts'
import { certificationsWaiting } from '../accounts/certification.ts'
import { queueCount } from '../order-desk/orders.admin.queries.ts'
import { waitingComplaints } from '../publishing/moderation.ts'
import { pendingAdjustments } from '../wallet/balance-approval.ts'

const COUNTS: Record<WorkQueue, (db: Db) => Promise<number>> = {
  // The orders' queues: their conditions live once, in orders.admin.queries.ts.
  toShip: (db) => queueCount(db, 'ship'),
  transfers: (db) => queueCount(db, 'transfer'),
  afterSales: (db) => queueCount(db, 'after-sales'),
  refundApprovals: (db) => queueCount(db, 'approval'),
  refundDue: (db) => queueCount(db, 'refund-due'),
  invoices: (db) => queueCount(db, 'invoice'),
  adjustments: pendingAdjustments,
  certifications: certificationsWaiting,
  complaints: waitingComplaints,
}

/** The counts a staff member's roles may see, in the list's order. */
export async function dashboardFor(db: Db, roles: readonly string[]) {
  const queues = WORK_QUEUES.filter((q) => can(roles, q.permission))
  const counts = await Promise.all(queues.map((q) => COUNTS[q.key](db)))
  return queues.map((q, i) => ({ key: q.key, label: q.label, href: q.href, count: counts[i] ?? 0 }))
}

/** The same counts by key, for the menu's badges: { toShip: 3, afterSales: 1, … }. */
export async function queueCounts(db: Db, roles: readonly string[]) {
  return Object.fromEntries((await dashboardFor(db, roles)).map((d) => [d.key, d.count]))
}

/**
 * The back office's dashboard: counts of what waits, each linking to its list. One entry per
 * domain, in this list; each staff member sees the entries their roles hold the permission of.
 * A domain that has its own count function (orders.admin.ts, say) puts it here in place of the
 * plain query: the dashboard only assembles.
 */
import { sql } from 'kysely'
import { CertStatus, OrderStatus } from '../../../src/lib/constants.ts'
import type { Db } from '../../db/index.ts'
import { waitingComplaints } from '../publishing/moderation.ts'
import { can, type Permission } from './permissions.ts'

export interface DashboardEntry {
  key: string
  label: string
  /** The admin page that lists them, with its filter. */
  href: string
  permission: Permission
  count: (db: Db) => Promise<number>
}

const n = async (q: Promise<{ n: number | string | bigint } | undefined>) => Number((await q)?.n ?? 0)
const countAll = sql<number>`COUNT(*)`.as('n')

export const DASHBOARD: readonly DashboardEntry[] = [
  {
    key: 'toShip',
    label: '待发货订单',
    href: `/admin/orders/?status=${OrderStatus.unshipped}`,
    permission: 'orders.read',
    count: (db) =>
      n(
        db
          .selectFrom('orders')
          .select(countAll)
          .where('status', '=', OrderStatus.unshipped)
          .executeTakeFirst(),
      ),
  },
  {
    key: 'transfers',
    label: '待确认转账',
    href: '/admin/orders/?transfer=1',
    permission: 'orders.money',
    count: (db) =>
      n(
        db
          .selectFrom('orders')
          .select(countAll)
          .where('status', '=', OrderStatus.unpaid)
          .where('transfer_deadline', 'is not', null)
          .executeTakeFirst(),
      ),
  },
  {
    key: 'afterSales',
    label: '售后申请',
    href: '/admin/orders/?after=1',
    permission: 'orders.read',
    // after_status 10: applied, not decided (migration 4).
    count: (db) =>
      n(db.selectFrom('orders').select(countAll).where('after_status', '=', 10).executeTakeFirst()),
  },
  {
    key: 'certifications',
    label: '待审核认证',
    href: '/admin/certifications/',
    permission: 'certifications.review',
    count: (db) =>
      n(
        db.selectFrom('users').select(countAll).where('status', '=', CertStatus.reviewing).executeTakeFirst(),
      ),
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

/**
 * The back office's 待办 list (issue 40 item 5): single things that will go wrong if nobody acts
 * soon, each linking to where it is done, for the staff whose roles act on them.
 * - a corporate transfer order within TODO_TRANSFER_HOURS of expiring unpaid (finance);
 * - a refund above REFUND_APPROVAL_LIMIT waiting for finance's approval (finance);
 * - a listed SKU with less stock than LOW_STOCK_THRESHOLD (marketing, who sets stock).
 * Each kind shows its TODO_ROWS most urgent.
 */
import { LISTED, OrderStatus } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { AfterStatus } from '../../../src/lib/order-states.ts'
import { can } from '../../../src/lib/permissions.ts'
import type { Db } from '../../db/index.ts'
import { dbTime } from '../../time.ts'

export const TODO_TRANSFER_HOURS = 12
const TODO_ROWS = 20

export interface TodoItem {
  kind: 'transfer' | 'approval' | 'stock'
  text: string
  href: string
}

const orderHref = (code: string) => `/admin/orders/detail/?code=${encodeURIComponent(code)}`

const expiringTransfers = async (db: Db, now: Date): Promise<TodoItem[]> =>
  (
    await db
      .selectFrom('orders')
      .select(['code', 'transfer_deadline'])
      .where('status', '=', OrderStatus.unpaid)
      .where('transfer_deadline', '>', dbTime(now))
      .where('transfer_deadline', '<=', dbTime(new Date(now.getTime() + TODO_TRANSFER_HOURS * 3600_000)))
      .orderBy('transfer_deadline')
      .limit(TODO_ROWS)
      .execute()
  ).map((o) => ({
    kind: 'transfer',
    text: `订单 ${o.code} 的对公转账将于 ${o.transfer_deadline?.slice(5, 16)} 过期未付`,
    href: orderHref(o.code),
  }))

const refundApprovals = async (db: Db): Promise<TodoItem[]> =>
  (
    await db
      .selectFrom('after_sales as a')
      .innerJoin('orders as o', 'o.id', 'a.order_id')
      .select(['o.code', 'a.amount_fen'])
      .where('a.status', '=', AfterStatus.awaitingFinance)
      .orderBy('a.update_time')
      .limit(TODO_ROWS)
      .execute()
  ).map((r) => ({
    kind: 'approval',
    text: `订单 ${r.code} 的退款 ${fenToYuan(Number(r.amount_fen)).toFixed(2)} 元待财务审批`,
    href: orderHref(r.code),
  }))

const lowStock = async (db: Db, threshold: number): Promise<TodoItem[]> =>
  (
    await db
      .selectFrom('product_skus as k')
      .innerJoin('product_spus as p', 'p.id', 'k.spu_id')
      .select(['p.id', 'p.title', 'k.title as sku', 'k.stock'])
      .where('k.removed_time', 'is', null)
      .where('p.is_show', '=', 1)
      .where('p.ext', '=', LISTED)
      .where('k.stock', '<', threshold)
      // Sold out first; among equals the newest, which nobody has looked at yet.
      .orderBy('k.stock')
      .orderBy('k.id', 'desc')
      .limit(TODO_ROWS)
      .execute()
  ).map((k) => ({
    kind: 'stock',
    text: `${k.title}（${k.sku}）库存 ${k.stock}，低于预警值 ${threshold}`,
    href: `/admin/products/detail/?id=${k.id}`,
  }))

/** The 待办 items a staff member's roles act on, most urgent kind first. */
export async function todoFor(
  db: Db,
  roles: readonly string[],
  o: { now: Date; lowStockThreshold: number },
): Promise<TodoItem[]> {
  const parts = await Promise.all([
    can(roles, 'orders.money') ? expiringTransfers(db, o.now) : [],
    can(roles, 'orders.money') ? refundApprovals(db) : [],
    can(roles, 'catalog.write') ? lowStock(db, o.lowStockThreshold) : [],
  ])
  return parts.flat()
}

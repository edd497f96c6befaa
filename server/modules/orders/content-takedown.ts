/**
 * The orders' side of 违规下架并退款 (issue 39 part 7): which paid orders bought a taken-down
 * course, post or task, and closing one of them as refunded. The money is payments' (its
 * takedown-refunds.ts runs the job); the order's state and what it bought are this module's.
 */
import { sql } from 'kysely'
import { OrderStatus } from '../../../src/lib/constants.ts'
import { AfterStatus } from '../../../src/lib/order-states.ts'
import type { Db } from '../../db/index.ts'

/** A paid order of an item and what of it has not gone back yet. */
export interface PaidContentOrder {
  id: number
  code: string
  userId: number
  payWay: string
  /** What the buyer paid less every refund of the order so far, in fen. */
  leftFen: number
}

/**
 * paidContentOrders(db, 12): the completed (paid, delivered) orders of item 12 or any of its
 * sections, oldest first. A content order is completed at payment and holds one line, so each
 * is one buyer's payment for this item.
 */
export async function paidContentOrders(db: Db, articleId: number): Promise<PaidContentOrder[]> {
  const rows = await db
    .selectFrom('orders as o')
    .select(['o.id', 'o.code', 'o.user_id', 'o.pay_way', 'o.tol_cost_fen'])
    .select((e) =>
      e
        .selectFrom('refunds as r')
        .select(sql<number>`COALESCE(SUM(r.amount_fen), 0)`.as('fen'))
        .whereRef('r.order_id', '=', 'o.id')
        .as('refunded'),
    )
    .where('o.status', '=', OrderStatus.completed)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('order_items as i')
          .select('i.id')
          .whereRef('i.order_id', '=', 'o.id')
          .where('i.article_id', '=', articleId),
      ),
    )
    .orderBy('o.id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    userId: r.user_id,
    payWay: r.pay_way,
    leftFen: Math.max(0, r.tol_cost_fen - Number(r.refunded ?? 0)),
  }))
}

/**
 * Closes a paid content order as refunded (已退款: cancelled, after-sales refunded) and takes back
 * what it bought, so its buyer no longer reads the item. Conditional on the order being still
 * completed: false when another run closed it first, and then nothing is changed.
 */
export async function closeRefundedContentOrder(t: Db, orderId: number): Promise<boolean> {
  const closed = await t
    .updateTable('orders')
    .set({ status: OrderStatus.cancelled, after_status: AfterStatus.refunded })
    .where('id', '=', orderId)
    .where('status', '=', OrderStatus.completed)
    .executeTakeFirst()
  if (Number(closed.numUpdatedRows) !== 1) return false
  await t.deleteFrom('purchases').where('order_id', '=', orderId).execute()
  return true
}

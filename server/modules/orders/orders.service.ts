/**
 * What other domains may do with orders (payments, ops): read the caller's unpaid order and mark
 * an order paid inside the caller's transaction. Nothing here opens a transaction of its own.
 */

import type { ExpressionBuilder } from 'kysely'
import { LISTED, OrderStatus } from '../../../src/lib/constants.ts'
import type { Db } from '../../db/index.ts'
import type { Database } from '../../db/schema.ts'
import { refuse } from '../../http.ts'
import { dbTime, fromDbTime } from '../../time.ts'
import { checkTransferRetry } from './order-holds.ts'
import { payDeadline } from './orders.queries.ts'
import { BOUGHT_ALREADY, completeReceived, expireOrders } from './orders.writes.ts'

// For a payment that finds nothing left to sell (PayableOrder.ownedAlready): the buyer's own cancel.
export { BOUGHT_ALREADY, cancelOrder } from './orders.writes.ts'

export interface PayableOrder {
  id: number
  code: string
  status: number
  tolCostFen: number
  /** The first item's title, with 等N件 when there are more: the payment's subject. */
  title: string
  createTime: string
  transferDeadline: string | null
  /**
   * A content order whose course, section, post or task the buyer owns already: bought through
   * another order since this one was placed (a second 立即购买 tab, a section order left unpaid
   * before the whole course was bought). Paying it would charge twice for the same thing.
   */
  ownedAlready: boolean
  /**
   * A content order whose course, post or task was unlisted or deleted since it was placed: an
   * order is refused for such an item (当前商品已经下架), and so is paying one placed before.
   */
  withdrawn: boolean
}

/** When an unpaid order expires (ORDER_EXPIRY_MINUTES, or its transfer deadline): what a provider is told to refuse payment after. */
export const deadlineOf = (o: PayableOrder, expiryMinutes: number) =>
  payDeadline(
    { status: o.status, create_time: o.createTime, transfer_deadline: o.transferDeadline },
    expiryMinutes,
  )

/** The caller's own order (any status), or undefined when it is not theirs or does not exist. One query: paying reads it first. */
export async function payableOrder(
  db: Db,
  orderId: number,
  userId: number,
): Promise<PayableOrder | undefined> {
  const o = await db
    .selectFrom('orders as o')
    .select(['o.id', 'o.code', 'o.status', 'o.tol_cost_fen', 'o.create_time', 'o.transfer_deadline'])
    .select((e) => [
      e
        .selectFrom('order_items')
        .select('title')
        .whereRef('order_id', '=', 'o.id')
        .orderBy('id')
        .limit(1)
        .as('first'),
      e
        .selectFrom('order_items')
        .select((i) => i.fn.countAll<number>().as('n'))
        .whereRef('order_id', '=', 'o.id')
        .as('items'),
      e
        .selectFrom('order_items as i')
        .innerJoin('purchases as p', (j) =>
          j
            .onRef('p.article_id', '=', 'i.article_id')
            .on((x) => x.or([x('p.section_id', 'is', null), x('p.section_id', '=', x.ref('i.section_id'))])),
        )
        .select('p.id')
        .whereRef('i.order_id', '=', 'o.id')
        .whereRef('p.user_id', '=', 'o.user_id')
        .limit(1)
        .as('owned'),
      e
        .selectFrom('order_items as i')
        .innerJoin('articles as a', 'a.id', 'i.article_id')
        .select('i.id')
        .whereRef('i.order_id', '=', 'o.id')
        .where((x) => x.or([x('a.ext', '<>', LISTED), x('a.is_show', '<>', 1)]))
        .limit(1)
        .as('withdrawn'),
    ])
    .where('o.id', '=', orderId)
    .where('o.user_id', '=', userId)
    .executeTakeFirst()
  if (!o) return undefined
  const first = o.first ?? o.code
  const title = Number(o.items) > 1 ? `${first}等${o.items}件` : first
  return {
    id: o.id,
    code: o.code,
    status: o.status,
    tolCostFen: o.tol_cost_fen,
    title,
    createTime: o.create_time,
    transferDeadline: o.transfer_deadline,
    ownedAlready: o.owned !== null,
    withdrawn: o.withdrawn !== null,
  }
}

/** Whether an order has lines of goods (SKUs) or of content (articles): it holds one or the other. */
export async function orderHolds(db: Db, orderId: number, kind: 'goods' | 'content'): Promise<boolean> {
  const item = await db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', orderId)
    .where(kind === 'goods' ? 'sku_id' : 'article_id', 'is not', null)
    .executeTakeFirst()
  return item !== undefined
}

/** Whether an order sells content (a course, paid post or task: delivered online when paid). */
export const isContentOrder = (db: Db, orderId: number) => orderHolds(db, orderId, 'content')

/** A balance payment's refusal when the balance does not cover the order. */
export const BALANCE_SHORT = '余额不足'

/**
 * Marks an unpaid order paid, inside the caller's transaction `trx`. Conditional on the order
 * still being unpaid (10): goods go to 20 (awaiting shipment); content (a course, paid post or
 * task, delivered at payment) straight to 40 with finish_time = pay time. When it changed the
 * row, the buyer's expenditure (integral_fen) grows by the amount paid and every article item
 * becomes a purchase (unlocking it, listing it as joined) with the article's hitsTrue + 1.
 * Answers false when the order was not unpaid — paid already, cancelled, expired or unknown —
 * and then has changed nothing.
 *
 * `fromBalance`: the same update of the buyer's row takes the amount from their balance, on
 * condition that it covers it, else refuses with 余额不足 (the caller's transaction rolls back the
 * order too). One statement for both, and the order's row is locked before the buyer's, as in
 * every other payment: a balance payment that locked the buyer first could deadlock with a
 * provider's notice for the same order.
 */
export async function markOrderPaid(
  trx: Db,
  orderId: number,
  way: string,
  at: Date,
  opts: { fromBalance?: true } = {},
): Promise<boolean> {
  const time = dbTime(at)
  // One statement decides goods or content and answers what the rest needs: every payment of
  // every way goes through here, so its round trips count (npm run load:orders).
  const sellsContent = (e: ExpressionBuilder<Database, 'orders'>) =>
    e.exists(
      e
        .selectFrom('order_items as i')
        .select('i.id')
        .whereRef('i.order_id', '=', 'orders.id')
        .where('i.article_id', 'is not', null),
    )
  const paid = await trx
    .updateTable('orders')
    .set((e) => ({
      status: e.case().when(sellsContent(e)).then(OrderStatus.completed).else(OrderStatus.unshipped).end(),
      pay_time: time,
      pay_way: way,
      finish_time: e.case().when(sellsContent(e)).then(time).else(null).end(),
    }))
    .where('id', '=', orderId)
    .where('status', '=', OrderStatus.unpaid)
    .returning(['user_id', 'tol_cost_fen', 'status'])
    .executeTakeFirst()
  if (!paid) return false
  const amount = paid.tol_cost_fen
  const buyer = await trx
    .updateTable('users')
    .set((e) => ({
      integral_fen: e('integral_fen', '+', amount),
      ...(opts.fromBalance ? { balance_fen: e('balance_fen', '-', amount) } : {}),
    }))
    .where('id', '=', paid.user_id)
    .$if(opts.fromBalance === true, (q) => q.where('balance_fen', '>=', amount))
    .executeTakeFirst()
  if (opts.fromBalance && Number(buyer.numUpdatedRows) !== 1) throw refuse(BALANCE_SHORT)
  if (paid.status !== OrderStatus.completed) return true
  const articleItems = await trx
    .selectFrom('order_items')
    .select(['article_id', 'section_id'])
    .where('order_id', '=', orderId)
    .where('article_id', 'is not', null)
    .orderBy('id')
    .execute()
  for (const item of articleItems) {
    const articleId = item.article_id as number
    // 学习人数 counts learners: one more only for a buyer new to this item (a second section, or
    // the whole course after one, is the same person). Before the purchase row that would match.
    await trx
      .updateTable('articles')
      .set((e) => ({ hits_true: e('hits_true', '+', 1) }))
      .where('id', '=', articleId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('purchases')
              .select('id')
              .where('user_id', '=', paid.user_id)
              .where('article_id', '=', articleId),
          ),
        ),
      )
      .execute()
    // The unique purchase indexes (migration 40) stop a second payment of the same thing — two
    // upgrade orders of one course paid at once, say: the later one finds the row and adds none.
    const added = await trx
      .insertInto('purchases')
      .values({
        user_id: paid.user_id,
        article_id: articleId,
        section_id: item.section_id,
        order_id: orderId,
        create_time: time,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
    // A balance payment is refused and rolls back whole (nothing charged). A provider's money has
    // arrived already: the order stays paid rather than lose the payment's record.
    if (!added && opts.fromBalance) throw refuse(BOUGHT_ALREADY)
  }
  return true
}

/**
 * The payer chose the corporate transfer (Orders/GetOrdersPay way=union): the unpaid order gets
 * its own deadline, `hours` after it was made, which replaces ORDER_EXPIRY_MINUTES for it. Set
 * the first time only (a conditional update), so asking again shows the same deadline and paying
 * another way later still works. Answers the deadline, or undefined when the order is no longer
 * unpaid (expired or paid meanwhile). The first choice is refused while a 对公转账 order of the
 * buyer's with one of its SKUs expired unpaid less than `retry.hours` ago (issue 39): the order
 * itself stands, payable online within its usual ORDER_EXPIRY_MINUTES.
 */
export async function chooseTransfer(
  db: Db,
  orderId: number,
  hours: number,
  retry: { hours: number; now: Date },
): Promise<string | undefined> {
  const o = await db
    .selectFrom('orders')
    .select(['create_time', 'transfer_deadline'])
    .where('id', '=', orderId)
    .executeTakeFirst()
  if (!o) return undefined
  if (o.transfer_deadline === null) await checkTransferRetry(db, orderId, retry.hours, retry.now)
  await db
    .updateTable('orders')
    .set({ transfer_deadline: dbTime(new Date(fromDbTime(o.create_time).getTime() + hours * 3_600_000)) })
    .where('id', '=', orderId)
    .where('status', '=', OrderStatus.unpaid)
    .where('transfer_deadline', 'is', null)
    .execute()
  const now = await db
    .selectFrom('orders')
    .select(['status', 'transfer_deadline'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
  return now.status === OrderStatus.unpaid ? (now.transfer_deadline ?? undefined) : undefined
}

/**
 * Starts the job that cancels orders left unpaid for ORDER_EXPIRY_MINUTES, or past their
 * transfer deadline (stock given back, the buyer notified): every minute, and once at start. Each order is claimed by a conditional update, so several
 * server processes running it act once. Answers a function that stops it.
 */
export function startOrderExpiry(deps: {
  db: Db
  now: () => Date
  minutes: number
  /** Closes the order's payments at their providers first (payments closeBeforeExpiry). */
  beforeCancel?: (orderId: number) => Promise<boolean>
  log?: (s: string) => void
}) {
  const run = () =>
    expireOrders(deps.db, deps.now(), deps.minutes, deps.beforeCancel)
      .then((n) => {
        if (n > 0) deps.log?.(`[orders] ${n} 个未支付订单已超时取消`)
      })
      .catch((e: unknown) => deps.log?.(`[orders] 超时取消失败: ${e instanceof Error ? e.message : e}`))
  void run()
  const timer = setInterval(run, 60_000)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * Starts the job that completes orders left awaiting receipt RECEIPT_DAYS after shipping
 * (30 → 40): every ten minutes, and once at start; each order is claimed by a conditional update.
 * Answers a function that stops it.
 */
export function startReceiptJob(deps: { db: Db; now: () => Date; days: number; log?: (s: string) => void }) {
  const run = () =>
    completeReceived(deps.db, deps.now(), deps.days)
      .then((n) => {
        if (n > 0) deps.log?.(`[orders] ${n} 个订单已自动确认收货`)
      })
      .catch((e: unknown) => deps.log?.(`[orders] 自动确认收货失败: ${e instanceof Error ? e.message : e}`))
  void run()
  const timer = setInterval(run, 600_000)
  timer.unref()
  return () => clearInterval(timer)
}

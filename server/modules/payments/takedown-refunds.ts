/**
 * 违规下架并退款 (issue 39 part 7): when a moderator takes paid content down with a refund, every
 * paid order of it goes back to its buyer's balance — what they paid less anything already
 * refunded, whatever way they paid — with a /message notice and an audit row per order, and the
 * buyer no longer reads the item. Each order is refunded once: its close is conditional (orders'
 * closeRefundedContentOrder: completed → 已退款) and its refund row is unique per order (cause
 * 'takedown', migration 41), so a job run twice, or by two operators at once, refunds nobody twice.
 */

import { OrderStatus } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { AfterStatus, PaymentStatus } from '../../../src/lib/order-states.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { notify } from '../../notify.ts'
import { dbTime } from '../../time.ts'
import { closeRefundedContentOrder, paidContentOrders } from '../orders/content-takedown.ts'
import { creditBalance, lessSpending } from './refunds.ts'

/** What a takedown with refund gives back: to how many buyers, over how many orders, how much (fen). */
export interface TakedownRefund {
  buyers: number
  orders: number
  amountFen: number
}

const sumUp = (orders: { userId: number; leftFen: number }[]): TakedownRefund => ({
  buyers: new Set(orders.map((o) => o.userId)).size,
  orders: orders.length,
  amountFen: orders.reduce((s, o) => s + o.leftFen, 0),
})

/** takedownQuote(db, 12): what 违规下架并退款 of item 12 would refund now (the dialog shows it). */
export async function takedownQuote(db: Db, articleId: number): Promise<TakedownRefund> {
  return sumUp(await paidContentOrders(db, articleId))
}

/**
 * Refunds every paid order of `item` to its buyer's balance inside the caller's transaction `t`
 * (the takedown's own): per order, the conditional close, the refund row, the payment marked
 * refunded, the balance and its wallet record, the buyer's spending, a notice and an audit row.
 * An order another run closed first is skipped. Answers what this run refunded.
 */
export async function refundTakedownBuyers(
  t: Db,
  actor: Actor,
  item: { id: number; title: string; noun: string },
  reason: string,
  now: Date,
): Promise<TakedownRefund> {
  const time = dbTime(now)
  const done: { userId: number; leftFen: number }[] = []
  for (const o of await paidContentOrders(t, item.id)) {
    if (!(await closeRefundedContentOrder(t, o.id))) continue
    const payment = await t
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', o.id)
      .where('status', '=', PaymentStatus.paid)
      .orderBy('id', 'desc')
      .executeTakeFirst()
    await t
      .insertInto('refunds')
      .values({
        order_id: o.id,
        after_sale_id: null,
        payment_id: payment?.id ?? null,
        way: 'balance',
        amount_fen: o.leftFen,
        status: PaymentStatus.refunded,
        create_time: time,
        refund_time: time,
        cause: 'takedown',
      })
      .execute()
    if (payment)
      await t
        .updateTable('payments')
        .set({ status: PaymentStatus.refunded, refund_time: time })
        .where('id', '=', payment.id)
        .where('status', '=', PaymentStatus.paid)
        .execute()
    if (o.leftFen > 0) {
      await creditBalance(t, o, o.leftFen, time)
      await lessSpending(t, o.userId, o.leftFen)
    }
    const amount = fenToYuan(o.leftFen).toFixed(2)
    await notify(
      t,
      o.userId,
      '内容下架退款',
      `您购买的${item.noun}「${item.title}」已被平台违规下架，订单 ${o.code} 的 ${amount} 元已退回您的余额。原因：${reason}`,
      now,
    )
    await audit(t, actor, now, {
      action: 'order.takedown-refund',
      target: `order:${o.code}`,
      before: { status: OrderStatus.completed },
      after: {
        status: OrderStatus.cancelled,
        afterStatus: AfterStatus.refunded,
        amount,
        way: 'balance',
        article: item.id,
      },
    })
    done.push(o)
  }
  return sumUp(done)
}

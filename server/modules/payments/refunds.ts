/** Money back: an order's payment refunded where it came from, and payments owed back after the order moved on. */
import { sql } from 'kysely'
import { RechargeTag } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { isOnlineWay, type PaymentProviders } from '../../providers/payment.ts'
import { dbTime } from '../../time.ts'
import { changed, PAYMENT_MISSING, PaymentStatus, WALLET_SETTLED, WalletGroup } from './payments.queries.ts'

/** The after-sales approval's way to give money back (orders' RefundMoney), through these providers. */
export const refundVia =
  (providers: PaymentProviders) =>
  (t: Db, order: Parameters<typeof refundOrderPayment>[2], reason: string, now: Date) =>
    refundOrderPayment(t, providers, order, reason, now)

/**
 * Gives an order's money back to where it came from, inside the caller's transaction `t` (the
 * one that moves the order to refunded). The order's paid payment becomes refunded (40) by a
 * conditional update; an order paid before payments were recorded (seeded) goes by its pay_way
 * and total. Then — balance: the buyer's balance is credited with the wallet's income record
 * 订单退款; alipay/wechat: the provider's refund call (a refusal throws and rolls the whole
 * transaction back); union: nothing more, the operator pays the transfer back by hand. The
 * buyer's expenditure (integral_fen) shrinks by the amount. Answers the way and amount.
 */
export async function refundOrderPayment(
  t: Db,
  providers: PaymentProviders,
  order: { id: number; code: string; userId: number; payWay: string; amountFen: number },
  reason: string,
  now: Date,
): Promise<{ way: string; amountFen: number }> {
  const time = dbTime(now)
  const p = await t
    .selectFrom('payments')
    .select(['id', 'way', 'amount_fen', 'out_trade_no'])
    .where('order_id', '=', order.id)
    .where('status', '=', PaymentStatus.paid)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (p) {
    // A corporate transfer goes back by a bank transfer finance makes by hand: it waits in their
    // 待退款付款 queue (refund due) until they say it is done (refundDuePayment), rather than read
    // 已退款 while no money has moved.
    const byHand = p.way === 'union'
    const taken = await t
      .updateTable('payments')
      .set(
        byHand ? { status: PaymentStatus.refundDue } : { status: PaymentStatus.refunded, refund_time: time },
      )
      .where('id', '=', p.id)
      .where('status', '=', PaymentStatus.paid)
      .executeTakeFirst()
    if (!changed(taken)) throw refuse('该订单的付款已退回')
  }
  const way = p?.way ?? order.payWay
  const amount = p?.amount_fen ?? order.amountFen
  if (way === 'balance') {
    await t
      .updateTable('users')
      .set((e) => ({ balance_fen: e('balance_fen', '+', amount) }))
      .where('id', '=', order.userId)
      .execute()
    await t
      .insertInto('wallet_transactions')
      .values({
        user_id: order.userId,
        create_id: order.userId,
        order_id: order.id,
        tag: RechargeTag.income,
        groups: WalletGroup.orderRefund,
        title: '订单退款',
        price_fen: amount,
        code: order.code,
        status: WALLET_SETTLED,
        create_time: time,
      })
      .execute()
  } else if (p && isOnlineWay(way)) {
    await providers.of(way).refund({ outTradeNo: p.out_trade_no, amountFen: amount, reason })
  }
  await t
    .updateTable('users')
    .set((e) => ({
      integral_fen: sql<number>`CASE WHEN ${e.ref('integral_fen')} > ${amount} THEN ${e.ref('integral_fen')} - ${amount} ELSE 0 END`,
    }))
    .where('id', '=', order.userId)
    .execute()
  return { way, amountFen: amount }
}

/**
 * Finance gives back a refund-due payment (status 30: the provider was paid for an order that
 * had meanwhile been cancelled or paid another way, or a corporate transfer of an order refunded
 * in after-sales, which finance transfers back by hand and then records here) through the
 * provider's refund, once: the
 * payment 30 → 40 by a conditional update, the provider's refund (its refusal rolls everything
 * back), a notification and the audit row, in one transaction. Answers the order's code.
 */
export async function refundDuePayment(
  db: Db,
  actor: Actor,
  providers: PaymentProviders,
  outTradeNo: string,
  now: Date,
): Promise<{ code: string; amountFen: number; way: string }> {
  const p = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.user_id', 'p.way', 'p.amount_fen', 'p.status', 'o.code'])
    .where('p.out_trade_no', '=', outTradeNo)
    .executeTakeFirst()
  if (!p) throw refuse(PAYMENT_MISSING, 404)
  const notDue = `付款 ${outTradeNo} 不是待退款状态，未作改动`
  if (p.status !== PaymentStatus.refundDue) throw refuse(notDue)
  return db.transaction().execute(async (t) => {
    const taken = await t
      .updateTable('payments')
      .set({ status: PaymentStatus.refunded, refund_time: dbTime(now) })
      .where('id', '=', p.id)
      .where('status', '=', PaymentStatus.refundDue)
      .executeTakeFirst()
    if (!changed(taken)) throw refuse(notDue)
    if (isOnlineWay(p.way))
      await providers
        .of(p.way)
        .refund({ outTradeNo, amountFen: p.amount_fen, reason: '订单已取消或已付款，退回重复付款' })
    const amount = fenToYuan(p.amount_fen).toFixed(2)
    await notify(
      t,
      p.user_id,
      '退款成功',
      p.way === 'union'
        ? `您为订单 ${p.code} 的对公转账 ${amount} 元已由财务转回付款账户。`
        : `您为订单 ${p.code} 的付款 ${amount} 元因订单已取消或已支付，已原路退回。`,
      now,
    )
    await audit(t, actor, now, {
      action: 'payment.refund',
      target: `order:${p.code}`,
      before: { paymentStatus: PaymentStatus.refundDue },
      after: { payment: outTradeNo, paymentStatus: PaymentStatus.refunded, amount, way: p.way },
    })
    return { code: p.code, amountFen: p.amount_fen, way: p.way }
  })
}

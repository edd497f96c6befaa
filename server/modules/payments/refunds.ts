/** Money back: an order's payment refunded where it came from, and payments owed back after the order moved on. */
import { sql } from 'kysely'
import { RechargeTag } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import type { TransferReceipt } from '../../../src/lib/rules/back-office.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { lockRow } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { isOnlineWay, type PaymentProviders, type RefundNotice } from '../../providers/payment.ts'
import { dbTime } from '../../time.ts'
import { type RefundMoney, reopenRefundedRequest, settleDueRequest } from '../orders/after-sales.ts'
import { changed, PAYMENT_MISSING, PaymentStatus, WALLET_SETTLED, WalletGroup } from './payments.queries.ts'
import { insertReceipt } from './transfers.ts'

/** The after-sales approval's way to give money back (orders' RefundMoney), through these providers. */
export const refundVia =
  (providers: PaymentProviders): RefundMoney =>
  (t, order, ask, now) =>
    refundOrderPayment(t, providers, order, ask, now)

/**
 * Gives `ask.amountFen` of an order's money back to where it came from, inside the caller's
 * transaction `t` (the one that records the after-sales refund), as a refunds row:
 * - balance: the buyer's balance is credited with the wallet's income record 订单退款;
 * - alipay/wechat: the provider's refund call, numbered RF<out_trade_no> for a whole payment's
 *   one refund and RF<out_trade_no>-<after-sales request> for a part (-P<n>, the payment's n-th
 *   refund, without a request), so a retry is the same refund at the gateway and each part a
 *   distinct one (a refusal throws and rolls the whole transaction back);
 * - union: nothing moves yet: the refund waits (30 待退款) until finance transfers it back by hand
 *   and records it (refundDuePayment), rather than read 已退款 while no money has moved.
 * The paid payment becomes refunded (40, or 30 for a transfer) once all of it went back, by a
 * conditional update; more than is left of it is refused, and so is a second refund of one
 * request. The payment's row is locked first, so concurrent refunds of one payment take turns
 * and their sum never passes what was paid. An order paid before payments were
 * recorded (seeded) goes by its pay_way. The buyer's expenditure (integral_fen) shrinks by the
 * amount. Answers the way, the amount and whether it is due (finance's to pay).
 */
export async function refundOrderPayment(
  t: Db,
  providers: PaymentProviders,
  order: { id: number; code: string; userId: number; payWay: string },
  ask: { amountFen: number; afterSaleId: number | null; reason: string },
  now: Date,
): Promise<{ way: string; amountFen: number; due: boolean }> {
  const time = dbTime(now)
  const amount = ask.amountFen
  const p = await t
    .selectFrom('payments')
    .select(['id', 'way', 'amount_fen', 'out_trade_no'])
    .where('order_id', '=', order.id)
    .where('status', '=', PaymentStatus.paid)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  // All of it went back already: nothing is left to refund (only a seeded order has no payment).
  if (!p) {
    const back = await t
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', order.id)
      .where('status', '=', PaymentStatus.refunded)
      .executeTakeFirst()
    if (back) throw refuse('该订单的付款已退回')
  }
  const way = p?.way ?? order.payWay
  const byHand = way === 'union'
  let whole = true
  if (p) {
    await lockRow(t, 'payments', p.id)
    const before = await t
      .selectFrom('refunds')
      .select((e) => [
        e.fn.coalesce(e.fn.sum<number>('amount_fen'), sql<number>`0`).as('fen'),
        e.fn.countAll<number>().as('n'),
        e.fn
          .coalesce(
            e.fn.sum<number>(
              sql<number>`case when after_sale_id = ${ask.afterSaleId ?? -1} then 1 else 0 end`,
            ),
            sql<number>`0`,
          )
          .as('same'),
      ])
      .where('payment_id', '=', p.id)
      .executeTakeFirstOrThrow()
    if (Number(before.same) > 0) throw refuse('该售后申请已退款')
    const left = p.amount_fen - Number(before.fen)
    if (amount > left) throw refuse(`退款金额超过该付款可退的 ${fenToYuan(left).toFixed(2)} 元`)
    whole = amount === left
    if (whole) {
      const taken = await t
        .updateTable('payments')
        .set(
          byHand
            ? { status: PaymentStatus.refundDue }
            : { status: PaymentStatus.refunded, refund_time: time },
        )
        .where('id', '=', p.id)
        .where('status', '=', PaymentStatus.paid)
        .executeTakeFirst()
      if (!changed(taken)) throw refuse('该订单的付款已退回')
    }
    if (isOnlineWay(way)) {
      const first = Number(before.fen) === 0 && whole
      await providers.of(way).refund({
        outTradeNo: p.out_trade_no,
        amountFen: amount,
        reason: ask.reason,
        ...(first
          ? {}
          : {
              refundNo: `RF${p.out_trade_no}-${ask.afterSaleId ?? `P${Number(before.n) + 1}`}`,
              totalFen: p.amount_fen,
            }),
      })
    }
  }
  await t
    .insertInto('refunds')
    .values({
      order_id: order.id,
      after_sale_id: ask.afterSaleId,
      payment_id: p?.id ?? null,
      way,
      amount_fen: amount,
      status: byHand ? PaymentStatus.refundDue : PaymentStatus.refunded,
      create_time: time,
      refund_time: byHand ? null : time,
    })
    .execute()
  if (way === 'balance') await creditBalance(t, order, amount, time)
  await lessSpending(t, order.userId, amount)
  return { way, amountFen: amount, due: byHand }
}

/**
 * creditBalance(t, { id, code, userId }, 990, time): a refund of 9.90 yuan into the buyer's balance,
 * with the wallet's income record 订单退款 of the order; inside the caller's transaction.
 */
export async function creditBalance(
  t: Db,
  order: { id: number; code: string; userId: number },
  amount: number,
  time: string,
): Promise<void> {
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
}

/** The buyer's expenditure (integral_fen, the stars' measure) shrinks by a refund, never below 0. */
export async function lessSpending(t: Db, userId: number, amount: number): Promise<void> {
  await t
    .updateTable('users')
    .set((e) => ({
      integral_fen: sql<number>`CASE WHEN ${e.ref('integral_fen')} > ${amount} THEN ${e.ref('integral_fen')} - ${amount} ELSE 0 END`,
    }))
    .where('id', '=', userId)
    .execute()
}

/**
 * Finance gives back a refund-due payment (status 30: the provider was paid for an order that
 * had meanwhile been cancelled or paid another way, or a corporate transfer of an order refunded
 * in after-sales, which finance transfers back by hand and then records here) through the
 * provider's refund, once: the
 * payment 30 → 40 by a conditional update, the provider's refund (its refusal rolls everything
 * back), a notification and the audit row, in one transaction. For a corporate transfer finance
 * may give what it paid back (`receipt`: amount, bank reference, payee's account name, day),
 * recorded as a transfer receipt of kind refund in the same transaction. Answers the order's code.
 */
export async function refundDuePayment(
  db: Db,
  actor: Actor,
  providers: PaymentProviders,
  outTradeNo: string,
  now: Date,
  receipt: TransferReceipt | null = null,
): Promise<{ code: string; amountFen: number; way: string }> {
  const p = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.user_id', 'p.way', 'p.amount_fen', 'p.status', 'o.code', 'o.id as order_id'])
    .where('p.out_trade_no', '=', outTradeNo)
    .executeTakeFirst()
  if (!p) throw refuse(PAYMENT_MISSING, 404)
  const notDue = `付款 ${outTradeNo} 不是待退款状态，未作改动`
  const dueRefund = await db
    .selectFrom('refunds')
    .select(['id', 'amount_fen', 'after_sale_id'])
    .where('payment_id', '=', p.id)
    .where('status', '=', PaymentStatus.refundDue)
    .orderBy('id')
    .executeTakeFirst()
  const paidBack = p.way === 'union' ? receipt : null
  if (dueRefund) return recordTransferRefund(db, actor, { ...p, outTradeNo }, dueRefund, now, paidBack)
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
    if (paidBack) await insertReceipt(t, actor, p.order_id, 'refund', paidBack, 'refund', now)
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

/**
 * Finance records that it transferred an after-sales refund of a corporate transfer back (the
 * refund was 30 待退款): the refund 30 → 40 by a conditional update (so it counts once), the
 * payment with it when that was all of it, its request and the order 待退款 → 已退款, a
 * notification, the transfer receipt (kind refund) when finance gave its details, and the
 * audit row, in one transaction.
 */
async function recordTransferRefund(
  db: Db,
  actor: Actor,
  p: { id: number; order_id: number; user_id: number; way: string; code: string; outTradeNo: string },
  r: { id: number; amount_fen: number; after_sale_id: number | null },
  now: Date,
  receipt: TransferReceipt | null,
) {
  const time = dbTime(now)
  return db.transaction().execute(async (t) => {
    const taken = await t
      .updateTable('refunds')
      .set({ status: PaymentStatus.refunded, refund_time: time })
      .where('id', '=', r.id)
      .where('status', '=', PaymentStatus.refundDue)
      .executeTakeFirst()
    if (!changed(taken)) throw refuse(`付款 ${p.outTradeNo} 不是待退款状态，未作改动`)
    await t
      .updateTable('payments')
      .set({ status: PaymentStatus.refunded, refund_time: time })
      .where('id', '=', p.id)
      .where('status', '=', PaymentStatus.refundDue)
      .execute()
    if (r.after_sale_id !== null) await settleDueRequest(t, actor, r.after_sale_id, now)
    if (receipt) await insertReceipt(t, actor, p.order_id, 'refund', receipt, 'refund', now)
    const amount = fenToYuan(r.amount_fen).toFixed(2)
    await notify(
      t,
      p.user_id,
      '退款成功',
      `您的订单 ${p.code} 的退款 ${amount} 元已由财务转回付款账户。`,
      now,
    )
    await audit(t, actor, now, {
      action: 'payment.refund',
      target: `order:${p.code}`,
      before: { paymentStatus: PaymentStatus.refundDue },
      after: { payment: p.outTradeNo, paymentStatus: PaymentStatus.refunded, amount, way: p.way },
    })
    return { code: p.code, amountFen: r.amount_fen, way: p.way }
  })
}

/**
 * A gateway reports that a refund it had accepted did not reach the payer (WeChat REFUND.ABNORMAL:
 * the payer's card was closed …; REFUND.CLOSED): the refund goes back to finance's 待退款 queue
 * with the gateway's message, to be paid back by hand and recorded (refundDuePayment). Our refund
 * number names it: RF<out_trade_no>-<after-sale id> a part, RF<out_trade_no> the payment's one
 * refund (an after-sales row, or a payment owed back that has none). A refund fails once: the
 * updates are conditional (已退款, no gateway note yet; no earlier audit row of that number), so
 * repeated or late notices change nothing, even after finance recorded it. One transaction; the
 * audit row names the gateway as the actor.
 */
export async function refundFailedAtGateway(
  db: Db,
  gateway: string,
  n: RefundNotice,
  now: Date,
): Promise<void> {
  const actor: Actor = { staffId: null, username: gateway, ip: '' }
  await db.transaction().execute(async (t) => {
    const p = await t
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['p.id', 'o.code'])
      .where('p.out_trade_no', '=', n.outTradeNo)
      .executeTakeFirst()
    if (!p) return
    const target = `order:${p.code}`
    const told = await t
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'payment.refund-failed')
      .where('target', '=', target)
      .where('after_json', 'like', `%"refund":"${n.refundNo}"%`)
      .executeTakeFirst()
    if (told) return
    const base = `RF${n.outTradeNo}`
    const part = n.refundNo.startsWith(`${base}-`) ? Number(n.refundNo.slice(base.length + 1)) : null
    let rows = t
      .selectFrom('refunds')
      .select(['id', 'after_sale_id', 'status'])
      .where('payment_id', '=', p.id)
    if (part !== null)
      rows = part === 0 ? rows.where('after_sale_id', 'is', null) : rows.where('after_sale_id', '=', part)
    const r = await rows.orderBy('id').executeTakeFirst()
    if (r) {
      const back = await t
        .updateTable('refunds')
        .set({ status: PaymentStatus.refundDue, refund_time: null, gateway_note: n.message })
        .where('id', '=', r.id)
        .where('status', '=', PaymentStatus.refunded)
        .where('gateway_note', '=', '')
        .executeTakeFirst()
      if (!changed(back)) return
      if (r.after_sale_id !== null) await reopenRefundedRequest(t, r.after_sale_id, now)
    }
    // A whole payment's refund: the payment is owed back too (a part leaves it paid).
    if (part === null) {
      const owed = await t
        .updateTable('payments')
        .set({ status: PaymentStatus.refundDue, refund_time: null })
        .where('id', '=', p.id)
        .where('status', '=', PaymentStatus.refunded)
        .executeTakeFirst()
      if (!r && !changed(owed)) return
    }
    await audit(t, actor, now, {
      action: 'payment.refund-failed',
      target,
      before: { paymentStatus: PaymentStatus.refunded },
      after: {
        payment: n.outTradeNo,
        refund: n.refundNo,
        paymentStatus: PaymentStatus.refundDue,
        gateway: n.message,
      },
    })
  })
}

import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { OFF_SHELF, OrderStatus, PayWayText, RechargeTag } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { site } from '../../../src/lib/site.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import {
  isOnlineWay,
  ONLINE_WAYS,
  type OnlineWay,
  type PaidNotice,
  type PaymentProviders,
  type Started,
} from '../../providers/payment.ts'
import { dbTime } from '../../time.ts'
import {
  BOUGHT_ALREADY,
  cancelOrder,
  chooseTransfer,
  markOrderPaid,
  type PayableOrder,
  payableOrder,
} from '../orders/orders.service.ts'
import type { PayAnswer, Recharge } from './payments.routes.ts'

/**
 * payments.status: 10 awaiting the provider, 20 paid, 30 paid by the provider after the order
 * stopped being unpaid (cancelled or paid another way): the money is owed back, an operator
 * refunds it.
 */
export const PaymentStatus = { pending: 10, paid: 20, refundDue: 30, refunded: 40 } as const
/** wallet_transactions.groups: what the money was for. */
export const WalletGroup = { orderPayment: 10, orderRefund: 20, recharge: 30 } as const
const WALLET_SETTLED = 20

export const NOT_PAYABLE = '订单已支付或已取消'
export const ORDER_MISSING = '订单不存在'
export const RECHARGE_MISSING = '充值记录不存在'
export const PAYMENT_MISSING = '付款记录不存在'
export const TRANSFER_TIP = '付款后请联系业务经理确认'

/** The corporate account of a transfer (way union): the company's, kept with its other facts. */
export const TRANSFER_ACCOUNT = site.transferAccount

/** A unique, readable payment number: R (top-up), P (order) or A (staff adjustment), China yyyymmddhhmmss, 12 random hex. */
export const tradeNo = (prefix: 'A' | 'P' | 'R', now: Date) =>
  `${prefix}${dbTime(now).replace(/\D/g, '')}${randomBytes(6).toString('hex')}`

const changed = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) === 1

/** The caller's order, refused unless it is theirs (404) and unpaid (400). */
export async function unpaidOrder(db: Db, orderId: number, userId: number): Promise<PayableOrder> {
  const order = await payableOrder(db, orderId, userId)
  if (!order) throw refuse(ORDER_MISSING, 404)
  if (order.status !== OrderStatus.unpaid) throw refuse(NOT_PAYABLE)
  if (order.ownedAlready || order.withdrawn) {
    // Nothing left to sell: the order goes (as the buyer's cancel would) rather than wait to expire.
    await cancelOrder(db, userId, orderId).catch((e: unknown) => {
      // Cancelled or paid meanwhile: the refusal below says what matters. Anything else is a fault.
      if (!(e instanceof ApiError)) throw e
    })
    throw refuse(order.ownedAlready ? BOUGHT_ALREADY : OFF_SHELF)
  }
  return order
}

/**
 * Pays an order from the balance, in one transaction: the order's own conditional 10 → 20 (a
 * concurrent payment finds it paid: 订单已支付或已取消), the conditional debit with it
 * (markOrderPaid fromBalance: 余额不足 when short, and the order rolls back), the wallet's expense
 * record and a paid payment row.
 */
export async function payByBalance(
  db: Db,
  order: PayableOrder,
  userId: number,
  now: Date,
): Promise<PayAnswer> {
  const amount = order.tolCostFen
  const time = dbTime(now)
  await db.transaction().execute(async (t) => {
    if (!(await markOrderPaid(t, order.id, 'balance', now, { fromBalance: true }))) throw refuse(NOT_PAYABLE)
    const record = await t
      .insertInto('wallet_transactions')
      .values({
        user_id: userId,
        create_id: userId,
        order_id: order.id,
        tag: RechargeTag.expense,
        groups: WalletGroup.orderPayment,
        title: '订单支付',
        price_fen: amount,
        code: order.code,
        status: WALLET_SETTLED,
        create_time: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t
      .insertInto('payments')
      .values({
        user_id: userId,
        order_id: order.id,
        transaction_id: record.id,
        way: 'balance',
        amount_fen: amount,
        out_trade_no: tradeNo('P', now),
        status: PaymentStatus.paid,
        create_time: time,
        paid_time: time,
      })
      .execute()
  })
  return { status: OrderStatus.unshipped }
}

/** What a started payment answers the browser: its QR code's content, or the provider page's form. */
const answerOf = (status: number, started: Started): PayAnswer =>
  'form' in started ? { status, body: started.form } : { status, code_url: started.codeUrl }

/**
 * An online payment of an order: the pending payment of this order, way, amount and kind (made
 * once, so asking again shows the same QR code or the same trade on the provider's page), and
 * what the way's provider answers for it. With `returnUrl` a provider that has a payment page
 * (Alipay's PC page pay) answers the form for it; a QR code otherwise. A QR payment and a page
 * payment never share a trade number: the provider takes each number for one kind only.
 */
export async function payOnline(
  db: Db,
  providers: PaymentProviders,
  order: PayableOrder,
  userId: number,
  way: OnlineWay,
  now: Date,
  opts: { returnUrl?: string; expiresAt?: string } = {},
): Promise<PayAnswer> {
  const provider = providers.of(way)
  const page = opts.returnUrl !== undefined && provider.pagePay ? 1 : 0
  const existing = await db
    .selectFrom('payments')
    .select('out_trade_no')
    .where('order_id', '=', order.id)
    .where('way', '=', way)
    .where('amount_fen', '=', order.tolCostFen)
    .where('page_pay', '=', page)
    .where('status', '=', PaymentStatus.pending)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  let outTradeNo = existing?.out_trade_no
  if (!outTradeNo) {
    outTradeNo = tradeNo('P', now)
    await db
      .insertInto('payments')
      .values({
        user_id: userId,
        order_id: order.id,
        way,
        amount_fen: order.tolCostFen,
        out_trade_no: outTradeNo,
        status: PaymentStatus.pending,
        page_pay: page,
        create_time: dbTime(now),
      })
      .execute()
  }
  const started = await provider.create({
    outTradeNo,
    amountFen: order.tolCostFen,
    subject: order.title,
    way,
    expiresAt: opts.expiresAt,
    returnUrl: page ? opts.returnUrl : undefined,
  })
  return answerOf(OrderStatus.unpaid, started)
}

/**
 * The corporate transfer: the order gets its transfer deadline (TRANSFER_EXPIRY_HOURS after it was
 * made; orders chooseTransfer) and stays unpaid until ops confirm-transfer. Answers the account,
 * the tip and the deadline.
 */
export async function payByTransfer(db: Db, order: PayableOrder, hours: number): Promise<PayAnswer> {
  const deadline = await chooseTransfer(db, order.id, hours)
  if (deadline === undefined) throw refuse(NOT_PAYABLE)
  return { status: OrderStatus.unpaid, account: { ...TRANSFER_ACCOUNT }, tip: TRANSFER_TIP, deadline }
}

// --- notifications -----------------------------------------------------------------------

export type Settled = 'paid' | 'already' | 'refund-due' | 'unknown' | 'amount-mismatch'

/**
 * A verified notification (or a provider's answer to query or close), for a payment of one of
 * `ways` (the provider's): the payment becomes paid by a conditional update (status 10 → 20), and
 * in the same transaction its order is marked paid, or its top-up credited with the wallet's
 * income record. A repeated or concurrent notification finds the payment paid and changes nothing.
 */
export async function settle(
  db: Db,
  notice: PaidNotice,
  now: Date,
  ways: readonly OnlineWay[],
): Promise<Settled> {
  const time = dbTime(now)
  return db.transaction().execute(async (t): Promise<Settled> => {
    // A provider speaks for the ways it takes only: the sandbox's notice never pays an Alipay payment.
    const p = await t
      .selectFrom('payments')
      .select(['id', 'user_id', 'order_id', 'way', 'amount_fen', 'out_trade_no', 'status'])
      .where('out_trade_no', '=', notice.outTradeNo)
      .where('way', 'in', ways)
      .executeTakeFirst()
    if (!p) return 'unknown'
    if (p.amount_fen !== notice.amountFen) return 'amount-mismatch'
    if (p.status !== PaymentStatus.pending) return 'already'
    const taken = await t
      .updateTable('payments')
      .set({ status: PaymentStatus.paid, paid_time: time })
      .where('id', '=', p.id)
      .where('status', '=', PaymentStatus.pending)
      .executeTakeFirst()
    if (!changed(taken)) return 'already'
    if (p.order_id !== null) {
      if (await markOrderPaid(t, p.order_id, p.way, now)) return 'paid'
      await t
        .updateTable('payments')
        .set({ status: PaymentStatus.refundDue })
        .where('id', '=', p.id)
        .execute()
      return 'refund-due'
    }
    await t
      .updateTable('users')
      .set((e) => ({ balance_fen: e('balance_fen', '+', p.amount_fen) }))
      .where('id', '=', p.user_id)
      .execute()
    const record = await t
      .insertInto('wallet_transactions')
      .values({
        user_id: p.user_id,
        create_id: p.user_id,
        tag: RechargeTag.income,
        groups: WalletGroup.recharge,
        title: '余额充值',
        price_fen: p.amount_fen,
        code: p.out_trade_no,
        status: WALLET_SETTLED,
        create_time: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.updateTable('payments').set({ transaction_id: record.id }).where('id', '=', p.id).execute()
    return 'paid'
  })
}

/** What the sandbox page shows of a payment of `ways` (the sandbox's): amount, subject and whether it can still be paid. */
export async function sandboxPayment(db: Db, outTradeNo: string, ways: readonly OnlineWay[]) {
  const p = await db
    .selectFrom('payments')
    .select(['id', 'user_id', 'order_id', 'amount_fen', 'out_trade_no', 'status'])
    .where('out_trade_no', '=', outTradeNo)
    .where('way', 'in', ways)
    .executeTakeFirst()
  if (!p) return undefined
  const order = p.order_id === null ? undefined : await payableOrder(db, p.order_id, p.user_id)
  return {
    outTradeNo: p.out_trade_no,
    amountFen: p.amount_fen,
    subject: order ? `订单 ${order.code}：${order.title}` : '余额充值',
    paid: p.status !== PaymentStatus.pending,
    /** The order was cancelled or paid otherwise: nothing to pay any more. */
    closed: order !== undefined && order.status !== OrderStatus.unpaid,
  }
}

// --- wallet top-up -----------------------------------------------------------------------

/**
 * A pending top-up: a payments row without an order (order_id null, way '' until a way is
 * chosen). Its id is the top-up's id in Recharge/GetRechargePay and Recharge/GetRecharge.
 */
export async function createRecharge(db: Db, userId: number, amountFen: number, now: Date) {
  const row = await db
    .insertInto('payments')
    .values({
      user_id: userId,
      order_id: null,
      way: '',
      amount_fen: amountFen,
      out_trade_no: tradeNo('R', now),
      status: PaymentStatus.pending,
      create_time: dbTime(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id }
}

const ownRecharge = (db: Db, id: number, userId: number) =>
  db
    .selectFrom('payments')
    .select(['id', 'amount_fen', 'out_trade_no', 'status', 'create_time'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('order_id', 'is', null)
    .where('way', '!=', 'balance')
    .executeTakeFirst()

/** The caller's top-up; 404 when it is not theirs. */
export async function recharge(db: Db, id: number, userId: number): Promise<Recharge> {
  const r = await ownRecharge(db, id, userId)
  if (!r) throw refuse(RECHARGE_MISSING, 404)
  return {
    id: r.id,
    price: fenToYuan(r.amount_fen),
    status: r.status === PaymentStatus.pending ? PaymentStatus.pending : PaymentStatus.paid,
    createTime: r.create_time,
  }
}

/** Pays a pending top-up online: records the way and answers the provider's code_url (a QR code always). */
export async function payRecharge(
  db: Db,
  providers: PaymentProviders,
  id: number,
  userId: number,
  way: OnlineWay,
): Promise<PayAnswer> {
  const r = await ownRecharge(db, id, userId)
  if (!r) throw refuse(RECHARGE_MISSING, 404)
  // One trade number, one provider: a top-up started with Alipay is not started again with WeChat
  // under the same number (a notice from the first would then be refused as the wrong way, and
  // the money taken without the balance credited). Asking again the same way shows its code again.
  const chosen = await db
    .updateTable('payments')
    .set({ way })
    .where('id', '=', r.id)
    .where('status', '=', PaymentStatus.pending)
    .where((e) => e.or([e('way', '=', ''), e('way', '=', way)]))
    .executeTakeFirst()
  if (!changed(chosen)) {
    const now = await db
      .selectFrom('payments')
      .select(['status', 'way'])
      .where('id', '=', r.id)
      .executeTakeFirst()
    if (now?.status === PaymentStatus.pending)
      throw refuse(`该充值已选择${PayWayText[now.way] ?? now.way}支付，请完成支付或重新发起充值`)
    throw refuse('充值已到账')
  }
  const started = await providers.of(way).create({
    outTradeNo: r.out_trade_no,
    amountFen: r.amount_fen,
    subject: '余额充值',
    way,
  })
  return answerOf(PaymentStatus.pending, started)
}

// --- asking the providers ----------------------------------------------------------------

/** The least time between two queries of one payment: a poll cannot make us flood a provider. */
const QUERY_SPACING_MS = 3000
const lastAsked = new Map<string, number>()
function mayAsk(outTradeNo: string, at: number): boolean {
  const last = lastAsked.get(outTradeNo)
  if (last !== undefined && at - last < QUERY_SPACING_MS) return false
  if (lastAsked.size > 10_000) lastAsked.clear()
  lastAsked.set(outTradeNo, at)
  return true
}

const pendingOnline = (db: Db) =>
  db
    .selectFrom('payments')
    .select(['out_trade_no', 'way'])
    .where('status', '=', PaymentStatus.pending)
    .where('way', 'in', ONLINE_WAYS)

/**
 * The status polls (Orders/GetOrdersStatus, Recharge/GetRecharge) outlive a lost notification:
 * each pending online payment of the order (or the top-up itself) is asked about at its provider,
 * and one it says was paid is settled through the same settle as a notification (amount checked,
 * once). A provider that cannot be reached changes nothing; the poll answers what is known.
 */
export async function recoverPending(
  db: Db,
  providers: PaymentProviders,
  of: { orderId: number } | { paymentId: number },
  now: Date,
): Promise<void> {
  const pending = await pendingOnline(db)
    .where('orderId' in of ? 'order_id' : 'id', '=', 'orderId' in of ? of.orderId : of.paymentId)
    .execute()
  for (const p of pending) {
    if (!isOnlineWay(p.way) || !mayAsk(p.out_trade_no, now.getTime())) continue
    try {
      const notice = await providers.of(p.way).query(p.out_trade_no)
      if (notice) await settle(db, notice, now, [p.way])
    } catch (e) {
      // The poll answers what is known; the next one asks again.
      console.warn(`[payments] ${p.out_trade_no} 查询失败：${e instanceof Error ? e.message : e}`)
    }
  }
}

/**
 * Before the expiry job cancels an unpaid order: each of its pending online payments is closed at
 * its provider, so that nobody can pay it after; one the provider found paid first is settled
 * instead (the order is paid, and the cancel that follows finds nothing to do). Answers false when
 * a provider could not close one: the order waits for the next run, for its payer may have paid.
 */
export async function closeBeforeExpiry(
  db: Db,
  providers: PaymentProviders,
  orderId: number,
  now: Date,
): Promise<boolean> {
  const pending = await pendingOnline(db).where('order_id', '=', orderId).execute()
  for (const p of pending) {
    if (!isOnlineWay(p.way)) continue
    try {
      const notice = await providers.of(p.way).close(p.out_trade_no)
      if (notice) await settle(db, notice, now, [p.way])
    } catch (e) {
      console.warn(
        `[payments] ${p.out_trade_no} 关闭失败，订单留待下次：${e instanceof Error ? e.message : e}`,
      )
      return false
    }
  }
  return true
}

// --- operators ---------------------------------------------------------------------------

/**
 * Finance confirms that the corporate transfer of an unpaid order arrived (the back office and
 * `npm run ops -- confirm-transfer`): the order is marked paid (way union) with a paid payment
 * row and the audit row, in one transaction; of two confirmations at once one acts, the other
 * is refused. Answers the order's new status (20, or 40 for content).
 */
export async function confirmTransfer(db: Db, actor: Actor, code: string, now: Date): Promise<number> {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'user_id', 'tol_cost_fen'])
    .where('code', '=', code)
    .executeTakeFirst()
  if (!order) throw refuse(ORDER_MISSING, 404)
  const time = dbTime(now)
  return db.transaction().execute(async (t) => {
    if (!(await markOrderPaid(t, order.id, 'union', now)))
      throw refuse(`订单 ${code} 不是待付款状态，未作改动`)
    const outTradeNo = tradeNo('P', now)
    await t
      .insertInto('payments')
      .values({
        user_id: order.user_id,
        order_id: order.id,
        way: 'union',
        amount_fen: order.tol_cost_fen,
        out_trade_no: outTradeNo,
        status: PaymentStatus.paid,
        create_time: time,
        paid_time: time,
      })
      .execute()
    const { status } = await t
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    await audit(t, actor, now, {
      action: 'order.confirm-transfer',
      target: `order:${code}`,
      before: { status: OrderStatus.unpaid },
      after: {
        status,
        payWay: 'union',
        payment: outTradeNo,
        amount: fenToYuan(order.tol_cost_fen).toFixed(2),
      },
    })
    return status
  })
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

// --- refunds -----------------------------------------------------------------------------

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

import { randomBytes } from 'node:crypto'
import { OFF_SHELF, OrderStatus, RechargeTag } from '../../../src/lib/constants.ts'
import { PaymentStatus } from '../../../src/lib/order-states.ts'
import { site } from '../../../src/lib/site.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, refuse } from '../../http.ts'
import type { OnlineWay, PaidNotice, PaymentProviders, Started } from '../../providers/payment.ts'
import { dbTime } from '../../time.ts'
import {
  BOUGHT_ALREADY,
  cancelOrder,
  chooseTransfer,
  markOrderPaid,
  type PayableOrder,
  payableOrder,
} from '../orders/orders.service.ts'
import type { PayAnswer } from './payments.routes.ts'

/**
 * payments.status: 10 awaiting the provider, 20 paid, 30 paid by the provider after the order
 * stopped being unpaid (cancelled or paid another way): the money is owed back, an operator
 * refunds it.
 */
export { PaymentStatus }
/** wallet_transactions.groups: what the money was for. */
export const WalletGroup = { orderPayment: 10, orderRefund: 20, recharge: 30 } as const
export const WALLET_SETTLED = 20

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

export const changed = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) === 1

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
export const answerOf = (status: number, started: Started): PayAnswer =>
  'form' in started
    ? { status, body: started.form }
    : 'jsapi' in started
      ? { status, jsapi: started.jsapi }
      : 'h5Url' in started
        ? { status, h5_url: started.h5Url }
        : { status, code_url: started.codeUrl }

/** payments.page_pay: how the trade was opened; the provider takes each number for one kind only. */
const KIND = { qr: 0, page: 1, jsapi: 2, h5: 3 } as const

/**
 * An online payment of an order: the pending payment of this order, way, amount and kind (made
 * once, so asking again shows the same QR code or the same trade on the provider's page), and
 * what the way's provider answers for it. With `returnUrl` a provider that has a payment page
 * (Alipay's PC page pay; with scene h5 its WAP page) answers the form for it; a QR code
 * otherwise. page_pay records which: 0 QR, 1 PC page, 2 WeChat's pay sheet, 3 a phone page (WeChat H5, Alipay WAP). Payments of different kinds
 * never share a trade number: the provider takes each number for one kind only.
 */
export async function payOnline(
  db: Db,
  providers: PaymentProviders,
  order: PayableOrder,
  userId: number,
  way: OnlineWay,
  now: Date,
  opts: {
    returnUrl?: string
    expiresAt?: string
    scene?: 'jsapi' | 'h5'
    openid?: string
    clientIp?: string
    /** With scene h5 at a provider whose phone page has a way back (Alipay WAP): its 返回商家. */
    phone?: { quitUrl: string }
  } = {},
): Promise<PayAnswer> {
  const provider = providers.of(way)
  const page = opts.scene
    ? KIND[opts.scene]
    : opts.returnUrl !== undefined && provider.pagePay
      ? KIND.page
      : KIND.qr
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
    scene: opts.scene,
    openid: opts.openid,
    clientIp: opts.clientIp,
    ...(opts.scene === 'h5' && provider.phonePay && opts.phone ? { phone: opts.phone } : {}),
  })
  return answerOf(OrderStatus.unpaid, started)
}

/**
 * The corporate transfer: the order gets its transfer deadline (TRANSFER_EXPIRY_HOURS after it was
 * made; orders chooseTransfer) and stays unpaid until ops confirm-transfer. Answers the account,
 * the tip and the deadline.
 */
export async function payByTransfer(
  db: Db,
  order: PayableOrder,
  hours: number,
  retry: { hours: number; now: Date },
): Promise<PayAnswer> {
  const deadline = await chooseTransfer(db, order.id, hours, retry)
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

/** Wallet top-ups (Recharge/PostRechargeAppend, GetRechargePay): a recharge record paid online, credited once when settled. */
import { fenToYuan } from '../../../src/lib/money.ts'
import { payWayName } from '../../../src/lib/pay-ways.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import type { OnlineWay, PaymentProviders } from '../../providers/payment.ts'
import { dbTime } from '../../time.ts'
import { answerOf, changed, PaymentStatus, RECHARGE_MISSING, tradeNo } from './payments.queries.ts'
import type { PayAnswer, Recharge } from './payments.routes.ts'

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
      throw refuse(`该充值已选择${payWayName(now.way).replace(/支付$/, '')}支付，请完成支付或重新发起充值`)
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

/** Corporate transfers (way union): finance confirms the money arrived, which pays the order. */
import { OrderStatus } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { markOrderPaid } from '../orders/orders.service.ts'
import { ORDER_MISSING, PaymentStatus, tradeNo } from './payments.queries.ts'

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

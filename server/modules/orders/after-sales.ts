/**
 * After-sales on an order (issue 9): the buyer applies or withdraws, the operator approves
 * (the refund) or rejects. Every move is one conditional update of the order inside one
 * transaction: a move from a state the order is no longer in changes nothing and is refused.
 * The money itself is payments' business: the approval is given `refundMoney`, so this module,
 * the owner of the order's life, needs nothing above it.
 */
import { OrderStatus } from '../../../src/lib/constants.ts'
import { payWayOf } from '../../../src/lib/pay-ways.ts'
import type { AfterSalesDecision } from '../../../src/lib/rules/back-office.ts'
import type { RefundForm } from '../../../src/lib/rules/refund.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { changed, ORDER_MISSING, orderByCode, ownOrder } from './order-lookup.ts'
import { giveBackCoupon } from './order-pricing.ts'
import { AfterStatus, OrderTypes } from './orders.queries.ts'
import { countSales, isContentOrder } from './orders.service.ts'
import { giveBackStock } from './orders.writes.ts'

/** What an approved refund gives back, and where: payments' refundOrderPayment with its providers. */
export type RefundMoney = (
  trx: Db,
  order: { id: number; code: string; userId: number; payWay: string; amountFen: number },
  reason: string,
  now: Date,
) => Promise<{ amountFen: number; way: string }>

export const CANNOT_APPLY = '当前订单不能申请售后'
/**
 * Content is delivered online the moment it is paid, so it has no after-sales: the exception of
 * 《消费者权益保护法》第二十五条 for digital goods delivered online (README "Order states").
 */
export const CONTENT_NO_AFTER_SALES = '课程、帖子和任务付款即交付，不支持售后'

/** Refuses after-sales on a content order (course, paid post, task). */
export async function refusesContent(db: Db, orderId: number) {
  if (await isContentOrder(db, orderId)) throw refuse(CONTENT_NO_AFTER_SALES)
}

/**
 * The buyer applies for after-sales (Orders/PostOrdersRefund): allowed for a goods order while it
 * awaits shipment (20) or is completed (40) and has no request open (types 0) — again after a
 * rejection; never for content (refusesContent). → types 10, after_status 10, the reason and
 * images kept.
 */
export async function applyRefund(db: Db, userId: number, orderId: number, form: RefundForm) {
  await ownOrder(db, userId, orderId)
  await refusesContent(db, orderId)
  const moved = await db
    .updateTable('orders')
    .set({
      types: OrderTypes.afterSales,
      after_status: AfterStatus.applied,
      after_remarks: form.afterRemarks,
      after_imgs: form.images.join(','),
      after_reject_reason: '',
    })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', 'in', [OrderStatus.unshipped, OrderStatus.completed])
    .where('types', '=', OrderTypes.normal)
    .where('after_status', 'in', [AfterStatus.none, AfterStatus.rejected])
    .executeTakeFirst()
  if (!changed(moved)) throw refuse(CANNOT_APPLY)
}

/** The buyer withdraws an open request (Orders/PostOrdersTypes): types 0, after_status 0. */
export async function cancelRefund(db: Db, userId: number, orderId: number) {
  await ownOrder(db, userId, orderId)
  const moved = await db
    .updateTable('orders')
    .set({ types: OrderTypes.normal, after_status: AfterStatus.none, after_remarks: '', after_imgs: '' })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('after_status', '=', AfterStatus.applied)
    .executeTakeFirst()
  if (!changed(moved)) throw refuse('当前订单没有可取消的售后申请')
}

const NO_REQUEST = (code: string) => `订单 ${code} 没有待处理的售后申请，未作改动`

/**
 * The operator decides an open after-sales request (the back office and `npm run ops --
 * refund`), in one transaction claimed by a conditional update (of two concurrent decisions one
 * acts, the other is refused), with its audit row:
 * - approve: status 100, after_status 20 (types stays 10: the 退款售后 tab lists it); the money
 *   goes back where it came from (`refundMoney`: payments' refundOrderPayment, passed in); stock back when it was not
 *   shipped (status 20); what an article order unlocked is locked again; a notification.
 * - reject: types 0, after_status 30, the reason kept (不符合退款条件 when none is given); the
 *   buyer may apply again; a notification.
 * Answers what ops prints: '订单 … 已退款 200.00 元（balance）'.
 */
export async function decideRefund(
  db: Db,
  actor: Actor,
  refundMoney: RefundMoney,
  code: string,
  form: AfterSalesDecision,
  now: Date,
): Promise<string> {
  const { decision, reason } = form
  const o = await orderByCode(db, code)
  if (!o) throw refuse(ORDER_MISSING, 404)
  if (o.after_status !== AfterStatus.applied) throw refuse(NO_REQUEST(code))
  const target = `order:${code}`
  const before = { status: o.status, afterStatus: AfterStatus.applied }
  return db.transaction().execute(async (t): Promise<string> => {
    if (decision === 'reject') {
      const why = reason || '不符合退款条件'
      const moved = await t
        .updateTable('orders')
        .set({ types: OrderTypes.normal, after_status: AfterStatus.rejected, after_reject_reason: why })
        .where('id', '=', o.id)
        .where('after_status', '=', AfterStatus.applied)
        .executeTakeFirst()
      if (!changed(moved)) throw refuse(NO_REQUEST(code))
      await notify(t, o.user_id, '售后申请未通过', `您的订单 ${code} 的退款申请未通过：${why}`, now)
      await audit(t, actor, now, {
        action: 'order.after-sales.reject',
        target,
        before,
        after: { status: o.status, afterStatus: AfterStatus.rejected, reason: why },
      })
      return `订单 ${code} 的售后申请已驳回`
    }
    const moved = await t
      .updateTable('orders')
      .set({ status: OrderStatus.cancelled, after_status: AfterStatus.refunded })
      .where('id', '=', o.id)
      .where('after_status', '=', AfterStatus.applied)
      .where('status', 'in', [OrderStatus.unshipped, OrderStatus.completed])
      .executeTakeFirst()
    if (!changed(moved)) throw refuse(NO_REQUEST(code))
    if (o.status === OrderStatus.unshipped) await giveBackStock(t, o.id)
    // The whole order is refunded: its coupon is the buyer's to use again (as on a cancel), and
    // no longer counts among the coupon's paid orders.
    await giveBackCoupon(t, o.id)
    // Counted as sold once shipped (countSales); one refunded before shipping never was.
    if (o.status === OrderStatus.completed) await countSales(t, o.id, -1)
    await t.deleteFrom('purchases').where('order_id', '=', o.id).execute()
    const refunded = await refundMoney(
      t,
      { id: o.id, code, userId: o.user_id, payWay: o.pay_way, amountFen: o.tol_cost_fen },
      reason || '售后退款',
      now,
    )
    const amount = (refunded.amountFen / 100).toFixed(2)
    await notify(
      t,
      o.user_id,
      '退款成功',
      `您的订单 ${code} 的退款申请已通过，${amount} 元${payWayOf(refunded.way)?.refundTo ?? '将原路退回'}。`,
      now,
    )
    await audit(t, actor, now, {
      action: 'order.after-sales.approve',
      target,
      before,
      after: {
        status: OrderStatus.cancelled,
        afterStatus: AfterStatus.refunded,
        refund: `${amount} ${refunded.way}`,
        ...(reason ? { reason } : {}),
      },
    })
    return `订单 ${code} 已退款 ${amount} 元（${refunded.way}）`
  })
}

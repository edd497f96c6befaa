/**
 * After-sales money (issue 38): what a request may give back (each line's share of what the
 * order paid) and the refund itself, in the step's transaction: the lines' counts, stock and
 * 已售, the money through payments' `refundMoney`, the order cancelled once all of it went back,
 * and its issued invoice red-lettered (invoice-records.ts).
 */
import { OrderStatus } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { AfterStatus, refundRouteText } from '../../../src/lib/order-states.ts'
import { payWayOf } from '../../../src/lib/pay-ways.ts'
import { lineShares } from '../../../src/lib/rules/pricing.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { voidOnRefund } from './invoice-records.ts'
import { countLineSales, type OrderLine, settleShipped, toShip } from './order-lines.ts'
import { changed } from './order-lookup.ts'
import { giveBackCoupon } from './order-pricing.ts'
import { OrderTypes } from './orders.queries.ts'

/** What an approved refund gives back, and where: payments' refundOrderPayment with its providers. */
export type RefundMoney = (
  trx: Db,
  order: { id: number; code: string; userId: number; payWay: string },
  ask: { amountFen: number; afterSaleId: number | null; reason: string },
  now: Date,
) => Promise<{ amountFen: number; way: string; due: boolean }>

/** What a step needs besides the order: the money's way back and the approval limit. */
export interface AfterSalesDeps {
  refundMoney: RefundMoney
  /** REFUND_APPROVAL_LIMIT in fen. */
  limitFen: number
}

/** Lines of an order and the quantity a step takes of each. */
export type Picked = { line: OrderLine; quantity: number }[]

/**
 * What a request may give back: each line's share of what it paid for the quantity asked, and
 * when the request covers all that is left of the order, everything not yet refunded (shipping
 * included), as a whole-order refund always did.
 */
export function refundableFen(lines: OrderLine[], picked: Picked, totalFen: number): number {
  const rest = lines.every((l) => {
    const p = picked.find((x) => x.line.id === l.id)
    return l.quantity - l.refunded === (p?.quantity ?? 0)
  })
  if (rest) return totalFen - lines.reduce((s, l) => s + l.refundedFen, 0)
  return picked.reduce((s, { line, quantity }) => s + lineRefund(line, quantity), 0)
}

/** A line's share for `quantity` of it; the last units left take what remains of its share. */
const lineRefund = (l: OrderLine, quantity: number) =>
  quantity === l.quantity - l.refunded
    ? l.paidFen - l.refundedFen
    : Math.floor((l.paidFen * quantity) / l.quantity)

/**
 * A refund paid (in the step's transaction `t`, the request already claimed): the lines count
 * what went back, spread over them in proportion to what each may give back; stock returns for
 * goods that never shipped (仅退款) or came back (退货退款), and 已售 loses what shipped; the
 * money goes back (`refundMoney`), or is due from finance for a transfer; an order all of whose
 * lines are refunded is cancelled (its coupon given back), else it goes on (and is wholly shipped
 * if nothing is left to ship).
 */
export async function payRefund(
  t: Db,
  actor: Actor,
  deps: AfterSalesDeps,
  o: { id: number; code: string; user_id: number; pay_way: string; status: number },
  r: { id: number; kind: string; order_id: number },
  figures: { lines: OrderLine[]; picked: Picked },
  amountFen: number,
  reason: string,
  now: Date,
  before: Record<string, unknown>,
): Promise<string> {
  const { picked } = figures
  const parts = lineShares(
    picked.map(({ line, quantity }) => lineRefund(line, quantity)),
    amountFen,
  )
  const returned = r.kind === 'return'
  for (const [i, { line, quantity }] of picked.entries()) {
    // A 仅退款 takes what has not shipped first: that part never ships.
    const dropped = returned ? 0 : Math.min(quantity, toShip(line))
    const moved = await t
      .updateTable('order_items')
      .set((e) => ({
        refunded_qty: e('refunded_qty', '+', quantity),
        refunded_fen: e('refunded_fen', '+', parts[i] ?? 0),
        dropped_qty: e('dropped_qty', '+', dropped),
      }))
      .where('id', '=', line.id)
      .where((e) => e('refunded_qty', '<=', line.quantity - quantity))
      .where('refunded_qty', '=', line.refunded)
      .executeTakeFirst()
    if (!changed(moved)) throw refuse(`「${line.title}」的退款数量已变化，未作改动`)
    const backInStock = returned ? quantity : dropped
    if (backInStock > 0 && line.skuId !== null)
      await t
        .updateTable('product_skus')
        .set((e) => ({ stock: e('stock', '+', backInStock) }))
        .where('id', '=', line.skuId)
        .execute()
    const wasSold = quantity - dropped
    if (wasSold > 0) await countLineSales(t, [{ line, quantity: wasSold }], -1)
  }
  const money = await deps.refundMoney(
    t,
    { id: o.id, code: o.code, userId: o.user_id, payWay: o.pay_way },
    { amountFen, afterSaleId: r.id, reason: reason || '售后退款' },
    now,
  )
  const to = money.due ? AfterStatus.refundDue : AfterStatus.refunded
  await t.updateTable('after_sales').set({ status: to }).where('id', '=', r.id).execute()
  const everything = await t
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', o.id)
    .where((e) => e('refunded_qty', '<', e.ref('quantity')))
    .executeTakeFirst()
  let status = o.status
  if (!everything) {
    status = OrderStatus.cancelled
    await giveBackCoupon(t, o.id)
  } else if (await settleShipped(t, o.id)) status = OrderStatus.unreceived
  await t
    .updateTable('orders')
    .set({
      after_status: to,
      types: OrderTypes.afterSales,
      ...(status === OrderStatus.cancelled ? { status } : {}),
    })
    .where('id', '=', o.id)
    .execute()
  // Refunded after the invoice was issued: it is red-lettered (已作废); a due refund when paid.
  if (!money.due) await voidOnRefund(t, actor, o, now)
  const amount = fenToYuan(money.amountFen).toFixed(2)
  await notify(
    t,
    o.user_id,
    money.due ? '退款处理中' : '退款成功',
    `您的订单 ${o.code} 的退款申请已通过，${amount} 元${payWayOf(money.way)?.refundTo ?? '将原路退回'}。`,
    now,
  )
  await audit(t, actor, now, {
    action: 'order.after-sales.approve',
    target: `order:${o.code}`,
    before,
    after: {
      status,
      afterStatus: to,
      refund: `${amount} ${money.way}`,
      route: refundRouteText(money.way),
      ...(reason ? { reason } : {}),
    },
  })
  return `订单 ${o.code} 已退款 ${amount} 元（${money.way}）`
}

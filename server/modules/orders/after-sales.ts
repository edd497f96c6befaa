/**
 * After-sales on an order (issues 9, 38). The buyer asks for 仅退款 (refund), 退货退款 (return) or
 * 换货 (exchange) of some lines, or of the whole order; staff approve or reject; goods that come
 * back are sent by the buyer and received (or refused) by the warehouse before the money goes or
 * the replacement ships. A refund above REFUND_APPROVAL_LIMIT waits (待财务审批) for finance or
 * admin, another person. Each step is one transaction that first claims the request's row by a
 * conditional update, so of two concurrent steps one acts and the other is refused; the order's
 * after_status mirrors the newest request (src/lib/order-states.ts names every state).
 * The money itself is payments' business: the steps are given `refundMoney`, so this module, the
 * owner of the order's life, needs nothing above it.
 */
import { sql } from 'kysely'
import { OrderStatus } from '../../../src/lib/constants.ts'
import { normalWaybill } from '../../../src/lib/couriers.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import {
  AFTER_KINDS,
  type AfterKind,
  AfterStatus,
  goodsComeBack,
  OPEN_AFTER_STATUSES,
} from '../../../src/lib/order-states.ts'
import { returnWaybillRefusal } from '../../../src/lib/rules/after-sales.ts'
import type { AfterSalesDecision, ReturnReceipt } from '../../../src/lib/rules/back-office.ts'
import type { RefundForm } from '../../../src/lib/rules/refund.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { dbTime } from '../../time.ts'
import {
  type AfterSalesDeps,
  type Picked,
  payRefund,
  type RefundMoney,
  refundableFen,
} from './after-sales-money.ts'
import { voidOnRefund } from './invoice-records.ts'
import { keptShipped, type LineQty, type OrderLine, orderLines, pickLines } from './order-lines.ts'
import { changed, ORDER_MISSING, orderByCode, ownOrder } from './order-lookup.ts'
import { OrderTypes } from './orders.queries.ts'
import { isContentOrder } from './orders.service.ts'

export type { AfterSalesDeps, RefundMoney }
export { refundableFen }

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

/** What of a line a request of `kind` may cover: any of it not refunded, or what shipped and stayed. */
const coverable = (kind: string) => (l: OrderLine) =>
  goodsComeBack(kind) ? keptShipped(l) : l.quantity - l.refunded

/** A request's stored lines ([] is the whole order) against the order's lines as they are now. */
function requestLines(lines: OrderLine[], stored: string, kind: string): Picked {
  const given = JSON.parse(stored) as LineQty[]
  return pickLines(lines, given.length ? given : undefined, coverable(kind), '退款')
}

/**
 * The buyer applies for after-sales (Orders/PostOrdersRefund): a goods order awaiting shipment
 * (20) or completed (40), with no request under way; never content (refusesContent). `kind` and
 * `lines` are checked against what the lines allow: 仅退款 any quantity not yet refunded,
 * 退货退款 and 换货 only what shipped. → after_sales row 10, the order's types 10 and after_status 10.
 */
export async function applyRefund(
  db: Db,
  userId: number,
  orderId: number,
  form: RefundForm,
  now = new Date(),
) {
  await ownOrder(db, userId, orderId)
  await refusesContent(db, orderId)
  const lines = await orderLines(db, orderId)
  if (goodsComeBack(form.kind) && !lines.some((l) => keptShipped(l) > 0))
    throw refuse(`商品尚未发货，请申请${AFTER_KINDS.refund}`)
  const picked = pickLines(lines, form.lines, coverable(form.kind), '申请售后')
  const time = dbTime(now)
  await db.transaction().execute(async (t) => {
    const moved = await t
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
      .where('after_status', 'not in', OPEN_AFTER_STATUSES)
      .executeTakeFirst()
    if (!changed(moved)) throw refuse(CANNOT_APPLY)
    await t
      .insertInto('after_sales')
      .values({
        order_id: orderId,
        kind: form.kind,
        status: AfterStatus.applied,
        lines: JSON.stringify(
          form.lines.length ? picked.map((p) => ({ lineId: p.line.id, quantity: p.quantity })) : [],
        ),
        remarks: form.afterRemarks,
        imgs: form.images.join(','),
        create_time: time,
        update_time: time,
      })
      .execute()
  })
}

/** The order's newest request, if any. */
export const currentRequest = (db: Db, orderId: number) =>
  db
    .selectFrom('after_sales')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '!=', AfterStatus.none)
    .orderBy('id', 'desc')
    .executeTakeFirst()

/**
 * Moves a request and the order's mirror of it, from one of `from` to `to`, in `t`: the claim of
 * every step. Answers false, changing nothing, when the request is no longer in `from`.
 */
async function moveRequest(
  t: Db,
  r: { id: number; order_id: number },
  from: readonly number[],
  to: number,
  set: {
    return_time?: string
    amount_fen?: number
    reason?: string
    approved_by?: number | null
    return_company?: string
    return_waybill?: string
  },
  time: string,
): Promise<boolean> {
  const moved = await t
    .updateTable('after_sales')
    .set({ ...set, status: to, update_time: time })
    .where('id', '=', r.id)
    .where('status', 'in', from)
    .executeTakeFirst()
  if (!changed(moved)) return false
  await t
    .updateTable('orders')
    .set({
      after_status: to,
      ...(to === AfterStatus.rejected || to === AfterStatus.none
        ? { types: OrderTypes.normal }
        : { types: OrderTypes.afterSales }),
      ...(to === AfterStatus.rejected ? { after_reject_reason: set.reason ?? '' } : {}),
    })
    .where('id', '=', r.order_id)
    .execute()
  return true
}

/** The buyer withdraws a request not yet decided (Orders/PostOrdersTypes): it goes to none, the order back to its request before. */
export async function cancelRefund(db: Db, userId: number, orderId: number, now = new Date()) {
  await ownOrder(db, userId, orderId)
  const r = await currentRequest(db, orderId)
  const none = '当前订单没有可取消的售后申请'
  if (!r || r.status !== AfterStatus.applied) throw refuse(none)
  await db.transaction().execute(async (t) => {
    if (!(await moveRequest(t, r, [AfterStatus.applied], AfterStatus.none, {}, dbTime(now))))
      throw refuse(none)
    // The order reads its request before this one again (a partial refund stays 已退款), or none.
    const before = await currentRequest(t, orderId)
    await t
      .updateTable('orders')
      .set({
        after_remarks: '',
        after_imgs: '',
        after_status: before?.status ?? AfterStatus.none,
        types: before && before.status !== AfterStatus.rejected ? OrderTypes.afterSales : OrderTypes.normal,
      })
      .where('id', '=', orderId)
      .execute()
  })
}

/**
 * The buyer sends goods back (退货退款, 换货, once approved): the courier and its waybill, checked
 * against the company's format when it is one we know. → 13 待验收.
 */
export async function sendBack(
  db: Db,
  userId: number,
  orderId: number,
  form: { company: string; number: string },
  now: Date,
) {
  await ownOrder(db, userId, orderId)
  // The one rule the buyer's form checks with (src/lib/rules/after-sales.ts).
  const wrong = returnWaybillRefusal(form.company, form.number)
  if (wrong) throw refuse(wrong.message)
  const company = form.company.trim()
  const number = normalWaybill(form.number)
  const r = await currentRequest(db, orderId)
  const notNow = '当前售后不需要寄回商品'
  if (!r || r.status !== AfterStatus.awaitingReturn) throw refuse(notNow)
  await db.transaction().execute(async (t) => {
    const ok = await moveRequest(
      t,
      r,
      [AfterStatus.awaitingReturn],
      AfterStatus.returning,
      { return_company: company, return_waybill: number, return_time: dbTime(now) },
      dbTime(now),
    )
    if (!ok) throw refuse(notNow)
  })
}

const NO_REQUEST = (code: string) => `订单 ${code} 没有待处理的售后申请，未作改动`

/** The order of `code` and its newest request, which must be in one of `states`; else `refusal`. */
async function requestIn(db: Db, code: string, states: readonly number[], refusal: string) {
  const o = await orderByCode(db, code)
  if (!o) throw refuse(ORDER_MISSING, 404)
  const r = await currentRequest(db, o.id)
  if (!r || !states.includes(r.status)) throw refuse(refusal)
  return { o, r }
}

/** Claims a request still in `from` for the step of `t` (its row's update); a step that lost the race is refused. */
async function claimRequest(
  t: Db,
  r: { id: number },
  from: readonly number[],
  set: { update_time: string; amount_fen?: number; reason?: string },
  refusal: string,
) {
  const claimed = await t
    .updateTable('after_sales')
    .set(set)
    .where('id', '=', r.id)
    .where('status', 'in', from)
    .executeTakeFirst()
  if (!changed(claimed)) throw refuse(refusal)
}

/** What after-sales gave back of an order so far, or owes (a transfer's refund due), in fen. */
async function refundedSoFar(db: Db, orderId: number): Promise<number> {
  const r = await db
    .selectFrom('refunds')
    .select((e) => e.fn.coalesce(e.fn.sum<number>('amount_fen'), sql<number>`0`).as('fen'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow()
  return Number(r.fen)
}

/** The request's lines, its refundable sum, and the order's lines, as they are now. */
async function requestFigures(
  db: Db,
  o: { id: number; tol_cost_fen: number },
  r: { kind: string; lines: string },
) {
  const lines = await orderLines(db, o.id)
  const picked = requestLines(lines, r.lines, r.kind)
  return {
    lines,
    picked,
    refundable: r.kind === 'exchange' ? 0 : refundableFen(lines, picked, o.tol_cost_fen),
  }
}

/**
 * Staff decide a request (the back office and `npm run ops -- refund`), one transaction claimed by
 * the request's conditional move, with its audit row:
 * - reject (from 申请中 or 待财务审批): 已驳回 with the reason (不符合退款条件 when none), the
 *   buyer may apply again;
 * - approve a refund or return of `amountFen` (default: all it may give back): above the limit
 *   the first approval only records it (待财务审批, no money), counting what the order already got
 *   back (the limit is per order); the second must be finance or admin
 *   (`mayApproveLarge`) and another person. Then a 仅退款 pays at once; a return or exchange waits
 *   for the goods (待寄回, the buyer told the return address).
 */
export async function decideRefund(
  db: Db,
  actor: Actor & { mayApproveLarge: boolean },
  deps: AfterSalesDeps & { returnAddress: string },
  code: string,
  form: AfterSalesDecision,
  now: Date,
): Promise<string> {
  const { o, r } = await requestIn(
    db,
    code,
    [AfterStatus.applied, AfterStatus.awaitingFinance],
    NO_REQUEST(code),
  )
  const target = `order:${code}`
  const time = dbTime(now)
  const from = [r.status]
  const before = { status: o.status, afterStatus: r.status }
  /** The approval's audit row: the order's status and what the request became. */
  const approved = (t: Db, after: Record<string, unknown>) =>
    audit(t, actor, now, {
      action: 'order.after-sales.approve',
      target,
      before,
      after: { status: o.status, ...after },
    })
  if (form.decision === 'reject') {
    const why = form.reason || '不符合退款条件'
    return db.transaction().execute(async (t) => {
      if (!(await moveRequest(t, r, from, AfterStatus.rejected, { reason: why }, time)))
        throw refuse(NO_REQUEST(code))
      await notify(t, o.user_id, '售后申请未通过', `您的订单 ${code} 的售后申请未通过：${why}`, now)
      await audit(t, actor, now, {
        action: 'order.after-sales.reject',
        target,
        before,
        after: { status: o.status, afterStatus: AfterStatus.rejected, reason: why },
      })
      return `订单 ${code} 的售后申请已驳回`
    })
  }
  const figures = await requestFigures(db, o, r)
  let amountFen = 0
  if (r.kind !== 'exchange') {
    const asked =
      form.amountFen ?? (r.status === AfterStatus.awaitingFinance ? r.amount_fen : figures.refundable)
    if (asked < 1 || asked > figures.refundable)
      throw refuse(`退款金额应在 0.01 到 ${fenToYuan(figures.refundable).toFixed(2)} 元之间`)
    amountFen = asked
  }
  // The limit is per order: what after-sales already gave back of it counts (two requests of
  // ¥1,500 each are ¥3,000 an operator did not move alone).
  const large = amountFen > 0 && amountFen + (await refundedSoFar(db, o.id)) > deps.limitFen
  const limitText = `¥${fenToYuan(deps.limitFen).toLocaleString('en-US')}`
  if (r.status === AfterStatus.awaitingFinance) {
    if (!actor.mayApproveLarge) throw refuse(`超过 ${limitText} 的退款须由财务或管理员审批，未作改动`)
    if (r.approved_by !== null && r.approved_by === actor.staffId)
      throw refuse('超额退款须由另一位财务或管理员审批，未作改动')
  } else if (large) {
    // The first approval above the limit: recorded, nothing moves.
    return db.transaction().execute(async (t) => {
      const ok = await moveRequest(
        t,
        r,
        from,
        AfterStatus.awaitingFinance,
        { amount_fen: amountFen, approved_by: actor.staffId, reason: form.reason },
        time,
      )
      if (!ok) throw refuse(NO_REQUEST(code))
      await approved(t, {
        afterStatus: AfterStatus.awaitingFinance,
        amount: fenToYuan(amountFen).toFixed(2),
      })
      return `订单 ${code} 的退款 ${fenToYuan(amountFen).toFixed(2)} 元超过 ${limitText}，待财务审批`
    })
  }
  return db.transaction().execute(async (t): Promise<string> => {
    if (goodsComeBack(r.kind)) {
      const ok = await moveRequest(
        t,
        r,
        from,
        AfterStatus.awaitingReturn,
        { amount_fen: amountFen, reason: form.reason },
        time,
      )
      if (!ok) throw refuse(NO_REQUEST(code))
      await notify(
        t,
        o.user_id,
        '售后申请已通过',
        `您的订单 ${code} 的${AFTER_KINDS[r.kind as AfterKind]}申请已通过，请将商品寄回：${deps.returnAddress}，并在订单中填写退货运单号。`,
        now,
      )
      await approved(t, {
        afterStatus: AfterStatus.awaitingReturn,
        ...(amountFen ? { amount: fenToYuan(amountFen).toFixed(2) } : {}),
      })
      return `订单 ${code} 的售后申请已通过，待买家寄回商品`
    }
    await claimRequest(
      t,
      r,
      from,
      { update_time: time, amount_fen: amountFen, reason: form.reason },
      NO_REQUEST(code),
    )
    return payRefund(t, actor, deps, o, r, figures, amountFen, form.reason, now, before)
  })
}

/**
 * The warehouse receives goods sent back (or refuses them, with the reason the buyer reads), in
 * one transaction claimed by the request's move from 待寄回 or 待验收:
 * - 退货退款: the goods go back into stock and off 已售, then the approved amount is paid back;
 * - 换货: the replacement ships as a new parcel of the same lines at no charge, under `parcel`
 *   (the shipper's waybill, booked or typed); stock gives the replacement and takes the returned
 *   goods back, so it is left as it was.
 */
export async function receiveReturn(
  db: Db,
  actor: Actor,
  deps: AfterSalesDeps & {
    shipReplacement: (
      t: Db,
      o: { id: number; rec_city: string; rec_area: string; rec_tel: string },
      picked: Picked,
      afterSaleId: number,
    ) => Promise<string>
  },
  code: string,
  form: ReturnReceipt,
  now: Date,
): Promise<string> {
  const from = [AfterStatus.awaitingReturn, AfterStatus.returning]
  const notNow = `订单 ${code} 没有待验收的退回商品，未作改动`
  const { o, r } = await requestIn(db, code, from, notNow)
  const target = `order:${code}`
  const time = dbTime(now)
  const before = { status: o.status, afterStatus: r.status }
  const figures = await requestFigures(db, o, r)
  return db.transaction().execute(async (t): Promise<string> => {
    if (form.decision === 'refuse') {
      const why = `退回商品未通过验收：${form.reason}`
      if (!(await moveRequest(t, r, from, AfterStatus.rejected, { reason: why }, time))) throw refuse(notNow)
      await notify(t, o.user_id, '售后申请未通过', `您的订单 ${code} ${why}`, now)
      await audit(t, actor, now, {
        action: 'order.after-sales.refuse-return',
        target,
        before,
        after: { afterStatus: AfterStatus.rejected, reason: why },
      })
      return `订单 ${code} 的退回商品已拒收`
    }
    if (r.kind === 'exchange') {
      if (!(await moveRequest(t, r, from, AfterStatus.exchanged, {}, time))) throw refuse(notNow)
      const waybill = await deps.shipReplacement(t, o, figures.picked, r.id)
      await notify(t, o.user_id, '换货已发出', `您的订单 ${code} 的换货商品已由${waybill}发出。`, now)
      await audit(t, actor, now, {
        action: 'order.after-sales.exchange',
        target,
        before,
        after: { afterStatus: AfterStatus.exchanged, waybill },
      })
      return `订单 ${code} 的换货已发出（${waybill}）`
    }
    await claimRequest(t, r, from, { update_time: time }, notNow)
    return payRefund(t, actor, deps, o, r, figures, r.amount_fen, r.reason, now, before)
  })
}

/**
 * A request's refund failed at the gateway after all (WeChat REFUND.ABNORMAL): its request and
 * the order 已退款 → 待退款, for finance to pay back by hand and record (settleDueRequest).
 */
export async function reopenRefundedRequest(t: Db, afterSaleId: number, now: Date) {
  const r = await t
    .selectFrom('after_sales')
    .select(['id', 'order_id'])
    .where('id', '=', afterSaleId)
    .executeTakeFirst()
  if (r) await moveRequest(t, r, [AfterStatus.refunded], AfterStatus.refundDue, {}, dbTime(now))
}

/**
 * Finance paid a transfer refund back by hand: its request and the order 待退款 → 已退款
 * (payments' record of it), and the order's issued invoice red-lettered as any refund does.
 */
export async function settleDueRequest(t: Db, actor: Actor, afterSaleId: number, now: Date) {
  const r = await t
    .selectFrom('after_sales as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select(['a.id', 'a.order_id', 'o.code'])
    .where('a.id', '=', afterSaleId)
    .executeTakeFirst()
  if (!r || !(await moveRequest(t, r, [AfterStatus.refundDue], AfterStatus.refunded, {}, dbTime(now)))) return
  await voidOnRefund(t, actor, { id: r.order_id, code: r.code }, now)
}

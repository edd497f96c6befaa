/**
 * After the order (issue 9): shipping and tracking, after-sales (apply, cancel, the operator's
 * approval or rejection with the refund), invoices on orders, and the notifications they leave.
 * Every move is one conditional update of the order inside one transaction: a move from a state
 * the order is no longer in changes nothing and is refused.
 */
import { OrderStatus } from '../../../src/lib/constants.ts'
import type { AfterSalesDecision, InvoiceIssue } from '../../../src/lib/rules/back-office.ts'
import type { RefundForm } from '../../../src/lib/rules/refund.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { COURIER_NAMES, type CourierProvider, type LocusEntry } from '../../providers/courier.ts'
import type { PaymentProviders } from '../../providers/payment.ts'
import { dbTime, fromDbTime } from '../../time.ts'
import { giveBackCoupon } from '../orders/order-pricing.ts'
import { AfterStatus, InvoiceStatus, OrderTypes } from '../orders/orders.queries.ts'
import { countSales, isContentOrder } from '../orders/orders.service.ts'
import { giveBackStock } from '../orders/orders.writes.ts'
import { refundOrderPayment } from '../payments/payments.queries.ts'
import { privateFileExists } from '../uploads/private-files.ts'
import type { FileDirs } from '../uploads/uploads.service.ts'

export const ORDER_MISSING = '订单不存在'
const changed = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) >= 1

// notify lives on its own so orders (the expiry job) can use it without an import cycle.
export { notify }

/** The caller's own order, or 404 订单不存在. */
export async function ownOrder(db: Db, userId: number, orderId: number) {
  const o = await db
    .selectFrom('orders')
    .select(['id', 'code', 'status', 'types', 'after_status', 'invoice_status', 'way_time'])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!o) throw refuse(ORDER_MISSING, 404)
  return o
}

// --- shipping ----------------------------------------------------------------------------

/** An order by its code, for the operator's commands; undefined when none has it. */
export const orderByCode = (db: Db, code: string) =>
  db
    .selectFrom('orders')
    .select([
      'id',
      'code',
      'user_id',
      'status',
      'types',
      'after_status',
      'invoice_status',
      'pay_way',
      'tol_cost_fen',
      'rec_city',
      'rec_area',
    ])
    .where('code', '=', code)
    .executeTakeFirst()

/**
 * The operator ships a paid goods order (the back office's 发货 and `npm run ops -- ship`):
 * 20 → 30 with way_time, a waybill booked with `courierName` (any name or key the courier
 * knows; its default when empty), its first tracking kept in the row, a notification and the
 * audit row, in one transaction. Refused, changing nothing, unless the order is awaiting
 * shipment, sells goods and has no open after-sales request; of two operators shipping at
 * once, one ships and the other is refused.
 */
export async function shipOrder(
  db: Db,
  actor: Actor,
  courier: CourierProvider,
  code: string,
  courierName: string | undefined,
  now: Date,
): Promise<{ company: string; number: string }> {
  const company = courier.company(courierName)
  if (!company) throw refuse(`不认识的快递公司：${courierName}（可用：${COURIER_NAMES.join('、')}）`)
  const o = await orderByCode(db, code)
  if (!o) throw refuse(ORDER_MISSING, 404)
  const notWaiting = `订单 ${code} 不是待发货状态，未作改动`
  if (o.status !== OrderStatus.unshipped) throw refuse(notWaiting)
  if (o.after_status === AfterStatus.applied) throw refuse(`订单 ${code} 有待处理的售后申请，未作改动`)
  const goods = await db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', o.id)
    .where('sku_id', 'is not', null)
    .executeTakeFirst()
  if (!goods) throw refuse(`订单 ${code} 是课程、帖子或任务订单，无需发货，未作改动`)
  const number = courier.book(company, now)
  const time = dbTime(now)
  const tracked = courier.track({ company, number, shippedAt: now, city: o.rec_city, area: o.rec_area }, now)
  return db.transaction().execute(async (t) => {
    const moved = await t
      .updateTable('orders')
      .set({ status: OrderStatus.unreceived, way_time: time })
      .where('id', '=', o.id)
      .where('status', '=', OrderStatus.unshipped)
      .where('after_status', '!=', AfterStatus.applied)
      .executeTakeFirst()
    if (!changed(moved)) throw refuse(notWaiting)
    await countSales(t, o.id, 1)
    await t
      .insertInto('waybills')
      .values({
        order_id: o.id,
        company,
        number,
        status: tracked.status,
        locus: JSON.stringify(tracked.locus),
        create_time: time,
      })
      .execute()
    await notify(t, o.user_id, '订单已发货', `您的订单 ${code} 已由${company}发出，运单号 ${number}。`, now)
    await audit(t, actor, now, {
      action: 'order.ship',
      target: `order:${code}`,
      before: { status: OrderStatus.unshipped },
      after: { status: OrderStatus.unreceived, waybill: `${company} ${number}` },
    })
    return { company, number }
  })
}

/**
 * An order's waybills, each tracked again as of `now` and the answer kept in its row: what the
 * buyer's 物流信息 and the back office's timeline show. Oldest first.
 */
export async function trackedWaybills(db: Db, courier: CourierProvider, orderId: number, now: Date) {
  const dest = await db
    .selectFrom('orders')
    .select(['rec_city', 'rec_area'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
  const rows = await db
    .selectFrom('waybills')
    .select(['id', 'company', 'number', 'status', 'locus', 'create_time'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
  const out: { company: string; number: string; status: string; locus: LocusEntry[]; createTime: string }[] =
    []
  for (const w of rows) {
    const tracked = courier.track(
      {
        company: w.company,
        number: w.number,
        shippedAt: fromDbTime(w.create_time),
        city: dest.rec_city,
        area: dest.rec_area,
      },
      now,
    )
    const locus = JSON.stringify(tracked.locus)
    if (locus !== w.locus || tracked.status !== w.status)
      await db.updateTable('waybills').set({ status: tracked.status, locus }).where('id', '=', w.id).execute()
    out.push({ ...w, status: tracked.status, locus: tracked.locus, createTime: w.create_time })
  }
  return out
}

/** The waybills of the caller's own order (Express/GetWay), tracked as of `now`; 404 when not theirs. */
export async function waybillsOf(
  db: Db,
  courier: CourierProvider,
  userId: number,
  orderId: number,
  now: Date,
) {
  const o = await ownOrder(db, userId, orderId)
  return (await trackedWaybills(db, courier, o.id, now)).map((w) => ({
    company: w.company,
    number: w.number,
    status: w.status,
    locus: JSON.stringify(w.locus),
  }))
}

// --- after-sales -------------------------------------------------------------------------

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

/** Where a refund goes, as the buyer's notification says it. */
const REFUND_WHERE: Record<string, string> = {
  balance: '已退回您的账户余额',
  alipay: '将原路退回支付宝',
  wechat: '将原路退回微信支付',
  union: '将由财务以对公转账退回',
}

/**
 * The operator decides an open after-sales request (the back office and `npm run ops --
 * refund`), in one transaction claimed by a conditional update (of two concurrent decisions one
 * acts, the other is refused), with its audit row:
 * - approve: status 100, after_status 20 (types stays 10: the 退款售后 tab lists it); the money
 *   goes back where it came from (payments refundOrderPayment); stock back when it was not
 *   shipped (status 20); what an article order unlocked is locked again; a notification.
 * - reject: types 0, after_status 30, the reason kept (不符合退款条件 when none is given); the
 *   buyer may apply again; a notification.
 * Answers what ops prints: '订单 … 已退款 200.00 元（balance）'.
 */
export async function decideRefund(
  db: Db,
  actor: Actor,
  payments: PaymentProviders,
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
    const refunded = await refundOrderPayment(
      t,
      payments,
      { id: o.id, code, userId: o.user_id, payWay: o.pay_way, amountFen: o.tol_cost_fen },
      reason || '售后退款',
      now,
    )
    const amount = (refunded.amountFen / 100).toFixed(2)
    await notify(
      t,
      o.user_id,
      '退款成功',
      `您的订单 ${code} 的退款申请已通过，${amount} 元${REFUND_WHERE[refunded.way] ?? '将原路退回'}。`,
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

// --- invoices ----------------------------------------------------------------------------

/**
 * The buyer asks for an invoice on a shipped or completed order (Orders/PostOrdersInvoice) with
 * one of their own shown invoice infos; one per order. → invoice_id, invoice_status 10.
 */
export async function applyInvoice(db: Db, userId: number, orderId: number, invoiceId: number | null) {
  const o = await ownOrder(db, userId, orderId)
  if (invoiceId === null) throw refuse('请选择发票')
  const info = await db
    .selectFrom('invoice_infos')
    .select('id')
    .where('id', '=', invoiceId)
    .where('user_id', '=', userId)
    .where('is_show', '=', 1)
    .executeTakeFirst()
  if (!info) throw refuse('发票信息不存在', 404)
  if (o.invoice_status !== InvoiceStatus.none) throw refuse('已申请过发票')
  const moved = await db
    .updateTable('orders')
    .set({ invoice_id: info.id, invoice_status: InvoiceStatus.applied })
    .where('id', '=', o.id)
    .where('user_id', '=', userId)
    .where('invoice_status', '=', InvoiceStatus.none)
    .where('status', 'in', [OrderStatus.unreceived, OrderStatus.completed])
    .executeTakeFirst()
  if (changed(moved)) return
  const now = await ownOrder(db, userId, orderId)
  throw refuse(now.invoice_status !== InvoiceStatus.none ? '已申请过发票' : '当前订单不能申请发票')
}

/**
 * Finance issues an applied invoice (the back office and `npm run ops -- invoice`): invoice_status
 * 10 → 20 with its number, its file (a private upload the buyer opens through a signed link; ''
 * for paper) and the time, a notification and the audit row, in one transaction. The file must
 * be stored in the private tree (`dirs`: on disk or in the bucket). Refused, changing nothing, when nothing is to be issued.
 */
export async function issueInvoice(
  db: Db,
  actor: Actor,
  dirs: FileDirs,
  code: string,
  form: InvoiceIssue,
  now: Date,
): Promise<string> {
  const o = await orderByCode(db, code)
  if (!o) throw refuse(ORDER_MISSING, 404)
  if (form.file && !(await privateFileExists(dirs, form.file))) throw refuse('发票文件不存在，请重新上传')
  return db.transaction().execute(async (t): Promise<string> => {
    const moved = await t
      .updateTable('orders')
      .set({
        invoice_status: InvoiceStatus.issued,
        invoice_number: form.number,
        invoice_file: form.file,
        invoice_time: dbTime(now),
      })
      .where('id', '=', o.id)
      .where('invoice_status', '=', InvoiceStatus.applied)
      // A refunded order's request is withdrawn (已取消): nothing to issue.
      .where('after_status', '!=', AfterStatus.refunded)
      .executeTakeFirst()
    if (!changed(moved)) throw refuse(`订单 ${code} 没有待开具的发票申请，未作改动`)
    await notify(
      t,
      o.user_id,
      '发票已开具',
      `您的订单 ${code} 的发票已开具，发票号码 ${form.number}${form.file ? '，可在订单详情中查看' : '，请注意查收'}。`,
      now,
    )
    await audit(t, actor, now, {
      action: 'order.invoice',
      target: `order:${code}`,
      before: { invoiceStatus: InvoiceStatus.applied },
      after: { invoiceStatus: InvoiceStatus.issued, invoiceNumber: form.number, invoiceFile: form.file },
    })
    return `订单 ${code} 的发票已开具（${form.number}）`
  })
}

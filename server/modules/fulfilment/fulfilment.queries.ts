/**
 * Shipping and tracking (issue 9): the operator ships with a courier, the buyer and the back
 * office follow the waybills. The order's own move (待发货 → 待收货) is the orders module's
 * shipLines (order-lines.ts), inside this module's transaction with the parcel it records.
 */
import { OrderStatus } from '../../../src/lib/constants.ts'
import { normalWaybill, waybillRefusal } from '../../../src/lib/couriers.ts'
import { UNDECIDED_AFTER_STATUSES } from '../../../src/lib/order-states.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import {
  COURIER_NAMES,
  type CourierProvider,
  FINAL_STATUSES,
  type LocusEntry,
  type Tracking,
} from '../../providers/courier.ts'
import { dbTime, fromDbTime } from '../../time.ts'
import {
  type LineQty,
  type OrderLine,
  orderLines,
  pickLines,
  shipLines,
  toShip,
  unshipLines,
} from '../orders/order-lines.ts'
import { changed, ORDER_MISSING, orderByCode, ownOrder } from '../orders/order-lookup.ts'
import { orderHolds } from '../orders/orders.service.ts'

/** What the shipper asks for: a courier (its name or key), and optionally the waybill and lines. */
export interface ParcelForm {
  courier?: string | undefined
  /** Typed by the operator; booked through the courier provider when missing. */
  waybill?: string | undefined
  /** What goes in the parcel; everything not yet shipped when missing. */
  lines?: LineQty[] | undefined
}

/**
 * The company and waybill number of a new parcel: a typed number, checked against the company's
 * format (顺丰运单号应为 SF 加 13 位数字), or one the courier provider books, when it can.
 */
export async function waybillFor(courier: CourierProvider, form: ParcelForm, now: Date) {
  const company = companyOf(courier, form)
  const typed = form.waybill?.trim()
  if (typed) {
    const number = normalWaybill(typed)
    const wrong = waybillRefusal(company, number)
    if (wrong) throw refuse(wrong)
    return { company, number }
  }
  if (!courier.book) throw refuse(`请填写运单号：${courier.name} 只查询物流，不能下单取号`)
  return { company, number: await courier.book(company, now) }
}

/** The courier company the shipper named (its default when none), or the refusal naming those offered. */
function companyOf(courier: CourierProvider, form: ParcelForm) {
  const company = courier.company(form.courier)
  if (!company) throw refuse(`不认识的快递公司：${form.courier}（可用：${COURIER_NAMES.join('、')}）`)
  return company
}

/**
 * A new parcel's first tracking, asked before the shipper's transaction (a courier's answer is
 * never waited for under a lock). A parcel just handed over may be unknown to the courier yet:
 * shipping does not wait for it, the parcel reads 待揽收 until it is known.
 */
export const firstTracking = (
  courier: CourierProvider,
  o: { rec_city: string; rec_area: string; rec_tel: string },
  waybill: { company: string; number: string },
  now: Date,
): Promise<Tracking> =>
  courier
    .track({ ...waybill, shippedAt: now, city: o.rec_city, area: o.rec_area, phone: o.rec_tel }, now)
    .catch((): Tracking => ({ status: '待揽收', locus: [] }))

/**
 * Records a parcel (a waybills row, its lines, its first tracking or none) in the caller's transaction.
 * `afterSaleId`: the exchange a replacement ships for.
 */
export async function insertParcel(
  t: Db,
  o: { id: number; rec_city: string; rec_area: string; rec_tel: string },
  waybill: { company: string; number: string },
  picked: { line: OrderLine; quantity: number }[],
  now: Date,
  tracked: Tracking | null,
  afterSaleId: number | null = null,
) {
  const time = dbTime(now)
  const first = tracked ?? { status: '待揽收', locus: [] }
  const { id } = await t
    .insertInto('waybills')
    .values({
      order_id: o.id,
      company: waybill.company,
      number: waybill.number,
      status: first.status,
      locus: JSON.stringify(first.locus),
      create_time: time,
      // Untracked (null): asked on the parcel's first read.
      tracked_at: tracked ? now.getTime() : null,
      after_sale_id: afterSaleId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await t
    .insertInto('shipment_lines')
    .values(picked.map(({ line, quantity }) => ({ waybill_id: id, item_id: line.id, quantity })))
    .execute()
  return id
}

/**
 * The operator ships a parcel of a paid goods order (the back office's 发货, its shipments call
 * and `npm run ops -- ship`): the lines and quantities asked for (everything not yet shipped by
 * default), under a typed or booked waybill, in one transaction with its notification and audit
 * row. The order reads 部分发货 until every line has shipped, then 待收货. Refused, changing
 * nothing, unless the order awaits shipment, sells goods and has no after-sales request waiting
 * for a decision; of two operators shipping the same line at once, one ships it and the other
 * is refused.
 */
export async function shipParcel(
  db: Db,
  actor: Actor,
  courier: CourierProvider,
  code: string,
  form: ParcelForm,
  now: Date,
): Promise<{ company: string; number: string; complete: boolean }> {
  companyOf(courier, form)
  const o = await orderByCode(db, code)
  if (!o) throw refuse(ORDER_MISSING, 404)
  if (o.status !== OrderStatus.unshipped) throw refuse(`订单 ${code} 不是待发货状态，未作改动`)
  if (UNDECIDED_AFTER_STATUSES.includes(o.after_status))
    throw refuse(`订单 ${code} 有待处理的售后申请，未作改动`)
  if (!(await orderHolds(db, o.id, 'goods')))
    throw refuse(`订单 ${code} 是课程、帖子或任务订单，无需发货，未作改动`)
  const picked = pickLines(await orderLines(db, o.id), form.lines, toShip, '发货')
  const waybill = await waybillFor(courier, form, now)
  const tracked = await firstTracking(courier, o, waybill, now)
  return db.transaction().execute(async (t) => {
    const complete = await shipLines(t, o, picked, dbTime(now))
    await insertParcel(t, o, waybill, picked, now, tracked)
    const what = `${waybill.company}发出，运单号 ${waybill.number}`
    await notify(
      t,
      o.user_id,
      complete ? '订单已发货' : '订单部分发货',
      complete
        ? `您的订单 ${code} 已由${what}。`
        : `您的订单 ${code} 有一个包裹已由${what}，其余商品将另行发出。`,
      now,
    )
    await audit(t, actor, now, {
      action: 'order.ship',
      target: `order:${code}`,
      before: { status: OrderStatus.unshipped },
      after: {
        status: complete ? OrderStatus.unreceived : OrderStatus.unshipped,
        waybill: `${waybill.company} ${waybill.number}`,
        lines: picked.map(({ line, quantity }) => `${line.title}×${quantity}`).join('、'),
      },
    })
    return { ...waybill, complete }
  })
}

/** The whole order in one parcel with a booked waybill: the first 发货 call and `npm run ops -- ship`. */
export const shipOrder = (
  db: Db,
  actor: Actor,
  courier: CourierProvider,
  code: string,
  courierName: string | undefined,
  now: Date,
  waybill?: string,
) => shipParcel(db, actor, courier, code, { courier: courierName, waybill }, now)

/**
 * Cancels a parcel shipped by mistake, until the buyer confirms receipt: the parcel is marked
 * cancelled (kept, so the order's story keeps it), its lines go back to awaiting shipment, sales
 * with them, the buyer is told; one transaction, claimed by the parcel's own conditional update,
 * so a second cancel changes nothing. A replacement parcel of an exchange cannot be cancelled here.
 */
export async function cancelParcel(db: Db, actor: Actor, code: string, parcelId: number, now: Date) {
  const o = await orderByCode(db, code)
  if (!o) throw refuse(ORDER_MISSING, 404)
  const parcel = await db
    .selectFrom('waybills')
    .select(['id', 'company', 'number', 'cancel_time', 'after_sale_id'])
    .where('id', '=', parcelId)
    .where('order_id', '=', o.id)
    .executeTakeFirst()
  if (!parcel) throw refuse('包裹不存在', 404)
  if (parcel.after_sale_id !== null) throw refuse('换货的包裹不能在此取消')
  const gone = `包裹 ${parcel.company} ${parcel.number} 已取消，未作改动`
  if (parcel.cancel_time) throw refuse(gone)
  const contents = await db
    .selectFrom('shipment_lines')
    .select(['item_id', 'quantity'])
    .where('waybill_id', '=', parcel.id)
    .execute()
  const lines = await orderLines(db, o.id)
  const picked = contents.flatMap((c) => {
    const line = lines.find((l) => l.id === c.item_id)
    return line ? [{ line, quantity: c.quantity }] : []
  })
  return db.transaction().execute(async (t) => {
    const taken = await t
      .updateTable('waybills')
      .set({ cancel_time: dbTime(now), status: '已取消' })
      .where('id', '=', parcel.id)
      .where('cancel_time', 'is', null)
      .executeTakeFirst()
    if (!changed(taken)) throw refuse(gone)
    await unshipLines(t, o, picked)
    await notify(
      t,
      o.user_id,
      '包裹已取消',
      `您的订单 ${code} 的包裹（${parcel.company} ${parcel.number}）已取消发货，商品将重新发出。`,
      now,
    )
    await audit(t, actor, now, {
      action: 'order.parcel.cancel',
      target: `order:${code}`,
      before: { status: o.status },
      after: { status: OrderStatus.unshipped, waybill: `${parcel.company} ${parcel.number}` },
    })
  })
}

/** One parcel of an order as the back office and the buyer read it. */
export interface Parcel {
  id: number
  company: string
  number: string
  status: string
  locus: LocusEntry[]
  createTime: string
  /** When it was cancelled; '' while it stands. */
  cancelTime: string
  /** The exchange it carries the replacement for; null for the order's own parcels. */
  afterSaleId: number | null
  lines: LineQty[]
}

/**
 * An order's parcels (waybills), each standing one tracked again as of `now` and the answer
 * kept in its row: what the buyer's 物流信息 and the back office show. Oldest first.
 */
export async function trackedWaybills(db: Db, courier: CourierProvider, orderId: number, now: Date) {
  const [dest, rows, contents] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['rec_city', 'rec_area', 'rec_tel'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('waybills')
      .select([
        'id',
        'company',
        'number',
        'status',
        'locus',
        'create_time',
        'cancel_time',
        'after_sale_id',
        'tracked_at',
      ])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('shipment_lines as l')
      .innerJoin('waybills as w', 'w.id', 'l.waybill_id')
      .select(['l.waybill_id', 'l.item_id', 'l.quantity'])
      .where('w.order_id', '=', orderId)
      .orderBy('l.id')
      .execute(),
  ])
  const out: Parcel[] = []
  for (const w of rows) {
    let status = w.status
    let locus = JSON.parse(w.locus) as LocusEntry[]
    // Asked again only once the courier's refresh interval has passed, never once delivered or
    // cancelled; a courier's failure keeps the last good tracking.
    const fresh = w.tracked_at !== null && now.getTime() - w.tracked_at < courier.refreshMs
    if (!w.cancel_time && !fresh && !FINAL_STATUSES.includes(w.status)) {
      const kept = { status, locus }
      const tracked = await courier
        .track(
          {
            company: w.company,
            number: w.number,
            shippedAt: fromDbTime(w.create_time),
            city: dest.rec_city,
            area: dest.rec_area,
            phone: dest.rec_tel,
          },
          now,
        )
        .catch((e: unknown) => {
          console.warn(`[courier] ${w.company} ${w.number}: ${e instanceof Error ? e.message : e}`)
          return kept
        })
      const text = JSON.stringify(tracked.locus)
      // The simulated courier (refreshMs 0) keeps no time: its row is written only when it changed.
      if (text !== w.locus || tracked.status !== w.status || courier.refreshMs > 0)
        await db
          .updateTable('waybills')
          .set({ status: tracked.status, locus: text, tracked_at: now.getTime() })
          .where('id', '=', w.id)
          .execute()
      status = tracked.status
      locus = tracked.locus
    }
    out.push({
      id: w.id,
      company: w.company,
      number: w.number,
      status,
      locus,
      createTime: w.create_time,
      cancelTime: w.cancel_time ?? '',
      afterSaleId: w.after_sale_id,
      lines: contents
        .filter((c) => c.waybill_id === w.id)
        .map((c) => ({ lineId: c.item_id, quantity: c.quantity })),
    })
  }
  return out
}

/**
 * The parcels of the caller's own order (Express/GetWay), tracked as of `now`, each with what it
 * holds; a cancelled parcel is not the buyer's to follow. 404 when the order is not theirs.
 */
export async function waybillsOf(
  db: Db,
  courier: CourierProvider,
  userId: number,
  orderId: number,
  now: Date,
) {
  const o = await ownOrder(db, userId, orderId)
  const [parcels, lines] = await Promise.all([trackedWaybills(db, courier, o.id, now), orderLines(db, o.id)])
  return parcels
    .filter((w) => !w.cancelTime)
    .map((w) => ({
      company: w.company,
      number: w.number,
      status: w.status,
      locus: JSON.stringify(w.locus),
      items: w.lines.map((l) => ({
        lineId: l.lineId,
        title: lines.find((x) => x.id === l.lineId)?.title ?? '',
        quantity: l.quantity,
      })),
      replacement: w.afterSaleId !== null,
    }))
}

/**
 * Shipping and tracking (issue 9): the operator ships with a courier, the buyer and the back
 * office follow the waybills. The order's own move (待发货 → 待收货) is the orders module's
 * markShipped, inside this module's transaction with the waybill it books.
 */
import { OrderStatus } from '../../../src/lib/constants.ts'
import { WAYBILL_NUMBER, WAYBILL_NUMBER_MESSAGE } from '../../../src/lib/couriers.ts'
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
import { ORDER_MISSING, orderByCode, ownOrder } from '../orders/order-lookup.ts'
import { AfterStatus } from '../orders/orders.queries.ts'
import { markShipped, orderHolds } from '../orders/orders.service.ts'

/**
 * The operator ships a paid goods order (the back office's 发货 and `npm run ops -- ship`):
 * 20 → 30 with way_time, a waybill booked with `courierName` (any name or key the courier
 * knows; its default when empty) or the `typed` number (a courier that books nothing, such as
 * 快递100, needs it), its first tracking kept in the row, a notification and the
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
  typed?: string,
): Promise<{ company: string; number: string }> {
  if (typed?.trim() && !WAYBILL_NUMBER.test(typed.trim())) throw refuse(WAYBILL_NUMBER_MESSAGE)
  const company = courier.company(courierName)
  if (!company) throw refuse(`不认识的快递公司：${courierName}（可用：${COURIER_NAMES.join('、')}）`)
  const o = await orderByCode(db, code)
  if (!o) throw refuse(ORDER_MISSING, 404)
  const notWaiting = `订单 ${code} 不是待发货状态，未作改动`
  if (o.status !== OrderStatus.unshipped) throw refuse(notWaiting)
  if (o.after_status === AfterStatus.applied) throw refuse(`订单 ${code} 有待处理的售后申请，未作改动`)
  if (!(await orderHolds(db, o.id, 'goods')))
    throw refuse(`订单 ${code} 是课程、帖子或任务订单，无需发货，未作改动`)
  const number = typed?.trim() || courier.book?.(company, now)
  if (!number) throw refuse(`请填写运单号：${courier.name} 只查询物流，不能下单取号`)
  const time = dbTime(now)
  // A parcel just handed over may be unknown to the courier yet: shipping does not wait for it.
  const tracked = await courier
    .track({ company, number, shippedAt: now, city: o.rec_city, area: o.rec_area, phone: o.rec_tel }, now)
    .catch((): Tracking => ({ status: '待揽收', locus: [] }))
  return db.transaction().execute(async (t) => {
    if (!(await markShipped(t, o.id, time))) throw refuse(notWaiting)
    await t
      .insertInto('waybills')
      .values({
        order_id: o.id,
        company,
        number,
        status: tracked.status,
        locus: JSON.stringify(tracked.locus),
        create_time: time,
        tracked_at: now.getTime(),
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
 * An order's waybills, each tracked as of `now` and the answer kept in its row: what the
 * buyer's 物流信息 and the back office's timeline show. Oldest first. The courier is asked again
 * only once the row's tracking is `refreshMs` old (a real one limits how often one waybill may be
 * asked) and never after 已签收; a failed ask keeps the last tracking and waits as long.
 */
export async function trackedWaybills(db: Db, courier: CourierProvider, orderId: number, now: Date) {
  const dest = await db
    .selectFrom('orders')
    .select(['rec_city', 'rec_area', 'rec_tel'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
  const rows = await db
    .selectFrom('waybills')
    .select(['id', 'company', 'number', 'status', 'locus', 'create_time', 'tracked_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
  const out: { company: string; number: string; status: string; locus: LocusEntry[]; createTime: string }[] =
    []
  for (const w of rows) {
    const kept = { status: w.status, locus: JSON.parse(w.locus) as LocusEntry[] }
    const fresh = w.tracked_at !== null && now.getTime() - w.tracked_at < courier.refreshMs
    if (fresh || FINAL_STATUSES.includes(w.status)) {
      out.push({ ...w, ...kept, createTime: w.create_time })
      continue
    }
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
    const locus = JSON.stringify(tracked.locus)
    // The simulated courier (refreshMs 0) keeps no time: its row is written only when it changed.
    if (locus !== w.locus || tracked.status !== w.status || courier.refreshMs > 0)
      await db
        .updateTable('waybills')
        .set({ status: tracked.status, locus, tracked_at: now.getTime() })
        .where('id', '=', w.id)
        .execute()
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

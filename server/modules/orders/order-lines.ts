/**
 * An order's lines as parcels and refunds move them (issue 38). Each line counts what of it
 * shipped (shipped_qty), what was refunded (refunded_qty, refunded_fen) and, of that, what was
 * refunded before it shipped and so never ships (dropped_qty). Every move is a conditional update
 * inside the caller's transaction, which has claimed the order's row first: two operators
 * shipping the same line, or a refund racing a shipment, queue on that row and the second finds
 * the counts it needs gone.
 */
import { sql } from 'kysely'
import { OrderStatus } from '../../../src/lib/constants.ts'
import { UNDECIDED_AFTER_STATUSES } from '../../../src/lib/order-states.ts'
import { lineShares } from '../../../src/lib/rules/pricing.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { changed } from './order-lookup.ts'

export interface OrderLine {
  id: number
  spuId: number | null
  skuId: number | null
  articleId: number | null
  title: string
  imgurl: string
  priceFen: number
  quantity: number
  shipped: number
  refunded: number
  refundedFen: number
  dropped: number
  /** What the line paid: its share of the goods' total (lineShares). */
  paidFen: number
}

/** A line and a quantity of it, as the wire names them. */
export interface LineQty {
  lineId: number
  quantity: number
}

/** What of a line is still to ship. */
export const toShip = (l: OrderLine) => l.quantity - l.shipped - l.dropped
/** What of a line went out and was not refunded since: what can come back. */
export const keptShipped = (l: OrderLine) => l.shipped - (l.refunded - l.dropped)

/** An order's lines, oldest first, with what each paid. */
export async function orderLines(db: Db, orderId: number): Promise<OrderLine[]> {
  const [o, rows] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['tol_cost_fen', 'shipping_fen'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('order_items')
      .select([
        'id',
        'spu_id',
        'sku_id',
        'article_id',
        'title',
        'imgurl',
        'price_fen',
        'quantity',
        'shipped_qty',
        'refunded_qty',
        'refunded_fen',
        'dropped_qty',
      ])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
  ])
  const shares = lineShares(
    rows.map((r) => r.price_fen * r.quantity),
    o.tol_cost_fen - o.shipping_fen,
  )
  return rows.map((r, i) => ({
    id: r.id,
    spuId: r.spu_id,
    skuId: r.sku_id,
    articleId: r.article_id,
    title: r.title,
    imgurl: r.imgurl,
    priceFen: r.price_fen,
    quantity: r.quantity,
    shipped: r.shipped_qty,
    refunded: r.refunded_qty,
    refundedFen: r.refunded_fen,
    dropped: r.dropped_qty,
    paidFen: shares[i] ?? 0,
  }))
}

/**
 * The lines a request names, checked against the order's: each line once, of this order, a
 * whole quantity from 1 to what `limit` leaves of it. No lines is every line at its limit (the
 * whole rest); a line with nothing left is then skipped. Refuses in Chinese otherwise.
 */
export function pickLines(
  lines: OrderLine[],
  given: LineQty[] | undefined,
  limit: (l: OrderLine) => number,
  what: string,
): { line: OrderLine; quantity: number }[] {
  if (!given || given.length === 0) {
    const all = lines.filter((l) => limit(l) > 0).map((line) => ({ line, quantity: limit(line) }))
    if (all.length === 0) throw refuse(`没有可${what}的商品`)
    return all
  }
  const seen = new Set<number>()
  return given.map((g) => {
    const line = lines.find((l) => l.id === g.lineId)
    if (!line) throw refuse(`订单中没有商品行 ${g.lineId}`)
    if (seen.has(line.id)) throw refuse(`商品行 ${g.lineId} 重复`)
    seen.add(line.id)
    const max = limit(line)
    if (!Number.isInteger(g.quantity) || g.quantity < 1 || g.quantity > max)
      throw refuse(
        max > 0 ? `「${line.title}」可${what}数量为 1 到 ${max}` : `「${line.title}」没有可${what}的数量`,
      )
    return { line, quantity: g.quantity }
  })
}

/**
 * 已售 follows what stays sold: `sign` 1 adds the quantities to each product's sales (a parcel
 * went out), -1 takes them off (a parcel cancelled, shipped goods refunded).
 */
export async function countLineSales(trx: Db, picked: { line: OrderLine; quantity: number }[], sign: 1 | -1) {
  for (const { line, quantity } of picked) {
    if (line.spuId === null) continue
    await trx
      .updateTable('product_spus')
      .set({
        sales: sql<number>`CASE WHEN sales + ${sign * quantity} > 0 THEN sales + ${sign * quantity} ELSE 0 END`,
      })
      .where('id', '=', line.spuId)
      .execute()
  }
}

const NOT_WAITING = (code: string) => `订单 ${code} 不是待发货状态，未作改动`

/**
 * A parcel goes out with `picked` (the shipper's transaction): the order is claimed (awaiting
 * shipment, no request waiting for a decision), each line's shipped count grows on condition it
 * stays within what is left to ship, and the products' sales grow. When nothing is left to ship
 * the order becomes 待收货. way_time is the newest parcel's: the automatic receipt counts from it.
 * Answers whether the order is now wholly shipped.
 */
export async function shipLines(
  trx: Db,
  order: { id: number; code: string },
  picked: { line: OrderLine; quantity: number }[],
  time: string,
): Promise<boolean> {
  const claimed = await trx
    .updateTable('orders')
    .set({ way_time: time })
    .where('id', '=', order.id)
    .where('status', '=', OrderStatus.unshipped)
    .where('after_status', 'not in', UNDECIDED_AFTER_STATUSES)
    .executeTakeFirst()
  if (!changed(claimed)) throw refuse(NOT_WAITING(order.code))
  for (const { line, quantity } of picked) {
    const moved = await trx
      .updateTable('order_items')
      .set((e) => ({ shipped_qty: e('shipped_qty', '+', quantity) }))
      .where('id', '=', line.id)
      .where(sql<boolean>`shipped_qty + dropped_qty + ${quantity} <= quantity`)
      .executeTakeFirst()
    if (!changed(moved)) throw refuse(`「${line.title}」已发出，可发数量不足，未作改动`)
  }
  await countLineSales(trx, picked, 1)
  return settleShipped(trx, order.id)
}

/** 待发货 → 待收货 once nothing is left to ship (and something did ship); answers whether it moved. */
export async function settleShipped(trx: Db, orderId: number): Promise<boolean> {
  const moved = await trx
    .updateTable('orders')
    .set({ status: OrderStatus.unreceived })
    .where('id', '=', orderId)
    .where('status', '=', OrderStatus.unshipped)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('order_items')
            .select('id')
            .where('order_id', '=', orderId)
            .where(sql<boolean>`shipped_qty + dropped_qty < quantity`),
        ),
      ),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('order_items').select('id').where('order_id', '=', orderId).where('shipped_qty', '>', 0),
      ),
    )
    .executeTakeFirst()
  return changed(moved)
}

/**
 * A parcel shipped by mistake comes back onto the order (its cancel, in the caller's
 * transaction): allowed until the buyer confirms receipt, so the order is claimed while awaiting
 * shipment or receipt; its lines' shipped counts shrink, sales with them, and an order that was
 * wholly shipped awaits shipment again. Stock is not touched: it was taken when the order was
 * placed and the goods are still the order's, back on the warehouse's shelf.
 */
export async function unshipLines(
  trx: Db,
  order: { id: number; code: string },
  picked: { line: OrderLine; quantity: number }[],
) {
  const claimed = await trx
    .updateTable('orders')
    .set({ status: OrderStatus.unshipped })
    .where('id', '=', order.id)
    .where('status', 'in', [OrderStatus.unshipped, OrderStatus.unreceived])
    .executeTakeFirst()
  if (!changed(claimed)) throw refuse(`订单 ${order.code} 已确认收货或已取消，不能取消包裹`)
  for (const { line, quantity } of picked) {
    const moved = await trx
      .updateTable('order_items')
      .set((e) => ({ shipped_qty: e('shipped_qty', '-', quantity) }))
      .where('id', '=', line.id)
      .where(sql<boolean>`shipped_qty - ${quantity} >= refunded_qty - dropped_qty`)
      .executeTakeFirst()
    if (!changed(moved)) throw refuse(`「${line.title}」的发货数量已变化，未作改动`)
  }
  await countLineSales(trx, picked, -1)
}

/**
 * What sold (issue 39): THE rule behind the dashboard's top sellers and the authors' sales in
 * 我的发布, so the two never disagree. A line sold when its order was paid and not refunded by
 * after-sales; it brought in its share of what the order paid for its goods (shipping aside), in
 * proportion to its list amount, rounded down to the fen. So a course sold in sections and then
 * upgraded counts what the buyer paid in all, not the course's price twice over.
 */
import { sql } from 'kysely'
import { AfterStatus } from '../../../src/lib/order-states.ts'
import type { Db } from '../../db/index.ts'

/** The sold lines, as `i` (order_items) joined to their order `o`: select, filter and group on them. */
export const soldLines = (db: Db) =>
  db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .where('o.pay_time', 'is not', null)
    .where('o.after_status', '!=', AfterStatus.refunded)

/**
 * SUM of what the selected sold lines brought in, in fen (a string or number by driver: Number() it).
 * BIGINT: list × paid overflows PostgreSQL's 32-bit integer on a big order.
 */
export const soldFen = () =>
  sql<
    number | string
  >`SUM(CAST(${sql.ref('i.price_fen')} AS BIGINT) * ${sql.ref('i.quantity')} * (${sql.ref('o.tol_cost_fen')} - ${sql.ref('o.shipping_fen')}) / NULLIF(${sql.ref('o.cost_price_fen')}, 0))`

/** Finding one order: the caller's own (404 when not theirs) or, for staff and ops, by its code. */
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'

export const ORDER_MISSING = '订单不存在'

/** An update that moved a row: the conditional writes of the order's life check it. */
export const changed = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) >= 1

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
      'rec_tel',
    ])
    .where('code', '=', code)
    .executeTakeFirst()

/**
 * Staff's internal notes on an order (issue 38): whoever may read orders may add one; each is
 * audited (`order.note`) in its own transaction. Only the back office's order answer carries
 * them: no buyer's call reads order_notes.
 */
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'

/** Adds `text` (checked by checkOrderNote) to the order `code`; 404 订单不存在. */
export async function addOrderNote(db: Db, actor: Actor, code: string, text: string, now: Date) {
  await db.transaction().execute(async (t) => {
    const o = await t.selectFrom('orders').select('id').where('code', '=', code).executeTakeFirst()
    if (!o) throw refuse('订单不存在', 404)
    await t
      .insertInto('order_notes')
      .values({
        order_id: o.id,
        staff_id: actor.staffId,
        staff_username: actor.username,
        text,
        create_time: dbTime(now),
      })
      .execute()
    await audit(t, actor, now, { action: 'order.note', target: `order:${code}`, after: { note: text } })
  })
}

/** An order's notes, newest first: [{ id, at, staff, text }]. */
export async function orderNotes(db: Db, orderId: number) {
  const rows = await db
    .selectFrom('order_notes')
    .select(['id', 'create_time', 'staff_username', 'text'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .execute()
  return rows.map((r) => ({ id: r.id, at: r.create_time, staff: r.staff_username, text: r.text }))
}

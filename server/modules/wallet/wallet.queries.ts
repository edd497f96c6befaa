import { fenToYuan } from '../../../src/lib/money.ts'
import type { Db } from '../../db/index.ts'
import { inRange, ordered, type Page, paged } from '../../db/sql.ts'

/** The user's own wallet transactions, newest first: tag 1 expense, 2 income (storefront §7). */
export function transactions(
  db: Db,
  userId: number,
  q: { tag?: number; stime?: string; etime?: string },
  page: Page,
) {
  let filtered = db
    .selectFrom('wallet_transactions as w')
    .where('w.user_id', '=', userId)
    .where((e) => e.and(inRange('w.create_time', q)))
  if (q.tag !== undefined) filtered = filtered.where('w.tag', '=', q.tag)
  return paged(filtered, 'w.id', [['w.id', 'desc']], page, async (ids, order) => {
    const rows = await ordered(
      db
        .selectFrom('wallet_transactions as w')
        .select(['w.id', 'w.price_fen', 'w.code', 'w.tag', 'w.title', 'w.create_time'])
        .where('w.id', 'in', ids),
      order,
    ).execute()
    return rows.map((r) => ({
      id: r.id,
      price: fenToYuan(r.price_fen),
      ext: r.code,
      tag: r.tag,
      title: r.title,
      createTime: r.create_time,
    }))
  })
}

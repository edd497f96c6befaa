import { fenToYuan } from '../../../src/lib/money.ts'
import type { Db } from '../../db/index.ts'
import { inRange, mapPage, type Page, pagedList, type TimeRange } from '../../db/sql.ts'

interface TransactionValues extends TimeRange {
  userId: number
  tag?: number
}

const transactionList = pagedList({
  key: 'w.id',
  filtered: (db, v: TransactionValues) => {
    let q = db
      .selectFrom('wallet_transactions as w')
      .where('w.user_id', '=', v.userId)
      .where((e) => e.and(inRange('w.create_time', v)))
    if (v.tag !== undefined) q = q.where('w.tag', '=', v.tag)
    return q
  },
  read: (db, ids) =>
    db
      .selectFrom('wallet_transactions as w')
      .select(['w.id', 'w.price_fen', 'w.code', 'w.tag', 'w.title', 'w.create_time'])
      .where('w.id', 'in', ids),
})

/** The user's own wallet transactions, newest first: tag 1 expense, 2 income (storefront §7). */
export async function transactions(db: Db, userId: number, q: TimeRange & { tag?: number }, page: Page) {
  const result = await transactionList(
    db,
    { userId, ...q },
    // By time, not id: rows are not always written in the order they happened (seed, imports).
    [
      ['w.create_time', 'desc'],
      ['w.id', 'desc'],
    ],
    page,
  )
  return mapPage(result, transactionWire)
}

/** A wallet record as the wallet calls answer it (GetRechargePage, a balance adjustment). */
export const transactionWire = (r: {
  id: number
  price_fen: number
  code: string
  tag: number
  title: string
  create_time: string
}) => ({
  id: r.id,
  price: fenToYuan(r.price_fen),
  ext: r.code,
  tag: r.tag,
  title: r.title,
  createTime: r.create_time,
})

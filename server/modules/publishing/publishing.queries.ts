import { sql } from 'kysely'
import { ArticleStatus, LISTED_KINDS, UNLISTED } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import type { Db } from '../../db/index.ts'
import { soldFen, soldLines } from '../orders/sales.ts'
import type { ArticleAppend } from './publishing.routes.ts'

/** Stores a complaint as an unlisted article for the operator (accounts §5). */
export async function insertComplaint(db: Db, userId: number, v: ArticleAppend, at: string) {
  const author = await db
    .selectFrom('users')
    .select(['tel', 'nick_name'])
    .where('id', '=', userId)
    .executeTakeFirst()
  await db
    .insertInto('articles')
    .values({
      status: ArticleStatus.complaint,
      // The operator's list shows titles; the text's start is the best one a complaint has.
      title: [...v.content].slice(0, 20).join(''),
      brief: v.content,
      imgurl: v.imgurl,
      imgurls: v.files.join(','),
      post_name: v.postName || (author?.nick_name ?? ''),
      // So the operator can call back.
      tel: author?.tel ?? '',
      // Never listed: complaints are read by the operator only.
      ext: UNLISTED,
      create_id: userId,
      create_time: at,
      update_time: at,
    })
    .execute()
}

/**
 * The author's sales (我的发布, issue 39): per month of payment and item of `userId` (of kind
 * `status`, or every kind), how many people bought it and what it brought in, by the one rule of
 * what sold (orders/sales.ts, the dashboard's too). Newest month first, then the best seller.
 */
export async function authorSales(db: Db, userId: number, status: number | undefined) {
  const month = sql<string>`substr(${sql.ref('o.pay_time')}, 1, 7)`
  const rows = await soldLines(db)
    .innerJoin('articles as a', 'a.id', 'i.article_id')
    .select((e) => [
      month.as('month'),
      'i.article_id as id',
      e.fn.max('a.status').as('status'),
      e.fn.max('a.title').as('title'),
      e.fn.count('o.user_id').distinct().as('buyers'),
      soldFen().as('fen'),
    ])
    .where('a.create_id', '=', userId)
    .where('a.status', 'in', status === undefined ? LISTED_KINDS : [status])
    .groupBy([month, 'i.article_id'])
    .orderBy('month', 'desc')
    .orderBy('fen', 'desc')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    month: String(r.month),
    id: Number(r.id),
    status: Number(r.status),
    title: String(r.title),
    buyers: Number(r.buyers),
    amount: fenToYuan(Number(r.fen ?? 0)),
  }))
}

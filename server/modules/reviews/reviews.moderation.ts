/**
 * Hiding product reviews (permission `moderation`), as comments are hidden: `is_show = 0`, which
 * every public read of reviews honours (the list, the summary, the built product page). Buyers
 * cannot delete reviews, so `is_show = 0` is only ever an operator's doing and showing it again
 * is safe.
 */
import { sql } from 'kysely'
import { splitList } from '../../../src/lib/format.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import { markChanged } from '../../changes.ts'
import type { Db } from '../../db/index.ts'
import type { Paged } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { dbTime } from '../../time.ts'
import { additionOf } from './reviews.queries.ts'
import type { ModeratedReview } from './reviews.routes.ts'

export const REVIEW_NOT_FOUND = '评价不存在'
export const ALREADY_HIDDEN = '该评价已隐藏'
export const NOT_HIDDEN = '该评价未被隐藏'

const COLUMNS = [
  'r.id',
  'r.spu_id',
  'p.title as product_title',
  'k.title as sku_title',
  'r.order_id',
  'o.code',
  'r.user_id',
  'u.nick_name',
  'r.stars',
  'r.content',
  'r.imgs',
  'r.add_content',
  'r.add_imgs',
  'r.add_time',
  'r.is_show',
  'r.create_time',
] as const

const joined = (db: Db) =>
  db
    .selectFrom('reviews as r')
    .innerJoin('product_spus as p', 'p.id', 'r.spu_id')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('product_skus as k', 'k.id', 'r.sku_id')

const reviewOf = (r: {
  id: number
  spu_id: number
  product_title: string
  sku_title: string | null
  order_id: number
  code: string
  user_id: number
  nick_name: string
  stars: number
  content: string
  imgs: string
  add_content: string
  add_imgs: string
  add_time: string | null
  is_show: number
  create_time: string
}): ModeratedReview => ({
  id: r.id,
  spuId: r.spu_id,
  productTitle: r.product_title,
  skuTitle: r.sku_title ?? '',
  orderId: r.order_id,
  orderCode: r.code,
  userId: r.user_id,
  nickName: r.nick_name,
  stars: r.stars,
  content: r.content,
  imgs: splitList(r.imgs),
  addition: additionOf(r),
  hidden: r.is_show !== 1,
  createTime: r.create_time,
})

export interface ReviewSearch {
  id?: number | undefined
  spuId?: number | undefined
  stars?: number | undefined
  /** true: hidden only; false: shown only; absent: both. */
  hidden?: boolean | undefined
  pageIndex: number
  pageSize: number
}

/** searchReviews(db, { stars: 1, hidden: false, pageIndex: 0, pageSize: 20 }): newest first, hidden ones included. */
export async function searchReviews(db: Db, s: ReviewSearch): Promise<Paged<ModeratedReview>> {
  let base = joined(db)
  if (s.id !== undefined) base = base.where('r.id', '=', s.id)
  if (s.spuId !== undefined) base = base.where('r.spu_id', '=', s.spuId)
  if (s.stars !== undefined) base = base.where('r.stars', '=', s.stars)
  if (s.hidden !== undefined) base = base.where('r.is_show', s.hidden ? '<>' : '=', 1)
  const [count, rows] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    base
      .select(COLUMNS)
      .orderBy('r.id', 'desc')
      .limit(s.pageSize)
      .offset(s.pageIndex * s.pageSize)
      .execute(),
  ])
  return {
    pageData: rows.map(reviewOf),
    pageIndex: s.pageIndex,
    pageSize: s.pageSize,
    pageTotal: Number(count?.n ?? 0),
  }
}

/** excerpt('一二三…', 20): what a notification quotes of a review. */
const excerpt = (s: string, n = 20) => ([...s].length > n ? `${[...s].slice(0, n).join('')}…` : s)

/**
 * Hides a review (hide: true) or shows it again. One conditional UPDATE (is_show must be what
 * the act starts from), so of two operators the second is told 409 and nothing else is written;
 * the product's page, which shows the reviews and their summary, is marked for the builder, the
 * reviewer is told in /message, and the act is audited, all in the one transaction.
 */
export async function moderateReview(
  db: Db,
  actor: Actor,
  id: number,
  act: { hide: boolean; reason: string },
  now: Date,
): Promise<ModeratedReview> {
  const at = dbTime(now)
  return db.transaction().execute(async (t) => {
    const found = await joined(t).select(COLUMNS).where('r.id', '=', id).executeTakeFirst()
    if (!found) throw refuse(REVIEW_NOT_FOUND, 404)
    const changed = await t
      .updateTable('reviews')
      .set({ is_show: act.hide ? 0 : 1 })
      .where('id', '=', id)
      .where('is_show', act.hide ? '=' : '<>', 1)
      .executeTakeFirst()
    if (changed.numUpdatedRows === 0n) throw refuse(act.hide ? ALREADY_HIDDEN : NOT_HIDDEN, 409)
    await markChanged(t, [`product:${found.spu_id}`], at)
    const quoted = `您对「${found.product_title}」的评价「${excerpt(found.content)}」`
    await notify(
      t,
      found.user_id,
      act.hide ? '评价已被隐藏' : '评价已恢复显示',
      act.hide
        ? `${quoted}已被隐藏。原因：${act.reason}`
        : `${quoted}已恢复显示。${act.reason ? `说明：${act.reason}` : ''}`,
      now,
    )
    await audit(t, actor, now, {
      action: act.hide ? 'review.hide' : 'review.show',
      target: `review:${id}`,
      before: { hidden: !act.hide },
      after: { hidden: act.hide, reason: act.reason },
    })
    return reviewOf({ ...found, is_show: act.hide ? 0 : 1 })
  })
}

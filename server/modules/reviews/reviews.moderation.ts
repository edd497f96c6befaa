/**
 * Hiding product reviews (permission `moderation`), as comments are hidden
 * (server/admin/moderation.ts): a hidden review drops out of every public read of reviews (the
 * list, the summary, the built product page).
 */
import { splitList } from '../../../src/lib/format.ts'
import {
  excerpt,
  type Hideable,
  type HideableSearch,
  hideableWhere,
  moderator,
} from '../../admin/moderation.ts'
import type { Db } from '../../db/index.ts'
import { pageOf } from '../../db/paged.ts'
import type { Paged } from '../../db/sql.ts'
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

/** One review with what its back-office row shows, or undefined. */
const findReview = (t: Db, id: number) => joined(t).select(COLUMNS).where('r.id', '=', id).executeTakeFirst()
type ReviewRow = NonNullable<Awaited<ReturnType<typeof findReview>>>

const reviewOf = (r: ReviewRow): ModeratedReview => ({
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

export interface ReviewSearch extends HideableSearch {
  spuId?: number | undefined
  stars?: number | undefined
}

/** searchReviews(db, { stars: 1, hidden: false, pageIndex: 0, pageSize: 20 }): newest first, hidden ones included. */
export async function searchReviews(db: Db, s: ReviewSearch): Promise<Paged<ModeratedReview>> {
  let base = hideableWhere(joined(db), 'r', s)
  if (s.spuId !== undefined) base = base.where('r.spu_id', '=', s.spuId)
  if (s.stars !== undefined) base = base.where('r.stars', '=', s.stars)
  return pageOf(base, (q) => q.select(COLUMNS).orderBy('r.id', 'desc'), s, reviewOf)
}

const REVIEW: Hideable<ReviewRow> = {
  table: 'reviews',
  name: 'review',
  restoreVerb: 'show',
  noun: '评价',
  notFound: REVIEW_NOT_FOUND,
  alreadyHidden: ALREADY_HIDDEN,
  notHidden: NOT_HIDDEN,
  find: findReview,
  // The product's page shows the reviews and their summary.
  page: (r) => `product:${r.spu_id}`,
  quote: (r) => `您对「${r.product_title}」的评价「${excerpt(r.content)}」`,
}

/** Hides a review (hide: true) or shows it again, as server/admin/moderation.ts does it. */
export const moderateReview = moderator(REVIEW, reviewOf)

/**
 * Product reviews (issue 24 item 6): a buyer's stars, text and images on one product of a
 * completed order, once per order and product, with one 追评. Reads leave hidden reviews out
 * of everything public: the list, the summary and the built product page.
 */
import { sql } from 'kysely'
import { splitList } from '../../../src/lib/format.ts'
import { type AdditionForm, averageOf, type ReviewForm, reviewerName } from '../../../src/lib/rules/review.ts'
import { markChanged } from '../../changes.ts'
import { z } from '../../contract/index.ts'
import type { Db } from '../../db/index.ts'
import type { Page, Paged } from '../../db/sql.ts'

export const ReviewAddition = z
  .object({
    content: z.string().openapi({ description: '追评内容，纯文本，按文本显示' }),
    imgs: z.array(z.string()),
    createTime: z.string(),
  })
  .openapi('ReviewAddition', { description: '追评（每条评价至多一次）' })

export const ReviewItem = z
  .object({
    id: z.number().int(),
    nickName: z.string().openapi({ description: '评价人昵称，已打码：用***4' }),
    avatarUrl: z.string(),
    stars: z.number().int().min(1).max(5),
    content: z.string().openapi({ description: '纯文本，按文本显示' }),
    imgs: z.array(z.string()),
    skuTitle: z.string().openapi({ description: '所购规格' }),
    createTime: z.string(),
    addition: ReviewAddition.nullable(),
  })
  .openapi('ReviewItem', { description: '商品评价（公开）' })

export const ReviewSummary = z
  .object({
    average: z.number().openapi({ description: '平均星级，一位小数；无评价时为 0' }),
    count: z.number().int().openapi({ description: '显示中的评价数' }),
    withImages: z.number().int().openapi({ description: '其中带图的（评价或追评有图）' }),
  })
  .openapi('ReviewSummary', { description: '商品评价汇总：隐藏的评价不计' })

/** The buyer's own review of one product of an order, as the order page shows it. */
export const OwnReview = z
  .object({
    id: z.number().int(),
    stars: z.number().int(),
    content: z.string(),
    imgs: z.array(z.string()),
    createTime: z.string(),
    hidden: z.boolean().openapi({ description: '已被平台隐藏：只有本人可见' }),
    addition: ReviewAddition.nullable(),
  })
  .openapi('OwnReview')

export type ReviewAddition = z.infer<typeof ReviewAddition>
export type ReviewItem = z.infer<typeof ReviewItem>
export type ReviewSummary = z.infer<typeof ReviewSummary>
export type OwnReview = z.infer<typeof OwnReview>

/** The rows a review is shown from: its text, its 追评 and whether it is shown. */
export interface ReviewRow {
  id: number
  stars: number
  content: string
  imgs: string
  is_show: number
  add_content: string
  add_imgs: string
  add_time: string | null
  create_time: string
}

export const additionOf = (
  r: Pick<ReviewRow, 'add_content' | 'add_imgs' | 'add_time'>,
): ReviewAddition | null =>
  r.add_time === null ? null : { content: r.add_content, imgs: splitList(r.add_imgs), createTime: r.add_time }

const ownOf = (r: ReviewRow): OwnReview => ({
  id: r.id,
  stars: r.stars,
  content: r.content,
  imgs: splitList(r.imgs),
  createTime: r.create_time,
  hidden: r.is_show !== 1,
  addition: additionOf(r),
})

const ROW = [
  'r.id',
  'r.stars',
  'r.content',
  'r.imgs',
  'r.is_show',
  'r.add_content',
  'r.add_imgs',
  'r.add_time',
  'r.create_time',
] as const

/** A review "has images" when it or its 追评 carries one: the 有图 filter and withImages agree. */
const HAS_IMAGES = sql<boolean>`(r.imgs <> '' OR r.add_imgs <> '')`

const shownOf = (db: Db, spuId: number) =>
  db.selectFrom('reviews as r').where('r.spu_id', '=', spuId).where('r.is_show', '=', 1)

/** reviewSummary(db, 12) → { average: 4.7, count: 3, withImages: 1 }: shown reviews only. */
export async function reviewSummary(db: Db, spuId: number): Promise<ReviewSummary> {
  const r = await shownOf(db, spuId)
    .select([
      sql<number>`COUNT(*)`.as('n'),
      sql<number>`COALESCE(SUM(r.stars), 0)`.as('total'),
      sql<number>`COALESCE(SUM(CASE WHEN ${HAS_IMAGES} THEN 1 ELSE 0 END), 0)`.as('withImages'),
    ])
    .executeTakeFirstOrThrow()
  const count = Number(r.n)
  return { average: averageOf(Number(r.total), count), count, withImages: Number(r.withImages) }
}

/**
 * One page of a product's shown reviews, newest first, with the summary
 * (Reviews/GetReviewsPage); `withImages` keeps those with an image in the review or its 追评.
 */
export async function reviewPage(
  db: Db,
  spuId: number,
  withImages: boolean,
  page: Page,
): Promise<Paged<ReviewItem> & { summary: ReviewSummary }> {
  const base = withImages ? shownOf(db, spuId).where(HAS_IMAGES) : shownOf(db, spuId)
  const [count, rows, summary] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    base
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('product_skus as k', 'k.id', 'r.sku_id')
      .select([...ROW, 'u.nick_name', 'u.avatar_url', 'k.title as sku_title'])
      .orderBy('r.id', 'desc')
      .limit(page.pageSize)
      .offset(page.pageIndex * page.pageSize)
      .execute(),
    reviewSummary(db, spuId),
  ])
  return {
    pageData: rows.map((r) => ({
      id: r.id,
      nickName: reviewerName(r.nick_name),
      avatarUrl: r.avatar_url,
      stars: r.stars,
      content: r.content,
      imgs: splitList(r.imgs),
      skuTitle: r.sku_title ?? '',
      createTime: r.create_time,
      addition: additionOf(r),
    })),
    pageIndex: page.pageIndex,
    pageSize: page.pageSize,
    pageTotal: Number(count?.n ?? 0),
    summary,
  }
}

/** A product as the public reads see it: whether it exists and is listed. */
export const reviewedProduct = (db: Db, spuId: number) =>
  db.selectFrom('product_spus').select(['id', 'ext', 'is_show']).where('id', '=', spuId).executeTakeFirst()

/** The caller's own order, or undefined: another's order does not exist for them. */
export const ownOrder = (db: Db, userId: number, orderId: number) =>
  db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst()

/** The first line of an order holding the product: the SKU the review names. */
export const orderLine = (db: Db, orderId: number, spuId: number) =>
  db
    .selectFrom('order_items')
    .select(['sku_id'])
    .where('order_id', '=', orderId)
    .where('spu_id', '=', spuId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()

/** The review states of an order's products, one row per product, in the order's line order. */
export async function orderReviews(db: Db, orderId: number) {
  const [lines, reviews] = await Promise.all([
    db
      .selectFrom('order_items')
      .select(['spu_id', 'title', 'imgurl'])
      .where('order_id', '=', orderId)
      .where('spu_id', 'is not', null)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('reviews as r')
      .select([...ROW, 'r.spu_id'])
      .where('r.order_id', '=', orderId)
      .execute(),
  ])
  const bySpu = new Map(reviews.map((r) => [r.spu_id, r]))
  const seen = new Set<number>()
  return lines.flatMap((l) => {
    const spuId = l.spu_id as number
    if (seen.has(spuId)) return []
    seen.add(spuId)
    const r = bySpu.get(spuId)
    return [{ spuId, title: l.title, imgurl: l.imgurl, review: r ? ownOf(r) : null }]
  })
}

/**
 * Stores a review unless the order already has one of this product: the unique (order_id,
 * spu_id) makes the second of two racing posts insert nothing ('duplicate'). The product page
 * shows the reviews and their summary, so it is marked for the builder in the same transaction.
 */
export async function appendReview(
  db: Db,
  c: { userId: number; skuId: number | null; form: ReviewForm; time: string },
): Promise<OwnReview | 'duplicate'> {
  return db.transaction().execute(async (t) => {
    const added = await t
      .insertInto('reviews')
      .values({
        order_id: c.form.orderId,
        spu_id: c.form.spuId,
        sku_id: c.skuId,
        user_id: c.userId,
        stars: c.form.stars,
        content: c.form.content,
        imgs: c.form.images.join(','),
        create_time: c.time,
      })
      .onConflict((oc) => oc.columns(['order_id', 'spu_id']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!added) return 'duplicate'
    await markChanged(t, [`product:${c.form.spuId}`], c.time)
    const row = await t
      .selectFrom('reviews as r')
      .select(ROW)
      .where('r.id', '=', added.id)
      .executeTakeFirstOrThrow()
    return ownOf(row)
  })
}

/**
 * The one 追评 of the caller's own review: an UPDATE that only finds a review without one, so a
 * second append (or two at once) changes nothing. 'missing': no such review of theirs;
 * 'already': it has its 追评.
 */
export async function appendAddition(
  db: Db,
  c: { userId: number; form: AdditionForm; time: string },
): Promise<OwnReview | 'missing' | 'already'> {
  return db.transaction().execute(async (t) => {
    const done = await t
      .updateTable('reviews')
      .set({ add_content: c.form.content, add_imgs: c.form.images.join(','), add_time: c.time })
      .where('id', '=', c.form.id)
      .where('user_id', '=', c.userId)
      .where('add_time', 'is', null)
      .executeTakeFirst()
    const row = await t
      .selectFrom('reviews as r')
      .select([...ROW, 'r.spu_id'])
      .where('r.id', '=', c.form.id)
      .where('r.user_id', '=', c.userId)
      .executeTakeFirst()
    if (!row) return 'missing'
    if (done.numUpdatedRows === 0n) return 'already'
    if (row.is_show === 1) await markChanged(t, [`product:${row.spu_id}`], c.time)
    return ownOf(row)
  })
}

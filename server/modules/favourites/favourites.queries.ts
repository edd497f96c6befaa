import { LISTED, PRODUCT_LIKE_STATUS } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import type { Db } from '../../db/index.ts'

/**
 * Whether `userId` keeps an item among their favourites. `status` is the item's kind, as the
 * favourite calls use it: the article status (10, 20, 30), or 40 for a product (accounts §4).
 */
export async function isFavourite(db: Db, userId: number, status: number, tagId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_likes')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', status)
    .where('tag_id', '=', tagId)
    .executeTakeFirst()
  return row !== undefined
}

interface ProductRow {
  title: string
  sub_title: string
  imgurls: string
  tag: string
  price_min_fen: number
}
interface ArticleRow {
  title: string
  sub_title: string
  imgurl: string
  imgurls: string
  tag: string
  price_fen: number
}

/** A favourite card of a product, as its row says now. */
const productCard = (tagId: number, p: ProductRow) => ({
  title: p.title,
  sub_title: p.sub_title,
  imgurl: firstOf(p.imgurls),
  ext_flag: p.tag,
  ext: fenToYuan(p.price_min_fen).toFixed(2),
  urls: `/productdetail?id=${tagId}`,
})

/** A favourite card of a post, task or course, as its row says now. */
const articleCard = (tagId: number, a: ArticleRow) => ({
  title: a.title,
  sub_title: a.sub_title,
  imgurl: a.imgurl || firstOf(a.imgurls),
  ext_flag: a.tag,
  ext: fenToYuan(a.price_fen).toFixed(2),
  urls: `/detail?id=${tagId}`,
})

/**
 * What a favourite card shows, read from the item itself (never from the request body), and
 * whether the item is on the shelf (`listed`); undefined for an unknown or deleted item.
 */
export async function likedItem(db: Db, status: number, tagId: number) {
  if (status === PRODUCT_LIKE_STATUS) {
    const p = await db
      .selectFrom('product_spus')
      .select(['title', 'sub_title', 'imgurls', 'tag', 'price_min_fen', 'ext'])
      .where('id', '=', tagId)
      .where('is_show', '=', 1)
      .executeTakeFirst()
    return p ? { listed: p.ext === LISTED, card: productCard(tagId, p) } : undefined
  }
  const a = await db
    .selectFrom('articles')
    .select(['title', 'sub_title', 'imgurl', 'imgurls', 'tag', 'price_fen', 'ext'])
    .where('id', '=', tagId)
    .where('status', '=', status)
    .where('is_show', '=', 1)
    .executeTakeFirst()
  return a ? { listed: a.ext === LISTED, card: articleCard(tagId, a) } : undefined
}

const firstOf = (list: string) => list.split(',')[0]?.trim() ?? ''

/** Keeps one favourite per (user, kind, item): a second time refreshes the card, no new row. */
export async function addFavourite(
  db: Db,
  userId: number,
  status: number,
  tagId: number,
  item: NonNullable<Awaited<ReturnType<typeof likedItem>>>['card'],
  time: string,
) {
  await db
    .insertInto('user_likes')
    .values({ user_id: userId, status, tag_id: tagId, ...item, create_time: time })
    .onConflict((oc) => oc.columns(['user_id', 'status', 'tag_id']).doUpdateSet(item))
    .execute()
}

export async function removeFavourite(db: Db, userId: number, status: number, tagId: number) {
  await db
    .deleteFrom('user_likes')
    .where('user_id', '=', userId)
    .where('status', '=', status)
    .where('tag_id', '=', tagId)
    .execute()
}

/**
 * The user's favourites of one kind (or all), newest first (/fav). Each card is its item as it is
 * now (a renamed post, a new price); an item deleted since keeps the card it had when favourited.
 * `listed`: whether it is on the shelf, so the page can say 已下架 instead of leading to 内容不存在.
 */
export async function favourites(db: Db, userId: number, status: number | undefined) {
  let q = db
    .selectFrom('user_likes as l')
    .leftJoin('articles as a', (j) =>
      j.onRef('a.id', '=', 'l.tag_id').onRef('a.status', '=', 'l.status').on('a.is_show', '=', 1),
    )
    .leftJoin('product_spus as p', (j) =>
      j.onRef('p.id', '=', 'l.tag_id').on('l.status', '=', PRODUCT_LIKE_STATUS).on('p.is_show', '=', 1),
    )
    .select(['l.tag_id', 'l.status', 'l.title', 'l.sub_title', 'l.imgurl', 'l.ext_flag', 'l.ext', 'l.urls'])
    .select([
      'a.id as a_id',
      'a.title as a_title',
      'a.sub_title as a_sub_title',
      'a.imgurl as a_imgurl',
      'a.imgurls as a_imgurls',
      'a.tag as a_tag',
      'a.price_fen as a_price_fen',
      'a.ext as a_ext',
      'p.id as p_id',
      'p.title as p_title',
      'p.sub_title as p_sub_title',
      'p.imgurls as p_imgurls',
      'p.tag as p_tag',
      'p.price_min_fen as p_price_min_fen',
      'p.ext as p_ext',
    ])
    .where('l.user_id', '=', userId)
  if (status !== undefined) q = q.where('l.status', '=', status)
  const rows = await q.orderBy('l.id', 'desc').execute()
  return rows.map((r) => {
    const now =
      r.p_id !== null
        ? {
            listed: r.p_ext === LISTED,
            card: productCard(r.tag_id, {
              title: r.p_title ?? '',
              sub_title: r.p_sub_title ?? '',
              imgurls: r.p_imgurls ?? '',
              tag: r.p_tag ?? '',
              price_min_fen: r.p_price_min_fen ?? 0,
            }),
          }
        : r.a_id !== null
          ? {
              listed: r.a_ext === LISTED,
              card: articleCard(r.tag_id, {
                title: r.a_title ?? '',
                sub_title: r.a_sub_title ?? '',
                imgurl: r.a_imgurl ?? '',
                imgurls: r.a_imgurls ?? '',
                tag: r.a_tag ?? '',
                price_fen: r.a_price_fen ?? 0,
              }),
            }
          : { listed: false, card: r }
    return {
      tagId: r.tag_id,
      status: r.status,
      title: now.card.title,
      imgurl: now.card.imgurl,
      extFlag: now.card.ext_flag,
      ext: now.card.ext,
      urls: now.card.urls,
      listed: now.listed,
    }
  })
}

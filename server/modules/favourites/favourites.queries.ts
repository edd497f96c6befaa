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
    return p
      ? {
          listed: p.ext === LISTED,
          card: {
            title: p.title,
            sub_title: p.sub_title,
            imgurl: firstOf(p.imgurls),
            ext_flag: p.tag,
            ext: fenToYuan(p.price_min_fen).toFixed(2),
            urls: `/productdetail?id=${tagId}`,
          },
        }
      : undefined
  }
  const a = await db
    .selectFrom('articles')
    .select(['title', 'sub_title', 'imgurl', 'imgurls', 'tag', 'price_fen', 'ext'])
    .where('id', '=', tagId)
    .where('status', '=', status)
    .where('is_show', '=', 1)
    .executeTakeFirst()
  return a
    ? {
        listed: a.ext === LISTED,
        card: {
          title: a.title,
          sub_title: a.sub_title,
          imgurl: a.imgurl || firstOf(a.imgurls),
          ext_flag: a.tag,
          ext: fenToYuan(a.price_fen).toFixed(2),
          urls: `/detail?id=${tagId}`,
        },
      }
    : undefined
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

/** The user's favourites of one kind (or all), newest first (/fav). */
export async function favourites(db: Db, userId: number, status: number | undefined) {
  let q = db
    .selectFrom('user_likes')
    .select(['tag_id', 'status', 'title', 'imgurl', 'ext_flag', 'ext', 'urls'])
    .where('user_id', '=', userId)
  if (status !== undefined) q = q.where('status', '=', status)
  const rows = await q.orderBy('id', 'desc').execute()
  return rows.map((r) => ({
    tagId: r.tag_id,
    status: r.status,
    title: r.title,
    imgurl: r.imgurl,
    extFlag: r.ext_flag,
    ext: r.ext,
    urls: r.urls,
  }))
}

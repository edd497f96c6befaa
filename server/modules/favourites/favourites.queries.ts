import { LISTED, PRODUCT_LIKE_STATUS } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import type { Db } from '../../db/index.ts'
import { hasRow } from '../../db/sql.ts'

/**
 * Whether `userId` keeps an item among their favourites. `status` is the item's kind, as the
 * favourite calls use it: the article status (10, 20, 30), or 40 for a product (accounts §4).
 */
export async function isFavourite(db: Db, userId: number, status: number, tagId: number): Promise<boolean> {
  return hasRow(db, 'user_likes', { user_id: userId, status, tag_id: tagId })
}

/** Shown products with what their favourite card says; listed or not. */
const shownProducts = (db: Db) =>
  db
    .selectFrom('product_spus as p')
    .select(['p.id', 'p.title', 'p.sub_title', 'p.imgurls', 'p.tag', 'p.price_min_fen', 'p.ext'])
    .where('p.is_show', '=', 1)

/** Shown posts, tasks and courses with what their favourite card says; listed or not. */
const shownArticles = (db: Db) =>
  db
    .selectFrom('articles as a')
    .select([
      'a.id',
      'a.status',
      'a.title',
      'a.sub_title',
      'a.imgurl',
      'a.imgurls',
      'a.tag',
      'a.price_fen',
      'a.ext',
    ])
    .where('a.is_show', '=', 1)

type ProductRow = Awaited<ReturnType<ReturnType<typeof shownProducts>['executeTakeFirstOrThrow']>>
type ArticleRow = Awaited<ReturnType<ReturnType<typeof shownArticles>['executeTakeFirstOrThrow']>>

/** A product's favourite card as its row says now, and whether it is on the shelf. */
const productNow = (p: ProductRow) => ({
  listed: p.ext === LISTED,
  card: {
    title: p.title,
    sub_title: p.sub_title,
    imgurl: firstOf(p.imgurls),
    ext_flag: p.tag,
    ext: fenToYuan(p.price_min_fen).toFixed(2),
    urls: `/productdetail?id=${p.id}`,
  },
})

/** A post's, task's or course's favourite card as its row says now, and whether it is on the shelf. */
const articleNow = (a: ArticleRow) => ({
  listed: a.ext === LISTED,
  card: {
    title: a.title,
    sub_title: a.sub_title,
    imgurl: a.imgurl || firstOf(a.imgurls),
    ext_flag: a.tag,
    ext: fenToYuan(a.price_fen).toFixed(2),
    urls: `/detail?id=${a.id}`,
  },
})

/**
 * What a favourite card shows, read from the item itself (never from the request body), and
 * whether the item is on the shelf (`listed`); undefined for an unknown or deleted item.
 */
export async function likedItem(db: Db, status: number, tagId: number) {
  if (status === PRODUCT_LIKE_STATUS) {
    const p = await shownProducts(db).where('p.id', '=', tagId).executeTakeFirst()
    return p && productNow(p)
  }
  const a = await shownArticles(db)
    .where('a.id', '=', tagId)
    .where('a.status', '=', status)
    .executeTakeFirst()
  return a && articleNow(a)
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
  const likes = db
    .selectFrom('user_likes as l')
    .select(['l.tag_id', 'l.status', 'l.title', 'l.sub_title', 'l.imgurl', 'l.ext_flag', 'l.ext', 'l.urls'])
    .where('l.user_id', '=', userId)
    .$if(status !== undefined, (q) => q.where('l.status', '=', status as number))
  const wantProducts = status === undefined || status === PRODUCT_LIKE_STATUS
  const wantArticles = status !== PRODUCT_LIKE_STATUS
  const [rows, products, articles] = await Promise.all([
    likes.orderBy('l.id', 'desc').execute(),
    wantProducts
      ? shownProducts(db)
          .innerJoin('user_likes as l', (j) =>
            j.onRef('l.tag_id', '=', 'p.id').on('l.status', '=', PRODUCT_LIKE_STATUS),
          )
          .where('l.user_id', '=', userId)
          .execute()
      : [],
    wantArticles
      ? shownArticles(db)
          .innerJoin('user_likes as l', (j) =>
            j.onRef('l.tag_id', '=', 'a.id').onRef('l.status', '=', 'a.status'),
          )
          .where('l.user_id', '=', userId)
          .$if(status !== undefined, (q) => q.where('l.status', '=', status as number))
          .execute()
      : [],
  ])
  const now = new Map<string, ReturnType<typeof productNow>>()
  for (const p of products) now.set(`${PRODUCT_LIKE_STATUS}:${p.id}`, productNow(p))
  for (const a of articles) now.set(`${a.status}:${a.id}`, articleNow(a))
  return rows.map((r) => {
    const { listed, card } = now.get(`${r.status}:${r.tag_id}`) ?? { listed: false, card: r }
    return {
      tagId: r.tag_id,
      status: r.status,
      title: card.title,
      imgurl: card.imgurl,
      extFlag: card.ext_flag,
      ext: card.ext,
      urls: card.urls,
      listed,
    }
  })
}

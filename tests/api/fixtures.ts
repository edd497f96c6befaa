/** Fixtures the API tests of several modules share. */

import type { Db } from '../../server/db/index.ts'
import { dbTime } from '../../server/time.ts'
import { ArticleStatus, LISTED, UNLISTED } from '../../src/lib/constants.ts'

/**
 * A listed product of its own with one SKU per price, so no other test's stock is touched. It is a
 * copy of a seeded product (class, params, description), so the catalogue's tests, which read the
 * newest products, find one like the others.
 */
export async function product(db: Db, skus: { priceFen: number; stock: number }[], listed = true) {
  const now = dbTime(new Date())
  const model = await db
    .selectFrom('product_spus')
    .select(['sub_title', 'tag', 'class_id', 'imgurls', 'desdep_propicture', 'params', 'content'])
    .where('ext', '=', LISTED)
    .where('is_show', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  const spu = await db
    .insertInto('product_spus')
    .values({
      ...model,
      title: `测试商品${Math.random()}`,
      price_min_fen: Math.min(...skus.map((s) => s.priceFen)),
      create_time: now,
      ext: listed ? LISTED : UNLISTED,
      is_show: 1,
    })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow()
  const ids: number[] = []
  for (const [i, s] of skus.entries()) {
    const r = await db
      .insertInto('product_skus')
      .values({ spu_id: spu.id, title: `规格${i}`, price_fen: s.priceFen, stock: s.stock, img: 'a.jpg' })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.push(r.id)
  }
  return { spuId: spu.id, title: spu.title, skuIds: ids }
}

/** The stock of a SKU as stored now. */
export const stockOf = async (db: Db, skuId: number) =>
  Number(
    (await db.selectFrom('product_skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow())
      .stock,
  )

/** A user's balance in fen as stored now. */
export const balanceOf = async (db: Db, userId: number) =>
  Number(
    (await db.selectFrom('users').select('balance_fen').where('id', '=', userId).executeTakeFirstOrThrow())
      .balance_fen,
  )

/**
 * A category of its own with five listed products of it (copies as product() makes them), so
 * what a test puts on that category (a 满减, a coupon) reaches no other test's goods, and the
 * newest product, which the catalogue's tests read, still has its four recommendations.
 */
export async function ownCategory(db: Db) {
  const cls = await db
    .insertInto('classifies')
    .values({ ckey: 'productClass', title: `测试分类${Math.random()}`, sort: 999 })
    .returning('id')
    .executeTakeFirstOrThrow()
  const made = []
  for (let i = 0; i < 5; i++) made.push(await product(db, [{ priceFen: 10_000, stock: 5 }]))
  // One statement: no moment where one of them stands alone in the new category.
  await db
    .updateTable('product_spus')
    .set({ class_id: cls.id })
    .where(
      'id',
      'in',
      made.map((p) => p.spuId),
    )
    .execute()
  return { classId: cls.id, products: made }
}

/**
 * A listed article of its own (a course, paid post or task by `status`) at `priceFen`, in a city
 * like the seeded ones, since the listing's tests read the newest items: its id.
 */
export async function listedArticle(
  db: Db,
  a: { status: number; priceFen: number; content?: string; now?: Date },
) {
  const now = dbTime(a.now ?? new Date())
  const r = await db
    .insertInto('articles')
    .values({
      status: a.status,
      title: `测试内容${Math.random()}`,
      price_fen: a.priceFen,
      content: a.content ?? '全文内容',
      brief: '简介',
      city: '深圳',
      ext: LISTED,
      is_show: 1,
      create_time: now,
      update_time: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return r.id
}

/**
 * A listed paid course of its own whose sections are each sold at `sectionFens` (status 1):
 * courseWithSections(db, 10_000, [3_000, 2_000]) → { id, sections: [s1, s2] } in their order.
 */
export async function courseWithSections(db: Db, priceFen: number, sectionFens: number[]) {
  const id = await listedArticle(db, { status: ArticleStatus.course, priceFen, content: '课程介绍' })
  const sections: number[] = []
  for (const [i, fen] of sectionFens.entries()) {
    const s = await db
      .insertInto('course_sections')
      .values({
        article_id: id,
        sort: i + 1,
        title: `第${i + 1}节`,
        imgurl: '/x.mp4',
        status: 1,
        price_fen: fen,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    sections.push(s.id)
  }
  return { id, sections }
}

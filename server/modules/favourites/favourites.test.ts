import { describe, expect, it } from 'vitest'
import type { LikeItem } from '../../../src/lib/api/community.ts'
import { LISTED } from '../../../src/lib/constants.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'

const h = startServer()

/** A favourite as the client reads it. */
type Fav = LikeItem

const firstListed = (status: number) =>
  h.db
    .selectFrom('articles')
    .select(['id', 'title', 'price_fen'])
    .where('status', '=', status)
    .where('ext', '=', LISTED)
    .where('is_show', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow()
/** What a user has as favourites (user_likes): the ids of the products and articles, as stored now. */
const likedBy = async (userId: number) =>
  (await h.db.selectFrom('user_likes').select('tag_id').where('user_id', '=', userId).execute()).map(
    (r) => r.tag_id,
  )
const firstProduct = () =>
  h.db
    .selectFrom('product_spus')
    .select(['id', 'title', 'price_min_fen'])
    .where('ext', '=', LISTED)
    .where('is_show', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow()

describe('favourites (UserLike/*)', () => {
  it('toggles a product and a course, keeps one row, and shows isLike on the detail calls', async () => {
    const u = await newUser(h)
    const product = await firstProduct()
    const course = await firstListed(30)
    const likes = async (status?: number) =>
      (await h.get<Fav[]>('/api/UserLike/GetUserLikeQuery', status ? { status } : {}, u.auth)).data
    const isLike = async (path: string, id: number) =>
      (await h.get<{ isLike: number }>(path, { id }, u.auth)).data.isLike

    expect(await isLike('/api/ProductSpu/GetProductSpu', product.id)).toBe(0)
    const add = { tagId: product.id, status: 40, title: '伪造的标题', ext: '0.01' }
    expect((await h.post('/api/UserLike/PostUserLikeAppend', add, u.auth)).data).toBe('收藏成功')
    expect((await h.post('/api/UserLike/PostUserLikeAppend', add, u.auth)).data).toBe('收藏成功')
    // One row for the product, however often it was added.
    expect((await likedBy(u.id)).filter((id) => id === product.id)).toHaveLength(1)
    const [p] = await likes(40)
    expect(p).toMatchObject({
      tagId: product.id,
      status: 40,
      title: product.title,
      ext: (product.price_min_fen / 100).toFixed(2),
      urls: `/productdetail?id=${product.id}`,
    })
    expect(await isLike('/api/ProductSpu/GetProductSpu', product.id)).toBe(1)

    await h.post('/api/UserLike/PostUserLikeAppend', { tagId: String(course.id), status: '30' }, u.auth)
    expect(await isLike('/api/Article/GetArticle', course.id)).toBe(1)
    expect((await likes(30)).map((f) => [f.tagId, f.title, f.urls])).toEqual([
      [course.id, course.title, `/detail?id=${course.id}`],
    ])
    expect((await likes()).map((f) => f.status)).toEqual([30, 40])

    const del = await h.get('/api/UserLike/GetUserLikeDeleteWhere', { id: product.id, status: 40 }, u.auth)
    expect(del.data).toBe('取消收藏')
    expect(await likes(40)).toEqual([])
    expect(await isLike('/api/ProductSpu/GetProductSpu', product.id)).toBe(0)
    expect(await isLike('/api/Article/GetArticle', course.id)).toBe(1)
  })

  it('shows each item as it is now: renamed and repriced, off the shelf (listed false), or deleted (the card it had)', async () => {
    const u = await newUser(h)
    const post = await firstListed(10)
    const product = await firstProduct()
    await h.post('/api/UserLike/PostUserLikeAppend', { tagId: post.id, status: 10 }, u.auth)
    await h.post('/api/UserLike/PostUserLikeAppend', { tagId: product.id, status: 40 }, u.auth)
    const card = async (status: number) =>
      (await h.get<Fav[]>('/api/UserLike/GetUserLikeQuery', { status }, u.auth)).data[0]
    const before = await card(10)
    try {
      await h.db
        .updateTable('articles')
        .set({ title: '改过的帖子标题', price_fen: 1234 })
        .where('id', '=', post.id)
        .execute()
      await h.db
        .updateTable('product_spus')
        .set({ price_min_fen: 4321 })
        .where('id', '=', product.id)
        .execute()
      expect(await card(10)).toMatchObject({ title: '改过的帖子标题', ext: '12.34', listed: true })
      expect(await card(40)).toMatchObject({ title: product.title, ext: '43.21', listed: true })

      await h.db.updateTable('articles').set({ ext: '否' }).where('id', '=', post.id).execute()
      await h.db.updateTable('product_spus').set({ ext: '否' }).where('id', '=', product.id).execute()
      expect(await card(10)).toMatchObject({ title: '改过的帖子标题', listed: false })
      expect(await card(40)).toMatchObject({ title: product.title, listed: false })

      // Deleted: the card as it was favourited, still listed false, and it can be let go.
      await h.db.updateTable('articles').set({ is_show: 0 }).where('id', '=', post.id).execute()
      expect(await card(10)).toEqual({ ...before, listed: false })
      await h.get('/api/UserLike/GetUserLikeDeleteWhere', { id: post.id, status: 10 }, u.auth)
      expect(await card(10)).toBeUndefined()
    } finally {
      await h.db
        .updateTable('articles')
        .set({ title: post.title, price_fen: post.price_fen, ext: LISTED, is_show: 1 })
        .where('id', '=', post.id)
        .execute()
      await h.db
        .updateTable('product_spus')
        .set({ price_min_fen: product.price_min_fen, ext: LISTED })
        .where('id', '=', product.id)
        .execute()
    }
  })

  it('keeps each user to their own favourites', async () => {
    const a = await newUser(h)
    const b = await newUser(h)
    const post = await firstListed(10)
    await h.post('/api/UserLike/PostUserLikeAppend', { tagId: post.id, status: 10 }, a.auth)
    expect((await h.get<Fav[]>('/api/UserLike/GetUserLikeQuery', { status: 10 }, b.auth)).data).toEqual([])
    expect(
      (await h.get<{ isLike: number }>('/api/Article/GetArticle', { id: post.id }, b.auth)).data.isLike,
    ).toBe(0)
    // b removing it changes nothing for a.
    await h.get('/api/UserLike/GetUserLikeDeleteWhere', { id: post.id, status: 10 }, b.auth)
    expect((await h.get<Fav[]>('/api/UserLike/GetUserLikeQuery', { status: 10 }, a.auth)).data).toHaveLength(
      1,
    )
  })

  it('refuses an unlisted product, course or post with 当前商品已经下架, and still lets one go', async () => {
    const u = await newUser(h)
    const product = await firstProduct()
    const course = await firstListed(30)
    const post = await firstListed(10)
    // Favourited while listed, then taken off the shelf by its owner.
    await h.post('/api/UserLike/PostUserLikeAppend', { tagId: course.id, status: 30 }, u.auth)
    await h.db.updateTable('product_spus').set({ ext: '否' }).where('id', '=', product.id).execute()
    await h.db.updateTable('articles').set({ ext: '否' }).where('id', 'in', [course.id, post.id]).execute()
    try {
      for (const [tagId, status] of [
        [product.id, 40],
        [course.id, 30],
        [post.id, 10],
      ]) {
        const r = await h.post('/api/UserLike/PostUserLikeAppend', { tagId, status }, u.auth)
        expect([r.http, r.data]).toEqual([404, '当前商品已经下架'])
      }
      expect(await likedBy(u.id)).toEqual([course.id])
      // Removing a favourite of an unlisted item still works.
      await h.get('/api/UserLike/GetUserLikeDeleteWhere', { id: course.id, status: 30 }, u.auth)
      expect((await h.get<Fav[]>('/api/UserLike/GetUserLikeQuery', {}, u.auth)).data).toEqual([])
    } finally {
      await h.db.updateTable('product_spus').set({ ext: LISTED }).where('id', '=', product.id).execute()
      await h.db
        .updateTable('articles')
        .set({ ext: LISTED })
        .where('id', 'in', [course.id, post.id])
        .execute()
    }
  })

  it('refuses unknown items and kinds, and needs a login', async () => {
    const u = await newUser(h)
    const post = await firstListed(10)
    const refused = async (body: Record<string, unknown>) => {
      const r = await h.post('/api/UserLike/PostUserLikeAppend', body, u.auth)
      return [r.http, r.data]
    }
    expect(await refused({ status: 10 })).toEqual([400, '请提供收藏内容的编号'])
    expect(await refused({ tagId: post.id, status: 50 })).toEqual([400, '收藏类型不正确'])
    expect(await refused({ tagId: 99_999_999, status: 40 })).toEqual([404, '收藏的内容不存在或已删除'])
    // The status must be the article's own.
    expect(await refused({ tagId: post.id, status: 30 })).toEqual([404, '收藏的内容不存在或已删除'])
    expect((await h.get('/api/UserLike/GetUserLikeDeleteWhere', { id: post.id }, u.auth)).data).toBe(
      '收藏类型不正确',
    )
    expect((await h.post('/api/UserLike/PostUserLikeAppend', { tagId: post.id, status: 10 })).http).toBe(401)
    expect((await h.get('/api/UserLike/GetUserLikeQuery')).http).toBe(401)
  })
})

import { describe, expect, it } from 'vitest'
import { LISTED, UNLISTED } from '../../../src/lib/constants.ts'
import { isFreeSection } from '../../../src/lib/rules/course.ts'
import { startServer } from '../../../tests/api/harness.ts'
import type { z } from '../../contract/index.ts'
import type { Paged } from '../../db/sql.ts'
import { issueToken } from '../accounts/sessions.ts'
import type { ArticleCard as ArticleCardSchema, ArticleDetail } from './content.routes.ts'

type ArticleCard = z.infer<typeof ArticleCardSchema>

const h = startServer()
const page = (q: Record<string, string | number>) =>
  h.get<Paged<ArticleCard>>('/api/Article/GetArticlePage', { pageIndex: 0, pageSize: 20, ...q })

/** Every item of a listing, page by page, as the pager walks it. */
async function all(q: Record<string, string | number>) {
  const items: ArticleCard[] = []
  for (let i = 0; ; i++) {
    const r = await page({ ...q, pageIndex: i, pageSize: 50 })
    expect(r.status).toBe(200)
    items.push(...r.data.pageData)
    if (items.length >= r.data.pageTotal || r.data.pageData.length === 0) return items
  }
}

describe('Article/GetArticlePage', () => {
  it('pages the courses: 20 of at least 40, 0-based', async () => {
    const first = await page({ status: 30 })
    expect(first.http).toBe(200)
    expect(first.data.pageData).toHaveLength(20)
    expect(first.data.pageTotal).toBeGreaterThanOrEqual(40)
    expect(first.data.pageIndex).toBe(0)
    expect(first.data.pageData.every((a) => a.status === 30)).toBe(true)
    const second = await page({ status: 30, pageIndex: 1 })
    expect(second.data.pageData.length).toBeGreaterThan(0)
    const firstIds = new Set(first.data.pageData.map((a) => a.id))
    expect(second.data.pageData.some((a) => firstIds.has(a.id))).toBe(false)
  })

  it('isPrice 0 gives only free items, 1 only paid, and the two add up to all', async () => {
    const free = await all({ status: 30, isPrice: 0 })
    const paid = await all({ status: 30, isPrice: 1 })
    const every = await all({ status: 30 })
    expect(free.length).toBeGreaterThan(0)
    expect(paid.length).toBeGreaterThan(0)
    expect(free.every((a) => a.price === 0)).toBe(true)
    expect(paid.every((a) => a.price > 0)).toBe(true)
    expect(free.length + paid.length).toBe(every.length)
  })

  it('orders by price ascending and descending across pages', async () => {
    const asc = await all({ status: 30, pageOrder: 'price', pageSort: 'asc' })
    const desc = await all({ status: 30, pageOrder: 'price', pageSort: 'desc' })
    const prices = (xs: ArticleCard[]) => xs.map((a) => a.price)
    expect(prices(asc)).toEqual([...prices(asc)].sort((a, b) => a - b))
    expect(prices(desc)).toEqual([...prices(desc)].sort((a, b) => b - a))
    expect(asc[0]!.price).toBeLessThan(desc[0]!.price)
  })

  it('orders by best-selling (extMore)', async () => {
    const r = await page({ status: 10, pageOrder: 'extMore', pageSort: 'desc' })
    const sales = r.data.pageData.map((a) => a.extMore)
    expect(sales.length).toBeGreaterThan(1)
    expect(sales).toEqual([...sales].sort((a, b) => b - a))
  })

  it('filters by tag, category and city, returning only matching items', async () => {
    const dict = await h.get<{ key: string; list: { id: number; title: string }[] }[]>(
      '/api/Classify/GetClassifyQuerys',
    )
    const group = (key: string) => dict.data.find((g) => g.key === key)!.list
    let matched = 0
    for (const tag of group('courseTag')) {
      const items = await all({ status: 30, tag: tag.title })
      matched += items.length
      for (const a of items) expect(a.tag.split(',')).toContain(tag.title)
    }
    expect(matched).toBeGreaterThan(0)

    const cls = group('taskClass')[0]!
    const byClass = await all({ status: 20, classId: cls.id })
    expect(byClass.length).toBeGreaterThan(0)
    expect(byClass.every((a) => a.classId === cls.id)).toBe(true)

    const tasks = await all({ status: 20 })
    const cities = new Set(tasks.map((a) => a.city))
    expect(cities.size).toBeGreaterThanOrEqual(8)
    const city = [...cities][0]!
    const inCity = await all({ status: 20, city })
    expect(inCity.length).toBeGreaterThan(0)
    expect(inCity.length).toBe(tasks.filter((a) => a.city === city).length)
    expect(inCity.every((a) => a.city === city)).toBe(true)
  })

  it('finds by a substring of the title', async () => {
    const [known] = (await page({ status: 30 })).data.pageData
    const part = [...known!.title].slice(1, 4).join('')
    const found = await all({ status: 30, title: part })
    expect(found.map((a) => a.id)).toContain(known!.id)
    expect(found.every((a) => a.title.includes(part))).toBe(true)
  })

  it('treats % and _ in a search as literal characters', async () => {
    const every = await all({ status: 30 })
    expect(every.length).toBeGreaterThan(0)
    // Unescaped, '%' and '_' would match every title; literal, only titles that contain them.
    for (const text of ['%', '_']) {
      const r = await page({ status: 30, title: text })
      expect(r.status).toBe(200)
      expect(r.data.pageTotal).toBe(every.filter((a) => a.title.includes(text)).length)
    }
  })

  it('refuses a search longer than 50 characters', async () => {
    const r = await page({ status: 30, title: 'x'.repeat(51) })
    expect(r.http).toBe(400)
    expect(r.data).toBe('搜索内容不能超过50个字符')
    expect((await page({ status: 30, title: 'x'.repeat(50) })).http).toBe(200)
  })

  it('filters by creation time range (yyyymmddhhmmss)', async () => {
    const every = await all({ status: 10 })
    const times = every.map((a) => a.createTime).sort()
    const mid = times[Math.floor(times.length / 2)]!
    const stime = mid.replace(/\D/g, '')
    const later = await all({ status: 10, stime })
    expect(later.length).toBeGreaterThan(0)
    expect(later.length).toBe(times.filter((t) => t >= mid).length)
    const earlier = await all({ status: 10, etime: stime })
    expect(earlier.length).toBeGreaterThan(0)
    expect(earlier.length).toBe(times.filter((t) => t <= mid).length)
    expect(earlier.every((a) => a.createTime <= mid)).toBe(true)
  })

  it('keeps unlisted and deleted items out of public lists and details', async () => {
    const hidden = await h.db
      .selectFrom('articles')
      .select(['id', 'status'])
      .where('status', 'in', [10, 20, 30])
      .where((eb) => eb.or([eb('ext', '<>', LISTED), eb('is_show', '=', 0)]))
      .execute()
    expect(hidden.length).toBeGreaterThan(0)
    for (const status of [10, 20, 30]) {
      const ids = new Set((await all({ status })).map((a) => a.id))
      for (const x of hidden.filter((x) => x.status === status)) expect(ids.has(x.id)).toBe(false)
    }
    const detail = await h.get('/api/Article/GetArticle', { id: hidden[0]!.id })
    expect(detail.http).toBe(404)
    expect(typeof detail.data).toBe('string')
  })

  it("lists the signed-in owner's items, listed or not, with isCreate=1; refuses it anonymously", async () => {
    const refused = await page({ status: 30, isCreate: 1 })
    expect(refused.http).toBe(401)
    expect(refused.data).toBe('请登录')
    // Refused for want of a session before any later parameter is checked, as always.
    expect((await page({ status: 30, isCreate: 1, classId: 'x' })).http).toBe(401)
    expect((await page({ status: 5, isCreate: 1 })).http).toBe(400)
    const owner = await h.db
      .selectFrom('articles')
      .select('create_id')
      .where('ext', '<>', LISTED)
      .where('is_show', '=', 1)
      .where('status', '=', 30)
      .where('create_id', 'is not', null)
      .executeTakeFirst()
    expect(owner?.create_id).toBeTruthy()
    const token = await issueToken(h.db, owner!.create_id!, new Date())
    const mine = await h.get<Paged<ArticleCard>>(
      '/api/Article/GetArticlePage',
      { status: 30, isCreate: 1, pageSize: 100 },
      { Authorization: `Bearer ${token}` },
    )
    expect(mine.status).toBe(200)
    expect(mine.data.pageData.length).toBeGreaterThan(0)
    expect(mine.data.pageData.every((a) => a.createId === owner!.create_id)).toBe(true)
    expect(mine.data.pageData.some((a) => a.ext !== LISTED)).toBe(true)
  })
})

describe('Article/GetArticle and friends', () => {
  it('gives a course with its catalogue, hiding the files of paid sections from visitors', async () => {
    const paid = await h.db
      .selectFrom('course_sections as s')
      .innerJoin('articles as a', 'a.id', 's.article_id')
      .select('s.article_id')
      .where('s.status', '=', 1)
      .where('s.price_fen', '>', 0)
      .where('a.ext', '=', LISTED)
      .where('a.is_show', '=', 1)
      .where('a.price_fen', '>', 0)
      // A course of the seed (the first ones): other test files publish courses of their own meanwhile.
      .orderBy('s.article_id')
      .executeTakeFirst()
    const r = await h.get<z.infer<typeof ArticleDetail>>('/api/Article/GetArticle', { id: paid!.article_id })
    expect(r.status).toBe(200)
    expect(r.data.unlock).toBe(0)
    expect(r.data.list.length).toBeGreaterThanOrEqual(2)
    const locked = r.data.list.filter((s) => !isFreeSection(s))
    const free = r.data.list.filter((s) => isFreeSection(s))
    expect(locked.length).toBeGreaterThan(0)
    for (const s of locked) {
      expect(s.unlock).toBe(0)
      expect(s.imgurl).toBe('')
    }
    expect(free.length).toBeGreaterThan(0)
    for (const s of free) {
      expect(s.unlock).toBe(1)
      expect(s.imgurl).not.toBe('')
    }
    expect(r.data.listRecommend.length).toBeGreaterThan(0)
    expect(r.data.content.length).toBeGreaterThan(0)
  })

  it('answers an unknown id with 404 and a message', async () => {
    const r = await h.get('/api/Article/GetArticle', { id: 99999999 })
    expect(r.http).toBe(404)
    expect(r.data).toBe('内容不存在或已删除')
  })

  it('home index has every block', async () => {
    const r = await h.get<Record<string, unknown[]>>('/api/Article/GetArticleIndex')
    for (const k of ['list10', 'list20', 'list30', 'list40', 'user'])
      expect(r.data[k]!.length).toBeGreaterThan(0)
  })

  it('FAQ is status 40 of GetArticleQuery, with at least 10 items', async () => {
    const r = await h.get<{ title: string; brief: string }[]>('/api/Article/GetArticleQuery', { status: 40 })
    expect(r.data.length).toBeGreaterThanOrEqual(10)
    expect(r.data.every((x) => x.title && x.brief)).toBe(true)
  })

  it('system notifications (status 200) need a session', async () => {
    const r = await h.get('/api/Article/GetArticleQuery', { status: 200 })
    expect(r.http).toBe(401)
  })

  it('system notifications (status 200) come newest first', async () => {
    const login = await h.post<{ owinToken: { access_token: string } }>('/api/Users/PostUsersPsw', {
      tel: '13800000001',
      password: 'demo1234',
    })
    const auth = { Authorization: `Bearer ${login.data.owinToken.access_token}` }
    const r = await h.get<{ createTime: string }[]>('/api/Article/GetArticleQuery', { status: 200 }, auth)
    const times = r.data.map((n) => n.createTime)
    expect(times.length).toBeGreaterThan(1)
    expect(times).toEqual([...times].sort().reverse())
  })
})

describe('Users/GetUsers', () => {
  it('shows a teacher without private fields', async () => {
    const idx = await h.get<{ user: { id: number }[] }>('/api/Article/GetArticleIndex')
    const r = await h.get<Record<string, unknown>>('/api/Users/GetUsers', { id: idx.data.user[0]!.id })
    expect(r.data.nickName).toBeTruthy()
    expect(r.data.content).toBeTruthy()
    for (const secret of ['tel', 'balance', 'password', 'passwordHash', 'password_hash'])
      expect(r.data).not.toHaveProperty(secret)
  })

  it('answers an unknown user with 404', async () => {
    const r = await h.get('/api/Users/GetUsers', { id: 99999999 })
    expect(r.http).toBe(404)
    expect(r.data).toBe('用户不存在')
  })

  it('answers only for public authors: a user with nothing listed is "not found" (issue 13)', async () => {
    const at = '2026-01-01 00:00:00'
    const { id } = await h.db
      .insertInto('users')
      .values({
        code: `U${Date.now()}`,
        tel: `139${String(Date.now()).slice(-8)}`,
        nick_name: '普通用户甲',
        create_time: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const asked = () => h.get<Record<string, unknown>>('/api/Users/GetUsers', { id })
    const post = (ext: string, isShow: number) =>
      h.db
        .insertInto('articles')
        .values({
          status: 10,
          title: '作者测试',
          ext,
          is_show: isShow,
          create_id: id,
          create_time: at,
          update_time: at,
        })
        .execute()
    expect((await asked()).http).toBe(404)
    // Unlisted, or deleted: still nobody's business.
    await post(UNLISTED, 1)
    await post(LISTED, 0)
    expect((await asked()).data).toBe('用户不存在')
    await post(LISTED, 1)
    const r = await asked()
    expect(r.http).toBe(200)
    expect(r.data.nickName).toBe('普通用户甲')
  })
})

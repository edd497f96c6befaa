import { describe, expect, it } from 'vitest'
import { LISTED } from '../../../src/lib/constants.ts'
import { tinyPdf, tinyPng, uploaded } from '../../../tests/api/files.ts'
import { startServer, testClock } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import type { Paged } from '../../db/sql.ts'
import type { CommentNode } from '../content/comment-tree.ts'

const clock = testClock()
const h = startServer({ now: clock.now })

interface Reply {
  id: number
  articleId: number
  typeText: string
  title: string
  replierName: string
  content: string
  createTime: string
}

const listed = (status: number) =>
  h.db
    .selectFrom('articles')
    .select(['id', 'title'])
    .where('status', '=', status)
    .where('ext', '=', LISTED)
    .where('is_show', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow()

/** A fresh post of the seed's first author, so each test reads only its own comments. */
async function freshPost(): Promise<number> {
  const { id } = await h.db
    .insertInto('articles')
    .values({
      status: 10,
      title: '评论测试',
      ext: LISTED,
      create_time: '2026-01-01 00:00:00',
      update_time: '2026-01-01 00:00:00',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

const post = (auth: Record<string, string>, body: Record<string, unknown>) =>
  h.post<CommentNode>('/api/Comment/PostCommentAppend', body, auth)
const page = async (id: number, q: Record<string, number> = {}) =>
  (await h.get<Paged<CommentNode>>('/api/Comment/GetCommentQuery', { id, ...q })).data

describe('comments (Comment/GetCommentQuery, PostCommentAppend)', () => {
  it('builds a paged tree: threads newest first, all replies oldest first', async () => {
    const article = await freshPost()
    const a = await newUser(h)
    const b = await newUser(h)
    const t1 = (await post(a.auth, { unionId: article, content: '第一条' })).data
    const t2 = (await post(a.auth, { unionId: article, content: '第二条' })).data
    const r1 = (await post(b.auth, { unionId: article, content: '回复一', parentId: t1.id })).data
    const r2 = (await post(b.auth, { unionId: article, content: '回复二', parentId: t1.id })).data
    const r3 = (await post(a.auth, { unionId: article, content: '回复的回复', parentId: r1.id })).data
    expect(t1).toMatchObject({ parentId: null, content: '第一条', children: [] })
    expect(r1.parentId).toBe(t1.id)

    const all = await page(article)
    expect(all.pageTotal).toBe(2)
    // Every visible comment, replies included: what the page's 评论N and N 条评论 show.
    expect((all as Paged<CommentNode> & { commentTotal: number }).commentTotal).toBe(5)
    expect(all.pageData.map((n) => n.id)).toEqual([t2.id, t1.id])
    const thread = all.pageData[1]!
    expect(thread.children.map((n) => n.id)).toEqual([r1.id, r2.id])
    expect(thread.children[0]!.children.map((n) => n.id)).toEqual([r3.id])

    const second = await page(article, { pageIndex: 1, pageSize: 1 })
    expect(second).toMatchObject({ pageTotal: 2, pageIndex: 1, pageSize: 1, commentTotal: 5 })
    expect(second.pageData.map((n) => n.id)).toEqual([t1.id])
    expect(second.pageData[0]!.children).toHaveLength(2)
    expect((await page(article, { pageIndex: 2, pageSize: 1 })).pageData).toEqual([])
  })

  it('refuses what is not a comment, and needs a login', async () => {
    const article = await freshPost()
    const u = await newUser(h)
    const refused = async (body: Record<string, unknown>) => {
      const r = await post(u.auth, body)
      return [r.http, r.data]
    }
    expect(await refused({ unionId: article, content: '  ' })).toEqual([400, '请填写帖子评论'])
    expect(await refused({ unionId: article, content: '字'.repeat(501) })).toEqual([
      400,
      '评论不能超过500个字',
    ])
    expect(await refused({ content: 'x' })).toEqual([400, '请提供内容编号'])
    expect(await refused({ unionId: 99_999_999, content: 'x' })).toEqual([404, '内容不存在或已删除'])
    expect(await refused({ unionId: article, content: 'x', parentId: 99_999_999 })).toEqual([
      404,
      '评论不存在',
    ])
    const other = await listed(20)
    const elsewhere = (await post(u.auth, { unionId: other.id, content: '别处' })).data
    expect(await refused({ unionId: article, content: 'x', parentId: elsewhere.id })).toEqual([
      404,
      '评论不存在',
    ])
    await h.db.updateTable('articles').set({ ext: '否' }).where('id', '=', article).execute()
    // The spec's one message for an item off the shelf (storefront §5), as for products.
    expect(await refused({ unionId: article, content: 'x' })).toEqual([404, '当前商品已经下架'])
    expect((await h.get('/api/Comment/GetCommentQuery', { id: article })).http).toBe(404)

    const fresh = await freshPost()
    expect((await post({}, { unionId: fresh, content: 'x' })).http).toBe(401)
    const max = await post(u.auth, { unionId: fresh, content: '字'.repeat(500) })
    expect(max.http).toBe(200)
  })

  it('takes one image of the commenter’s own, on a comment or a reply', async () => {
    const article = await freshPost()
    const u = await newUser(h)
    const other = await newUser(h)
    const mine = await uploaded(h, tinyPng(`comment image ${u.id}`), 'a.png', u.auth)
    const theirs = await uploaded(h, tinyPng(`comment image ${other.id}`), 'b.png', other.auth)
    const pdf = await uploaded(h, tinyPdf(`comment pdf ${u.id}`), 'c.pdf', u.auth)
    const refused = async (body: Record<string, unknown>) => {
      const r = await post(u.auth, { unionId: article, content: '看图', ...body })
      return [r.http, r.data]
    }
    expect(await refused({ imgurl: theirs })).toEqual([400, '评论图片须为您本人上传的图片'])
    expect(await refused({ imgurl: pdf })).toEqual([400, '评论图片只能是png、jpg、gif或webp格式的图片'])
    expect(await refused({ imgurl: `${mine},${mine}` })).toEqual([400, '评论最多上传1张图片'])
    expect(await page(article)).toMatchObject({ pageTotal: 0, commentTotal: 0 })

    const top = await post(u.auth, { unionId: article, content: '看图', imgurl: mine })
    expect(top.data).toMatchObject({ content: '看图', imgurl: mine })
    const reply = await post(other.auth, {
      unionId: article,
      content: '回图',
      imgurl: theirs,
      parentId: top.data.id,
    })
    expect(reply.data.imgurl).toBe(theirs)
    const [thread] = (await page(article)).pageData
    expect([thread?.imgurl, thread?.children[0]?.imgurl]).toEqual([mine, theirs])
  })

  it('keeps script text as text, byte for byte', async () => {
    const article = await freshPost()
    const u = await newUser(h)
    const text = '<img src=x onerror=alert(1)><script>alert("x")</script> & &amp;'
    const made = await post(u.auth, { unionId: article, content: text })
    expect(made.data.content).toBe(text)
    expect((await page(article)).pageData[0]!.content).toBe(text)
    const stored = await h.db
      .selectFrom('comments')
      .select('content')
      .where('id', '=', made.data.id)
      .executeTakeFirstOrThrow()
    expect(stored.content).toBe(text)
  })

  it('limits a user to 5 comments a minute (429), stored in the database', async () => {
    const article = await freshPost()
    const u = await newUser(h)
    const other = await newUser(h)
    for (let i = 0; i < 5; i++)
      expect((await post(u.auth, { unionId: article, content: `第${i}条` })).http).toBe(200)
    const sixth = await post(u.auth, { unionId: article, content: '第六条' })
    expect([sixth.http, sixth.data]).toEqual([429, '评论太频繁，请稍后再试'])
    // Someone else is not held up by it.
    expect((await post(other.auth, { unionId: article, content: '我' })).http).toBe(200)
    clock.advance(61_000)
    expect((await post(u.auth, { unionId: article, content: '一分钟后' })).http).toBe(200)
  })

  it('tells the parent comment author of a reply, but not of their own reply', async () => {
    const course = await listed(30)
    const author = await newUser(h)
    const replier = await newUser(h)
    const replies = async () =>
      (await h.get<Paged<Reply>>('/api/Comment/GetCommentReplyPage', { pageSize: 50 }, author.auth)).data
    const mine = (await post(author.auth, { unionId: course.id, content: '请问' })).data
    await post(author.auth, { unionId: course.id, content: '自己补充', parentId: mine.id })
    expect((await replies()).pageTotal).toBe(0)

    const script = '<img src=x onerror=alert(1)>'
    const r1 = (await post(replier.auth, { unionId: course.id, content: script, parentId: mine.id })).data
    const r2 = (await post(replier.auth, { unionId: course.id, content: '第二个回复', parentId: mine.id }))
      .data
    const got = await replies()
    expect(got.pageTotal).toBe(2)
    expect(got.pageData.map((r) => r.id)).toEqual([r2.id, r1.id])
    expect(got.pageData[1]).toMatchObject({
      articleId: course.id,
      typeText: '课程',
      title: course.title,
      content: script,
    })
    // The replier hears nothing of it, and the call needs a login.
    const theirs = await h.get<Paged<Reply>>('/api/Comment/GetCommentReplyPage', {}, replier.auth)
    expect(theirs.data.pageData.some((r) => r.id === r1.id || r.id === r2.id)).toBe(false)
    expect((await h.get('/api/Comment/GetCommentReplyPage')).http).toBe(401)
  })
})

import { describe, expect, it } from 'vitest'
import { LISTED } from '../../../src/lib/constants.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, newStaff, staffSignIn } from '../../../tests/api/staff.ts'
import { changesSince, latestChange } from '../../changes.ts'
import type { Paged } from '../../db/sql.ts'
import type { CommentNode } from '../content/comment-tree.ts'
import type { ModeratedComment } from './comments.moderation.ts'

const h = startServer()

/** A fresh listed post, so each test reads only its own comments. */
async function freshPost(): Promise<number> {
  const at = '2026-01-01 00:00:00'
  const { id } = await h.db
    .insertInto('articles')
    .values({ status: 10, title: '隐藏评论测试', ext: LISTED, create_time: at, update_time: at })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

const comment = async (auth: Record<string, string>, body: Record<string, unknown>) =>
  (await h.post<CommentNode>('/api/Comment/PostCommentAppend', body, auth)).data
const publicPage = async (id: number) =>
  (await h.get<Paged<CommentNode> & { commentTotal: number }>('/api/Comment/GetCommentQuery', { id })).data
const replies = async (auth: Record<string, string>) =>
  (await h.get<Paged<{ id: number }>>('/api/Comment/GetCommentReplyPage', {}, auth)).data.pageData.map(
    (r) => r.id,
  )
const notices = async (auth: Record<string, string>) =>
  (await h.get<{ title: string; content: string }[]>('/api/Article/GetArticleQuery', { status: 200 }, auth))
    .data

describe('hiding comments (moderation)', () => {
  it('a hidden reply drops out of the public list, the count, the detail and the reply messages; its writer is told; restoring brings it back', async () => {
    const article = await freshPost()
    const [a, b] = [await newUser(h), await newUser(h)]
    const op = await staffSignIn(h, 'operator')
    const top = await comment(a.auth, { unionId: article, content: '请问怎么报名' })
    const reply = await comment(b.auth, { unionId: article, content: '加我微信xxx', parentId: top.id })
    expect((await publicPage(article)).commentTotal).toBe(2)
    expect(await replies(a.auth)).toEqual([reply.id])

    const mark = await latestChange(h.db)
    const r = await h.post<ModeratedComment>(
      `/api/admin/comments/${reply.id}/hide`,
      { reason: '发布广告' },
      op.auth,
    )
    expect([r.http, r.data]).toMatchObject([
      200,
      { id: reply.id, hidden: true, articleId: article, userId: b.id },
    ])

    const shown = await publicPage(article)
    expect(shown.commentTotal).toBe(1)
    expect(shown.pageData.map((n) => [n.id, n.children.map((x) => x.id)])).toEqual([[top.id, []]])
    const detail = await h.get<{ listComment: CommentNode[] }>('/api/Article/GetArticle', { id: article })
    expect(detail.data.listComment.flatMap((n) => [n.id, ...n.children.map((x) => x.id)])).toEqual([top.id])
    expect(await replies(a.auth)).toEqual([])
    // The built page shows comments: it is marked for the site builder.
    expect((await changesSince(h.db, mark)).tags).toEqual([`article:${article}`])
    expect((await notices(b.auth))[0]).toEqual(
      expect.objectContaining({
        title: '评论已被隐藏',
        content: '您在「隐藏评论测试」的评论「加我微信xxx」已被隐藏。原因：发布广告',
      }),
    )
    expect(await auditOf(h, `comment:${reply.id}`)).toMatchObject([
      {
        staff: 'operator',
        action: 'comment.hide',
        before: { hidden: false },
        after: { hidden: true, reason: '发布广告' },
      },
    ])
    // A reply to a hidden comment is refused like one to a missing comment.
    const toHidden = await h.post(
      '/api/Comment/PostCommentAppend',
      { unionId: article, content: '回复', parentId: reply.id },
      a.auth,
    )
    expect([toHidden.http, toHidden.data]).toEqual([404, '评论不存在'])

    // The back office still finds it, by id or among the item's comments.
    const found = await h.get<Paged<ModeratedComment>>('/api/admin/comments', { articleId: article }, op.auth)
    expect(found.data.pageData.map((c) => [c.id, c.hidden])).toEqual([
      [reply.id, true],
      [top.id, false],
    ])
    const hiddenOnly = await h.get<Paged<ModeratedComment>>(
      '/api/admin/comments',
      { articleId: article, hidden: '1' },
      op.auth,
    )
    expect(hiddenOnly.data.pageData.map((c) => c.id)).toEqual([reply.id])
    const byId = await h.get<Paged<ModeratedComment>>('/api/admin/comments', { id: top.id }, op.auth)
    expect(byId.data.pageData.map((c) => c.id)).toEqual([top.id])

    const back = await h.post<ModeratedComment>(`/api/admin/comments/${reply.id}/restore`, {}, op.auth)
    expect([back.http, back.data.hidden]).toEqual([200, false])
    expect((await publicPage(article)).commentTotal).toBe(2)
    expect(await replies(a.auth)).toEqual([reply.id])
    expect((await notices(b.auth))[0]?.title).toBe('评论已恢复显示')
  })

  it('two operators hiding at once act once; a reason is required; unknown ids are 404', async () => {
    const article = await freshPost()
    const u = await newUser(h)
    const c = await comment(u.auth, { unionId: article, content: '违规内容' })
    const [a, b] = [await staffSignIn(h, 'operator'), await newStaff(h, ['operator'])]
    const noReason = await h.post(`/api/admin/comments/${c.id}/hide`, { reason: '' }, a.auth)
    expect([noReason.http, noReason.data]).toEqual([400, '请填写原因'])

    const both = await Promise.all([
      h.post(`/api/admin/comments/${c.id}/hide`, { reason: '甲' }, a.auth),
      h.post(`/api/admin/comments/${c.id}/hide`, { reason: '乙' }, b.auth),
    ])
    expect(both.map((r) => [r.http, r.http === 409 ? r.data : '']).sort()).toEqual([
      [200, ''],
      [409, '该评论已隐藏'],
    ])
    expect((await notices(u.auth)).filter((n) => n.title === '评论已被隐藏')).toHaveLength(1)
    expect(await auditOf(h, `comment:${c.id}`)).toHaveLength(1)

    const missing = await h.post('/api/admin/comments/999999999/hide', { reason: '违规' }, a.auth)
    expect([missing.http, missing.data]).toEqual([404, '评论不存在'])
    const notHidden = await comment(u.auth, { unionId: article, content: '正常评论' })
    const restore = await h.post(`/api/admin/comments/${notHidden.id}/restore`, {}, a.auth)
    expect([restore.http, restore.data]).toEqual([409, '该评论未被隐藏'])
  })
})

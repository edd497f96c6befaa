import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { LISTED, OFF_SHELF, UNLISTED } from '../../../src/lib/constants.ts'
import { pathOf, tinyPng, uploaded } from '../../../tests/api/files.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, newStaff, staffSignIn } from '../../../tests/api/staff.ts'
import { changesSince, latestChange } from '../../changes.ts'
import { dbTime } from '../../time.ts'
import { MODERATED } from './articles.writes.ts'

const h = startServer()

interface Item {
  id: number
  listed: boolean
  moderated: boolean
  authorId: number | null
  title: string
}
interface Complaint {
  id: number
  content: string
  files: string[]
  tel: string
  userId: number | null
  handled: boolean
  handledBy: string
  note: string
  about: Item | null
}
interface Page<T> {
  pageData: T[]
  pageTotal: number
}

/** A listed post (or task, course) of `ownerId` with a title no other test uses. */
async function item(ownerId: number, status: 10 | 20 | 30 = 10, ext: string = LISTED) {
  const at = dbTime(h.now())
  const title = `审核${randomInt(0, 1e9)}`
  const { id } = await h.db
    .insertInto('articles')
    .values({
      status,
      title,
      content: '<p>正文</p>',
      // A city like the seeded ones: the listing's tests (articles.test.ts) read every task's city.
      city: status === 20 ? '深圳' : '',
      ext,
      is_show: 1,
      create_id: ownerId,
      create_time: at,
      update_time: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id, title }
}

/** The notifications of a user, newest first, as /message reads them. */
async function notices(auth: Record<string, string>) {
  const r = await h.get<{ title: string; content: string }[]>(
    '/api/Article/GetArticleQuery',
    { status: 200 },
    auth,
  )
  return r.data
}

/** The public listing of posts, searched by a title. */
async function listed(title: string, status = 10) {
  const r = await h.get<Page<{ id: number }>>('/api/Article/GetArticlePage', { status, title })
  return r.data.pageData.map((a) => a.id)
}

describe('unlisting and restoring a post, task or course (moderation)', () => {
  it('takes an item off the shelf with a reason: public reads say 当前商品已经下架, listings drop it, the author is told, the pages are marked, the audit keeps before/after', async () => {
    const owner = await newUser(h)
    const op = await staffSignIn(h, 'operator')
    const { id, title } = await item(owner.id)
    expect((await h.get('/api/Article/GetArticle', { id })).http).toBe(200)
    expect(await listed(title)).toEqual([id])

    const before = await latestChange(h.db)
    const r = await h.post<Item>(`/api/admin/articles/${id}/unlist`, { reason: '含有虚假宣传' }, op.auth)
    expect([r.http, r.data]).toMatchObject([200, { id, listed: false, moderated: true, authorId: owner.id }])

    const pub = await h.get('/api/Article/GetArticle', { id })
    expect([pub.http, pub.data]).toEqual([404, OFF_SHELF])
    expect(await listed(title)).toEqual([])
    // The same marks as the owner's own toggle: the builder rebuilds the item, its list and home.
    expect((await changesSince(h.db, before)).tags.sort()).toEqual(
      [`article:${id}`, 'home', 'list:10', `teacher:${owner.id}`].sort(),
    )
    expect((await notices(owner.auth))[0]).toEqual(
      expect.objectContaining({
        title: '帖子已被下架',
        content: `您发布的帖子「${title}」已被平台下架。原因：含有虚假宣传`,
      }),
    )
    expect(await auditOf(h, `article:${id}`)).toMatchObject([
      {
        staff: 'operator',
        action: 'article.unlist',
        before: { listed: true, moderated: false },
        after: { listed: false, moderated: true, reason: '含有虚假宣传' },
      },
    ])
    // The owner still sees it (to edit it), like any unlisted item of theirs.
    expect((await h.get('/api/Article/GetArticle', { id }, owner.auth)).http).toBe(200)
  })

  it('the owner cannot list a moderated item again; after a restore the toggle is theirs again', async () => {
    const owner = await newUser(h)
    const op = await staffSignIn(h, 'operator')
    const { id, title } = await item(owner.id, 20)
    await h.post(`/api/admin/articles/${id}/unlist`, { reason: '联系方式不实' }, op.auth)

    const mark = await latestChange(h.db)
    const toggle = await h.post('/api/Article/PostArticleExt', id, owner.auth)
    expect([toggle.http, toggle.data]).toEqual([403, MODERATED])
    const row = await h.db
      .selectFrom('articles')
      .select(['ext', 'moderated'])
      .where('id', '=', id)
      .executeTakeFirst()
    expect(row).toEqual({ ext: UNLISTED, moderated: 1 })
    expect((await changesSince(h.db, mark)).tags).toEqual([])
    // The owner's own list says so (平台下架, no 上架 of theirs); nobody else's list holds it.
    const own = async () =>
      (
        await h.get<{ pageData: { id: number; moderated?: true }[] }>(
          '/api/Article/GetArticlePage',
          { status: 20, isCreate: 1, pageSize: 100 },
          owner.auth,
        )
      ).data.pageData.find((a) => a.id === id)
    expect(await own()).toMatchObject({ id, ext: UNLISTED, moderated: true })

    const restored = await h.post<Item>(`/api/admin/articles/${id}/restore`, { reason: '' }, op.auth)
    expect([restored.http, restored.data]).toMatchObject([200, { listed: true, moderated: false }])
    expect((await h.get('/api/Article/GetArticle', { id })).http).toBe(200)
    expect(await listed(title, 20)).toEqual([id])
    expect(await own()).not.toHaveProperty('moderated')
    expect((await notices(owner.auth))[0]).toEqual(
      expect.objectContaining({ title: '任务已恢复上架', content: `您发布的任务「${title}」已恢复上架。` }),
    )
    expect((await auditOf(h, `article:${id}`)).map((a) => a.action)).toEqual([
      'article.restore',
      'article.unlist',
    ])

    const off = await h.post('/api/Article/PostArticleExt', id, owner.auth)
    expect([off.http, off.data]).toEqual([200, '否'])
    const on = await h.post('/api/Article/PostArticleExt', id, owner.auth)
    expect([on.http, on.data]).toEqual([200, '是'])
  })

  it('an item its owner had unlisted can be moderated too, and comes back listed', async () => {
    const owner = await newUser(h)
    const op = await staffSignIn(h, 'operator')
    const { id } = await item(owner.id, 30, UNLISTED)
    const r = await h.post<Item>(`/api/admin/articles/${id}/unlist`, { reason: '课程内容侵权' }, op.auth)
    expect(r.data).toMatchObject({ listed: false, moderated: true })
    expect((await h.post('/api/Article/PostArticleExt', id, owner.auth)).http).toBe(403)
    expect((await h.post<Item>(`/api/admin/articles/${id}/restore`, {}, op.auth)).data).toMatchObject({
      listed: true,
      moderated: false,
    })
  })

  it('two operators at once act once: one unlists, the other is told, one notification, one audit row', async () => {
    const owner = await newUser(h)
    const [a, b] = [await staffSignIn(h, 'operator'), await newStaff(h, ['operator'])]
    const { id } = await item(owner.id)
    const both = await Promise.all([
      h.post(`/api/admin/articles/${id}/unlist`, { reason: '甲' }, a.auth),
      h.post(`/api/admin/articles/${id}/unlist`, { reason: '乙' }, b.auth),
    ])
    expect(both.map((r) => r.http).sort()).toEqual([200, 409])
    expect(both.find((r) => r.http === 409)?.data).toBe('该内容已被平台下架')
    expect((await notices(owner.auth)).filter((n) => n.title === '帖子已被下架')).toHaveLength(1)
    expect(await auditOf(h, `article:${id}`)).toHaveLength(1)

    const restores = await Promise.all([
      h.post(`/api/admin/articles/${id}/restore`, {}, a.auth),
      h.post(`/api/admin/articles/${id}/restore`, {}, b.auth),
    ])
    expect(restores.map((r) => [r.http, r.http === 409 ? r.data : '']).sort()).toEqual([
      [200, ''],
      [409, '该内容未被平台下架'],
    ])
    expect(await auditOf(h, `article:${id}`)).toHaveLength(2)
  })

  it('needs a reason, a shown post, task or course, and the moderation permission', async () => {
    const owner = await newUser(h)
    const op = await staffSignIn(h, 'operator')
    const { id } = await item(owner.id)
    for (const [body, message] of [
      [{}, '请填写原因'],
      [{ reason: '  ' }, '请填写原因'],
      [{ reason: '长'.repeat(201) }, '原因不能超过200个字'],
    ] as const) {
      const r = await h.post(`/api/admin/articles/${id}/unlist`, body, op.auth)
      expect([r.http, r.data]).toEqual([400, message])
    }
    const complaint = await item(owner.id, 10)
    await h.db.updateTable('articles').set({ status: 50 }).where('id', '=', complaint.id).execute()
    for (const target of [999999999, complaint.id]) {
      const r = await h.post(`/api/admin/articles/${target}/unlist`, { reason: '违规' }, op.auth)
      expect([r.http, r.data]).toEqual([404, '内容不存在或已删除'])
    }
    const marketing = await staffSignIn(h, 'marketing')
    const r = await h.post(`/api/admin/articles/${id}/unlist`, { reason: '违规' }, marketing.auth)
    expect([r.http, r.data]).toEqual([403, '没有权限'])
  })

  it('finds items by id, title, kind and state', async () => {
    const owner = await newUser(h)
    const op = await staffSignIn(h, 'operator')
    const post = await item(owner.id, 10)
    const task = await item(owner.id, 20)
    await h.post(`/api/admin/articles/${task.id}/unlist`, { reason: '违规' }, op.auth)
    const find = async (q: Record<string, string | number>) =>
      (await h.get<Page<Item>>('/api/admin/articles', q, op.auth)).data.pageData.map((a) => a.id)
    expect(await find({ q: String(post.id) })).toContain(post.id)
    expect(await find({ q: post.title })).toEqual([post.id])
    expect(await find({ q: task.title, kind: 10 })).toEqual([])
    expect(await find({ q: task.title, kind: 20, state: 'moderated' })).toEqual([task.id])
    expect(await find({ q: post.title, state: 'moderated' })).toEqual([])
    expect(await find({ q: post.title, state: 'listed' })).toEqual([post.id])
  })
})

describe('the complaints queue', () => {
  const bytes = tinyPng('moderation complaint')
  const file = pathOf(bytes, 'png')

  /** A complaint of a new customer, through the customer call; answers its id and the customer. */
  async function complain(text = `商品描述不实${randomInt(0, 1e9)}`) {
    const u = await newUser(h)
    await uploaded(h, bytes, 'proof.png', u.auth)
    const r = await h.post(
      '/api/Article/PostArticleAppend',
      { status: 50, brief: text, imgurls: file },
      u.auth,
    )
    expect(r.data).toBe('提交成功')
    const row = await h.db
      .selectFrom('articles')
      .select('id')
      .where('create_id', '=', u.id)
      .where('status', '=', 50)
      .executeTakeFirstOrThrow()
    return { id: row.id, user: u, text }
  }

  it('lists waiting complaints with their text, files and who complained; handling with a note takes one out, once', async () => {
    const c = await complain()
    const op = await staffSignIn(h, 'operator')
    const waiting = async () => {
      const r = await h.get<Page<Complaint>>(
        '/api/admin/complaints',
        { state: 'waiting', pageSize: 100 },
        op.auth,
      )
      return r.data
    }
    const queued = (await waiting()).pageData.find((x) => x.id === c.id)
    expect(queued).toMatchObject({
      content: c.text,
      files: [file],
      tel: c.user.tel,
      userId: c.user.id,
      handled: false,
      about: null,
    })
    const detail = await h.get<Complaint>(`/api/admin/complaints/${c.id}`, {}, op.auth)
    expect(detail.data).toEqual(queued)

    const noNote = await h.post(`/api/admin/complaints/${c.id}/handle`, { note: '' }, op.auth)
    expect([noNote.http, noNote.data]).toEqual([400, '请填写处理说明'])

    // The dashboard counts what waits (other test files add complaints meanwhile: no exact number).
    const dashboard = await h.get<{ key: string; label: string; href: string; count: number }[]>(
      '/api/admin/dashboard',
      {},
      op.auth,
    )
    expect(dashboard.data.find((d) => d.key === 'complaints')).toMatchObject({
      label: '待处理投诉',
      href: '/admin/moderation/',
      count: expect.any(Number),
    })
    expect(dashboard.data.find((d) => d.key === 'complaints')?.count).toBeGreaterThan(0)

    const other = await newStaff(h, ['operator'])
    const both = await Promise.all([
      h.post<Complaint>(`/api/admin/complaints/${c.id}/handle`, { note: '已电话联系，退货处理' }, op.auth),
      h.post<Complaint>(`/api/admin/complaints/${c.id}/handle`, { note: '重复处理' }, other.auth),
    ])
    expect(both.map((r) => r.http).sort()).toEqual([200, 409])
    expect(both.find((r) => r.http === 409)?.data).toBe('该投诉已处理')
    const done = both.find((r) => r.http === 200)?.data
    expect(done).toMatchObject({ handled: true })
    const stored = await h.get<Complaint>(`/api/admin/complaints/${c.id}`, {}, op.auth)
    expect(stored.data).toEqual(done)
    expect((await waiting()).pageData.map((x) => x.id)).not.toContain(c.id)
    const handled = await h.get<Page<Complaint>>(
      '/api/admin/complaints',
      { state: 'handled', pageSize: 100 },
      op.auth,
    )
    expect(handled.data.pageData.map((x) => x.id)).toContain(c.id)
    const rows = await auditOf(h, `complaint:${c.id}`)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: 'complaint.handle',
      before: { handled: false },
      after: { handled: true },
    })
    expect(rows[0]?.after?.note).toBe(done?.note)
  })

  it('links the post a complaint is about, which then is unlisted and the complaint handled', async () => {
    const c = await complain()
    const owner = await newUser(h)
    const { id } = await item(owner.id)
    const op = await staffSignIn(h, 'operator')

    const missing = await h.post(`/api/admin/complaints/${c.id}/subject`, { articleId: 999999999 }, op.auth)
    expect([missing.http, missing.data]).toEqual([404, '内容不存在或已删除'])
    const linked = await h.post<Complaint>(
      `/api/admin/complaints/${c.id}/subject`,
      { articleId: id },
      op.auth,
    )
    expect(linked.data.about).toMatchObject({ id, listed: true, moderated: false, authorId: owner.id })

    await h.post(`/api/admin/articles/${id}/unlist`, { reason: '被投诉：描述不实' }, op.auth)
    await h.post(`/api/admin/complaints/${c.id}/handle`, { note: '已下架被投诉的帖子' }, op.auth)
    const detail = await h.get<Complaint>(`/api/admin/complaints/${c.id}`, {}, op.auth)
    expect(detail.data).toMatchObject({
      handled: true,
      handledBy: 'operator',
      note: '已下架被投诉的帖子',
      about: { id, listed: false, moderated: true },
    })
    expect((await auditOf(h, `complaint:${c.id}`)).map((a) => [a.action, a.after])).toEqual([
      ['complaint.handle', { handled: true, note: '已下架被投诉的帖子' }],
      ['complaint.link', { aboutId: id }],
    ])

    const unlinked = await h.post<Complaint>(
      `/api/admin/complaints/${c.id}/subject`,
      { articleId: null },
      op.auth,
    )
    expect(unlinked.data).toMatchObject({ about: null, handled: true })
  })

  it('answers 404 for what is not a complaint', async () => {
    const op = await staffSignIn(h, 'operator')
    const owner = await newUser(h)
    const { id } = await item(owner.id)
    for (const target of [id, 999999999]) {
      const r = await h.get(`/api/admin/complaints/${target}`, {}, op.auth)
      expect([r.http, r.data]).toEqual([404, '投诉不存在'])
      const w = await h.post(`/api/admin/complaints/${target}/handle`, { note: '处理' }, op.auth)
      expect([w.http, w.data]).toEqual([404, '投诉不存在'])
    }
  })
})

/**
 * Preview before publishing (issue 21): drafts of banners, FAQ entries and configuration texts
 * are never public, are published with their change mark and audit row in one transaction, once.
 */
import { describe, expect, it, onTestFinished } from 'vitest'
import { contentImage } from '../../../tests/api/files.ts'
import { clockAt, startServer } from '../../../tests/api/harness.ts'
import { demoUser } from '../../../tests/api/session.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import { dbTime } from '../../time.ts'
import type { AdminBanner } from './banners.service.ts'
import type { AdminFaq, AdminText } from './content.service.ts'
import { NO_DRAFT } from './drafts.ts'

// This file's server lives in 2041, so the change marks it writes are told apart from those of
// the test files running beside it on the same database: a draft must write none.
const clock = clockAt('2041-03-03T00:00:00Z')
const h = startServer({ now: clock.now })

/** From now on, for marksSince: a second on, since marks are stamped to the second. */
function markClock(): string {
  clock.advance(1000)
  return dbTime(clock.now())
}

/** The tags this file's server has marked since `from` (a markClock()). */
async function marksSince(from: string): Promise<string[]> {
  const rows = await h.db
    .selectFrom('site_changes')
    .select('tag')
    .where('create_time', '>=', from)
    .where('create_time', '<', '2042')
    .execute()
  return rows.map((r) => r.tag)
}

type Shown = { id: number; title: string; urls: string; imgurl: string }
const publicBanners = async () => (await h.get<Shown[]>('/api/Adinfo/GetAdinfoAll')).data
type Faq = { id: number; title: string; brief: string }
const publicFaq = async () => (await h.get<Faq[]>('/api/Article/GetArticleQuery', { status: 40 })).data
const publicConfigs = async () =>
  (await h.get<Record<string, string>>('/api/Users/GetUsersConfigs')).data as Record<string, string>

describe('banner drafts', () => {
  it('a draft is not public and writes no mark; publishing shows it with its mark and audit row, once', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const imgurl = await contentImage(h, mk.auth, `draft-${Math.random()}`)
    const live = await h.post<AdminBanner>(
      '/api/admin/banners',
      { position: 'pc_tasks', title: '线上标题', imgurl, link: '/task/', sort: 9000 },
      mk.auth,
    )
    expect(live.http).toBe(200)
    const id = live.data.id
    onTestFinished(async () => {
      await h.db.deleteFrom('banners').where('id', '=', id).execute()
    })
    const from = markClock()

    const newImage = await contentImage(h, mk.auth, `draft-new-${Math.random()}`)
    const saved = await h.send<AdminBanner>(
      'PUT',
      `/api/admin/banners/${id}/draft`,
      { title: '草稿标题', imgurl: newImage },
      mk.auth,
    )
    expect([saved.http, saved.data]).toMatchObject([
      200,
      {
        title: '线上标题',
        imgurl,
        draft: { title: '草稿标题', imgurl: newImage, link: '/task/', sort: 9000 },
      },
    ])
    // A second save goes over the first draft, not over the live banner.
    await h.send('PUT', `/api/admin/banners/${id}/draft`, { link: '/course/' }, mk.auth)
    const preview = await h.get<AdminBanner>(`/api/admin/banners/${id}`, {}, mk.auth)
    expect(preview.data.draft).toMatchObject({ title: '草稿标题', imgurl: newImage, link: '/course/' })

    const shownBefore = (await publicBanners()).find((b) => b.id === id)
    expect(shownBefore).toMatchObject({ title: '线上标题', imgurl, urls: '/task/' })
    expect(JSON.stringify(await publicBanners())).not.toContain('草稿标题')
    expect(await marksSince(from)).toEqual([])
    expect((await auditOf(h, `banner:${id}`))[0]).toMatchObject({
      staff: 'marketing',
      action: 'banner.draft',
      after: { draft: { link: '/course/' } },
    })

    const published = await h.post<AdminBanner>(`/api/admin/banners/${id}/publish`, {}, mk.auth)
    expect([published.http, published.data]).toMatchObject([
      200,
      { title: '草稿标题', imgurl: newImage, link: '/course/', draft: null },
    ])
    expect((await publicBanners()).find((b) => b.id === id)).toMatchObject({
      title: '草稿标题',
      imgurl: newImage,
      urls: '/course/',
    })
    expect(await marksSince(from)).toEqual(['banner'])
    const audits = await auditOf(h, `banner:${id}`)
    expect(audits[0]).toMatchObject({
      staff: 'marketing',
      action: 'banner.publish',
      before: { title: '线上标题', link: '/task/' },
      after: { title: '草稿标题', link: '/course/', draft: null },
    })

    const again = await h.post(`/api/admin/banners/${id}/publish`, {}, mk.auth)
    expect([again.http, again.data]).toEqual([409, NO_DRAFT])
    expect(await marksSince(from)).toEqual(['banner'])
    expect(await auditOf(h, `banner:${id}`)).toHaveLength(audits.length)
  })

  it('a new banner can start as a draft: hidden until published; two publishes at once publish once', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const imgurl = await contentImage(h, mk.auth, `draft-born-${Math.random()}`)
    const from = markClock()
    const r = await h.post<AdminBanner>(
      '/api/admin/banners/drafts',
      { position: 'pc_tasks', title: '新草稿', imgurl, sort: 9001 },
      mk.auth,
    )
    expect([r.http, r.data]).toMatchObject([
      200,
      { enabled: false, draft: { title: '新草稿', enabled: true } },
    ])
    const id = r.data.id
    onTestFinished(async () => {
      await h.db.deleteFrom('banners').where('id', '=', id).execute()
    })
    expect((await publicBanners()).some((b) => b.id === id)).toBe(false)
    expect(await marksSince(from)).toEqual([])

    const both = await Promise.all([
      h.post(`/api/admin/banners/${id}/publish`, {}, mk.auth),
      h.post(`/api/admin/banners/${id}/publish`, {}, mk.auth),
    ])
    expect(both.map((b) => b.http).sort()).toEqual([200, 409])
    expect((await publicBanners()).find((b) => b.id === id)).toMatchObject({ title: '新草稿', imgurl })
    expect((await auditOf(h, `banner:${id}`)).map((a) => a.action)).toEqual([
      'banner.publish',
      'banner.draft',
    ])
  })

  it('discarding keeps the live banner; a draft is checked like an edit; a missing banner is 404', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const [first] = (await h.get<AdminBanner[]>('/api/admin/banners', { position: 'pc_home' }, mk.auth)).data
    const b = first as AdminBanner
    onTestFinished(async () => {
      await h.db.updateTable('banners').set({ draft: null }).where('id', '=', b.id).execute()
    })
    const bad = await h.send(
      'PUT',
      `/api/admin/banners/${b.id}/draft`,
      { imgurl: '/uploads/u/00/nope.png' },
      mk.auth,
    )
    expect([bad.http, bad.data]).toEqual([400, '请上传广告图片'])
    const late = await h.send(
      'PUT',
      `/api/admin/banners/${b.id}/draft`,
      { startTime: '2041-05-01 10:00', endTime: '2041-04-01 10:00' },
      mk.auth,
    )
    expect([late.http, late.data]).toEqual([400, '结束时间须晚于开始时间'])

    await h.send('PUT', `/api/admin/banners/${b.id}/draft`, { title: '不要了' }, mk.auth)
    const from = markClock()
    const dropped = await h.send<AdminBanner>(
      'DELETE',
      `/api/admin/banners/${b.id}/draft`,
      undefined,
      mk.auth,
    )
    expect([dropped.http, dropped.data]).toMatchObject([200, { title: b.title, draft: null }])
    expect((await auditOf(h, `banner:${b.id}`))[0]).toMatchObject({
      action: 'banner.discard',
      before: { draft: { title: '不要了' } },
    })
    expect(await marksSince(from)).toEqual([])
    const twice = await h.send('DELETE', `/api/admin/banners/${b.id}/draft`, undefined, mk.auth)
    expect([twice.http, twice.data]).toEqual([409, NO_DRAFT])
    const none = await h.post(`/api/admin/banners/${b.id}/publish`, {}, mk.auth)
    expect([none.http, none.data]).toEqual([409, NO_DRAFT])

    const missing = await h.get('/api/admin/banners/99999999', {}, mk.auth)
    expect([missing.http, missing.data]).toEqual([404, '广告图不存在'])
  })

  it('the preview call is for staff with content.write only', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const [b] = (await h.get<AdminBanner[]>('/api/admin/banners', {}, mk.auth)).data
    const url = `/api/admin/banners/${(b as AdminBanner).id}`
    const visitor = await h.get(url)
    expect([visitor.http, visitor.data]).toEqual([401, '请先登录后台'])
    const customer = await demoUser(h, '13800000001')
    expect((await h.get(url, {}, customer.auth)).http).toBe(401)
    const op = await staffSignIn(h, 'operator')
    const refused = await h.get(url, {}, op.auth)
    expect([refused.http, refused.data]).toEqual([403, '没有权限'])
    for (const path of ['/api/admin/faq/1', '/api/admin/texts/agreement']) {
      expect((await h.get(path)).http).toBe(401)
      expect((await h.get(path, {}, op.auth)).http).toBe(403)
    }
  })
})

describe('FAQ drafts', () => {
  it('a new entry starts as a sanitised draft, hidden until published, then published once', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const from = markClock()
    const r = await h.post<AdminFaq>(
      '/api/admin/faq/drafts',
      {
        title: '草稿：如何开具发票？',
        answer: '<p onclick="x()">在订单详情申请<script>alert(1)</script><img src=x onerror="alert(1)"></p>',
        sort: 9999,
      },
      mk.auth,
    )
    expect(r.http).toBe(200)
    const id = r.data.id
    onTestFinished(async () => {
      await h.db.deleteFrom('articles').where('id', '=', id).execute()
    })
    expect(r.data).toMatchObject({ enabled: false, draft: { title: '草稿：如何开具发票？', enabled: true } })
    expect(r.data.draft?.answer).toContain('在订单详情申请')
    expect(r.data.draft?.answer).not.toMatch(/script|onclick|onerror/)
    expect((await publicFaq()).some((f) => f.id === id)).toBe(false)
    expect(await marksSince(from)).toEqual([])

    // A later draft of it goes through the sanitiser too, and stays off the public list.
    const edit = await h.send<AdminFaq>(
      'PUT',
      `/api/admin/faq/${id}/draft`,
      { answer: '<p>见<a href="javascript:alert(1)">这里</a></p>' },
      mk.auth,
    )
    expect(edit.data.draft).toMatchObject({ title: '草稿：如何开具发票？', sort: 9999 })
    expect(edit.data.draft?.answer).toContain('这里')
    expect(edit.data.draft?.answer).not.toContain('javascript')
    expect((await h.get<AdminFaq>(`/api/admin/faq/${id}`, {}, mk.auth)).data.draft).toEqual(edit.data.draft)
    expect(JSON.stringify(await publicFaq())).not.toContain('这里')

    const pub = await h.post<AdminFaq>(`/api/admin/faq/${id}/publish`, {}, mk.auth)
    expect([pub.http, pub.data]).toMatchObject([200, { enabled: true, draft: null }])
    expect((await publicFaq()).find((f) => f.id === id)).toMatchObject({
      title: '草稿：如何开具发票？',
      brief: edit.data.draft?.answer,
    })
    expect(await marksSince(from)).toEqual(['faq'])
    expect((await auditOf(h, `faq:${id}`)).map((a) => a.action)).toEqual([
      'faq.publish',
      'faq.draft',
      'faq.draft',
    ])
    const again = await h.post(`/api/admin/faq/${id}/publish`, {}, mk.auth)
    expect([again.http, again.data]).toEqual([409, NO_DRAFT])
    expect(await marksSince(from)).toEqual(['faq'])

    // A draft of the published entry leaves the public answer as it is until discarded.
    await h.send('PUT', `/api/admin/faq/${id}/draft`, { title: '改过的问题' }, mk.auth)
    expect((await publicFaq()).find((f) => f.id === id)?.title).toBe('草稿：如何开具发票？')
    const dropped = await h.send<AdminFaq>('DELETE', `/api/admin/faq/${id}/draft`, undefined, mk.auth)
    expect([dropped.http, dropped.data]).toMatchObject([200, { title: '草稿：如何开具发票？', draft: null }])
    expect((await auditOf(h, `faq:${id}`))[0]).toMatchObject({ action: 'faq.discard' })
    expect(await marksSince(from)).toEqual(['faq'])
  })
})

describe('configuration text drafts', () => {
  it('a draft of the agreement is sanitised and not served; publishing serves it, marks `config`, once', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const seeded = await h.db
      .selectFrom('configs')
      .selectAll()
      .where('ckey', '=', 'agreement')
      .executeTakeFirst()
    onTestFinished(async () => {
      await h.db
        .updateTable('configs')
        .set({ value: seeded?.value ?? '', draft: null })
        .where('ckey', '=', 'agreement')
        .execute()
    })
    const servedBefore = (await publicConfigs()).agreement
    const from = markClock()
    const r = await h.send<AdminText>(
      'PUT',
      '/api/admin/texts/agreement/draft',
      { value: '<h2>新协议</h2><p onmouseover="x()">草稿条款<script>alert(1)</script></p>' },
      mk.auth,
    )
    expect(r.http).toBe(200)
    expect(r.data.value).toBe(seeded?.value)
    expect(r.data.draft).toContain('草稿条款')
    expect(r.data.draft).not.toMatch(/script|onmouseover/)
    expect((await publicConfigs()).agreement).toBe(servedBefore)
    expect(
      (await h.get<AdminText[]>('/api/admin/texts', {}, mk.auth)).data.find((t) => t.key === 'agreement'),
    ).toMatchObject({ draft: r.data.draft })
    expect(await marksSince(from)).toEqual([])

    const pub = await h.post<AdminText>('/api/admin/texts/agreement/publish', {}, mk.auth)
    expect([pub.http, pub.data]).toMatchObject([200, { value: r.data.draft, draft: null }])
    expect((await publicConfigs()).agreement).toContain('草稿条款')
    expect(await marksSince(from)).toEqual(['config'])
    expect((await auditOf(h, 'config:agreement'))[0]).toMatchObject({
      staff: 'marketing',
      action: 'config.publish',
      after: { value: r.data.draft },
    })
    const again = await h.post('/api/admin/texts/agreement/publish', {}, mk.auth)
    expect([again.http, again.data]).toEqual([409, NO_DRAFT])

    await h.send('PUT', '/api/admin/texts/agreement/draft', { value: '<p>不要了</p>' }, mk.auth)
    const dropped = await h.send<AdminText>('DELETE', '/api/admin/texts/agreement/draft', undefined, mk.auth)
    expect([dropped.http, dropped.data]).toMatchObject([200, { value: r.data.draft, draft: null }])
    expect(await marksSince(from)).toEqual(['config'])

    const levels = await h.send('PUT', '/api/admin/texts/levels/draft', { value: '{}' }, mk.auth)
    expect([levels.http, levels.data]).toEqual([400, '只有富文本可以保存草稿'])
  })
})

import { describe, expect, it, onTestFinished } from 'vitest'
import { contentImage } from '../../../tests/api/files.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import { changesSince, latestChange } from '../../changes.ts'
import { dbTime } from '../../time.ts'
import { type AdminBanner, markBannerTimes } from './banners.service.ts'

const h = startServer()

type Shown = { id: number; position: string; title: string; urls: string; imgurl: string }
const shown = async () => (await h.get<Shown[]>('/api/Adinfo/GetAdinfoAll')).data

async function newBanner(auth: Record<string, string>, extra: Record<string, unknown> = {}) {
  const imgurl = await contentImage(h, auth, `new-${Math.random()}`)
  const r = await h.post<AdminBanner>(
    '/api/admin/banners',
    { position: 'pc_home', title: '新品推荐', imgurl, link: '/product/', sort: 50, ...extra },
    auth,
  )
  expect(r.http).toBe(200)
  return r.data
}

describe('banners (PUT /api/admin/banners/{id} and the rest)', () => {
  it('an edit shows in GetAdinfoAll, marks `banner` in its transaction and is audited', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const list = await h.get<AdminBanner[]>('/api/admin/banners', { position: 'pc_home' }, mk.auth)
    expect(list.http).toBe(200)
    const first = list.data[0] as AdminBanner
    expect(first).toMatchObject({ position: 'pc_home', enabled: true })
    // The run's one seeded database is shared by the other test files: put the banner back after.
    onTestFinished(async () => {
      await h.db
        .updateTable('banners')
        .set({ title: first.title, urls: first.link, is_show: 1 })
        .where('id', '=', first.id)
        .execute()
    })

    const mark = await latestChange(h.db)
    const r = await h.send<AdminBanner>(
      'PUT',
      `/api/admin/banners/${first.id}`,
      { title: '春季特惠', link: '/productdetail/1/' },
      mk.auth,
    )
    expect([r.http, r.data]).toMatchObject([
      200,
      { id: first.id, title: '春季特惠', link: '/productdetail/1/' },
    ])
    expect((await shown()).find((b) => b.id === first.id)).toMatchObject({
      title: '春季特惠',
      urls: '/productdetail/1/',
    })
    expect((await changesSince(h.db, mark)).tags).toContain('banner')
    expect((await auditOf(h, `banner:${first.id}`))[0]).toMatchObject({
      staff: 'marketing',
      action: 'banner.edit',
      before: { title: first.title, link: first.link },
      after: { title: '春季特惠', link: '/productdetail/1/' },
    })

    const off = await h.send('PUT', `/api/admin/banners/${first.id}`, { enabled: false }, mk.auth)
    expect(off.http).toBe(200)
    expect((await shown()).some((b) => b.id === first.id)).toBe(false)
  })

  it('start and end times are honoured by GetAdinfoAll', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const hour = 3_600_000
    const at = (ms: number) => dbTime(new Date(Date.now() + ms)).slice(0, 16)
    const later = await newBanner(mk.auth, { startTime: at(hour) })
    const over = await newBanner(mk.auth, { endTime: at(-hour) })
    const now = await newBanner(mk.auth, { startTime: at(-hour), endTime: at(hour) })
    const ids = (await shown()).map((b) => b.id)
    expect(ids).toContain(now.id)
    expect(ids).not.toContain(later.id)
    expect(ids).not.toContain(over.id)
    expect(later.startTime).toBe(`${at(hour)}:00`)

    const bad = await h.send('PUT', `/api/admin/banners/${now.id}`, { startTime: at(2 * hour) }, mk.auth)
    expect([bad.http, bad.data]).toEqual([400, '结束时间须晚于开始时间'])
    const feb30 = await h.send(
      'PUT',
      `/api/admin/banners/${now.id}`,
      { endTime: '2026-02-30 10:00' },
      mk.auth,
    )
    expect([feb30.http, feb30.data]).toEqual([400, '时间格式不正确，应为yyyy-mm-dd hh:mm'])
    const open = await h.send('PUT', `/api/admin/banners/${later.id}`, { startTime: null }, mk.auth)
    expect(open.http).toBe(200)
    expect((await shown()).map((b) => b.id)).toContain(later.id)
  })

  it('the moment a timed banner starts or ends marks `banner`, so the built pages follow', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const soon = new Date(Date.now() + 3 * 60_000)
    const b = await newBanner(mk.auth, {
      startTime: dbTime(soon).slice(0, 16),
      endTime: dbTime(new Date(soon.getTime() + 3_600_000)).slice(0, 16),
    })
    const start = new Date(`${b.startTime?.replace(' ', 'T')}+08:00`)
    expect(
      await markBannerTimes(h.db, new Date(start.getTime() - 60_000), new Date(start.getTime() - 1000)),
    ).toBe(false)
    const mark = await latestChange(h.db)
    expect(await markBannerTimes(h.db, new Date(start.getTime() - 1000), start)).toBe(true)
    expect((await changesSince(h.db, mark)).tags).toContain('banner')
  })

  it('creates with an uploaded image only, deletes with an audit row; a missing banner is 404', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const noImage = await h.post(
      '/api/admin/banners',
      { position: 'pc_home', imgurl: '/uploads/u/00/nope.png' },
      mk.auth,
    )
    expect([noImage.http, noImage.data]).toEqual([400, '请上传广告图片'])
    const b = await newBanner(mk.auth)
    expect((await shown()).some((x) => x.id === b.id)).toBe(true)
    expect((await auditOf(h, `banner:${b.id}`))[0]).toMatchObject({ action: 'banner.create' })

    const mark = await latestChange(h.db)
    const del = await h.send('DELETE', `/api/admin/banners/${b.id}`, undefined, mk.auth)
    expect(del.http).toBe(200)
    expect((await shown()).some((x) => x.id === b.id)).toBe(false)
    expect((await changesSince(h.db, mark)).tags).toContain('banner')
    expect((await auditOf(h, `banner:${b.id}`))[0]).toMatchObject({
      staff: 'marketing',
      action: 'banner.delete',
      before: { id: b.id, title: '新品推荐' },
    })
    const gone = await h.send('PUT', `/api/admin/banners/${b.id}`, { title: 'x' }, mk.auth)
    expect([gone.http, gone.data]).toEqual([404, '广告图不存在'])
  })

  it('a link leads to http(s) or a path of the site, never javascript:; a sort number is 0-9999, each said in Chinese', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const imgurl = await contentImage(h, mk.auth, `link-${Math.random()}`)
    const add = async (extra: Record<string, unknown>) => {
      const r = await h.post('/api/admin/banners', { position: 'pc_home', imgurl, ...extra }, mk.auth)
      return [r.http, r.data]
    }
    for (const link of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/', 'evil.example'])
      expect(await add({ link })).toEqual([400, '链接须以 http://、https:// 或 / 开头'])
    for (const sort of [-5, 1.5, null, 10_000])
      expect(await add({ sort })).toEqual([400, '排序须为0到9999之间的整数'])
    const b = await newBanner(mk.auth, { link: 'https://example.com/a?b=1' })
    const edit = await h.send('PUT', `/api/admin/banners/${b.id}`, { link: 'javascript:void(0)' }, mk.auth)
    expect([edit.http, edit.data]).toEqual([400, '链接须以 http://、https:// 或 / 开头'])
    const dict = await h.post(
      '/api/admin/dictionaries',
      { key: 'cityTag', title: '排序测试', sort: -3 },
      mk.auth,
    )
    expect([dict.http, dict.data]).toEqual([400, '排序须为0到9999之间的整数'])
  })

  it('the builder status lists the queued banner mark; operator is refused', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const st = await h.get<{ queued: { tags: string[] } }>('/api/admin/site/build-status', {}, mk.auth)
    expect(st.http).toBe(200)
    expect(st.data.queued.tags).toContain('banner')
    const op = await staffSignIn(h, 'operator')
    const list = await h.get<AdminBanner[]>('/api/admin/banners', {}, mk.auth)
    const id = (list.data[0] as AdminBanner).id
    const r = await h.send('PUT', `/api/admin/banners/${id}`, { title: '越权' }, op.auth)
    expect([r.http, r.data]).toEqual([403, '没有权限'])
  })
})

/**
 * Certification review in the back office (issue 20): the queue, the submitted data and its
 * private scans through the staff session only, approve/reject through the one service that
 * `npm run ops -- certify` calls too — audited, notified, acting once.
 */
import { describe, expect, it } from 'vitest'
import { tinyPng, uploaded } from '../../../tests/api/files.ts'
import { startServer, testClock } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, newStaff, staffSignIn } from '../../../tests/api/staff.ts'
import { certify, OpsError } from '../../ops.ts'
import type { OwnProfile } from './accounts.routes.ts'
import type { StaffCertification } from './customers.routes.ts'

const clock = testClock()
const h = startServer({ now: clock.now })

type Paged<T> = { pageData: T[]; pageTotal: number }
type Note = { title: string; content: string }

/** A new customer who has submitted the form for review as `level` (10 doctor, 20 institution). */
async function applicant(level = 20) {
  const u = await newUser(h)
  const scan = await uploaded(h, tinyPng(`cert-${u.id}`), 'licence.png', u.auth, 'private')
  const form = {
    recName: '李经理',
    recTel: '13912345678',
    ownerImg: scan,
    allowImg: scan,
    codeImg: scan,
    email: '',
  }
  const r = await h.post('/api/Users/PostUsersBind', { ext: JSON.stringify(form), level }, u.auth)
  expect(r.data).toBe('提交成功')
  return { ...u, scan }
}

const decide = (userId: number, body: unknown, auth: Record<string, string>) =>
  h.post<StaffCertification | string>(`/api/admin/certifications/${userId}`, body, auth)
const profile = async (auth: Record<string, string>) =>
  (await h.get<OwnProfile>('/api/Users/GetUsersInfo', {}, auth)).data
const notes = async (auth: Record<string, string>) =>
  (await h.get<Note[]>('/api/Article/GetArticleQuery', { status: 200 }, auth)).data
const scanUrl = (userId: number, path: string) =>
  `${h.base}/api/admin/certifications/${userId}/scan?path=${encodeURIComponent(path)}`

describe('the review queue and the submitted data', () => {
  it('lists certifications waiting (status 2), oldest submission first, with the form and its scans', async () => {
    const op = await staffSignIn(h, 'operator')
    const first = await applicant()
    clock.advance(60_000)
    const second = await applicant(10)
    const all: StaffCertification[] = []
    for (let pageIndex = 0; ; pageIndex++) {
      const r = await h.get<Paged<StaffCertification>>(
        '/api/admin/certifications',
        { pageIndex, pageSize: 100 },
        op.auth,
      )
      expect(r.http).toBe(200)
      all.push(...r.data.pageData)
      if (all.length >= r.data.pageTotal) break
    }
    expect(all.every((c) => c.status === 2 && c.statusText === '待审核')).toBe(true)
    const ids = all.map((c) => c.userId)
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id))
    const one = await h.get<StaffCertification>(`/api/admin/certifications/${first.id}`, {}, op.auth)
    expect(one.data).toMatchObject({
      userId: first.id,
      tel: first.tel,
      status: 2,
      level: 20,
      levelText: '机构',
      recName: '李经理',
      recTel: '13912345678',
      submitTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    })
    expect(one.data.scans.map((s) => s.label)).toEqual(['营业执照', '医疗机构执业许可证', '法人身份证盖章'])
    expect(one.data.scans.every((s) => s.path === first.scan)).toBe(true)
    expect((await h.get(`/api/admin/certifications/999999999`, {}, op.auth)).http).toBe(404)
  })

  it('streams a scan to staff with certifications.review only, never to be cached; 401/403 otherwise', async () => {
    const u = await applicant()
    const op = await staffSignIn(h, 'operator')
    const res = await fetch(scanUrl(u.id, u.scan), { headers: { sign: h.sign(), ...op.auth } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(tinyPng(`cert-${u.id}`))

    const refused = async (headers: Record<string, string>) => {
      const r = await fetch(scanUrl(u.id, u.scan), { headers: { sign: h.sign(), ...headers } })
      return [r.status, ((await r.json()) as { data: string }).data]
    }
    expect(await refused({})).toEqual([401, '请先登录后台'])
    // The applicant's own session is not a staff session.
    expect(await refused(u.auth)).toEqual([401, '请先登录后台'])
    for (const role of ['finance', 'marketing'])
      expect(await refused((await staffSignIn(h, role)).auth)).toEqual([403, '没有权限'])

    // Only the files the form names: another user's private file is as missing as a made-up one.
    const other = await newUser(h)
    const foreign = await uploaded(h, tinyPng(`other-${other.id}`), 'x.png', other.auth, 'private')
    for (const path of [foreign, '/private/u/00/00000000000000000000000000000000.png'])
      expect((await fetch(scanUrl(u.id, path), { headers: { sign: h.sign(), ...op.auth } })).status).toBe(404)
  })
})

describe('approve / reject (POST /api/admin/certifications/{userId})', () => {
  it('approves: the user is certified as submitted, notified, and the audit row says who and what changed', async () => {
    const u = await applicant()
    const op = await staffSignIn(h, 'operator')
    const r = await decide(u.id, { decision: 'approve' }, op.auth)
    expect([r.http, r.data]).toMatchObject([
      200,
      { userId: u.id, status: 3, statusText: '已认证', level: 20 },
    ])
    expect(await profile(u.auth)).toMatchObject({ status: 3, level: 20, levelText: '机构' })
    expect((await notes(u.auth))[0]).toMatchObject({ title: '认证审核通过' })
    expect((await auditOf(h, `user:${u.id}`))[0]).toMatchObject({
      staff: 'operator',
      action: 'certification.approve',
      before: { status: 2 },
      after: { status: 3 },
    })
  })

  it('gives nothing of the identity before approval: no course publishing, no 机构 shown to others', async () => {
    const u = await applicant(20)
    // An empty title: a user allowed to publish courses gets the title's message instead.
    const course = () => h.post<string>('/api/Article/PostArticleAppend', { status: 30, title: '' }, u.auth)
    const publicLevel = async () =>
      (await h.get<{ levelText: string }>('/api/Users/GetUsers', { id: u.id })).data.levelText
    // A listed post makes them a public author (Users/GetUsers answers only for those).
    const at = '2026-01-01 00:00:00'
    await h.db
      .insertInto('articles')
      .values({
        status: 10,
        title: '病例分享',
        create_id: u.id,
        ext: '是',
        is_show: 1,
        create_time: at,
        update_time: at,
      })
      .execute()
    expect((await course()).data).toBe('请先进行账号认证')
    expect(await publicLevel()).toBe('游客')
    const op = await staffSignIn(h, 'operator')
    expect((await decide(u.id, { decision: 'approve' }, op.auth)).http).toBe(200)
    expect((await course()).data).not.toBe('请先进行账号认证')
    expect(await publicLevel()).toBe('机构')
  })

  it('rejects with the reason the applicant is told; the form goes back to editing', async () => {
    const u = await applicant(10)
    const op = await staffSignIn(h, 'operator')
    expect((await decide(u.id, { decision: 'reject' }, op.auth)).data).toBe('请填写驳回原因')
    expect((await decide(u.id, { decision: 'maybe' }, op.auth)).data).toBe('请选择审核结果')
    expect((await decide(u.id, { decision: 'reject', reason: '长'.repeat(101) }, op.auth)).data).toBe(
      '原因不能超过100个字',
    )
    expect((await profile(u.auth)).status).toBe(2)
    const r = await decide(u.id, { decision: 'reject', reason: '营业执照照片模糊' }, op.auth)
    expect([r.http, r.data]).toMatchObject([200, { status: 0, level: 0 }])
    expect(await profile(u.auth)).toMatchObject({ status: 0, level: 0, recName: '李经理' })
    expect((await notes(u.auth))[0]).toEqual(
      expect.objectContaining({
        title: '认证未通过，请修改资料后重新提交',
        content: '您提交的医生认证资料未通过审核。原因：营业执照照片模糊',
      }),
    )
    expect((await auditOf(h, `user:${u.id}`))[0]).toMatchObject({
      action: 'certification.reject',
      before: { status: 2, level: 10 },
      after: { status: 0, level: 0, reason: '营业执照照片模糊' },
    })
  })

  it('acts only from status 2, changes nothing on a refusal, and refuses roles without the permission', async () => {
    const op = await staffSignIn(h, 'operator')
    const fresh = await newUser(h)
    const before = await auditOf(h, `user:${fresh.id}`)
    expect(await decide(fresh.id, { decision: 'approve' }, op.auth)).toMatchObject({
      http: 400,
      data: '该认证资料不在审核中，无需审核',
    })
    expect((await decide(999999999, { decision: 'approve' }, op.auth)).http).toBe(404)
    const u = await applicant()
    for (const role of ['finance', 'marketing'] as const)
      expect(await decide(u.id, { decision: 'approve' }, (await staffSignIn(h, role)).auth)).toMatchObject({
        http: 403,
        data: '没有权限',
      })
    expect(await decide(u.id, { decision: 'approve' }, u.auth)).toMatchObject({
      http: 401,
      data: '请先登录后台',
    })
    expect((await profile(u.auth)).status).toBe(2)
    expect(await auditOf(h, `user:${fresh.id}`)).toEqual(before)
    expect(await auditOf(h, `user:${u.id}`)).toEqual([])
  })

  it('acts once when two operators decide at once: one answer 200, the other refused, one notification and one audit row', async () => {
    const u = await applicant()
    const [a, b] = [await staffSignIn(h, 'operator'), await newStaff(h, ['operator'])]
    const runs = await Promise.all([
      decide(u.id, { decision: 'approve' }, a.auth),
      decide(u.id, { decision: 'reject', reason: '资料不全' }, b.auth),
    ])
    expect(runs.map((r) => r.http).sort()).toEqual([200, 400])
    expect(runs.find((r) => r.http === 400)?.data).toBe('该认证资料不在审核中，无需审核')
    const rows = await auditOf(h, `user:${u.id}`)
    expect(rows).toHaveLength(1)
    const decided = (await profile(u.auth)).status
    expect(decided).toBe(rows[0]?.action === 'certification.approve' ? 3 : 0)
    expect((await notes(u.auth)).filter((n) => n.title.startsWith('认证'))).toHaveLength(1)
  })

  it('is the same service as `npm run ops -- certify`, audited as ops; a reject there needs its reason too', async () => {
    const u = await applicant(10)
    await expect(certify(h.db, u.id, 'reject', clock.now())).rejects.toThrow('请填写驳回原因')
    expect(await certify(h.db, u.id, 'approve', clock.now())).toBe(`用户 ${u.id} 已认证为医生`)
    await expect(certify(h.db, u.id, 'approve', clock.now())).rejects.toBeInstanceOf(OpsError)
    expect((await auditOf(h, `user:${u.id}`))[0]).toMatchObject({
      staff: 'ops',
      ip: '',
      action: 'certification.approve',
    })
  })
})

import { describe, expect, it, onTestFinished } from 'vitest'
import type { CompanyFacts } from '../../../src/lib/rules/company.ts'
import { companyDefaults } from '../../../src/lib/site.ts'
import { tinyPng } from '../../../tests/api/files.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import { changesSince, latestChange, markChanged } from '../../changes.ts'
import { dbTime } from '../../time.ts'
import { COMPANY_KEY } from './company.service.ts'

const h = startServer()

const publicFacts = async () =>
  (await h.get<{ company: CompanyFacts }>('/api/Users/GetUsersConfigs')).data.company
const stored = () =>
  h.db.selectFrom('configs').select('value').where('ckey', '=', COMPANY_KEY).executeTakeFirst()

/** The run's one database is shared by the other test files: the facts go back as they were. */
async function keepFacts() {
  const before = await stored()
  onTestFinished(async () => {
    if (before) await h.db.updateTable('configs').set(before).where('ckey', '=', COMPANY_KEY).execute()
    else await h.db.deleteFrom('configs').where('ckey', '=', COMPANY_KEY).execute()
    // As a save would: the read cache drops what it answered from the test's facts.
    await markChanged(h.db, ['company'], dbTime(h.now()))
  })
}

const put = (facts: unknown, auth: Record<string, string>) =>
  h.send<CompanyFacts>('PUT', '/api/admin/site/company', facts, auth)

describe('company facts (GET/PUT /api/admin/site/company, GetUsersConfigs.company)', () => {
  it('marketing edits the hotline and a contact: the public read follows, audited, marked `config`', async () => {
    await keepFacts()
    const mk = await staffSignIn(h, 'marketing')
    const current = await h.get<CompanyFacts>('/api/admin/site/company', {}, mk.auth)
    expect(current.http).toBe(200)
    // Read once, so the read cache holds the old answer: the mark must empty it.
    expect((await publicFacts()).hotline).toBe(current.data.hotline)
    const mark = await latestChange(h.db)

    const [first, ...rest] = current.data.contacts
    const next: CompanyFacts = {
      ...current.data,
      hotline: ' 400-100-2233 ',
      contacts: [{ ...(first as CompanyFacts['contacts'][number]), phone: '021-64881234-88' }, ...rest],
    }
    const r = await put(next, mk.auth)
    expect(r.http).toBe(200)
    // Trimmed as the rule cleans it.
    expect(r.data.hotline).toBe('400-100-2233')

    const shown = await publicFacts()
    expect(shown.hotline).toBe('400-100-2233')
    expect(shown.contacts[0]?.phone).toBe('021-64881234-88')
    expect(shown.offices).toEqual(current.data.offices)
    expect((await h.get<CompanyFacts>('/api/admin/site/company', {}, mk.auth)).data).toEqual(shown)

    // `config` is site-wide: the builder rebuilds every page (the footer shows the hotline).
    expect((await changesSince(h.db, mark)).tags).toEqual(['company'])
    const [row] = await auditOf(h, `config:${COMPANY_KEY}`)
    expect(row).toMatchObject({ staff: 'marketing', action: 'company.edit' })
    expect(row?.before).toMatchObject({ hotline: current.data.hotline })
    expect(row?.after).toMatchObject({ hotline: '400-100-2233' })
    // Only what changed is kept.
    expect(Object.keys(row?.after ?? {}).sort()).toEqual(['contacts', 'hotline'])

    // The same facts again change nothing: no audit row, no mark, no rebuild.
    const again = await latestChange(h.db)
    expect((await put(shown, mk.auth)).http).toBe(200)
    expect(await latestChange(h.db)).toBe(again)
    expect(await auditOf(h, `config:${COMPANY_KEY}`)).toHaveLength(1)
  })

  it('a bad phone, e-mail, ICP number or QR code is refused with its message and nothing is saved', async () => {
    await keepFacts()
    const mk = await staffSignIn(h, 'marketing')
    const base = (await h.get<CompanyFacts>('/api/admin/site/company', {}, mk.auth)).data
    const before = await stored()
    const mark = await latestChange(h.db)
    const contact = (i: number, change: Partial<CompanyFacts['contacts'][number]>) => ({
      ...base,
      contacts: base.contacts.map((c, j) => (j === i ? { ...c, ...change } : c)),
    })
    const cases: [unknown, string][] = [
      [{ ...base, hotline: '12345' }, '服务热线格式不正确，应为手机号、座机（如0512-62886688）或400号码'],
      [{ ...base, hotline: '' }, '请填写服务热线'],
      [
        contact(1, { phone: '2345678' }),
        '第2位联系人：联系电话格式不正确，应为手机号、座机（如0512-62886688）或400号码',
      ],
      [contact(0, { email: 'service@' }), '第1位联系人：邮箱格式不正确'],
      [contact(2, { name: ' ' }), '第3位联系人：请填写联系人姓名'],
      [{ ...base, contacts: [] }, '请至少填写一位联系人'],
      [{ ...base, icp: '备案中' }, 'ICP备案号格式不正确，如：苏ICP备20001234号-1'],
      [{ ...base, offices: [{ name: '杭州办事处', address: '' }] }, '第1个办事处：请填写办事处地址'],
      [
        { ...base, qr: { ...base.qr, app: { link: 'javascript:alert(1)', image: '' } } },
        '下载APP链接须以 http://、https:// 或 / 开头',
      ],
      [{ ...base, qr: { ...base.qr, mp: { link: '', image: '' } } }, '请填写关注公众号链接或上传二维码图片'],
      // Looks like an upload, but no such file was ever uploaded.
      [
        { ...base, qr: { ...base.qr, app: { link: '', image: '/uploads/u/ab/abcdef.png' } } },
        '请重新上传下载APP二维码图片',
      ],
      [{ ...base, postal: 'x' }, '公司信息格式不正确'],
    ]
    for (const [body, message] of cases) {
      const r = await put(body, mk.auth)
      expect([r.http, r.data], message).toEqual([400, message])
    }
    expect(await stored()).toEqual(before)
    expect(await latestChange(h.db)).toBe(mark)
    expect((await publicFacts()).hotline).toBe(base.hotline)
  })

  it('an uploaded QR image is kept; finance may not edit the facts', async () => {
    await keepFacts()
    const mk = await staffSignIn(h, 'marketing')
    const form = new FormData()
    form.append('file', new Blob([tinyPng(`qr-${Math.random()}`)]), 'qr.png')
    const up = (await (
      await fetch(`${h.base}/api/admin/content/images`, {
        method: 'POST',
        headers: { sign: h.sign(), ...mk.auth },
        body: form,
      })
    ).json()) as { data: { path: string } }
    const base = (await h.get<CompanyFacts>('/api/admin/site/company', {}, mk.auth)).data
    const r = await put({ ...base, qr: { ...base.qr, mp: { link: '', image: up.data.path } } }, mk.auth)
    expect(r.http).toBe(200)
    expect((await publicFacts()).qr.mp).toEqual({ link: '', image: up.data.path })

    const fin = await staffSignIn(h, 'finance')
    expect((await put(companyDefaults, fin.auth)).http).toBe(403)
  })
})

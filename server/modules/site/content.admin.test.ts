import { describe, expect, it, onTestFinished } from 'vitest'
import { startServer } from '../../../tests/api/harness.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import { changesSince, latestChange } from '../../changes.ts'
import type { AdminFaq } from './content.service.ts'

const h = startServer()

type Faq = { id: number; title: string; brief: string }
const publicFaq = async () => (await h.get<Faq[]>('/api/Article/GetArticleQuery', { status: 40 })).data
type DictEntry = { id: number; key: string; title: string; sort: number; usedBy: string }

describe('FAQ (articles of status 40)', () => {
  it('add, edit through the sanitiser, order, delete: the public list follows; marked `faq` and audited', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const mark = await latestChange(h.db)
    const add = await h.post<AdminFaq>(
      '/api/admin/faq',
      { title: '如何申请发票？', answer: '<p>在订单详情申请</p>', sort: 9999 },
      mk.auth,
    )
    expect(add.http).toBe(200)
    const id = add.data.id
    expect((await publicFaq()).at(-1)).toMatchObject({ id, title: '如何申请发票？' })

    const edit = await h.send<AdminFaq>(
      'PUT',
      `/api/admin/faq/${id}`,
      {
        answer: '<p onclick="x()">见<a href="javascript:alert(1)">这里</a><script>alert(1)</script></p>',
        sort: 9999,
      },
      mk.auth,
    )
    expect(edit.http).toBe(200)
    expect(edit.data.answer).not.toMatch(/script|onclick|javascript/)
    expect(edit.data.answer).toContain('这里')
    const list = await publicFaq()
    expect(list.find((f) => f.id === id)).toMatchObject({ brief: edit.data.answer })
    const admin = (await h.get<AdminFaq[]>('/api/admin/faq', {}, mk.auth)).data
    expect(list.map((f) => f.id)).toEqual(admin.filter((f) => f.enabled).map((f) => f.id))
    expect((await changesSince(h.db, mark)).tags).toContain('faq')
    expect((await auditOf(h, `faq:${id}`))[0]).toMatchObject({ staff: 'marketing', action: 'faq.edit' })

    const del = await h.send('DELETE', `/api/admin/faq/${id}`, undefined, mk.auth)
    expect(del.http).toBe(200)
    expect((await publicFaq()).some((f) => f.id === id)).toBe(false)
    expect((await auditOf(h, `faq:${id}`))[0]).toMatchObject({ action: 'faq.delete' })
  })
})

describe('configuration texts (Users/GetUsersConfigs)', () => {
  it('a privacy text is saved sanitised and served; levels must have ascending stars', async () => {
    const mk = await staffSignIn(h, 'marketing')
    // The run's one seeded database is shared by the other test files: put the texts back after.
    const seeded = await h.db
      .selectFrom('configs')
      .selectAll()
      .where('ckey', 'in', ['content', 'levels'])
      .execute()
    onTestFinished(async () => {
      for (const r of seeded)
        await h.db.updateTable('configs').set({ value: r.value }).where('ckey', '=', r.ckey).execute()
    })
    const mark = await latestChange(h.db)
    const r = await h.send<{ value: string }>(
      'PUT',
      '/api/admin/texts/content',
      { value: '<h2>隐私政策</h2><img src=x onerror="alert(1)"><p>我们保护您的信息</p>' },
      mk.auth,
    )
    expect(r.http).toBe(200)
    expect(r.data.value).not.toContain('onerror')
    const cfg = (await h.get<{ content: string }>('/api/Users/GetUsersConfigs')).data
    expect(cfg.content).toContain('我们保护您的信息')
    expect(cfg.content).not.toContain('onerror')
    expect((await changesSince(h.db, mark)).tags).toContain('config')
    expect((await auditOf(h, 'config:content'))[0]).toMatchObject({
      staff: 'marketing',
      action: 'config.edit',
    })

    const bad = await h.send('PUT', '/api/admin/texts/levels', { value: '{"stars":[5000,2000]}' }, mk.auth)
    expect([bad.http, bad.data]).toEqual([400, '星级门槛须为递增的正数'])
    const good = await h.send(
      'PUT',
      '/api/admin/texts/levels',
      {
        value: JSON.stringify({
          stars: [3000, 50000, 100000, 200000],
          upgradeTexts: [2000, 5000, 10000, 20000],
        }),
      },
      mk.auth,
    )
    expect(good.http).toBe(200)
    expect(
      (await h.get<{ levels: { stars: number[] } }>('/api/Users/GetUsersConfigs')).data.levels.stars[0],
    ).toBe(3000)
  })
})

describe('dictionaries (Classify)', () => {
  it('an entry in use cannot be deleted and says where; an unused one can; order and names are kept', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const classes = await h.get<DictEntry[]>('/api/admin/dictionaries', { key: 'productClass' }, mk.auth)
    const used = classes.data.find((e) => e.usedBy) as DictEntry
    expect(used.usedBy).toMatch(/^\d+个商品$/)
    const refused = await h.send('DELETE', `/api/admin/dictionaries/${used.id}`, undefined, mk.auth)
    expect([refused.http, refused.data]).toEqual([400, `“${used.title}”正被${used.usedBy}使用，不能删除`])

    const tags = await h.get<DictEntry[]>('/api/admin/dictionaries', { key: 'courseTag' }, mk.auth)
    const usedTag = tags.data.find((e) => e.usedBy) as DictEntry
    expect(usedTag.usedBy).toMatch(/门课程/)
    const rename = await h.send('PUT', `/api/admin/dictionaries/${usedTag.id}`, { title: '改名' }, mk.auth)
    expect([rename.http, rename.data]).toEqual([400, `该标签正被${usedTag.usedBy}使用，不能改名`])

    const mark = await latestChange(h.db)
    const add = await h.post<DictEntry>(
      '/api/admin/dictionaries',
      { key: 'productClass', title: '测试分类', sort: 0 },
      mk.auth,
    )
    expect([add.http, add.data]).toMatchObject([200, { title: '测试分类', usedBy: '' }])
    const dup = await h.post('/api/admin/dictionaries', { key: 'productClass', title: '测试分类' }, mk.auth)
    expect([dup.http, dup.data]).toEqual([400, '“测试分类”已存在'])
    const first = (
      await h.get<{ key: string; list: { id: number }[] }[]>('/api/Classify/GetClassifyQuerys')
    ).data.find((g) => g.key === 'productClass')
    expect(first?.list[0]?.id).toBe(add.data.id)
    const del = await h.send('DELETE', `/api/admin/dictionaries/${add.data.id}`, undefined, mk.auth)
    expect(del.http).toBe(200)
    expect((await changesSince(h.db, mark)).tags).toContain('dictionary')
    expect((await auditOf(h, `classify:${add.data.id}`)).map((a) => a.action)).toEqual([
      'dictionary.delete',
      'dictionary.create',
    ])
  })

  it('operator is refused', async () => {
    const op = await staffSignIn(h, 'operator')
    const r = await h.post('/api/admin/faq', { title: '越权' }, op.auth)
    expect([r.http, r.data]).toEqual([403, '没有权限'])
  })
})

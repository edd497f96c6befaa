import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ArticleView } from '../../../src/components/detail/ArticleView.tsx'
import type { ArticleDetail } from '../../../src/lib/api/types.ts'
import { OFF_SHELF } from '../../../src/lib/constants.ts'
import { CONTACT_LOCKED } from '../../../src/lib/rules/task-contact.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { boughtBy, paidItem } from '../../../tests/api/paid-items.ts'
import { newUser } from '../../../tests/api/session.ts'
import { NO_CONTACT } from './content.index.ts'

// Issue 39 part 6: a paid task's contacts are for its author and buyers. Everyone else gets the
// task without them — from the detail, the lists, the search, the home page and the built page —
// and a signed-in author or buyer gets them from Article/GetArticleContact.
const h = startServer()

const detail = (id: number, auth: Record<string, string> = {}) =>
  h.get<ArticleDetail>('/api/Article/GetArticle', { id }, auth)
const contact = (id: number, auth: Record<string, string> = {}) =>
  h.get<{ postName: string; tel: string; addressx: string }>('/api/Article/GetArticleContact', { id }, auth)

/** Every public read a visitor makes that could carry the task: as text, to grep. */
async function publicReads(id: number, title: string) {
  const reads = await Promise.all([
    h.get('/api/Article/GetArticle', { id }),
    h.get('/api/Article/GetArticlePage', { status: 20, pageIndex: 0, pageSize: 20 }),
    h.get('/api/Article/GetArticlePage', { status: 20, title, pageIndex: 0, pageSize: 20 }),
    h.get('/api/Article/GetArticlePage', {
      status: 20,
      isPrice: 1,
      city: '深圳',
      pageIndex: 0,
      pageSize: 20,
    }),
    h.get('/api/Article/GetArticleIndex'),
  ])
  for (const r of reads) expect(r.http).toBe(200)
  return reads.map((r) => JSON.stringify(r.data))
}

describe('a paid task keeps its contacts for buyers (issue 39 part 6)', () => {
  it('visitors and other users get the task without its contact fields: detail, lists, search, home page and the built page', async () => {
    const t = await paidItem(h, { status: 20, priceFen: 990 })
    const row = await h.db
      .selectFrom('articles')
      .select(['post_name', 'addressx'])
      .where('id', '=', t.id)
      .executeTakeFirstOrThrow()
    const reads = await publicReads(t.id, t.title)
    // The search by its title finds it; the detail and the search answer hold no contact value.
    expect(reads[2]).toContain(`"id":${t.id}`)
    for (const text of reads) {
      expect(text).not.toContain(t.tel)
      expect(text).not.toContain(row.post_name)
      expect(text).not.toContain(row.addressx)
    }
    const anon = await detail(t.id)
    expect(anon.data).not.toHaveProperty('tel')
    expect(anon.data).not.toHaveProperty('postName')
    expect(anon.data).not.toHaveProperty('addressx')
    expect(anon.data).toMatchObject({ id: t.id, contactLocked: 1, city: '深圳' })

    // The static page renders the visitor's answer: no phone in its HTML, the prompt to buy instead.
    const html = renderToStaticMarkup(createElement(ArticleView, { a: anon.data }))
    expect(html).not.toContain(t.tel)
    expect(html).not.toContain(row.post_name)
    expect(html).toContain(CONTACT_LOCKED)
    expect(html).toContain(`data-task-contact="${t.id}"`)

    const other = await newUser(h)
    const seen = await detail(t.id, other.auth)
    expect([seen.data.contactLocked, JSON.stringify(seen.data).includes(t.tel)]).toEqual([1, false])
    expect(await contact(t.id, other.auth)).toMatchObject({ http: 403, data: CONTACT_LOCKED })
    expect((await contact(t.id)).http).toBe(401)
  })

  it('its author and each buyer get the contacts, from the detail and from GetArticleContact', async () => {
    const t = await paidItem(h, { status: 20, priceFen: 1500 })
    const own = await contact(t.id, t.author.auth)
    expect([own.http, own.data.tel]).toEqual([200, t.tel])
    expect((await detail(t.id, t.author.auth)).data).toMatchObject({ tel: t.tel, contactLocked: 0 })

    const buyer = await boughtBy(h, t.id, 1500)
    const got = await contact(t.id, buyer.auth)
    expect([got.http, got.data.tel]).toEqual([200, t.tel])
    expect(got.data.postName).toMatch(/^联系人/)
    expect(got.data.addressx).toMatch(/^测试路/)
    expect((await detail(t.id, buyer.auth)).data).toMatchObject({ tel: t.tel, contactLocked: 0 })
    // The public answer (kept by the read cache for every visitor) is still without them.
    expect(JSON.stringify((await detail(t.id)).data)).not.toContain(t.tel)
  })

  it('a free task shows its contacts to everyone, as before; a post has none to ask for; an unlisted task is off the shelf', async () => {
    const t = await paidItem(h, { status: 20, priceFen: 0 })
    expect((await detail(t.id)).data).toMatchObject({ tel: t.tel, contactLocked: 0 })
    const someone = await newUser(h)
    expect((await contact(t.id, someone.auth)).data).toMatchObject({ tel: t.tel })

    const post = await paidItem(h, { status: 10, priceFen: 0 })
    expect(await contact(post.id, someone.auth)).toMatchObject({ http: 404, data: NO_CONTACT })

    const paid = await paidItem(h, { status: 20, priceFen: 500 })
    await h.db.updateTable('articles').set({ ext: '否' }).where('id', '=', paid.id).execute()
    expect(await contact(paid.id, someone.auth)).toMatchObject({ http: 404, data: OFF_SHELF })
  })
})

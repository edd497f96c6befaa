import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import type { ArticleDetail } from '../../../src/lib/api/types.ts'
import { buySection, publishTwoSectionCourse, seededPaidSection } from '../../../tests/api/courses.ts'
import { pathOf } from '../../../tests/api/files.ts'
import { startServer, testClock } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { dbTime } from '../../time.ts'
import { PAID_FILE_URL_MINUTES } from '../uploads/private-files.ts'

const clock = testClock()
const h = startServer({ now: clock.now })
const privateDir = () => join(dirname(inject('uploadDir')), 'private')
const onDisk = (path: string) =>
  path.startsWith('/private/')
    ? join(privateDir(), path.slice('/private/'.length))
    : join(inject('uploadDir'), path.slice('/uploads/'.length))

const article = (id: number, auth: Record<string, string> = {}) =>
  h.get<ArticleDetail>('/api/Article/GetArticle', { id }, auth)

describe('paid course files (issue 13)', () => {
  it('the seed gives every sold section a private file of its own, never a free section’s', async () => {
    // The seed's courses: none is newer than the seed's "today" (other tests publish courses too).
    const sections = await h.db
      .selectFrom('course_sections as s')
      .innerJoin('articles as a', 'a.id', 's.article_id')
      .select(['s.imgurl', 's.status', 's.price_fen'])
      .where('a.create_time', '<=', dbTime(new Date(inject('seededAt'))))
      .execute()
    const paid = sections.filter((s) => s.status === 1 && s.price_fen > 0)
    const free = sections.filter((s) => !(s.status === 1 && s.price_fen > 0))
    expect(paid.length).toBeGreaterThan(10)
    expect(paid.every((s) => s.imgurl.startsWith('/private/seed/'))).toBe(true)
    expect(free.every((s) => s.imgurl.startsWith('/uploads/seed/'))).toBe(true)
    // One file per sold section on the demo-sized seed.
    expect(new Set(paid.map((s) => s.imgurl)).size).toBe(paid.length)
    const freeBytes = await Promise.all(
      [...new Set(free.map((s) => s.imgurl))].map((p) => readFile(onDisk(p))),
    )
    for (const p of paid.slice(0, 5)) {
      const bytes = await readFile(onDisk(p.imgurl))
      expect(freeBytes.some((f) => f.equals(bytes))).toBe(false)
    }
  })

  it('refuses a locked section’s file without a purchase and serves it by a short-lived link after', async () => {
    const section = await seededPaidSection(h.db)
    const buyer = await newUser(h)
    const bytes = await readFile(onDisk(section.imgurl))

    // Locked: neither the visitor nor the signed-in non-buyer gets a path or a link …
    for (const auth of [{}, buyer.auth]) {
      const locked = (await article(section.article_id, auth)).data.list.find((s) => s.id === section.id)
      expect(locked).toMatchObject({ unlock: 0, imgurl: '', url: '' })
    }
    // … and the stored path is no URL: not as it is, not under /uploads.
    for (const url of [section.imgurl, section.imgurl.replace(/^\/private\//, '/uploads/')]) {
      const res = await fetch(`${h.base}${url}`)
      expect([403, 404], url).toContain(res.status)
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(false)
    }

    // Bought (an order paid from the balance), the section comes with a signed link to its file.
    await buySection(h, buyer, section)
    const open = (await article(section.article_id, buyer.auth)).data.list.find((s) => s.id === section.id)
    expect(open).toMatchObject({ unlock: 1, imgurl: section.imgurl })
    const link = open?.url ?? ''
    expect(link).toMatch(new RegExp(`^${section.imgurl.replace(/\./g, '\\.')}\\?e=\\d+&s=[\\w-]+$`))
    const served = await fetch(`${h.base}${link}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true)
    // A video seeks by ranges.
    const part = await fetch(`${h.base}${link}`, { headers: { Range: 'bytes=0-9' } })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true)

    // The link proves this file until it expires, nothing else.
    const [, query] = link.split('?')
    const other = await h.db
      .selectFrom('course_sections')
      .select('imgurl')
      .where('imgurl', 'like', '/private/%')
      .where('imgurl', '!=', section.imgurl)
      .executeTakeFirstOrThrow()
    const forged = [
      `${other.imgurl}?${query}`,
      link.replace(/s=([\w-])/, (_, c: string) => `s=${c === 'A' ? 'B' : 'A'}`),
      link.replace(/e=(\d+)/, (_, e: string) => `e=${Number(e) + 3600}`),
    ]
    for (const url of forged) expect((await fetch(`${h.base}${url}`)).status, url).toBe(403)
    clock.advance((PAID_FILE_URL_MINUTES + 2) * 60_000)
    const expired = await fetch(`${h.base}${link}`)
    expect([expired.status, await expired.text()]).toEqual([403, '403 链接无效或已过期，请刷新页面后重试'])
    // Asking again gives a fresh one.
    const again = (await article(section.article_id, buyer.auth)).data.list.find((s) => s.id === section.id)
    expect((await fetch(`${h.base}${again?.url}`)).status).toBe(200)
  })

  it('publishing moves a paid section’s file into the private tree and a free one’s into the public', async () => {
    // The course form uploads section files privately; an API client may send a public one.
    const { author, freeVideo, paidPdf, fields } = await publishTwoSectionCourse(h, '', '文件去向')
    const { id } = await h.db
      .selectFrom('articles')
      .select('id')
      .where('create_id', '=', author.id)
      .executeTakeFirstOrThrow()
    const stored = await h.db
      .selectFrom('course_sections')
      .select('imgurl')
      .where('article_id', '=', id)
      .orderBy('sort')
      .execute()
    expect(stored.map((s) => s.imgurl)).toEqual([pathOf(freeVideo, 'mp4'), pathOf(paidPdf, 'pdf', 'private')])
    // The visitor plays the free one from its public path; the paid one is locked to them.
    const seen = (await article(id)).data.list
    expect(seen.map((s) => [s.unlock, s.url])).toEqual([
      [1, pathOf(freeVideo, 'mp4')],
      [0, ''],
    ])
    expect(Buffer.from(await (await fetch(`${h.base}${seen[0]?.url}`)).arrayBuffer()).equals(freeVideo)).toBe(
      true,
    )
    // The author opens both: the paid one by a signed link, and edits the course with its stored paths.
    const own = (await article(id, author.auth)).data.list
    expect(own[1]?.imgurl).toBe(pathOf(paidPdf, 'pdf', 'private'))
    expect(Buffer.from(await (await fetch(`${h.base}${own[1]?.url}`)).arrayBuffer()).equals(paidPdf)).toBe(
      true,
    )
    const kept = await h.post(
      '/api/Article/PostArticleUpdate',
      {
        id,
        ...fields,
        list: own.map((s) => ({
          id: s.id,
          title: s.title,
          imgurl: s.imgurl,
          status: s.status,
          price: String(s.price),
          params: String(s.params),
        })),
      },
      author.auth,
    )
    expect(kept.data).toBe('发布成功')
  })
})

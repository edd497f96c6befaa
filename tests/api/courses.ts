/**
 * Paid course sections for the API tests of paid files, on local disk and in a bucket: a seeded
 * one, and a course published through the real call with one free and one paid section.
 *   const c = await publishTwoSectionCourse(h, 's3', '文件去向')
 *   pathOf(c.paidPdf, 'pdf', 'private')
 */
import { expect } from 'vitest'
import type { Db } from '../../server/db/index.ts'
import { LISTED } from '../../src/lib/constants.ts'
import { pathOf, tinyMp4, tinyPdf, tinyPng, uploaded } from './files.ts'
import type { Harness } from './harness.ts'
import { newUser } from './session.ts'

/**
 * A listed paid course of the seed with a sold section (status 1, priced), and that section: the
 * seed's own (the first), since other test files add paid sections of theirs meanwhile.
 */
export const seededPaidSection = (db: Db) =>
  db
    .selectFrom('course_sections as s')
    .innerJoin('articles as a', 'a.id', 's.article_id')
    .select(['s.id', 's.article_id', 's.imgurl', 's.price_fen'])
    .where('s.status', '=', 1)
    .where('s.price_fen', '>', 0)
    .where('a.ext', '=', LISTED)
    .where('a.is_show', '=', 1)
    .orderBy('s.id')
    .executeTakeFirstOrThrow()

/**
 * `buyer` buys one section on its own, paid from a balance of just its price (the order must be
 * paid at once, status 20).
 */
export async function buySection(
  h: Harness,
  buyer: { id: number; auth: Record<string, string> },
  section: { id: number; article_id: number; price_fen: number },
) {
  await h.db.updateTable('users').set({ balance_fen: section.price_fen }).where('id', '=', buyer.id).execute()
  const order = await h.post<number>(
    '/api/Orders/PostOrdersAppend',
    { list: [{ articleId: section.article_id, sectionId: section.id }] },
    buyer.auth,
  )
  const paid = await h.get('/api/Orders/GetOrdersPay', { id: order.data, way: 'balance' }, buyer.auth)
  expect(paid.data).toEqual({ status: 20 })
}

/**
 * A new author (level 20) publishes a course: its cover, a free video section uploaded privately
 * (as the course form uploads section files) and a paid PDF uploaded publicly (as an API client
 * may). `tag` makes the files' bytes the caller's own. `fields` are the course's own fields, for an
 * update that keeps them.
 */
export async function publishTwoSectionCourse(h: Harness, tag: string, title: string) {
  const author = await newUser(h)
  await h.db.updateTable('users').set({ level: 20 }).where('id', '=', author.id).execute()
  const cover = await uploaded(h, tinyPng(`${tag}paid files cover`), 'c.png', author.auth)
  const freeVideo = tinyMp4(`${tag}free section video`)
  const paidPdf = tinyPdf(`${tag}paid section handout`)
  await uploaded(h, freeVideo, 'free.mp4', author.auth, 'private')
  await uploaded(h, paidPdf, 'paid.pdf', author.auth)
  const [cls] = await h.db.selectFrom('classifies').select('id').where('ckey', '=', 'courseClass').execute()
  const fields = { title, imgurl: cover, classId: cls?.id, free: 1, price: '50', content: '<p>介绍</p>' }
  const r = await h.post(
    '/api/Article/PostArticleAppend',
    {
      status: 30,
      ...fields,
      list: [
        { title: '第1节 试看', imgurl: pathOf(freeVideo, 'mp4', 'private'), status: 2, params: '60' },
        { title: '第2节 讲义', imgurl: pathOf(paidPdf, 'pdf'), status: 1, price: '9.9', params: '' },
      ],
    },
    author.auth,
  )
  expect(r.data).toBe('发布成功')
  return { author, freeVideo, paidPdf, fields }
}

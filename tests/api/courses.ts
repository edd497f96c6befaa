/**
 * A course published through the real call with one free and one paid section, for the API tests
 * that follow where a section's file goes when it is published (on local disk and in a bucket).
 *   const c = await publishTwoSectionCourse(h, 's3', '文件去向')
 *   pathOf(c.paidPdf, 'pdf', 'private')
 */
import { expect } from 'vitest'
import { pathOf, tinyMp4, tinyPdf, tinyPng, uploaded } from './files.ts'
import type { Harness } from './harness.ts'
import { newUser } from './session.ts'

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

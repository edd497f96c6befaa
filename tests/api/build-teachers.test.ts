/**
 * A partial build tells teachers (they have a static instructor page) without paging through every
 * course: teachersAmong asks about each named user. It must name the same teachers as the full
 * build's rule (allTeachers in src/lib/build/data.ts): on the home page's recommended list, or the
 * author of a listed course — here read the full build's way, every course page by page.
 */
import { expect, it } from 'vitest'
import { defaultConfig } from '../../server/config.ts'
import { createApi, createHttp } from '../../src/lib/api/index.ts'
import type { ArticleCard, PublicUser } from '../../src/lib/api/types.ts'
import { teachersAmong } from '../../src/lib/build/data.ts'
import { startServer } from './harness.ts'

const h = startServer()

it('finds the same teachers among the users as paging through every course does', async () => {
  const { signKey: key, signIv: iv } = defaultConfig()
  const api = createApi(
    createHttp({
      baseURL: h.base,
      signSecret: { key, iv },
      storage: null,
      notify: () => {},
      onUnauthorized: () => {},
    }),
  )
  const courses: ArticleCard[] = []
  for (let pageIndex = 0; ; pageIndex++) {
    const page = await api.getArticlePage({ status: 30, pageIndex, pageSize: 100 })
    courses.push(...page.pageData)
    if (courses.length >= page.pageTotal || !page.pageData.length) break
  }
  const index = (await h.get<{ user: PublicUser[] }>('/api/Article/GetArticleIndex')).data
  const expected = new Set([
    ...index.user.map((u) => u.id),
    ...courses.flatMap((c) => (c.createId === null ? [] : [c.createId])),
  ])
  const users = (await h.db.selectFrom('users').select('id').execute()).map((u) => u.id)
  expect(expected.size).toBeGreaterThan(0)
  expect(users.length).toBeGreaterThan(expected.size) // some users are no teachers
  expect(new Set(await teachersAmong(users, api))).toEqual(expected)
  expect(await teachersAmong([], api)).toEqual([])
})

import { brotliDecompressSync } from 'node:zlib'
import { type Context, Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { ArticleStatus, LISTED } from '../src/lib/constants.ts'
import { tinyPng, uploaded } from '../tests/api/files.ts'
import { startServer } from '../tests/api/harness.ts'
import { newUser } from '../tests/api/session.ts'
import { markChanged } from './changes.ts'
import type { Env } from './http.ts'
import { readCache } from './read-cache.ts'
import { dbTime } from './time.ts'

const h = startServer()

interface Raw<T = unknown> {
  http: number
  hit: boolean
  data: T
}

/** A signed GET (anonymous unless `headers` carry a session), with the cache's hit mark. */
async function raw<T>(path: string, headers: Record<string, string> = {}): Promise<Raw<T>> {
  const res = await fetch(`${h.base}${path}`, { headers: { sign: h.sign(), ...headers } })
  const json = (await res.json()) as { data: T }
  return { http: res.status, hit: res.headers.get('X-Read-Cache') === 'hit', data: json.data }
}

/**
 * Asks until `done`. Other test files write change marks into the same database all the time,
 * and each one empties this server's cache within a second: "served again" can need a retry.
 */
async function until<T>(ask: () => Promise<T>, done: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await ask()
    if (done(v) || Date.now() > end) return v
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Two anonymous reads in a row, until the second comes from the cache. */
const cachedRead = <T>(path: string) =>
  until(
    async () => {
      await raw(path)
      return raw<T>(path)
    },
    (r) => r.hit,
  )

const DICTIONARY = '/api/Classify/GetClassifyQuerys'

const paidCourse = () =>
  h.db
    .selectFrom('articles')
    .select(['id'])
    .where('status', '=', ArticleStatus.course)
    .where('ext', '=', LISTED)
    .where('is_show', '=', 1)
    .where('price_fen', '>', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow()

describe('the public read cache (issue 12)', () => {
  it('serves an anonymous public read again from memory, the same answer', async () => {
    const first = await raw(DICTIONARY)
    const again = await cachedRead(DICTIONARY)
    expect(again.hit).toBe(true)
    expect(again.data).toEqual(first.data)
    // The FAQ is a public read; the other kinds of the same call are not.
    expect((await cachedRead('/api/Article/GetArticleQuery?status=40')).hit).toBe(true)
  })

  it('keeps anonymous and signed-in answers apart: isLike and unlock stay per user', async () => {
    const u = await newUser(h)
    const { id } = await paidCourse()
    expect(
      (
        await h.post(
          '/api/UserLike/PostUserLikeAppend',
          { tagId: id, status: 30, title: 'x', ext: '' },
          u.auth,
        )
      ).data,
    ).toBe('收藏成功')
    await h.db
      .insertInto('purchases')
      .values({
        user_id: u.id,
        article_id: id,
        section_id: null,
        order_id: null,
        create_time: '2026-11-22 10:00:00',
      })
      .execute()
    type D = { isLike: number; unlock: number }
    const path = `/api/Article/GetArticle?id=${id}`

    // Signed in first: what the user sees must not become the anonymous answer.
    const mine = await raw<D>(path, u.auth)
    expect([mine.hit, mine.data.isLike, mine.data.unlock]).toEqual([false, 1, 1])
    const anon = await cachedRead<D>(path)
    expect([anon.hit, anon.data.isLike, anon.data.unlock]).toEqual([true, 0, 0])
    // And the other way round: with an anonymous answer kept, the user still gets their own.
    const mineAgain = await raw<D>(path, u.auth)
    expect([mineAgain.hit, mineAgain.data.isLike, mineAgain.data.unlock]).toEqual([false, 1, 1])
    // Any Authorization header bypasses the cache, even one that names no session.
    const badToken = await raw<D>(path, { Authorization: 'Bearer no-such-token' })
    expect([badToken.hit, badToken.data.isLike]).toEqual([false, 0])
  })

  it('serves a signed-in visitor the listings kept for everyone, never their own list', async () => {
    const u = await newUser(h)
    type Page = { pageData: { id: number }[]; pageTotal: number }
    const listing = '/api/Article/GetArticlePage?status=30&pageIndex=0&pageSize=20'
    const anon = await cachedRead<Page>(listing)
    const signedIn = await until(
      () => raw<Page>(listing, u.auth),
      (r) => r.hit,
    )
    expect([signedIn.hit, signedIn.data]).toEqual([true, anon.data])
    expect(
      (
        await until(
          () => raw(DICTIONARY, u.auth),
          (r) => r.hit,
        )
      ).hit,
    ).toBe(true)
    // Their own courses (none yet) are theirs: never kept, never served from what others got.
    const own = `${listing}&isCreate=1`
    for (let i = 0; i < 2; i++) {
      const r = await raw<Page>(own, u.auth)
      expect([r.hit, r.data.pageTotal]).toEqual([false, 0])
    }
    // Without a session the own list is refused as before, not answered from the cache.
    expect((await raw(own)).http).toBe(401)
  })

  it('shows a publish through the API at once, and another process’s marked change within a second', async () => {
    type Page = { pageData: { id: number; title: string }[] }
    const list = `/api/Article/GetArticlePage?status=10&pageIndex=0&pageSize=20`
    expect((await cachedRead<Page>(list)).hit).toBe(true)

    const u = await newUser(h)
    const title = `缓存${Date.now() % 100000}`
    const post = {
      status: 10,
      title,
      imgurl: await uploaded(h, tinyPng('read cache cover'), 'cover.png', u.auth),
      free: 2,
    }
    const [cls] = await h.db
      .selectFrom('classifies')
      .select('id')
      .where('ckey', '=', 'communityClass')
      .execute()
    const published = await h.post(
      '/api/Article/PostArticleAppend',
      { ...post, classId: cls?.id, content: '<p>新帖</p>' },
      u.auth,
    )
    expect(published.data).toBe('发布成功')
    // A write through this process makes the next read look for marks before serving. (Other test
    // files publish too, so the post is looked for on the page, not only first.)
    const after = await raw<Page>(list)
    expect(after.data.pageData.map((a) => a.title)).toContain(title)

    // Another process: the row changes in the database with its mark, not through this server.
    const cached = await cachedRead<Page>(list)
    const first = cached.data.pageData[0]
    if (!first) throw new Error('a listed post expected')
    const renamed = `改名${Date.now() % 100000}`
    await h.db.updateTable('articles').set({ title: renamed }).where('id', '=', first.id).execute()
    await markChanged(h.db, [`article:${first.id}`, 'list:10'], dbTime(new Date()))
    const started = Date.now()
    const titleOf = (r: Raw<Page>) => r.data.pageData.find((a) => a.id === first.id)?.title
    const seen = await until(
      () => raw<Page>(list),
      (r) => titleOf(r) === renamed,
      3000,
    )
    expect(titleOf(seen)).toBe(renamed)
    // Marks are read at most every half second: the change shows within a second (and some slack).
    expect(Date.now() - started).toBeLessThan(1500)
  })

  it('checks the sign before serving from memory', async () => {
    expect((await cachedRead(DICTIONARY)).hit).toBe(true)
    const refused = async (sign: string | null) => {
      const res = await fetch(`${h.base}${DICTIONARY}`, { headers: sign === null ? {} : { sign } })
      return [res.status, res.headers.get('X-Read-Cache'), ((await res.json()) as { data: string }).data]
    }
    expect(await refused(null)).toEqual([403, null, '请求缺少签名，请刷新页面后重试'])
    expect(await refused('bm90LWEtc2lnbg==')).toEqual([403, null, '请求签名无效，请刷新页面后重试'])
    expect(await refused(h.sign(Date.now() - 6 * 60_000))).toEqual([
      403,
      null,
      '请求签名已过期，请校准本机时间后重试',
    ])
  })

  it('never keeps a call off the list, a refusal, or a caller’s own items', async () => {
    const { id } = await paidCourse()
    const never = [
      // Public, but comments change without a mark: not on the list.
      `/api/Comment/GetCommentQuery?id=${id}`,
      // Refusals: a missing item, own items without a session, a bad query.
      '/api/Article/GetArticle?id=2000000000',
      '/api/Article/GetArticlePage?status=10&isCreate=1',
      '/api/Article/GetArticleQuery?status=200',
      '/api/Region/GetRegionQueryTitle',
    ]
    for (const path of never) {
      const answers = [await raw(path), await raw(path), await raw(path)]
      expect(
        answers.map((a) => a.hit),
        path,
      ).toEqual([false, false, false])
    }
  })
})

describe('readCache, alone', () => {
  /** A tiny API over the cache, its handler counting calls, on a clock the test moves. */
  function rig(opts: { maxEntries?: number; ttlMs?: number } = {}) {
    let t = 0
    let calls = 0
    let status = 200
    const cache = readCache({
      db: h.db,
      ttlMs: opts.ttlMs ?? 30_000,
      maxEntries: opts.maxEntries,
      clock: () => t,
    })
    const app = new Hono<Env>()
    app.use('*', cache)
    const answer = async (c: Context<Env>) => {
      calls++
      const n = calls
      if (c.req.query('clear')) cache.clear()
      // A slow query, so that callers overlap.
      if (c.req.query('slow')) await new Promise((r) => setTimeout(r, 50))
      return c.json({ status, data: `${c.req.path} ${n} ${'x'.repeat(2000)}` }, status as 200)
    }
    app.get('/api/Adinfo/GetAdinfoAll', answer)
    app.get('/api/Users/GetUsers', answer)
    app.get('/api/Users/GetUsersInfo', answer)
    app.post('/api/Users/GetUsers', answer)
    return {
      get: (path: string, headers: Record<string, string> = {}) => app.request(path, { headers }),
      post: (path: string) => app.request(path, { method: 'POST' }),
      calls: () => calls,
      advance: (ms: number) => {
        t += ms
      },
      fail: (s: number) => {
        status = s
      },
      cache,
    }
  }

  it('keys by path and sorted query, and keeps an answer for its TTL only', async () => {
    const r = rig({ ttlMs: 10_000 })
    await r.get('/api/Users/GetUsers?id=1&b=2')
    const hit = await r.get('/api/Users/GetUsers?b=2&id=1')
    expect([r.calls(), hit.headers.get('X-Read-Cache')]).toEqual([1, 'hit'])
    await r.get('/api/Users/GetUsers?id=2')
    expect(r.calls()).toBe(2)
    r.advance(10_001)
    await r.get('/api/Users/GetUsers?id=1&b=2')
    expect(r.calls()).toBe(3)
  })

  it('drops the least recently used beyond its bound', async () => {
    const r = rig({ maxEntries: 2 })
    for (const id of [1, 2, 1, 3]) await r.get(`/api/Users/GetUsers?id=${id}`)
    expect([r.calls(), r.cache.size()]).toEqual([3, 2])
    await r.get('/api/Users/GetUsers?id=1')
    expect(r.calls()).toBe(3)
    await r.get('/api/Users/GetUsers?id=2')
    expect(r.calls()).toBe(4)
  })

  it('empties on a new change mark, read at most every half second', async () => {
    const r = rig()
    await r.get('/api/Adinfo/GetAdinfoAll')
    await markChanged(h.db, ['banner'], dbTime(new Date()))
    // Within the half second since the last look at the marks: still served from memory.
    r.advance(450)
    await r.get('/api/Adinfo/GetAdinfoAll')
    expect(r.calls()).toBe(1)
    r.advance(50)
    await r.get('/api/Adinfo/GetAdinfoAll')
    expect(r.calls()).toBe(2)
    // A write through this process: the next read looks at the marks at once.
    await markChanged(h.db, ['banner'], dbTime(new Date()))
    await r.post('/api/Users/GetUsers')
    await r.get('/api/Adinfo/GetAdinfoAll')
    expect(r.calls()).toBe(4)
  })

  it('keeps no answer made across an emptying, no refusal, and nothing of a session or off the list', async () => {
    const r = rig()
    await r.get('/api/Users/GetUsers?id=5&clear=1')
    await r.get('/api/Users/GetUsers?id=5&clear=1')
    expect(r.calls()).toBe(2)
    await r.get('/api/Users/GetUsers?id=6', { Authorization: 'Bearer t' })
    await r.get('/api/Users/GetUsers?id=6', { Authorization: 'Bearer t' })
    await r.get('/api/Users/GetUsersInfo')
    await r.get('/api/Users/GetUsersInfo')
    expect(r.calls()).toBe(6)
    r.fail(404)
    await r.get('/api/Users/GetUsers?id=7')
    await r.get('/api/Users/GetUsers?id=7')
    expect(r.calls()).toBe(8)
  })

  it('computes an answer once for callers who ask at the same time', async () => {
    const r = rig()
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => r.get('/api/Users/GetUsers?id=8&slow=1')),
    )
    expect(r.calls()).toBe(1)
    expect(answers.filter((a) => a.headers.get('X-Read-Cache') === 'hit')).toHaveLength(4)
    expect(new Set(await Promise.all(answers.map((a) => a.text()))).size).toBe(1)
    // A refusal is not shared: each waiting caller then asks for itself.
    r.fail(404)
    await Promise.all(Array.from({ length: 3 }, () => r.get('/api/Users/GetUsers?id=9&slow=1')))
    expect(r.calls()).toBe(4)
  })

  it('serves a kept answer compressed to a client that takes br, made once', async () => {
    const r = rig()
    const plain = await (await r.get('/api/Users/GetUsers?id=9')).text()
    const br = await r.get('/api/Users/GetUsers?id=9', { 'Accept-Encoding': 'gzip, br' })
    expect([br.headers.get('Content-Encoding'), br.headers.get('Vary')]).toEqual(['br', 'Accept-Encoding'])
    const body = Buffer.from(await br.arrayBuffer())
    expect(Number(br.headers.get('Content-Length'))).toBe(body.length)
    expect(brotliDecompressSync(body).toString()).toBe(plain)
    expect(r.calls()).toBe(1)
  })
})

import { describe, expect, it } from 'vitest'
import { defaultConfig, loadConfig } from '../../server/config.ts'
import { startServer } from './harness.ts'
import { staffSignIn } from './staff.ts'

const h = startServer()

describe('the sign header (accounts §7)', () => {
  const list = '/api/Article/GetArticlePage?status=30'
  const withSign = (sign: string | null) =>
    fetch(`${h.base}${list}`, { headers: sign === null ? {} : { sign } }).then(async (r) => ({
      http: r.status,
      body: (await r.json()) as { status: number; data: unknown },
    }))

  it('accepts a fresh sign', async () => {
    expect((await withSign(h.sign())).http).toBe(200)
    expect((await withSign(h.sign(Date.now() - 4 * 60_000))).http).toBe(200)
  })

  it('refuses a missing, garbled, stale or far-future sign with a message and without 401', async () => {
    const cases = [null, 'not-a-sign', h.sign(Date.now() - 6 * 60_000), h.sign(Date.now() + 6 * 60_000)]
    for (const sign of cases) {
      const r = await withSign(sign)
      expect(r.http).toBe(403)
      expect(r.body.status).toBe(403)
      expect(r.body.data).toMatch(/签名/)
    }
  })
})

describe('malformed input gets a 4xx envelope with a message, never a 500', () => {
  const bad: [string, Record<string, string>][] = [
    ['/api/Article/GetArticlePage', { status: '30', pageSize: '-1' }],
    ['/api/Article/GetArticlePage', { status: '30', pageSize: '0' }],
    ['/api/Article/GetArticlePage', { status: '30', pageSize: '1000000' }],
    ['/api/Article/GetArticlePage', { status: '30', pageSize: 'abc' }],
    ['/api/Article/GetArticlePage', { status: '30', pageIndex: '-5' }],
    ['/api/Article/GetArticlePage', { status: '30', pageIndex: '99999999999999999999' }],
    ['/api/Article/GetArticlePage', { status: '30', pageIndex: '1e3' }],
    ['/api/Article/GetArticlePage', { status: '99' }],
    ['/api/Article/GetArticlePage', {}],
    ['/api/Article/GetArticlePage', { status: '30', pageOrder: 'id; DROP TABLE users' }],
    ['/api/Article/GetArticlePage', { status: '30', pageSort: 'sideways' }],
    ['/api/Article/GetArticlePage', { status: '30', isPrice: '7' }],
    ['/api/Article/GetArticlePage', { status: '30', classId: "1' OR '1'='1" }],
    ['/api/Article/GetArticlePage', { status: '30', stime: '2026' }],
    ['/api/Article/GetArticlePage', { status: '30', etime: '20261399000000' }],
    ['/api/Article/GetArticlePage', { status: '30', title: 'x'.repeat(500) }],
    ['/api/Article/GetArticle', { id: 'abc' }],
    ['/api/Article/GetArticle', { id: '0' }],
    ['/api/Article/GetArticle', { id: '1 OR 1=1' }],
    ['/api/Article/GetArticle', {}],
    ['/api/Article/GetArticleQuery', { status: 'x' }],
    ['/api/ProductSpu/GetProductSpu', { id: '-3' }],
    ['/api/ProductSpu/GetProductSpuPage', { pageSize: '101' }],
    ['/api/Users/GetUsers', { id: '1.5' }],
    ['/api/Nope/Nothing', {}],
  ]
  for (const [path, query] of bad) {
    it(`${path} ${JSON.stringify(query)}`, async () => {
      const r = await h.get(path, query)
      expect(r.http).toBeGreaterThanOrEqual(400)
      expect(r.http).toBeLessThan(500)
      expect(r.status).toBe(r.http)
      expect(typeof r.data).toBe('string')
      expect(r.data as string).toMatch(/[\u4e00-\u9fa5]/)
    })
  }

  it('an injection string in a text filter is just text', async () => {
    const r = await h.get<{ pageData: unknown[] }>('/api/Article/GetArticlePage', {
      status: '30',
      title: "'; DROP TABLE articles; --",
      tag: "' OR 1=1 --",
    })
    expect(r.http).toBe(200)
    expect(r.data.pageData).toEqual([])
    const still = await h.get<{ pageTotal: number }>('/api/Article/GetArticlePage', { status: '30' })
    expect(still.data.pageTotal).toBeGreaterThan(0)
  })
})

describe('control characters in a text parameter are removed, never a 500 (issue 39)', () => {
  // A NUL ended the FTS5 MATCH string on SQLite and is no text to PostgreSQL: 500 on both before.
  // Each text with its control characters (NUL, other C0, DEL, C1) → the same answer as `plain`.
  const dirty = (plain: string) => {
    const [a = '', b = ''] = [plain.slice(0, 1), plain.slice(1)]
    return [`${a}\u0000${b}`, `\u0001${a}\u001f${b}`, `${a}\u007f${b}\u0085`, `${a}\t${b}`]
  }
  type Page = { pageTotal: number; pageData: unknown[] }
  const same = async (path: string, q: Record<string, string>, key: string, plain: string, auth = {}) => {
    const want = await h.get<Page>(path, { ...q, [key]: plain }, auth)
    expect(want.http).toBe(200)
    for (const v of [...dirty(plain), '\u0000', '\u0000\u0007\u009f']) {
      const r = await h.get<Page>(path, { ...q, [key]: v }, auth)
      expect([v, r.http]).toEqual([v, 200])
      // Nothing but control characters: no filter at all.
      const expected = v.replace(/\p{Cc}/gu, '') === '' ? await h.get<Page>(path, q, auth) : want
      expect([v, r.data.pageTotal, r.data.pageData]).toEqual([
        v,
        expected.data.pageTotal,
        expected.data.pageData,
      ])
    }
    return want.data.pageTotal
  }

  it('the title search of both public listings, on the trigram index (3+) and the pieces (1-2)', async () => {
    const articles = '/api/Article/GetArticlePage'
    const products = '/api/ProductSpu/GetProductSpuPage'
    const first = async (path: string, q: Record<string, string>) =>
      (await h.get<{ pageData: { title: string }[] }>(path, { ...q, pageSize: '1' })).data.pageData[0]
        ?.title ?? ''
    const a = await first(articles, { status: '30' })
    const p = await first(products, {})
    for (const [path, q, title] of [
      [articles, { status: '30' }, a],
      [products, {}, p],
    ] as const) {
      expect(await same(path, q, 'title', [...title].slice(0, 3).join(''))).toBeGreaterThan(0)
      expect(await same(path, q, 'title', [...title].slice(0, 2).join(''))).toBeGreaterThan(0)
    }
    await same(products, {}, 'tag', '包邮')
  })

  it("the back office's searches: orders (q, code, tel), customers, the audit log; a path's code is refused", async () => {
    const { auth } = await staffSignIn(h, 'admin')
    for (const [key, plain] of [
      ['q', '13'],
      ['q', 'D20'],
      ['code', 'D2'],
      ['tel', '138'],
    ] as const)
      await same('/api/admin/orders', {}, key, plain, auth)
    await same('/api/admin/customers', {}, 'q', '138', auth)
    await same('/api/admin/audit', {}, 'target', 'order', auth)
    expect((await h.get('/api/admin/orders/export', { q: 'a\u0000b' }, auth)).http).toBe(200)
    for (const v of ['D1\u0000', '\u0000', 'D\u007f1']) {
      const r = await h.get(`/api/admin/orders/${encodeURIComponent(v)}`, {}, auth)
      expect([r.http, r.data]).toEqual([400, '订单号不能包含控制字符'])
    }
  })
})

describe('CORS: only the site itself and the configured origins (issue 13)', () => {
  const site = new URL(defaultConfig().siteUrl).origin
  const ask = (origin: string, method = 'GET') =>
    fetch(`${h.base}/api/Classify/GetClassifyQuerys`, {
      method,
      headers: {
        origin,
        sign: h.sign(),
        ...(method === 'OPTIONS'
          ? { 'access-control-request-method': 'GET', 'access-control-request-headers': 'sign' }
          : {}),
      },
    })

  it("answers the site's own origin, in the preflight and the call", async () => {
    expect((await ask(site)).headers.get('access-control-allow-origin')).toBe(site)
    expect((await ask(site, 'OPTIONS')).headers.get('access-control-allow-origin')).toBe(site)
  })

  it('gives another origin no Access-Control-Allow-Origin, so its pages cannot read the answer', async () => {
    for (const method of ['GET', 'OPTIONS']) {
      expect(
        (await ask('https://evil.example', method)).headers.get('access-control-allow-origin'),
      ).toBeNull()
    }
  })

  it('takes more origins from CORS_ORIGINS and refuses a malformed one', () => {
    const c = loadConfig({ CORS_ORIGINS: 'https://shop.example.cn/, http://localhost:4321' })
    expect(c.corsOrigins).toEqual([
      'http://localhost:4321',
      'https://shop.example.cn',
      'http://localhost:4321',
    ])
    expect(() => loadConfig({ CORS_ORIGINS: 'ftp://x' })).toThrow(/CORS_ORIGINS 中的地址无效/)
  })
})

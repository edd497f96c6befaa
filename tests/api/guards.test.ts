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

describe('a control character in a text parameter is refused with a 400, never a 500 (issue 39)', () => {
  // A NUL ended the FTS5 MATCH string on SQLite and is no text to PostgreSQL: 500 on both before.
  const controls = ['a\u0000b', '\u0000', 'ab\u0001c', '口腔\u001f', 'a\u007fb', '\u0085abc']
  const refused = (r: { http: number; status: number; data: unknown }, label: string) => {
    expect(r.http).toBe(400)
    expect(r.status).toBe(400)
    expect(r.data).toBe(`${label}不能包含控制字符`)
  }

  it('the title search of both public listings', async () => {
    for (const title of controls) {
      refused(await h.get('/api/Article/GetArticlePage', { status: '30', title }), '搜索内容')
      refused(await h.get('/api/ProductSpu/GetProductSpuPage', { title }), '搜索内容')
      refused(await h.get('/api/ProductSpu/GetProductSpuPage', { tag: title }), '标签')
    }
    // Tabs and new lines inside the text too; around it they are trimmed as before.
    refused(await h.get('/api/ProductSpu/GetProductSpuPage', { title: '口腔\t科' }), '搜索内容')
    expect((await h.get('/api/ProductSpu/GetProductSpuPage', { title: '\t口腔科\n' })).http).toBe(200)
  })

  it("the back office's searches: orders (q, code, tel, an order's code), customers, the audit log", async () => {
    const { auth } = await staffSignIn(h, 'admin')
    for (const v of controls) {
      refused(await h.get('/api/admin/orders', { q: v }, auth), '搜索内容')
      refused(await h.get('/api/admin/orders', { code: v }, auth), '订单号（包含）')
      refused(await h.get('/api/admin/orders', { tel: v }, auth), '买家或收货人手机号（包含）')
      refused(await h.get('/api/admin/orders/export', { q: v }, auth), '搜索内容')
      refused(await h.get(`/api/admin/orders/${encodeURIComponent(v)}`, {}, auth), '订单号')
      refused(await h.get('/api/admin/customers', { q: v }, auth), '手机号、姓名或用户编号')
      refused(await h.get('/api/admin/audit', { target: v }, auth), '对象')
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

import { describe, expect, it } from 'vitest'
import { createApi, type HttpOptions } from '../../src/lib/api/index.ts'
import { readSign } from '../../src/lib/sign.ts'
import {
  clientOn,
  expectSessionKept,
  expectSignedOut,
  memoryStorage,
  nobodyThere,
  recordingServer,
  refusal,
  secret,
} from './http-client.ts'

/** The answers of accounts §8, one path each. */
const routes: Record<string, { code: number; body: string; type?: string; statusText?: string }> = {
  '/api/ok': { code: 200, body: JSON.stringify({ status: 200, data: { a: 1 } }) },
  '/api/post': { code: 200, body: JSON.stringify({ status: 200, data: { id: 5 } }) },
  '/api/refuse': { code: 200, body: JSON.stringify({ status: 400, data: '请选择商品规格' }) },
  '/api/refuse-message': { code: 200, body: JSON.stringify({ status: 300, message: '只有message' }) },
  '/api/refuse-empty': { code: 200, body: JSON.stringify({ status: 300 }) },
  '/api/body500': { code: 200, body: JSON.stringify({ status: 500, data: '数据库忙' }) },
  '/api/not-envelope': { code: 200, body: JSON.stringify([1, 2]) },
  '/api/http400': {
    code: 400,
    body: JSON.stringify({ status: 400, data: '编号须为1到2147483647之间的整数' }),
  },
  '/api/http401': { code: 401, body: JSON.stringify({ status: 401, data: '请登录' }) },
  '/api/http403': {
    code: 403,
    body: JSON.stringify({ status: 403, data: '请求签名无效，请刷新页面后重试' }),
  },
  '/api/http502': {
    code: 502,
    body: '<html>bad gateway</html>',
    type: 'text/html',
    statusText: 'Bad Gateway',
  },
  '/api/string': { code: 200, body: '{"status":200,"data":{"s":"文本"}}', type: 'text/plain' },
  '/api/string-twice': { code: 200, body: JSON.stringify(JSON.stringify({ status: 200, data: 7 })) },
  '/api/Upload/PostUpload': {
    code: 200,
    body: JSON.stringify({ status: 200, data: { path: '/uploads/a.png' } }),
  },
}

const at = recordingServer((req) => {
  const path = (req.url ?? '').split('?')[0] ?? ''
  // Any other path answers its own URL, for checking paths and query strings.
  return (
    routes[path] ?? {
      code: 200,
      body: JSON.stringify({ status: 200, data: req.url }),
      type: 'application/json',
    }
  )
})
const setup = (overrides: Partial<HttpOptions> = {}) => clientOn(at.base, overrides)

describe('createHttp: answers', () => {
  it('GET resolves to the inner data', async () => {
    const { http, notes } = setup()
    await expect(http.get('/api/ok')).resolves.toEqual({ a: 1 })
    expect(notes).toEqual([])
  })

  it('POST resolves to the whole body and sends the body as JSON', async () => {
    const { http } = setup()
    await expect(http.post('/api/post', { title: '标题', n: 1 })).resolves.toEqual({
      status: 200,
      data: { id: 5 },
    })
    expect(at.seen[0]?.method).toBe('POST')
    expect(JSON.parse(at.seen[0]?.body ?? '')).toEqual({ title: '标题', n: 1 })
    // Bodies that are only an id (accounts §7 "id as a JSON string").
    await http.post('/api/post', 7)
    expect(at.seen[1]?.body).toBe('7')
    expect(at.seen[1]?.headers['content-type']).toBe('application/json')
  })

  it('the ofetch instance itself follows the same rules', async () => {
    const { http } = setup()
    await expect(http.fetch('/api/ok')).resolves.toEqual({ a: 1 })
    await expect(http.fetch('/api/post', { method: 'POST', body: '5' })).resolves.toEqual({
      status: 200,
      data: { id: 5 },
    })
    expect(at.seen[1]?.body).toBe('5')
  })

  it('parses a body that arrives as text, or JSON encoded twice', async () => {
    const { http } = setup()
    await expect(http.get('/api/string')).resolves.toEqual({ s: '文本' })
    await expect(http.get('/api/string-twice')).resolves.toBe(7)
  })

  it('drops undefined, null, empty and NaN query values', async () => {
    const { http } = setup()
    const url = await http.get<string>('/api/echo', {
      a: 1,
      b: undefined,
      c: '',
      d: null,
      e: Number.NaN,
      f: 0,
      g: '中',
    })
    expect(url).toBe(`/api/echo?a=1&f=0&g=${encodeURIComponent('中')}`)
  })
})

describe('createHttp: headers', () => {
  it('sends sign, pcv, origins, platform, Content-Type and the bearer token', async () => {
    const { http } = setup()
    const before = Date.now()
    await http.get('/api/ok')
    const h = at.seen[0]?.headers ?? {}
    const t = readSign(secret, String(h.sign))
    expect(t).not.toBeNull()
    expect(Math.abs((t ?? 0) - before)).toBeLessThan(5000)
    expect(h.pcv).toBe('1.25')
    expect(h.origins).toBe('pc')
    expect(h.platform).toBe('h5')
    expect(h['content-type']).toBe('application/json')
    expect(h.authorization).toBe('Bearer tok-123')
  })

  it('makes a fresh sign for each call from the injected clock', async () => {
    let clock = 1_767_225_600_000
    const { http } = setup({ now: () => clock })
    await http.get('/api/ok')
    clock += 60_000
    await http.get('/api/ok')
    expect(readSign(secret, String(at.seen[0]?.headers.sign))).toBe(1_767_225_600_000)
    expect(readSign(secret, String(at.seen[1]?.headers.sign))).toBe(1_767_225_660_000)
  })

  it('gives calls at the same clock time the same sign, and sends the headers it is given', async () => {
    const { http } = setup({ now: () => 1_767_225_600_000, headers: { 'accept-encoding': 'identity' } })
    await http.get('/api/ok')
    await http.get('/api/ok')
    expect(at.seen[1]?.headers.sign).toBe(at.seen[0]?.headers.sign)
    expect(readSign(secret, String(at.seen[1]?.headers.sign))).toBe(1_767_225_600_000)
    expect(at.seen.map((s) => s.headers['accept-encoding'])).toEqual(['identity', 'identity'])
  })

  it('reads a token stored as JSON or as a login answer', async () => {
    for (const stored of ['"tok-json"', '{"access_token":"tok-json"}']) {
      const { http } = setup({ storage: memoryStorage({ tokens: stored }) })
      await http.get('/api/ok')
    }
    expect(at.seen.map((s) => s.headers.authorization)).toEqual(['Bearer tok-json', 'Bearer tok-json'])
  })

  it('sends no Authorization without a token or without storage', async () => {
    await setup({ storage: memoryStorage({}) }).http.get('/api/ok')
    await setup({ storage: null }).http.get('/api/ok')
    expect(at.seen.map((s) => s.headers.authorization)).toEqual([undefined, undefined])
    expect(at.seen.every((s) => typeof s.headers.sign === 'string')).toBe(true)
  })
})

describe('createHttp: refusals', () => {
  it('body status 400 rejects with an error toast of its data', async () => {
    const { http, notes } = setup()
    const err = await refusal(http.get('/api/refuse'))
    expect(err.status).toBe(400)
    expect(err.message).toBe('请选择商品规格')
    expect(notes).toEqual([['error', '请选择商品规格']])
  })

  it('a POST refused in the body rejects too', async () => {
    const { http, notes } = setup()
    const err = await refusal(http.post('/api/refuse', { a: 1 }))
    expect(err.status).toBe(400)
    expect(notes).toEqual([['error', '请选择商品规格']])
  })

  it('falls back to message, then to 服务器处理异常', async () => {
    const { http, notes } = setup()
    await refusal(http.get('/api/refuse-message'))
    await refusal(http.get('/api/refuse-empty'))
    await refusal(http.get('/api/not-envelope'))
    expect(notes).toEqual([
      ['error', '只有message'],
      ['error', '服务器处理异常'],
      ['error', '服务器处理异常'],
    ])
  })

  it('body status 500 shows its message and rejects', async () => {
    const { http, notes } = setup()
    const err = await refusal(http.get('/api/body500'))
    expect(err.status).toBe(500)
    expect(notes).toEqual([['error', '数据库忙']])
  })

  it('HTTP 400 shows the envelope message', async () => {
    const { http, notes, storage } = setup()
    const err = await refusal(http.get('/api/http400'))
    expect(err.status).toBe(400)
    expect(notes).toEqual([['error', '编号须为1到2147483647之间的整数']])
    expect(storage.map.has('tokens')).toBe(true)
  })

  it('HTTP 401 clears the session and calls onUnauthorized once', async () => {
    const client = setup()
    const err = await refusal(client.http.get('/api/http401'))
    expect(err.status).toBe(401)
    expectSignedOut(client)
    // Exactly one request: no retry.
    expect(at.seen).toHaveLength(1)
  })

  it('HTTP 403 (bad sign) shows its message and keeps the session', async () => {
    const client = setup()
    const err = await refusal(client.http.get('/api/http403'))
    expect(err.status).toBe(403)
    expect(client.notes).toEqual([['error', '请求签名无效，请刷新页面后重试']])
    expectSessionKept(client)
  })

  it('HTTP failure without an envelope shows the status text', async () => {
    const { http, notes } = setup()
    const err = await refusal(http.post('/api/http502', {}))
    expect(err.status).toBe(502)
    expect(notes).toEqual([['error', 'Bad Gateway']])
    expect(at.seen).toHaveLength(1)
  })

  it('a network failure rejects without logging out', async () => {
    const client = setup({ baseURL: await nobodyThere() })
    const err = await refusal(client.http.get('/api/ok'))
    expect(err.status).toBe(0)
    expect(client.notes).toEqual([['error', '网络连接失败，请稍后重试']])
    expectSessionKept(client)
  })

  it('silent calls reject without a toast, except the 401 one', async () => {
    const { http, notes } = setup()
    await refusal(http.get('/api/refuse', undefined, { silent: true }))
    await refusal(http.get('/api/http403', undefined, { silent: true }))
    expect(notes).toEqual([])
    await refusal(http.get('/api/http401', undefined, { silent: true }))
    expect(notes).toEqual([['error', '登录信息已经过期']])
  })
})

describe('createHttp: upload', () => {
  it('posts multipart with the file under "file", pcv 1.07, sign and Authorization', async () => {
    const { http } = setup()
    const file = new Blob(['PNGDATA'], { type: 'image/png' })
    await expect(http.upload(file, 'a.png')).resolves.toEqual({
      status: 200,
      data: { path: '/uploads/a.png' },
    })
    const s = at.seen[0]
    expect(s?.method).toBe('POST')
    expect(s?.url).toBe('/api/Upload/PostUpload')
    expect(s?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(s?.headers.pcv).toBe('1.07')
    expect(s?.headers.authorization).toBe('Bearer tok-123')
    expect(readSign(secret, String(s?.headers.sign))).not.toBeNull()
    expect(s?.body).toContain('name="file"; filename="a.png"')
    expect(s?.body).toContain('PNGDATA')
  })
})

describe('createApi', () => {
  it('calls the contract paths with clean query strings', async () => {
    const { http } = setup()
    const api = createApi(http)
    await api.getArticlePage({ status: 30, pageIndex: 0, pageSize: 20, tag: '', city: undefined, isPrice: 2 })
    await api.getProductSpuPage({ pageOrder: 'priceMin', pageSort: 'asc' })
    await api.getArticle(3)
    await api.getArticleQuery(40)
    await api.getArticleQuery(30, 1)
    await api.getRegionQueryTitle('鼓楼区')
    await api.getRegionQueryTitle('鼓楼区', '南京市')
    await api.getUsers(2)
    await api.getUsersConfigs()
    await api.getAdinfoAll()
    await api.getClassifyQuerys()
    await api.getArticleIndex()
    await api.getProductSpu(9)
    const e = encodeURIComponent
    expect(at.seen.map((s) => s.url)).toEqual([
      '/api/Article/GetArticlePage?status=30&pageIndex=0&pageSize=20&isPrice=2',
      '/api/ProductSpu/GetProductSpuPage?pageOrder=priceMin&pageSort=asc',
      '/api/Article/GetArticle?id=3',
      '/api/Article/GetArticleQuery?status=40',
      '/api/Article/GetArticleQuery?status=30&isMapping=1',
      `/api/Region/GetRegionQueryTitle?title=${e('鼓楼区')}`,
      `/api/Region/GetRegionQueryTitle?title=${e('鼓楼区')}&city=${e('南京市')}`,
      '/api/Users/GetUsers?id=2',
      '/api/Users/GetUsersConfigs',
      '/api/Adinfo/GetAdinfoAll',
      '/api/Classify/GetClassifyQuerys',
      '/api/Article/GetArticleIndex',
      '/api/ProductSpu/GetProductSpu?id=9',
    ])
  })
})

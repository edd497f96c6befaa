import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { compressTree } from '../src/lib/build/compress.ts'
import { startServer } from '../tests/api/harness.ts'
import { newUser } from '../tests/api/session.ts'
import { defaultConfig } from './config.ts'
import { compressAnswers, pickEncoding } from './delivery.ts'
import { createPortal } from './server.ts'

const h = startServer()

/** One GET (or HEAD) with exactly these headers: no client adds or decodes an encoding here. */
function raw(base: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

/** A page big enough to be worth compressing. */
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${'<p>口腔医疗器械 dental portal</p>\n'.repeat(200)}</body></html>`
const script = `export const x = ${JSON.stringify('a'.repeat(3000))};\n`

let dist = ''
let site = ''
let closeSite = () => {}

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'portal-dist-'))
  await mkdir(join(dist, 'course'), { recursive: true })
  await mkdir(join(dist, '_astro'), { recursive: true })
  await writeFile(join(dist, 'index.html'), page('首页'))
  await writeFile(join(dist, 'course', 'index.html'), page('课程'))
  await writeFile(join(dist, '_astro', 'app.B1x2y3.js'), script)
  await writeFile(join(dist, 'small.txt'), 'tiny')
  await writeFile(join(dist, 'logo.png'), Buffer.alloc(4096, 7))
  await writeFile(
    join(dist, 'avatar.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
  )
  await compressTree(dist)
  const config = defaultConfig({ uploadDir: inject('uploadDir'), trustProxy: true })
  const server = serve({
    fetch: createPortal({ db: h.db, config, now: () => new Date() }, { distDir: dist }).fetch,
    port: 0,
    hostname: '127.0.0.1',
  })
  await new Promise((r) => server.once('listening', r))
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  closeSite = () => server.close()
})
afterAll(async () => {
  closeSite()
  await rm(dist, { recursive: true, force: true })
})

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  )

describe('pre-compressed site files', () => {
  it('compressTree writes .br and .gz beside text files of 1 KB or more, and only those', async () => {
    for (const f of ['index.html', 'course/index.html', '_astro/app.B1x2y3.js', 'avatar.svg']) {
      expect(await exists(join(dist, `${f}.br`)), f).toBe(true)
      expect(await exists(join(dist, `${f}.gz`)), f).toBe(true)
    }
    for (const f of ['small.txt', 'logo.png']) expect(await exists(join(dist, `${f}.br`)), f).toBe(false)
  })

  it('answers br, else gzip, else identity, always with the page type and Vary', async () => {
    const br = await raw(site, '/', { 'Accept-Encoding': 'gzip, deflate, br, zstd' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(brotliDecompressSync(br.body).toString()).toBe(page('首页'))
    expect(Number(br.headers['content-length'])).toBe(br.body.length)
    expect(br.body.length).toBeLessThan(Buffer.byteLength(page('首页')) / 5)

    const gz = await raw(site, '/course/', { 'Accept-Encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(page('课程'))

    for (const ae of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const plain = await raw(site, '/course/', ae ? { 'Accept-Encoding': ae } : {})
      expect(plain.headers['content-encoding'], ae).toBeUndefined()
      expect(plain.headers.vary, ae).toBe('Accept-Encoding')
      expect(plain.body.toString(), ae).toBe(page('课程'))
    }
    // br refused by q=0 falls back to gzip; `*` admits both.
    expect((await raw(site, '/', { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe(
      'gzip',
    )
    expect((await raw(site, '/', { 'Accept-Encoding': '*' })).headers['content-encoding']).toBe('br')

    const js = await raw(site, '/_astro/app.B1x2y3.js', { 'Accept-Encoding': 'br' })
    expect([js.headers['content-encoding'], js.headers['content-type']]).toEqual([
      'br',
      'text/javascript; charset=utf-8',
    ])
    const svg = await raw(site, '/avatar.svg', { 'Accept-Encoding': 'gzip' })
    expect([svg.headers['content-encoding'], svg.headers['content-type']]).toEqual([
      'gzip',
      'image/svg+xml; charset=utf-8',
    ])
    const png = await raw(site, '/logo.png', { 'Accept-Encoding': 'br, gzip' })
    expect([png.headers['content-encoding'], png.headers.vary, png.body.length]).toEqual([
      undefined,
      undefined,
      4096,
    ])
  })

  it('a HEAD tells the length of what a GET would send', async () => {
    const head = await raw(site, '/', { 'Accept-Encoding': 'br' }, 'HEAD')
    const get = await raw(site, '/', { 'Accept-Encoding': 'br' })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-length']).toBe(String(get.body.length))
  })

  it('streams a large file whole, with its length', async () => {
    const big = Buffer.alloc(700 * 1024, 3)
    await writeFile(join(dist, 'video.mp4'), big)
    const r = await raw(site, '/video.mp4', { 'Accept-Encoding': 'br, gzip' })
    expect([r.status, r.headers['content-length'], r.headers['content-type']]).toEqual([
      200,
      String(big.length),
      'video/mp4',
    ])
    expect(r.body.equals(big)).toBe(true)
  })

  it('never answers a sibling older than its page: a page rewritten after compression goes out whole', async () => {
    const file = join(dist, 'course', 'index.html')
    await writeFile(file, page('课程（新）'))
    const old = new Date(Date.now() - 60_000)
    await utimes(`${file}.br`, old, old)
    await utimes(`${file}.gz`, old, old)
    const r = await raw(site, '/course/', { 'Accept-Encoding': 'br, gzip' })
    expect(r.headers['content-encoding']).toBeUndefined()
    expect(r.body.toString()).toBe(page('课程（新）'))
    // Compressed again, it is served compressed again.
    await compressTree(dist)
    const again = await raw(site, '/course/', { 'Accept-Encoding': 'br, gzip' })
    expect(again.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(again.body).toString()).toBe(page('课程（新）'))
  })

  it('with skipFresh, compresses only files newer than their siblings (after a full build went live)', async () => {
    const about = join(dist, 'about', 'index.html')
    await mkdir(join(dist, 'about'), { recursive: true })
    await writeFile(about, page('关于'))
    await compressTree(dist)
    const before = (await stat(`${about}.br`)).mtimeMs
    const course = join(dist, 'course', 'index.html')
    await writeFile(course, page('课程（再新）'))
    const old = new Date(Date.now() - 60_000)
    await utimes(`${course}.br`, old, old)
    const r = await compressTree(dist, { skipFresh: true })
    expect(r.files).toBe(1) // only the rewritten course page
    expect((await stat(`${about}.br`)).mtimeMs).toBe(before)
    const again = await raw(site, '/course/', { 'Accept-Encoding': 'br' })
    expect(brotliDecompressSync(again.body).toString()).toBe(page('课程（再新）'))
  })

  it('pages are revalidated by a strong ETag per encoding, 304 when it matches', async () => {
    const first = await raw(site, '/', { 'Accept-Encoding': 'br' })
    const etag = first.headers.etag ?? ''
    expect(first.headers['cache-control']).toBe('no-cache')
    expect(etag).toMatch(/^"[\w-]{22}-br"$/)
    const plain = await raw(site, '/')
    expect(plain.headers.etag).toBe(etag.replace('-br"', '"'))

    const again = await raw(site, '/', { 'Accept-Encoding': 'br', 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect([again.headers.etag, again.headers['cache-control'], again.headers.vary]).toEqual([
      etag,
      'no-cache',
      'Accept-Encoding',
    ])
    expect((await raw(site, '/', { 'If-None-Match': `"other", ${plain.headers.etag}` })).status).toBe(304)
    // Another encoding is another representation: a full answer.
    expect((await raw(site, '/', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag })).status).toBe(200)

    // The same bytes written again keep their ETag; new bytes get a new one.
    await writeFile(join(dist, 'index.html'), page('首页'))
    await compressTree(dist)
    expect((await raw(site, '/', { 'Accept-Encoding': 'br', 'If-None-Match': etag })).status).toBe(304)
    await writeFile(join(dist, 'index.html'), page('首页（改）'))
    await compressTree(dist)
    const changed = await raw(site, '/', { 'Accept-Encoding': 'br', 'If-None-Match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
  })

  it('fingerprinted assets are immutable for a year; other public files keep a day', async () => {
    const js = await raw(site, '/_astro/app.B1x2y3.js')
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await raw(site, '/logo.png')).headers['cache-control']).toBe('public, max-age=86400')
    const missing = await raw(site, '/_astro/none.js')
    expect(missing.status).toBe(404)
    expect(missing.headers['cache-control']).toBeUndefined()
  })

  it('keeps paths inside the site and dotfiles (but /.well-known/) to itself', async () => {
    await writeFile(join(dist, '.build.json'), '{}')
    await mkdir(join(dist, '.well-known'), { recursive: true })
    await writeFile(join(dist, '.well-known', 'security.txt'), 'Contact: mailto:a@b.c')
    for (const p of [
      '/..%2f..%2fetc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/course/..%5c..%5cx',
      '/.build.json',
    ])
      expect((await raw(site, p)).status, p).toBe(404)
    expect((await raw(site, '/.well-known/security.txt')).status).toBe(200)
  })
})

describe('uploaded files', () => {
  it('a hashed upload or seed file is immutable for a year, with the sandbox CSP; other files keep a day', async () => {
    const u = await newUser(h)
    const form = new FormData()
    form.append('file', new Blob(['%PDF-1.4\n% delivery test\n%%EOF\n']), 'd.pdf')
    const res = await fetch(`${h.base}/api/Upload/PostUpload`, {
      method: 'POST',
      headers: { sign: h.sign(), ...u.auth },
      body: form,
    })
    const { path } = ((await res.json()) as { data: { path: string } }).data
    const file = await raw(site, path)
    expect(file.status).toBe(200)
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(file.headers['content-security-policy']).toContain('sandbox')

    // The seed names its files by their bytes too (server/seed/images.ts).
    const { avatar_url: seedFile } = await h.db
      .selectFrom('users')
      .select('avatar_url')
      .where('avatar_url', 'like', '/uploads/seed/%')
      .executeTakeFirstOrThrow()
    expect(seedFile).toMatch(/\.[0-9a-f]{10}\.svg$/)
    const seed = await raw(site, seedFile)
    expect(seed.status).toBe(200)
    expect(seed.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(seed.headers['content-security-policy']).toContain('sandbox')
    await writeFile(
      join(inject('uploadDir'), 'seed', 'plain.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    )
    const plain = await raw(site, '/uploads/seed/plain.svg')
    expect(plain.status).toBe(200)
    expect(plain.headers['cache-control']).toBe('public, max-age=86400')
    // A file that is not there (yet) is not cached at all.
    const none = await raw(site, '/uploads/u/00/00000000000000000000000000000000.png')
    expect(none.status).toBe(404)
    expect(none.headers['cache-control']).toBeUndefined()
  })
})

describe('API answers', () => {
  const api = (path: string, headers: Record<string, string> = {}) =>
    raw(h.base, path, { sign: h.sign(), ...headers })

  it('JSON of 1 KB or more goes out br or gzip to a client that accepts it, and whole to one that does not', async () => {
    const path = '/api/Classify/GetClassifyQuerys'
    const plain = await api(path)
    expect(plain.body.length).toBeGreaterThan(1024)
    expect(plain.headers['content-encoding']).toBeUndefined()
    const json = JSON.parse(plain.body.toString())

    const gz = await api(path, { 'Accept-Encoding': 'gzip' })
    expect([gz.headers['content-encoding'], gz.headers['content-type']]).toEqual(['gzip', 'application/json'])
    expect(gz.headers.vary).toMatch(/Accept-Encoding/)
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length)
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(json)

    const br = await api(path, { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(json)
    expect(br.body.length).toBeLessThan(plain.body.length / 2)
  })

  it('keeps small answers as they are', async () => {
    const small = await api('/api/Nothing/Here', { 'Accept-Encoding': 'gzip, br' })
    expect(small.status).toBe(404)
    expect(small.body.length).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(small.body.toString())).toEqual({ status: 404, data: '接口不存在' })
  })

  it('the harness and fetch read compressed answers as before', async () => {
    const r = await h.get<{ id: number }[]>('/api/Classify/GetClassifyQuerys')
    expect(r.http).toBe(200)
    expect(r.data.length).toBeGreaterThan(0)
  })
})

describe('compressAnswers', () => {
  const app = new Hono()
  app.use('*', compressAnswers(1024))
  app.get('/big', (c) => c.json({ list: 'x'.repeat(2000) }))
  app.get('/small', (c) => c.json({ ok: true }))
  app.get(
    '/events',
    () => new Response(`data: ${'x'.repeat(4000)}\n\n`, { headers: { 'Content-Type': 'text/event-stream' } }),
  )
  app.get('/png', () => new Response(new Uint8Array(4000), { headers: { 'Content-Type': 'image/png' } }))
  const get = (path: string, ae = 'gzip, br', method = 'GET') =>
    app.request(path, { method, headers: { 'Accept-Encoding': ae } })

  it('compresses at the threshold and above, only compressible types, never an event stream', async () => {
    expect((await get('/big')).headers.get('Content-Encoding')).toBe('br')
    expect((await get('/big', 'gzip')).headers.get('Content-Encoding')).toBe('gzip')
    const small = await get('/small')
    expect([small.headers.get('Content-Encoding'), await small.json()]).toEqual([null, { ok: true }])
    const events = await get('/events')
    expect(events.headers.get('Content-Encoding')).toBeNull()
    expect((await events.text()).length).toBeGreaterThan(4000)
    expect((await get('/png')).headers.get('Content-Encoding')).toBeNull()
    expect((await get('/big', 'identity')).headers.get('Content-Encoding')).toBeNull()
    expect((await get('/big', 'gzip', 'HEAD')).headers.get('Content-Encoding')).toBeNull()
  })

  it('pickEncoding honours q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br', ['br', 'gzip'])).toBe('br')
    expect(pickEncoding('br;q=0, gzip;q=0.5', ['br', 'gzip'])).toBe('gzip')
    expect(pickEncoding('*;q=0.1', ['br', 'gzip'])).toBe('br')
    expect(pickEncoding('*, br;q=0', ['br', 'gzip'])).toBe('gzip')
    expect(pickEncoding('identity', ['br', 'gzip'])).toBeUndefined()
    expect(pickEncoding(undefined, ['br'])).toBeUndefined()
    expect(pickEncoding('br', [])).toBeUndefined()
  })
})

/**
 * The security headers as response headers (issue 19, ASVS V3.4): each page's own policy beside
 * it in the header, also for its compressed forms and after it is rebuilt; the API refuses
 * framing; HSTS everywhere; and before the first build a page that says the site is being made.
 */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { defaultConfig } from '../../server/config.ts'
import { createPortal } from '../../server/server.ts'
import type { SiteBuilder } from '../../server/site-builder.ts'
import { compressTree } from '../../src/lib/build/compress.ts'
import { HEADER_POLICY } from '../../src/lib/csp.ts'

/** A built page as Astro writes it: its policy in a <meta>, big enough to be compressed. */
const page = (title: string, hashes: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self';object-src 'none';base-uri 'self'; script-src 'self' ${hashes}; style-src 'self' ; style-src-elem 'self' 'unsafe-inline';"><title>${title}</title></head><body>${'<p>口腔医疗器械</p>\n'.repeat(200)}</body></html>`
const HOME = "'sha256-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa='"
const OTHER = "'sha256-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb='"
const policyOf = (hashes: string) =>
  `default-src 'self';object-src 'none';base-uri 'self'; script-src 'self' ${hashes}; style-src 'self' ; style-src-elem 'self' 'unsafe-inline'; frame-ancestors 'self'`
const HSTS = 'max-age=31536000; includeSubDomains'

let dist = ''
let empty = ''
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'portal-headers-'))
  empty = await mkdtemp(join(tmpdir(), 'portal-unbuilt-'))
  await mkdir(join(dist, 'detail', '7'), { recursive: true })
  await writeFile(join(dist, 'index.html'), page('首页', HOME))
  await writeFile(join(dist, 'detail', '7', 'index.html'), page('详情', OTHER))
  await writeFile(join(dist, '404.html'), page('页面不存在', OTHER))
  await writeFile(join(dist, 'plain.html'), '<p>no policy here</p>')
  await writeFile(join(dist, 'robots.txt'), 'User-agent: *')
  await compressTree(dist)
})
afterAll(async () => {
  await rm(dist, { recursive: true, force: true })
  await rm(empty, { recursive: true, force: true })
})

const portal = (distDir: string, opts: { hsts?: boolean; builder?: SiteBuilder } = {}) =>
  createPortal(
    {
      db: {} as never,
      config: defaultConfig({ uploadDir: inject('uploadDir'), hsts: opts.hsts ?? true }),
      now: () => new Date(),
    },
    { distDir, builder: opts.builder },
  )
const csp = (r: Response) => r.headers.get('content-security-policy') ?? ''

describe('each page carries its own policy as a header', () => {
  const site = () => portal(dist)

  it('the header is the page <meta> policy plus frame-ancestors, in every encoding and on a 304', async () => {
    for (const [path, hashes] of [
      ['/', HOME],
      ['/detail/7/', OTHER],
    ] as const) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const r = await site().request(path, { headers: { 'Accept-Encoding': encoding } })
        expect(r.status).toBe(200)
        expect(r.headers.get('content-encoding') ?? 'identity').toBe(encoding)
        expect(csp(r), `${path} ${encoding}`).toBe(policyOf(hashes))
      }
      const etag = (await site().request(path)).headers.get('etag') ?? ''
      const again = await site().request(path, { headers: { 'If-None-Match': etag } })
      expect(again.status).toBe(304)
      expect(csp(again)).toBe(policyOf(hashes))
    }
  })

  it('a rebuilt page goes out with its new policy at once, and never with a stale sibling', async () => {
    const file = join(dist, 'detail', '7', 'index.html')
    await writeFile(file, page('详情（新）', `${HOME} ${OTHER}`))
    // The siblings of the old page are older than it now: the page goes out whole, with its policy.
    const old = new Date(Date.now() - 60_000)
    await utimes(`${file}.br`, old, old)
    const r = await site().request('/detail/7/', { headers: { 'Accept-Encoding': 'br' } })
    expect(r.headers.get('content-encoding')).toBeNull()
    expect(await r.text()).toContain('详情（新）')
    expect(csp(r)).toBe(policyOf(`${HOME} ${OTHER}`))
    await compressTree(dist, { skipFresh: true })
    const br = await site().request('/detail/7/', { headers: { 'Accept-Encoding': 'br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(csp(br)).toBe(policyOf(`${HOME} ${OTHER}`))
  })

  it('the 404 page carries its own policy; a page without one gets a strict one; other files the framing rules', async () => {
    const missing = await site().request('/no-such-page')
    expect(missing.status).toBe(404)
    expect(csp(missing)).toBe(policyOf(OTHER))

    const plain = csp(await site().request('/plain.html'))
    expect(plain).toContain("script-src 'self';")
    expect(plain).not.toContain('unsafe-inline;')
    expect(/script-src[^;]*unsafe-inline/.test(plain)).toBe(false)
    expect(plain).toContain("frame-ancestors 'self'")

    expect(csp(await site().request('/robots.txt'))).toBe(HEADER_POLICY)
  })

  it("the static host's _headers file is not served", async () => {
    await writeFile(join(dist, '_headers'), '/*\n  X-Frame-Options: DENY\n')
    expect((await site().request('/_headers')).status).toBe(404)
  })
})

describe('framing, transport and the other headers', () => {
  it('API answers refuse all framing; the site may frame its own files only', async () => {
    for (const path of ['/api/doc', '/api/reference', '/api/no-such-call']) {
      const r = await portal(dist).request(path)
      expect(r.headers.get('x-frame-options'), path).toBe('DENY')
      expect(csp(r), path).toContain("frame-ancestors 'none'")
      // No inline script: neither script-src nor default-src (its fallback) allows it.
      expect(csp(r), path).not.toMatch(/(?:script|default)-src[^;]*unsafe-inline/)
    }
    // JSON loads nothing; the reference page its own files only.
    expect(csp(await portal(dist).request('/api/doc'))).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(csp(await portal(dist).request('/api/reference'))).toContain("default-src 'self'")
    const home = await portal(dist).request('/')
    expect(home.headers.get('x-frame-options')).toBeNull()
    expect(csp(home)).toContain("frame-ancestors 'self'")
  })

  it('HSTS on every answer (browsers heed it only over HTTPS), none with HSTS=off', async () => {
    for (const path of ['/', '/no-such-page', '/robots.txt', '/api/doc', '/uploads/none.png']) {
      const r = await portal(dist).request(path)
      expect(r.headers.get('strict-transport-security'), path).toBe(HSTS)
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff')
    }
    expect(defaultConfig().hsts).toBe(true)
    const off = await portal(dist, { hsts: false }).request('/')
    expect(off.headers.get('strict-transport-security')).toBeNull()
  })
})

describe('before the first build is live', () => {
  const builder = {} as SiteBuilder

  it('a visitor gets 503 站点正在生成 in the site look, asking again by itself; the API answers as ever', async () => {
    for (const path of ['/', '/course/', '/detail/12/']) {
      const r = await portal(empty, { builder }).request(path)
      expect(r.status, path).toBe(503)
      expect(r.headers.get('retry-after')).toBe('5')
      expect(r.headers.get('cache-control')).toBe('no-store')
      expect(r.headers.get('content-type')).toMatch(/^text\/html/)
      expect(r.headers.get('strict-transport-security')).toBe(HSTS)
      // No script at all: it reloads itself through a <meta> refresh.
      expect(csp(r)).toContain("default-src 'none'")
      expect(csp(r)).not.toContain('script-src')
      const body = await r.text()
      expect(body).toContain('<h1>站点正在生成</h1>')
      expect(body).toContain('<meta http-equiv="refresh" content="5" />')
      expect(body).toContain('德泰口腔医疗')
      expect(body).toContain('<svg') // the logo, inline: the site's own file is not there yet
      expect(body).not.toContain('<script')
    }
    const api = await portal(empty, { builder }).request('/api/no-such-call')
    expect(api.headers.get('content-type')).toMatch(/^application\/json/)
  })

  it('a 404 page left from a half-moved build does not stand for the site before its home page is live', async () => {
    await writeFile(join(empty, '404.html'), page('页面不存在', OTHER))
    expect((await portal(empty, { builder }).request('/')).status).toBe(503)
    await writeFile(join(empty, 'index.html'), page('首页', HOME))
    const live = await portal(empty, { builder }).request('/no-such-page')
    expect(live.status).toBe(404)
    expect(await live.text()).toContain('页面不存在')
    await rm(join(empty, 'index.html'))
    await rm(join(empty, '404.html'))
  })

  it('with no builder (npm run serve) and no site: 404 站点尚未生成, no refresh', async () => {
    const r = await portal(empty).request('/')
    expect(r.status).toBe(404)
    const body = await r.text()
    expect(body).toContain('<h1>站点尚未生成</h1>')
    expect(body).not.toContain('http-equiv="refresh"')
  })
})

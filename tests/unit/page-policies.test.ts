import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { swapIn } from '../../server/build-site.ts'
import { planFor } from '../../server/site-builder.ts'
import {
  HEADERS_FILE,
  headersFile,
  type Policies,
  pageFileOf,
  pagePolicies,
  patchPolicies,
  readPolicies,
  writePolicies,
} from '../../src/lib/build/headers.ts'
import { policyRecorder } from '../../src/lib/build/page-sink.ts'
import {
  HEADER_POLICY,
  metaPolicy,
  pageDirectives,
  pagePolicyHeader,
  payFormTargets,
} from '../../src/lib/csp.ts'
import { bucketOfEnv, fileOrigins } from '../../src/lib/files-base.ts'

const A = "default-src 'self'; script-src 'self' 'sha256-a='; frame-ancestors 'self'"
const B = "default-src 'self'; script-src 'self' 'sha256-b='; frame-ancestors 'self'"

/** The rules of a `_headers` file: path → its Content-Security-Policy values. */
function rules(text: string) {
  const out = new Map<string, string[]>()
  let path = ''
  for (const line of text.split('\n')) {
    if (line.startsWith('/')) path = line
    const m = /^ {2}Content-Security-Policy: (.*)$/.exec(line)
    if (m?.[1]) out.set(path, [...(out.get(path) ?? []), m[1]])
  }
  return out
}

/** The URL path of a built file: 'detail/1/index.html' → '/detail/1/'. */
const urlPathOfFile = (file: string) => `/${file.replace(/(?:^|(?<=\/))index\.html$/, '')}`

/**
 * The Content-Security-Policy values a static host joins for `path`, as Netlify and Cloudflare
 * Pages match `_headers` rules: every matching rule in order; `*` matches the rest of the path,
 * even nothing; `:name` matches one whole segment; a trailing slash does not count.
 */
function hostPolicies(text: string, path: string) {
  const target = path.split('/').filter(Boolean)
  const matches = (rule: string) => {
    const parts = rule.split('/').filter(Boolean)
    for (const [i, part] of parts.entries()) {
      if (part === '*' && i === parts.length - 1) return true
      if (i >= target.length || (!part.startsWith(':') && part !== target[i])) return false
    }
    return parts.length === target.length
  }
  return [...rules(text)].flatMap(([rule, values]) => (matches(decodeURI(rule)) ? values : []))
}

describe('the policy of a page', () => {
  it('is read from its <meta>, entities decoded, without the trailing semicolon', () => {
    expect(
      metaPolicy(
        `<head><meta http-equiv="content-security-policy" content="default-src 'self'; script-src &#39;sha256-x=&#39;;"></head>`,
      ),
    ).toBe("default-src 'self'; script-src 'sha256-x='")
    expect(metaPolicy('<head><title>x</title></head>')).toBeUndefined()
  })

  it('goes out with the header-only part; a page without one gets scripts of the site only', () => {
    expect(pagePolicyHeader("script-src 'sha256-x='")).toBe("script-src 'sha256-x='; frame-ancestors 'self'")
    const strict = pagePolicyHeader(undefined)
    expect(strict).toMatch(/script-src 'self';/)
    expect(strict).not.toMatch(/script-src[^;]*unsafe-inline/)
  })

  it('is kept by the file its URL path is built to', () => {
    expect(pageFileOf('/')).toBe('index.html')
    expect(pageFileOf('/detail/12/')).toBe('detail/12/index.html')
    expect(pageFileOf('/detail/12')).toBe('detail/12/index.html')
    expect(pageFileOf('/404')).toBe('404.html')
  })
})

describe('the policies recorded while a build renders', () => {
  it('do not keep the pages they were read from (100,000 pages of HTML ran the build out of memory)', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const hooks = pagePolicies().hooks as Record<string, (o?: unknown) => unknown>
    await hooks['astro:build:start']?.()
    const record = policyRecorder()
    if (!record) throw new Error('no recorder during a build')
    gc()
    const before = process.memoryUsage().heapUsed
    for (let i = 0; i < 200; i++) {
      // A 1 MB page, made anew each time, whose policy the middleware cuts out of its HTML.
      const html = `<!doctype html><html><head><meta http-equiv="content-security-policy" content="${A}"></head><body>${String(i).repeat(1_000_000 / String(i).length)}</body></html>`
      record(`/detail/${i}/`, metaPolicy(html))
    }
    gc()
    // 200 pages of 1 MB would be 200 MB kept; the policies themselves are a few KB.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20_000_000)
  })
})

describe('the _headers file', () => {
  it('gives every path the site headers, and each page its own policy', () => {
    const text = headersFile(
      new Map([
        ['index.html', A],
        ['account/index.html', B],
        ['404.html', A],
      ]),
    )
    expect(text).toContain(`/*\n  Content-Security-Policy: ${HEADER_POLICY}\n`)
    expect(text).toContain('  Strict-Transport-Security: max-age=31536000; includeSubDomains\n')
    expect(text).toContain('  X-Content-Type-Options: nosniff\n')
    const r = rules(text)
    expect(r.get('/')).toEqual([A])
    expect(r.get('/account/')).toEqual([B])
    expect(r.get('/404.html')).toEqual([A])
  })

  it('one rule for the item pages of a kind when all the pages it matches share a policy, else one per page', () => {
    const policies: Policies = new Map([
      ['detail/index.html', B],
      ['detail/1/index.html', A],
      ['detail/2/index.html', A],
      ['productdetail/1/index.html', A],
      ['productdetail/2/index.html', B],
      ['teacher/index.html', B],
      ['teacher/3/index.html', A],
      ['teacher/apply/index.html', B],
      ['course/5/index.html', A],
      ['course/5/sections/index.html', B],
      ['index.html', B],
    ])
    const text = headersFile(policies)
    const r = rules(text)
    // The kind's own page differs: the placeholder never matches it.
    expect(r.get('/detail/:id/')).toEqual([A])
    expect(r.get('/detail/')).toEqual([B])
    expect(r.has('/detail/1/')).toBe(false)
    // Item pages that differ, or another page of two segments in the folder: a rule each.
    expect(r.has('/productdetail/:id/')).toBe(false)
    expect(r.get('/productdetail/2/')).toEqual([B])
    expect(r.has('/teacher/:id/')).toBe(false)
    expect(r.get('/teacher/3/')).toEqual([A])
    // A page deeper down is not matched by the placeholder.
    expect(r.get('/course/:id/')).toEqual([A])
    expect(r.get('/course/5/sections/')).toEqual([B])
    // As a host reads it, every page gets the site's header policy and exactly its own.
    for (const [file, policy] of policies)
      expect(hostPolicies(text, urlPathOfFile(file))).toEqual([HEADER_POLICY, policy])
  })

  it("stays the size of the site's templates at 100,000 items", () => {
    const policies: Policies = new Map([['detail/index.html', B]])
    for (let i = 1; i <= 100_000; i++) policies.set(`detail/${i}/index.html`, A)
    expect(headersFile(policies).length).toBeLessThan(5_000)
  })

  it('patching takes replaced pages from the build and drops removed ones', () => {
    const live: Policies = new Map([
      ['index.html', A],
      ['detail/1/index.html', A],
      ['detail/2/index.html', A],
    ])
    const built: Policies = new Map([
      ['index.html', B],
      ['detail/1/index.html', B],
    ])
    expect(patchPolicies(live, built, ['detail/1/index.html', 'detail/2/index.html'])).toEqual(
      new Map([
        ['index.html', A],
        ['detail/1/index.html', B],
      ]),
    )
  })
})

describe('the record follows the pages a build swaps in', () => {
  let root = ''
  const put = (dir: string, files: Record<string, string>) => {
    for (const [f, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, dir, f)), { recursive: true })
      writeFileSync(join(root, dir, f), text)
    }
  }
  const page = (s: string) => `<html>${s}${' '.repeat(2000)}</html>`
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'page-policies-'))
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('partial: the replaced and removed pages change in the record and _headers, the rest stays', async () => {
    put('dist', {
      'index.html': page('home'),
      'detail/1/index.html': page('1'),
      'detail/2/index.html': page('2'),
      'detail/3/index.html': page('3'),
    })
    await writePolicies(
      join(root, 'dist'),
      new Map([
        ['index.html', A],
        ['detail/1/index.html', A],
        ['detail/2/index.html', A],
        ['detail/3/index.html', A],
      ]),
    )
    // Item 1 rebuilt with another policy, item 2 gone; the build also made pages not in the plan.
    put('next', { 'index.html': page('home 2'), 'detail/1/index.html': page('1 new') })
    await writePolicies(
      join(root, 'next'),
      new Map([
        ['index.html', B],
        ['detail/1/index.html', B],
      ]),
    )
    await swapIn(join(root, 'next'), join(root, 'dist'), planFor(['article:1', 'article:2']))
    expect(await readPolicies(join(root, 'dist'))).toEqual(
      new Map([
        ['index.html', A],
        ['detail/1/index.html', B],
        ['detail/3/index.html', A],
      ]),
    )
    const r = rules(readFileSync(join(root, 'dist', HEADERS_FILE), 'utf8'))
    expect([r.get('/detail/1/'), r.get('/detail/3/'), r.get('/')]).toEqual([[B], [A], [A]])
  })

  it('full: the record is the build one, but for a page held back, which keeps its own', async () => {
    put('dist', { 'index.html': page('home'), 'task/index.html': page('old tasks') })
    await writePolicies(
      join(root, 'dist'),
      new Map([
        ['index.html', A],
        ['task/index.html', A],
      ]),
    )
    // The new task listing links to an item page the build did not make: it is held back.
    put('next', {
      'index.html': page('home 2'),
      'task/index.html': page('<a href="/detail/9/">new</a>'),
    })
    await writePolicies(
      join(root, 'next'),
      new Map([
        ['index.html', B],
        ['task/index.html', B],
      ]),
    )
    const result = await swapIn(join(root, 'next'), join(root, 'dist'), planFor([], true))
    expect(result.deferred).toContain('article:9')
    expect(await readPolicies(join(root, 'dist'))).toEqual(
      new Map([
        ['index.html', B],
        ['task/index.html', A],
      ]),
    )
  })
})

describe("the pay page's form may go to a live payment gateway only", () => {
  it('adds the gateway (and its cashier domain) to form-action; the sandbox adds nothing', () => {
    const formAction = (gateway?: string) =>
      pageDirectives(undefined, gateway).find((d) => d.startsWith('form-action'))
    expect(formAction()).toBe("form-action 'self'")
    expect(formAction('https://openapi.alipay.com/gateway.do')).toBe(
      "form-action 'self' https://openapi.alipay.com https://*.alipay.com",
    )
    expect(payFormTargets('https://openapi-sandbox.dl.alipaydev.com/gateway.do')).toEqual([
      'https://openapi-sandbox.dl.alipaydev.com',
      'https://*.alipaydev.com',
    ])
    expect(payFormTargets('http://127.0.0.1:4651/gateway.do')).toEqual(['http://127.0.0.1:4651'])
    // A look-alike domain is no cashier of Alipay's.
    expect(payFormTargets('https://openapi.notalipay.com/gateway.do')).toEqual([
      'https://openapi.notalipay.com',
    ])
    expect(payFormTargets('not a url')).toEqual([])
  })
})

describe('pages load stored files from the bucket only when files lie there (STORAGE=s3)', () => {
  it('adds the bucket and its CDN to img, media, frame and connect; local disk changes nothing', () => {
    const local = pageDirectives()
    expect(pageDirectives(undefined, undefined, fileOrigins(bucketOfEnv({})))).toEqual(local)
    expect(local).toContain("img-src 'self' data: blob:")
    const env = {
      STORAGE: 's3',
      S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
      S3_BUCKET: 'shop',
      S3_PUBLIC_URL: 'https://img.example.cn/',
    }
    const origins = fileOrigins(bucketOfEnv(env))
    expect(origins).toEqual(['https://img.example.cn', 'https://shop.oss-cn-hangzhou.aliyuncs.com'])
    const d = pageDirectives(undefined, undefined, origins)
    const both = ' https://img.example.cn https://shop.oss-cn-hangzhou.aliyuncs.com'
    expect(d).toContain(`img-src 'self' data: blob:${both}`)
    expect(d).toContain(`media-src 'self' blob:${both}`)
    expect(d).toContain(`frame-src 'self' blob:${both}`)
    expect(d).toContain(`connect-src 'self'${both}`)
    // Nothing else opens: scripts, fonts and forms stay the site's own.
    expect(d.filter((x) => !/^(img|media|frame|connect)-src/.test(x))).toEqual(
      local.filter((x) => !/^(img|media|frame|connect)-src/.test(x)),
    )
    // Path style (MinIO): the endpoint's origin; STORAGE other than s3: none.
    expect(
      fileOrigins(
        bucketOfEnv({
          ...env,
          S3_PUBLIC_URL: '',
          S3_ENDPOINT: 'http://10.0.0.5:9000',
          S3_FORCE_PATH_STYLE: 'on',
        }),
      ),
    ).toEqual(['http://10.0.0.5:9000'])
    expect(bucketOfEnv({ ...env, STORAGE: 'local' })).toBeUndefined()
  })
})

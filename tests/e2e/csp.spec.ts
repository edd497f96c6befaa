/**
 * The Content-Security-Policy (issue 13): every page kind opens, signed out and signed in, with no
 * violation (the guard in ./test.ts fails a test on any), and the policy itself is strict: script
 * hashes and no 'unsafe-inline' for scripts, in the page's <meta> and as its response header
 * (issue 19), frame-ancestors / object-src / base-uri in the header of every answer, none of them
 * framing an API answer.
 */
import { signInAs } from './session.ts'
import { expect, test } from './test.ts'

const PUBLIC_PAGES = [
  '/',
  '/course/',
  '/product/',
  '/association/',
  '/task/',
  '/about/',
  '/link/',
  '/question/',
  '/seach/?q=种植',
  '/sitemap/',
  '/no-such-page',
]
const ACCOUNT_PAGES = [
  '/account/',
  '/safety/',
  '/address/',
  '/invoice/',
  '/wo/',
  '/fav/',
  '/message/',
  '/orderlist/',
  '/shopcar/',
  '/suggest/',
  '/courseedit/',
  '/taskadmin/',
  '/associationadmin/',
  '/postcourse/',
  '/posttask/',
  '/postassociation/',
  '/cinfo/',
  '/corder/',
]

test('every public page kind, including an item of each kind, loads with no CSP violation', async ({
  page,
}) => {
  const firstLink = async (listing: string, prefix: string) => {
    await page.goto(listing)
    return page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href')
  }
  const items = [
    await firstLink('/course/', '/detail/'),
    await firstLink('/product/', '/productdetail/'),
    await firstLink('/', '/teacher/'),
  ]
  for (const path of [...PUBLIC_PAGES, ...items.filter((x): x is string => !!x)]) {
    const res = await page.goto(path)
    expect(res?.status(), path).toBeLessThan(500)
    // Reach for the islands that load on interaction, so their code runs under the policy too.
    await page.mouse.move(200, 500)
    await page.mouse.move(640, 700)
    await page.waitForLoadState('networkidle')
  }
  expect(items.every(Boolean)).toBe(true)
})

test('every account page loads signed in with no CSP violation', async ({ page, request }) => {
  await signInAs(page, request, '13800000001', 'demo1234')
  for (const path of ACCOUNT_PAGES) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  }
})

/** A policy's directives by name: "a x; b y" → { a: 'x', b: 'y' }. */
const directives = (policy: string) =>
  Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0], d.slice(d.indexOf(' ') + 1).trim()]),
  )

test('the policy: each page sends its <meta> policy as a header, hashes for scripts and no unsafe-inline', async ({
  page,
  request,
}) => {
  const firstLink = async (listing: string, prefix: string) => {
    await page.goto(listing)
    return (await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href')) ?? ''
  }
  const pages = [
    '/',
    await firstLink('/product/', '/productdetail/'),
    await firstLink('/course/', '/detail/'),
  ]
  expect(pages.every(Boolean)).toBe(true)
  for (const path of [...pages, '/no-such-page']) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(path === '/no-such-page' ? 404 : 200)
    const meta =
      /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(await res.text())?.[1] ?? ''
    const header = res.headers()['content-security-policy'] ?? ''
    const scriptSrc = directives(header)['script-src'] ?? ''
    expect(scriptSrc, path).toMatch(/'sha256-[\w+/=]+'/)
    expect(scriptSrc, path).not.toContain('unsafe-inline')
    // The header is the page's own policy, and what a <meta> cannot carry besides.
    expect(directives(header), path).toEqual({ ...directives(meta), 'frame-ancestors': "'self'" })
    // Sent on every answer; a browser heeds it only over HTTPS (README, Security headers).
    expect(res.headers()['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains')
  }
  for (const url of ['/course/', '/robots.txt']) {
    const header = (await request.get(url)).headers()['content-security-policy'] ?? ''
    expect(header, url).toContain("frame-ancestors 'self'")
    expect(header, url).toContain("object-src 'none'")
    expect(header, url).toContain("base-uri 'self'")
  }
  // API answers may not be framed at all.
  const api = (await request.get('/api/Classify/GetClassifyQuerys')).headers()
  expect(api['x-frame-options']).toBe('DENY')
  expect(api['content-security-policy']).toContain("frame-ancestors 'none'")
  // The server's own form pages allow no script at all.
  const wechat = (await request.get('/wechat/confirm?str=x')).headers()['content-security-policy'] ?? ''
  expect(wechat).toContain("default-src 'none'")
  expect(wechat).not.toContain('script-src')
})

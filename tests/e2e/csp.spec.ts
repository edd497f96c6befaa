/**
 * The Content-Security-Policy (issue 13): every page kind opens, signed out and signed in, with no
 * violation (the guard in ./test.ts fails a test on any), and the policy itself is strict: script
 * hashes and no 'unsafe-inline' for scripts in the page, frame-ancestors / object-src / base-uri in
 * the header of every answer.
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

test('the policy: hashes for scripts, no unsafe-inline for them, the framing rules in the header', async ({
  request,
}) => {
  const home = await request.get('/')
  const html = await home.text()
  const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? ''
  const scriptSrc = /script-src ([^;]+)/.exec(meta)?.[1] ?? ''
  expect(scriptSrc).toContain("'sha256-")
  expect(scriptSrc).not.toContain('unsafe-inline')
  expect(meta).toContain("object-src 'none'")
  for (const url of ['/', '/course/', '/api/Classify/GetClassifyQuerys', '/robots.txt']) {
    const header = (await request.get(url)).headers()['content-security-policy'] ?? ''
    expect(header, url).toContain("frame-ancestors 'self'")
    expect(header, url).toContain("object-src 'none'")
    expect(header, url).toContain("base-uri 'self'")
  }
  // The server's own form pages allow no script at all.
  const wechat = (await request.get('/wechat/confirm?str=x')).headers()['content-security-policy'] ?? ''
  expect(wechat).toContain("default-src 'none'")
  expect(wechat).not.toContain('script-src')
})

/**
 * Light detail pages (issue 23 item 5): product, course, post and task pages load at most 50 KB
 * of gzip JavaScript before anyone touches them — the measure of `npm run weight` — with no
 * React until the comments tab is opened; and a click on 加入购物车 or 收藏 that beats the
 * page's script is not lost.
 */
import type { Page } from '@playwright/test'
import { pageWeight, WEIGHT_VIEWPORT } from '../../scripts/page-weight-measure.ts'
import { builtPage } from './built.ts'
import { apiGet, freshUser } from './orders.ts'
import { expect, test } from './test.ts'

/** The budget of the issue, gzip bytes of script before interaction. */
const BUDGET = 50 * 1024

type Sku = { id: number; stock: number }

/** The first listed product with a SKU in stock, and the first listed post, course and task. */
async function detailPaths(request: Parameters<typeof apiGet>[0]) {
  const products = await apiGet<{ pageData: { id: number }[] }>(
    request,
    // The best sellers: the demo catalogue's own pages, not a bare product another spec made.
    '/api/ProductSpu/GetProductSpuPage?pageOrder=extMore&pageSort=desc&pageIndex=0&pageSize=20',
  )
  let product: number | undefined
  for (const c of products.pageData) {
    const p = await apiGet<{ skuList: Sku[] }>(request, `/api/ProductSpu/GetProductSpu?id=${c.id}`)
    // The buy box preselects the first SKU in stock; the page needs one.
    if (p.skuList.some((s) => s.stock > 5)) {
      product = c.id
      break
    }
  }
  if (product === undefined) throw new Error('no product in stock')
  const first = async (status: number) => {
    const page = await apiGet<{ pageData: { id: number }[] }>(
      request,
      `/api/Article/GetArticlePage?status=${status}&pageIndex=0&pageSize=1`,
    )
    const id = page.pageData[0]?.id
    if (id === undefined) throw new Error(`no listed article of status ${status}`)
    return `/detail/${id}/`
  }
  return {
    product: `/productdetail/${product}/`,
    post: await first(10),
    course: await first(30),
    task: await first(20),
  }
}

/** Holds every bundled script back until `release()`: the page shows, its code has not come. */
async function holdScripts(page: Page) {
  let release!: () => void
  const gate = new Promise<void>((r) => {
    release = r
  })
  await page.route(/\/_astro\/.*\.js$/, async (route) => {
    await gate
    await route.continue()
  })
  return release
}

const toasts = (page: Page) => page.locator('#toasts')

/** The detail page of the newest `kind`, built: its path. */
async function builtDetail(request: Parameters<typeof apiGet>[0], kind: 'product' | 'course') {
  const path = (await detailPaths(request))[kind]
  await builtPage(request, path)
  return path
}

test('product, post, course and task pages load at most 50 KB of gzip script before interaction', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const paths = await detailPaths(request)
  for (const [kind, path] of Object.entries(paths)) {
    await builtPage(request, path)
    // A fresh browser each time, as `npm run weight` measures: nothing cached from the last page.
    const ctx = await browser.newContext({ baseURL, viewport: WEIGHT_VIEWPORT })
    const { kinds } = await pageWeight(await ctx.newPage(), path)
    await ctx.close()
    const script = kinds.get('script')?.gz ?? 0
    expect(script, `${kind} ${path}: ${(script / 1024).toFixed(1)} KB gzip of script`).toBeLessThanOrEqual(
      BUDGET,
    )
  }

  // The comments island is the only React of a post page: it waits for its tab.
  await page.goto(paths.post)
  const comments = page.locator('astro-island', { has: page.locator('[data-comments]') })
  await expect(comments).toHaveAttribute('ssr', '')
  await page.getByRole('tab', { name: /评论/ }).click()
  await expect(comments).not.toHaveAttribute('ssr', '')
})

test('加入购物车 clicked before the page script has loaded still goes into the cart', async ({
  page,
  request,
}) => {
  const product = await builtDetail(request, 'product')
  await freshUser(page, request)
  const release = await holdScripts(page)
  await page.goto(product, { waitUntil: 'commit' })
  const buy = page.getByRole('form', { name: '购买' })
  await buy.getByRole('button', { name: '加入购物车' }).click()
  // Nothing wired yet: the click is only noted.
  await expect(buy).not.toHaveAttribute('data-on')
  expect(await page.evaluate(() => (window as { __earlyClicks?: unknown[] }).__earlyClicks?.length)).toBe(1)
  release()
  await expect(toasts(page)).toContainText('已经加入购物车')
  await expect(page.locator('[data-cart-badge]').first()).toHaveText('1')
})

test('收藏 clicked by a visitor before the page script has loaded opens the login dialog', async ({
  page,
  request,
}) => {
  const course = await builtDetail(request, 'course')
  const release = await holdScripts(page)
  await page.goto(course, { waitUntil: 'commit' })
  await page.locator('button[data-favourite]').click()
  release()
  await expect(page.getByRole('dialog', { name: /欢迎来到/ })).toBeVisible()
})

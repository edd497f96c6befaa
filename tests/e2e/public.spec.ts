import type { Locator, Page } from '@playwright/test'
import { expectAccessible } from './a11y.ts'
import { expect, test } from './test.ts'

/** Prices as numbers in card order; 免费 is 0. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('main article .price').allInnerTexts()
  return texts.map((t) => (t.includes('免费') ? 0 : Number(t.replace(/[^\d.]/g, ''))))
}

const isSorted = (xs: number[], dir: 'asc' | 'desc') =>
  xs.every((x, i) => i === 0 || (dir === 'asc' ? xs[i - 1]! <= x : xs[i - 1]! >= x))

const cards = (page: Page): Locator => page.locator('main article')

/** Islands hydrate after the page has loaded; a click before that lands on static HTML. */
const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0)

test('the home carousel can be stopped, and only the slide shown takes focus', async ({ page }) => {
  await page.goto('/')
  const carousel = page.locator('.carousel').first()
  const pause = carousel.getByRole('button', { name: '暂停轮播' })
  await expect(pause).toHaveAttribute('aria-pressed', 'false')
  await pause.click()
  await expect(pause).toHaveAttribute('aria-pressed', 'true')
  const current = () => carousel.locator('.carousel-dots [aria-current="true"]').getAttribute('aria-label')
  const shown = await current()
  // Longer than its 2 s interval: stopped, it stays.
  await page.waitForTimeout(2600)
  expect(await current()).toBe(shown)
  // The slides not shown are inert: their links are not in the Tab order.
  const slides = carousel.locator('.carousel-track > li')
  const inert = await slides.evaluateAll((els) => els.map((e) => (e as HTMLElement).inert))
  expect(inert.filter((x) => !x)).toHaveLength(1)
  await pause.click()
  await expect(pause).toHaveAttribute('aria-pressed', 'false')
})

test('home renders every block with cards and a way to more', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('.carousel').first()).toBeVisible()
  for (const [title, href] of [
    ['精选课程', '/course/'],
    ['推荐讲师', null],
    ['推荐产品', '/product/'],
    ['精选分享', '/association/'],
    ['精选任务', '/task/'],
  ] as const) {
    const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: title }) })
    await expect(section).toBeVisible()
    await expect(section.locator('a[href]').nth(1)).toBeVisible()
    if (href) await expect(section.getByRole('link', { name: /查看更多/ })).toHaveAttribute('href', href)
  }
  await expect(cards(page).first()).toBeVisible()
  await expectAccessible(page)
})

/** The listing island loads when first reached for (client:interact): bring the pointer over it. */
async function reachListing(page: Page) {
  await page.getByRole('region', { name: /列表$/ }).hover()
  await hydrated(page)
}

test('a listing loads no React before it is reached for, and its filters are links', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  await page.goto('/course')
  await page.waitForLoadState('networkidle')
  await expect(cards(page)).toHaveCount(20)
  expect(scripts.filter((u) => /\/(Listing|client)\.[\w-]+\.js/.test(u))).toEqual([])

  // The 入门 tag is a link to its URL; that URL opens with the island at once, filtered.
  const tag = page.getByRole('link', { name: '入门', exact: true })
  const href = await tag.getAttribute('href')
  expect(href).toBe(`/course/?tag=${encodeURIComponent('入门')}`)
  expect(await page.getByRole('link', { name: '第 2 页' }).getAttribute('href')).toBe('/course/?page=2')
  await page.goto(href!)
  await expect(page.getByText(/^已更新，共/)).toBeAttached()
  await expect(tag).toHaveAttribute('aria-current', 'true')
  for (const card of await cards(page).all()) await expect(card.getByLabel('标签')).toContainText('入门')
})

test('a listing filters by tag, sorts by price both ways and pages', async ({ page }) => {
  await page.goto('/course')
  await expect(cards(page)).toHaveCount(20)
  await reachListing(page)

  // Filter by the first tag of the 标签 row.
  const tagRow = page.locator('ul', { has: page.getByRole('link', { name: '全部' }) }).nth(1)
  const tagLink = tagRow.getByRole('link').nth(1)
  const tag = (await tagLink.innerText()).trim()
  await tagLink.click()
  await expect(tagLink).toHaveAttribute('aria-current', 'true')
  await expect(page).toHaveURL(/tag=/)
  // The last page stays on screen while the filtered one loads: wait for the island to say
  // the list was updated (its live region; the pre-rendered page never says so).
  await expect(page.getByText(/^已更新，共/)).toBeAttached()
  await expect(cards(page).first()).toBeVisible()
  for (const card of await cards(page).all()) {
    await expect(card.getByLabel('标签')).toContainText(tag)
  }

  // Back to all tags, then price ascending and descending.
  await tagRow.getByRole('link', { name: '全部' }).click()
  await page.getByRole('link', { name: /价格/ }).click()
  await expect(page).toHaveURL(/dir=asc/)
  await expect.poll(async () => isSorted(await cardPrices(page), 'asc')).toBe(true)
  const ascFirst = (await cardPrices(page))[0]!
  await page.getByRole('link', { name: /价格/ }).click()
  await expect(page).toHaveURL(/dir=desc/)
  await expect.poll(async () => isSorted(await cardPrices(page), 'desc')).toBe(true)
  expect((await cardPrices(page))[0]!).toBeGreaterThan(ascFirst)

  // Page 2, then the back button restores page 1.
  const firstTitle = await cards(page).first().getByRole('heading').innerText()
  await page.getByRole('link', { name: '第 2 页' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstTitle)
  await page.goBack()
  await expect(page).not.toHaveURL(/page=2/)
  await expect(cards(page).first().getByRole('heading')).toHaveText(firstTitle)
  // Back, the island reads page 1 again and dims the cards meanwhile (opacity-50, aria-busy):
  // axe judges the settled page, not the dimmed one (a colour-contrast flake in CI).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expectAccessible(page)
})

test('a filtered listing opens from a shared URL', async ({ page }) => {
  await page.goto('/product?sort=price&dir=asc')
  await expect.poll(async () => isSorted(await cardPrices(page), 'asc')).toBe(true)
  await expect(page.getByRole('link', { name: /价格/ })).toHaveAttribute('aria-current', 'true')
})

test('search refuses empty text and finds a known product', async ({ page }) => {
  await page.goto('/seach')
  await hydrated(page)
  await page.getByRole('button', { name: '搜索', exact: true }).last().click()
  await expect(page.locator('#search-error')).toHaveText('请输入搜索内容')

  // A product that exists: take the first card of /product.
  await page.goto('/product')
  const title = (await cards(page).first().getByRole('heading').innerText()).trim()
  const words = title.split(/\s+/)
  const query = words[1] ?? words[0]!
  await page.goto('/seach')
  await hydrated(page)
  await page.locator('#search-q').fill(query)
  await page.locator('#search-q').press('Enter')
  await expect(page).toHaveURL(/q=/)
  await page.getByRole('tab', { name: '产品' }).click()
  await expect(page.getByRole('heading', { name: title }).first()).toBeVisible()
  await expect(page.getByText(/^共\s*\d+\s*条结果$/)).toBeVisible()
})

test('the nav search box refuses empty text with 请输入搜索内容', async ({ page }) => {
  await page.goto('/about')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.locator('form[data-search] button').click()
  await expect(page.locator('#toasts')).toContainText('请输入搜索内容')
  await expect(page).toHaveURL(/\/about/)
})

test('cart and messages say 请登录 to visitors', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: '购物车' }).click()
  await expect(page.locator('#toasts')).toContainText('请登录')
  await expect(page).toHaveURL(/\/$/)
})

for (const path of ['/about', '/link', '/question', '/product', '/task', '/association', '/no-such-page']) {
  test(`${path} passes axe without serious violations`, async ({ page }) => {
    const res = await page.goto(path)
    if (path === '/no-such-page') {
      expect(res?.status()).toBe(404)
      await expect(page.getByRole('link', { name: /首页/ }).first()).toBeVisible()
    }
    await expectAccessible(page)
  })
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })
  test('home, listings and FAQ show their content', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: '精选课程' })).toBeVisible()
    await expect(cards(page).first()).toBeVisible()
    await page.goto('/course')
    await expect(cards(page)).toHaveCount(20)
    await page.goto('/question')
    await expect(page.locator('main details').first()).toBeVisible()
    expect(await page.locator('main details').count()).toBeGreaterThanOrEqual(10)
  })
})

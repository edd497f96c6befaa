/**
 * Buying and paying (issue 8 item 9): product → two SKUs into the cart → checkout with a new
 * address → pay by balance → order detail; pay by WeChat sandbox from a second page while the
 * first polls; top up the wallet; buy a paid course and open its paid section.
 * Every journey has its own fresh user; money comes in through the sandbox like a real top-up.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { builtPage } from './built.ts'
import { apiGet, firstListed, freshUser, freshUserOn, placeOrder, topUp } from './orders.ts'
import { expect, test } from './test.ts'

interface Sku {
  id: number
  title: string
  param: string
  price: number
  stock: number
}

/** A listed product with two SKUs in stock, the cheapest such pair. */
async function productWithTwoSkus(request: APIRequestContext) {
  const page = await apiGet<{ pageData: { id: number }[] }>(
    request,
    '/api/ProductSpu/GetProductSpuPage?pageIndex=0&pageSize=100',
  )
  let best: { id: number; title: string; skus: Sku[]; cost: number; buyLimit: number } | null = null
  for (const c of page.pageData) {
    const p = await apiGet<{ id: number; title: string; skuList: Sku[]; buyLimit: number }>(
      request,
      `/api/ProductSpu/GetProductSpu?id=${c.id}`,
    )
    const skus = p.skuList
      .filter((s) => s.stock > 5)
      .sort((a, b) => a.price - b.price)
      .slice(0, 2)
    if (skus.length < 2) continue
    const cost = skus[0]!.price + skus[1]!.price
    if (!best || cost < best.cost) best = { id: p.id, title: p.title, skus, cost, buyLimit: p.buyLimit }
  }
  if (!best) throw new Error('no product with two SKUs in stock')
  return best
}

const toasts = (page: Page) => page.locator('#toasts')
const field = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true })

test('the cart holds no more of a SKU than its stock or buy limit, however many times it is added', async ({
  page,
  request,
}) => {
  await freshUser(page, request)
  const p = await productWithTwoSkus(request)
  const a = p.skus[0] as Sku
  await page.goto(`/productdetail/${p.id}/`)
  const box = page.locator('form[data-buy-box]')
  await box.getByText(a.title, { exact: true }).click()
  // All of it (the box caps one add at the stock and the buy limit, issue 39), twice.
  const cap = Math.min(a.stock, p.buyLimit)
  await box.locator('[data-buy-qty]').fill(String(a.stock))
  await box.getByRole('button', { name: '加入购物车' }).click()
  await expect(toasts(page)).toContainText('已经加入购物车')
  await box.locator('[data-buy-qty]').fill(String(a.stock))
  await box.getByRole('button', { name: '加入购物车' }).click()
  const why = cap < a.stock ? `${p.title} ${a.title}最多购买${cap}件` : `库存仅剩${a.stock}件`
  await expect(toasts(page)).toContainText(`${why}，购物车中已有${cap}件`)
  const held = await page.evaluate(
    (id) =>
      (JSON.parse(localStorage.getItem('center') ?? '[]') as { id: number; qty: number }[]).find(
        (x) => x.id === id,
      )?.qty,
    a.id,
  )
  expect(held).toBe(cap)
})

test('product → two SKUs into the cart → checkout with a new address → pay by balance → order detail', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const { tel, headers } = await freshUser(page, request)
  const p = await productWithTwoSkus(request)
  await topUp(request, headers, Math.ceil(p.cost) + 10)
  const [a, b] = p.skus as [Sku, Sku]

  await page.goto(`/productdetail/${p.id}/`)
  const box = page.locator('form[data-buy-box]')
  await box.getByText(a.title, { exact: true }).click()
  await box.getByRole('button', { name: '加入购物车' }).click()
  await expect(toasts(page)).toContainText('已经加入购物车')
  await box.getByText(b.title, { exact: true }).click()
  await expect(box.locator('[data-buy-price]')).toContainText(b.price.toFixed(2))
  await box.getByRole('button', { name: '加入购物车' }).click()
  await expect(page.locator('[data-cart-badge]').first()).toHaveText('2')

  await page.goto('/shopcar')
  await expect(page.locator('[data-cart-item]')).toHaveCount(2)
  await expect(page.locator('[data-cart-count]')).toHaveText('2')
  await expect(page.locator('[data-cart-total]')).toContainText((a.price + b.price).toFixed(2))
  // Unchecking everything: 去结算 refuses.
  await page.getByRole('checkbox', { name: '全选' }).uncheck()
  await page.getByRole('button', { name: '去结算' }).click()
  await expect(toasts(page)).toContainText('请勾选商品生成订单')
  await page.getByRole('checkbox', { name: '全选' }).check()
  await page.getByRole('button', { name: '去结算' }).click()

  await expect(page).toHaveURL(/\/createorder/)
  await expect(page.getByText('还没有收货地址')).toBeVisible()
  await page.getByRole('button', { name: '提交订单' }).click()
  await expect(toasts(page)).toContainText('请添加地址')

  await page.getByRole('button', { name: '新增地址' }).click()
  const dialog = page.getByRole('dialog', { name: '新增地址' })
  await field(dialog, '收货人').fill('李四')
  await field(dialog, '手机号').fill(tel)
  await dialog.getByLabel('省份').selectOption('江苏省')
  await dialog.getByLabel('城市').selectOption('苏州市')
  await dialog.getByLabel('区县').selectOption('姑苏区')
  await expect(dialog.getByLabel('街道')).toBeEnabled()
  await dialog.getByLabel('街道').selectOption('平江街道')
  await field(dialog, '详细地址').fill('干将东路100号')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('radio', { name: /李四/ })).toBeChecked()

  await page.getByRole('button', { name: '提交订单' }).click()
  await expect(page).toHaveURL(/\/pay\?id=\d+/)
  const orderId = Number(new URL(page.url()).searchParams.get('id'))
  // Ordered lines have left the cart.
  await expect(page.locator('[data-cart-badge]').first()).toBeHidden()

  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(toasts(page)).toContainText('请选择支付方式')
  await page.getByRole('checkbox', { name: '余额支付' }).check()
  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(toasts(page)).toContainText('支付成功')
  await expect(page).toHaveURL(new RegExp(`/orderdetail\\?id=${orderId}$`))
  await expect(page.locator('[data-order-status]')).toHaveText('待发货')
  await expect(page.getByText('李四')).toBeVisible()
  await expect(page.getByRole('list').filter({ hasText: a.title })).toContainText(b.title)
  await expect(page.getByRole('button', { name: '取消订单' })).toHaveCount(0)

  const order = await apiGet<{ status: number; tolCost: number }>(
    request,
    `/api/Orders/GetOrders?id=${orderId}`,
    headers,
  )
  expect(order.status).toBe(20)
})

test('pays by WeChat sandbox from a second page while the first polls', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000)
  const { tel, headers } = await freshUser(page, request)
  const p = await productWithTwoSkus(request)
  // placeOrder fails the test unless the order is placed (status 200).
  const orderId = await placeOrder(request, headers, tel, p.skus[0]!.id)

  await page.goto(`/pay?id=${orderId}`)
  await page.getByRole('radio', { name: '微信支付' }).check()
  await page.getByRole('button', { name: '立即支付' }).click()
  const qr = page.getByRole('dialog', { name: '微信支付' })
  await expect(qr).toBeVisible()
  const codeUrl = await qr.locator('img[data-qr]').getAttribute('data-qr')
  expect(codeUrl).toContain('/pay/sandbox/')

  const phone = await context.newPage()
  await phone.goto(new URL(codeUrl as string).pathname)
  await expect(phone.getByText('¥')).toBeVisible()
  await phone.getByRole('button', { name: '确认支付' }).click()
  await expect(phone.getByText('支付成功，请回到电脑端')).toBeVisible()

  // The first page's next poll (every 5 s) sees the order paid.
  await expect(page).toHaveURL(new RegExp(`/orderdetail\\?id=${orderId}$`), { timeout: 15_000 })
  await expect(page.locator('[data-order-status]')).toHaveText('待发货')
})

test('tops up the wallet on /wo through the sandbox', async ({ page, request, context }) => {
  test.setTimeout(90_000)
  await freshUserOn(page, request, '/wo')
  await expect(page.locator('[data-stat="余额"]')).toHaveText('0.00')
  await expect(page.getByText('暂无交易记录', { exact: true })).toBeVisible()
  await page.evaluate(() => {
    ;(window as { samePage?: boolean }).samePage = true
  })
  await page.getByRole('button', { name: '充值' }).click()
  const dialog = page.getByRole('dialog', { name: '余额充值' })
  await dialog.getByLabel('充值金额（元）').fill('88.8')
  await dialog.getByRole('radio', { name: '支付宝' }).check()
  await dialog.getByRole('button', { name: '去支付' }).click()
  const qr = page.getByRole('dialog', { name: '支付宝' })
  await expect(qr).toBeVisible()
  const codeUrl = (await qr.locator('img[data-qr]').getAttribute('data-qr')) as string

  const phone = await context.newPage()
  await phone.goto(new URL(codeUrl).pathname)
  await phone.getByRole('button', { name: '确认支付' }).click()
  await expect(phone.getByText('支付成功，请回到电脑端')).toBeVisible()

  await expect(toasts(page)).toContainText('充值成功', { timeout: 15_000 })
  await expect(page.locator('[data-stat="余额"]')).toHaveText('88.80')
  // The records show the top-up too, without a reload of the page (issue 19).
  await expect(page.getByRole('table').locator('tr[data-tag]').filter({ hasText: '+88.80' })).toHaveCount(1)
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true)
})

test('buys a paid course and opens its paid section', async ({ page, request }) => {
  test.setTimeout(90_000)
  const { headers } = await freshUser(page, request)
  const list = await apiGet<{ pageData: { id: number; price: number }[] }>(
    request,
    '/api/Article/GetArticlePage?status=30&isPrice=1&pageIndex=0&pageSize=50',
  )
  type Section = { id: number; unlock: number; title: string }
  let course: { id: number; price: number; locked: Section } | null = null
  for (const c of list.pageData.filter((x) => x.price > 0 && x.price <= 50000)) {
    const a = await apiGet<{ id: number; price: number; list: Section[] }>(
      request,
      `/api/Article/GetArticle?id=${c.id}`,
    )
    const locked = a.list.find((s) => s.unlock !== 1)
    if (locked) {
      course = { id: a.id, price: a.price, locked }
      break
    }
  }
  if (!course) throw new Error('no paid course with a locked section')
  await topUp(request, headers, Math.ceil(course.price))

  await page.goto(`/detail/${course.id}/`)
  const row = page.locator(`[data-section-id="${course.locked.id}"]`)
  await expect(row).toContainText('未解锁')
  await page.getByRole('button', { name: '立即购买' }).click()
  await expect(page).toHaveURL(/\/pay\?id=\d+&type=1/)
  await page.getByRole('checkbox', { name: '余额支付' }).check()
  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(toasts(page)).toContainText('支付成功')
  await expect(page).toHaveURL(new RegExp(`/detail/?(\\?id=)?${course.id}`))
  await expect(page.getByRole('button', { name: '已购买' })).toBeVisible()
  await expect(row.getByRole('button', { name: /^预览/ })).toBeVisible()
  // The paid file has no public path: it opens by a short-lived signed link (issue 13).
  await row.getByRole('button', { name: /^预览/ }).click()
  const dialog = page.getByRole('dialog')
  const view = dialog.locator('video, iframe')
  const src = (await view.getAttribute('src')) ?? ''
  expect(src).toMatch(/^\/private\/seed\/[\w.-]+\?e=\d+&s=[\w-]+$/)
  expect((await request.get(src)).status()).toBe(200)
  expect((await request.get(src.split('?')[0] ?? '')).status()).toBe(403)
  if ((await view.evaluate((e) => e.tagName)) === 'VIDEO')
    await expect.poll(() => view.evaluate((v) => Math.round((v as HTMLVideoElement).duration || 0))).toBe(4)
})

test('buys a paid post and reads all of it', async ({ page, request }) => {
  test.setTimeout(90_000)
  const { headers } = await freshUser(page, request)
  const post = await firstListed<{ id: number; price: number }>(
    request,
    '/api/Article/GetArticlePage?status=10&isPrice=1&pageIndex=0&pageSize=1',
    'no paid post in the demo data',
  )
  const teaser = (await apiGet<{ content: string }>(request, `/api/Article/GetArticle?id=${post.id}`)).content
  await topUp(request, headers, Math.ceil(post.price))

  await page.goto(`/detail/${post.id}/`)
  await page.getByRole('button', { name: '立即购买' }).click()
  await expect(page).toHaveURL(/\/pay\?id=\d+&type=1/)
  await page.getByRole('checkbox', { name: '余额支付' }).check()
  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(toasts(page)).toContainText('支付成功')
  await expect(page.getByRole('button', { name: '已购买' })).toBeVisible()
  // The static page carries the brief; the buyer's page now shows the whole post.
  const full = (await apiGet<{ content: string }>(request, `/api/Article/GetArticle?id=${post.id}`, headers))
    .content
  expect(full.length).toBeGreaterThan(teaser.length)
  const body = page.locator('[data-article-content]')
  await expect.poll(async () => (await body.innerHTML()).length).toBeGreaterThan(teaser.length)
})

test('a product that left the shelf after the build says so instead of reaching the cart', async ({
  page,
  request,
}) => {
  await freshUser(page, request)
  const list = await apiGet<{ pageData: { id: number }[] }>(
    request,
    '/api/ProductSpu/GetProductSpuPage?pageIndex=0&pageSize=1&pageOrder=extMore&pageSort=asc',
  )
  const id = list.pageData[0]?.id
  if (!id) throw new Error('no product')
  await builtPage(request, `/productdetail/${id}/`)
  await page.goto(`/productdetail/${id}/`)
  // The operator takes it off the shelf while the static page stays as built. The API then
  // answers as it does for an unlisted product (server/modules/catalog tests that answer); the
  // shared e2e database is left alone, since other journeys buy the same products meanwhile.
  await page.route(`**/api/ProductSpu/GetProductSpu?id=${id}*`, (route) =>
    route.fulfill({ status: 404, json: { status: 404, data: '当前商品已经下架' } }),
  )
  const buy = page.getByRole('form', { name: '购买' })
  await buy.getByRole('button', { name: '加入购物车' }).click()
  await expect(toasts(page)).toContainText('当前商品已经下架')
  const inCart = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('center') ?? '[]') as unknown[]).length,
  )
  expect(inCart).toBe(0)
})

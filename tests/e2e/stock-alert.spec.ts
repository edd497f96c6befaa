/**
 * Issue 24 items 5 and 7 in the browser: the product page is built once for everyone; a member
 * with a discount reads 会员价 for the chosen SKU, a visitor the hint. On a sold-out SKU the buy
 * box offers 到货通知: a visitor is sent to log in, a customer subscribes and reads 已订阅; when
 * marketing adjusts the stock up in the back office, the customer finds the 到货通知 in /message.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { payable } from '../../src/lib/rules/pricing.ts'
import { expectAccessible } from './a11y.ts'
import { signInStaffAs } from './admin-session.ts'
import { builtPage } from './built.ts'
import { placeOrder } from './orders.ts'
import { registerUser, signed, signInAs } from './session.ts'
import { expect, test } from './test.ts'

type Sku = { id: number; title: string; price: number; stock: number }
type Product = { id: number; title: string; skuList: Sku[]; options?: unknown[] }

const toasts = (page: Page) => page.locator('#toasts')
const buyBox = (page: Page) => page.locator('form[data-buy-box]')
const memberPrice = (page: Page) => buyBox(page).locator('[data-member-price]')

async function read<T>(request: APIRequestContext, path: string): Promise<T> {
  return (await (await request.get(path, { headers: signed() })).json()).data as T
}

/**
 * The first listed product (of the first 50) of one option whose SKUs pass `ok`, with its built
 * page: there each SKU is one choice labelled by its title (another spec's option matrix is not).
 */
async function productWhere(request: APIRequestContext, ok: (skus: Sku[]) => boolean): Promise<Product> {
  const list = await read<{ pageData: { id: number }[] }>(
    request,
    '/api/ProductSpu/GetProductSpuPage?pageIndex=0&pageSize=50',
  )
  for (const { id } of list.pageData) {
    const p = await read<Product>(request, `/api/ProductSpu/GetProductSpu?id=${id}`)
    if ((p.options?.length ?? 0) <= 1 && ok(p.skuList)) {
      await builtPage(request, `/productdetail/${id}/`)
      return p
    }
  }
  throw new Error('no such product')
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

test('a member with a discount reads 会员价 for the chosen SKU; a visitor reads the hint', async ({
  page,
  request,
}) => {
  // Two SKUs in stock at different prices, so choosing the other changes the member price.
  const p = await productWhere(
    request,
    (s) => s.filter((k) => k.stock > 0).length >= 2 && new Set(s.map((k) => k.price)).size > 1,
  )
  const [a, b] = p.skuList.filter((k) => k.stock > 0) as [Sku, Sku]

  await page.goto(`/productdetail/${p.id}/`)
  await expect(memberPrice(page)).toHaveText('会员享折扣价')

  // 13800000002, the demo doctor, pays 9折.
  const { user } = await signInAs(page, request, '13800000002')
  expect(user.discount).toBe(9)
  await page.goto(`/productdetail/${p.id}/`)
  await buyBox(page).locator('label', { hasText: a.title }).first().click()
  await expect(memberPrice(page)).toHaveText(`会员价 ${yuan(payable(Math.round(a.price * 100), 90))}`)
  const box = await memberPrice(page).boundingBox()
  await buyBox(page).locator('label', { hasText: b.title }).first().click()
  await expect(memberPrice(page)).toHaveText(`会员价 ${yuan(payable(Math.round(b.price * 100), 90))}`)
  // Reserved space: the member price takes the hint's place without moving anything.
  expect((await memberPrice(page).boundingBox())?.width).toBe(box?.width)
  await expectAccessible(page)
})

test('a customer subscribes on a sold-out SKU; stock added in the back office reaches them in /message', async ({
  page,
  request,
}) => {
  const p = await productWhere(request, (s) => s.some((k) => k.stock === 0))
  const sku = p.skuList.find((k) => k.stock === 0) as Sku
  const alertButton = buyBox(page).locator('button[data-alert]')

  // A visitor is asked to log in.
  await page.goto(`/productdetail/${p.id}/`)
  await buyBox(page).locator('label', { hasText: sku.title }).first().click()
  await expect(buyBox(page).getByRole('button', { name: '立即购买' })).toBeDisabled()
  await alertButton.click()
  await expect(page.getByRole('dialog', { name: /欢迎来到/ })).toBeVisible()

  const tel = await registerUser(request)
  await signInAs(page, request, tel, 'test1234')
  await page.goto(`/productdetail/${p.id}/`)
  await buyBox(page).locator('label', { hasText: sku.title }).first().click()
  await expect(alertButton).toHaveText('到货通知')
  await alertButton.click()
  await expect(toasts(page)).toContainText('到货后将通知您')
  await expect(alertButton).toHaveText('已订阅')
  await expect(alertButton).toBeDisabled()
  await expectAccessible(page)
  // The page knows it again after a reload (GetStockAlerts).
  await page.reload()
  await buyBox(page).locator('label', { hasText: sku.title }).first().click()
  await expect(alertButton).toHaveText('已订阅')

  // Marketing adjusts the SKU's stock up on the product's back-office page.
  const staff = await page.context().newPage()
  await signInStaffAs(staff, request, 'marketing')
  await staff.goto(`/admin/products/?title=${encodeURIComponent(p.title)}`)
  await staff.getByRole('link', { name: p.title }).first().click()
  await expect(staff.getByRole('heading', { name: p.title })).toBeVisible()
  await staff.getByRole('button', { name: `调整「${sku.title}」的库存` }).click()
  const dialog = staff.getByRole('dialog', { name: '调整库存' })
  await dialog.getByLabel('调整数量').fill('20')
  await dialog.getByLabel('调整原因').fill('到货入库')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog).toBeHidden()
  await staff.close()

  await page.goto('/message/')
  await expect(page.getByText(`您订阅到货通知的「${p.title}（${sku.title}`)).toBeVisible()
  await expectAccessible(page)
})

test('the buy box shows the live stock: a SKU sold out since the page was built says 缺货 and offers 到货通知', async ({
  page,
  request,
}) => {
  // A product with one SKU in stock, from the end of the list (the other tests take the first ones).
  const list = await read<{ pageData: { id: number }[] }>(
    request,
    '/api/ProductSpu/GetProductSpuPage?pageIndex=0&pageSize=50',
  )
  let p: Product | undefined
  for (const { id } of list.pageData.reverse()) {
    const q = await read<Product>(request, `/api/ProductSpu/GetProductSpu?id=${id}`)
    if (q.skuList.some((k) => k.stock > 0 && k.stock < 1000)) {
      p = q
      break
    }
  }
  if (!p) throw new Error('no product in stock')
  const sku = p.skuList.find((k) => k.stock > 0 && k.stock < 1000) as Sku
  await builtPage(request, `/productdetail/${p.id}/`)

  // Another customer's order takes all of it; orders never rebuild the page.
  const tel = await registerUser(request)
  const { token } = await signInAs(page, request, tel, 'test1234')
  const auth = { ...signed(), Authorization: `Bearer ${token}` }
  // placeOrder fails the test unless the order is placed (status 200).
  const made = await placeOrder(request, auth, tel, sku.id, sku.stock)
  try {
    await page.goto(`/productdetail/${p.id}/`)
    const label = buyBox(page).locator('label', { hasText: sku.title }).first()
    await label.click()
    await expect(label.getByText('缺货')).toBeVisible()
    await expect(buyBox(page).locator('[data-buy-stock]')).toHaveText('缺货')
    await expect(buyBox(page).getByRole('button', { name: '立即购买' })).toBeDisabled()
    await expect(buyBox(page).getByRole('button', { name: '加入购物车' })).toBeDisabled()
    await expect(buyBox(page).locator('button[data-alert]')).toHaveText('到货通知')
    await expectAccessible(page)
  } finally {
    // Cancelled: the stock is back for the other tests.
    await request.post('/api/Orders/PostOrdersStatus', {
      headers: auth,
      data: { id: made, status: 100 },
    })
  }
})

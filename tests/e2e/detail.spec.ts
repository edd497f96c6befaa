import type { APIRequestContext } from '@playwright/test'
import { DEV_SIGN_IV, DEV_SIGN_KEY, makeSign } from '../../src/lib/sign.ts'
import { expectAccessible } from './a11y.ts'
import { builtPage } from './built.ts'
import { expect, test } from './test.ts'

const sign = () => ({ sign: makeSign({ key: DEV_SIGN_KEY, iv: DEV_SIGN_IV }) })

/** The first item of a public page call (pageSize=1): the newest product or course. */
async function newest(request: APIRequestContext, path: string): Promise<{ id: number; title: string }> {
  const list = await (await request.get(path, { headers: sign() })).json()
  return list.data.pageData[0]
}

test('a product page shows its SKUs with prices, params and the description', async ({ page, request }) => {
  const { id } = await newest(request, '/api/ProductSpu/GetProductSpuPage?pageSize=1')
  await builtPage(request, `/productdetail/${id}/`)
  const detail = (
    await (await request.get(`/api/ProductSpu/GetProductSpu?id=${id}`, { headers: sign() })).json()
  ).data

  await page.goto(`/productdetail/${id}/`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.title)
  // The buy box: one radio per SKU; choosing one shows its price.
  const specs = page.getByRole('group', { name: '规格' })
  await expect(specs.getByRole('radio')).toHaveCount(detail.skuList.length)
  const buy = page.getByRole('form', { name: '购买' })
  for (const [i, sku] of detail.skuList.entries()) {
    await specs.locator('label').nth(i).click()
    await expect(buy).toContainText(sku.price.toFixed(2))
  }
  await expect(page.getByRole('heading', { name: '商品详情' })).toBeVisible()
  // The product's own description (the newest product may be one another spec just made).
  const firstWords =
    (detail.content as string)
      .replace(/<[^>]*>/g, ' ')
      .trim()
      .split(/\s+/)[0] ?? ''
  expect(firstWords).not.toBe('')
  await expect(page.locator('main')).toContainText(firstWords.slice(0, 12))
  await expect(page.locator('script[type="application/ld+json"]').first()).toBeAttached()
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents()
  expect(ld.some((t) => t.includes('"@type":"Product"') && t.includes('"priceCurrency":"CNY"'))).toBe(true)
  await expectAccessible(page)
})

test('a course page shows its catalogue and introduction tabs', async ({ page, request }) => {
  const { id } = await newest(request, '/api/Article/GetArticlePage?status=30&pageSize=1')
  await page.goto(`/detail/${id}/`)
  await expect(page.getByRole('tab', { name: '目录' })).toBeVisible()
  await page.getByRole('tab', { name: '介绍' }).click()
  await expect(page.getByRole('tabpanel')).toBeVisible()
  await expectAccessible(page)
})

test('query routes land on the static page', async ({ page, request }) => {
  const { id } = await newest(request, '/api/ProductSpu/GetProductSpuPage?pageSize=1')
  await builtPage(request, `/productdetail/${id}/`)
  await page.goto(`/productdetail?id=${id}`)
  await expect(page).toHaveURL(new RegExp(`/productdetail/${id}/$`))
  const course = await newest(request, '/api/Article/GetArticlePage?status=30&pageSize=1')
  await page.goto(`/detail?id=${course.id}`)
  await expect(page).toHaveURL(new RegExp(`/detail/${course.id}/$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title)
})

test('a query route with a bad id explains itself', async ({ page }) => {
  await page.goto('/detail/?id=abc')
  await expect(page.getByText('链接无效')).toBeVisible()
  await expect(page.getByRole('link', { name: /首页/ }).first()).toBeVisible()
})

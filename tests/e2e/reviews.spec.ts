import type { APIRequestContext } from '@playwright/test'
import { tinyPng } from '../api/files.ts'
import { expectAccessible } from './a11y.ts'
import { signInStaffAs, staffCall, staffToken } from './admin-session.ts'
import { apiGet, apiPost, type Headers, paidOrder, payFromBalance, placeOrder } from './orders.ts'
import { expect, test } from './test.ts'

// Product reviews (issue 24 item 6): a buyer reviews a completed order from its detail page
// (stars, text, one image); after the site builder's rebuild the product page shows it, its 有图
// filter keeps it and drops a review without images; an operator hides it and it disappears.

/** Ships the paid order (operator) and confirms receipt (buyer): status 40. */
async function complete(request: APIRequestContext, code: string, id: number, buyer: Headers) {
  const op = await staffToken(request, 'operator')
  await staffCall(request, op, 'POST', `/api/admin/orders/${code}/ship`, { courier: 'zto' })
  expect(await apiPost(request, '/api/Orders/PostOrdersStatus', { id, status: 40 }, buyer)).toBe(
    '确认收货成功',
  )
}

test('a buyer reviews a completed order; the product page shows it, 有图 filters, an operator hides it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  const { id, code, headers } = await paidOrder(page, request)
  await complete(request, code, id, headers)
  const lines = await apiGet<{ list: { spuId: number; title: string }[] }>(
    request,
    `/api/Reviews/GetReviewsOrder?orderId=${id}`,
    headers,
  )
  const spuId = lines.list[0]?.spuId as number
  const text = `手感很好，消毒后不变形${Date.now().toString(36).slice(-5)}`

  // The order page: 评价 opens the dialog; its refusals first, then stars, text and one image.
  await page.goto(`/orderdetail?id=${id}`)
  const section = page.locator('[data-order-reviews]')
  await section.getByRole('button', { name: /^评价/ }).click()
  const dialog = page.getByRole('dialog', { name: '评价商品' })
  await dialog.getByRole('button', { name: '发表评价' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('请选择评分')
  // The stars are radio buttons (visually hidden) inside their labels: the fourth is 4星 满意.
  await dialog.locator('[data-stars] label').nth(3).click()
  await expect(dialog.getByRole('radio', { name: '4星 满意' })).toBeChecked()
  await dialog.getByRole('button', { name: '发表评价' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('请填写评价内容')
  await expect(dialog.getByLabel('评价内容')).toBeFocused()
  await dialog.getByLabel('评价内容').fill(text)
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: tinyPng(`review e2e ${text}`) })
  await expect(dialog.getByRole('img', { name: '评价图片 1' })).toBeVisible()
  await expectAccessible(page)
  await dialog.getByRole('button', { name: '发表评价' }).click()
  await expect(page.getByText('评价成功')).toBeVisible()
  await expect(dialog).toBeHidden()
  // Reviewed: 追评 in place of 评价, and what was written under the product.
  await expect(section.getByText(text)).toBeVisible()
  await expect(section.getByRole('button', { name: /^追评/ })).toBeVisible()
  await expect(section.getByRole('button', { name: /^评价/ })).toHaveCount(0)

  // A second completed order of the same product, reviewed without an image, for the 有图 filter.
  const sku = (
    await apiGet<{ skuList: { id: number; price: number }[] }>(
      request,
      `/api/ProductSpu/GetProductSpu?id=${spuId}`,
    )
  ).skuList[0] as { id: number; price: number }
  const second = await placeOrder(request, headers, '13900000000', sku.id)
  await payFromBalance(request, headers, second)
  const secondCode = (await apiGet<{ code: string }>(request, `/api/Orders/GetOrders?id=${second}`, headers))
    .code
  await complete(request, secondCode, second, headers)
  const plain = `没有图片的评价${Date.now().toString(36).slice(-5)}`
  await apiPost(
    request,
    '/api/Reviews/PostReviewsAppend',
    { orderId: second, spuId, stars: 5, content: plain, imgs: '' },
    headers,
  )

  // The builder rebuilds the product page with both reviews in it.
  await expect
    .poll(async () => (await request.get(`/productdetail/${spuId}/`)).text(), { timeout: 120_000 })
    .toContain(plain)
  await page.goto(`/productdetail/${spuId}/`)
  await expect(page.locator('[data-review-link]')).toContainText('条评价')
  const reviews = page.locator('#product-reviews')
  await reviews.scrollIntoViewIfNeeded()
  await expect(reviews.getByText(text)).toBeVisible()
  await expect(reviews.getByText(plain)).toBeVisible()
  await reviews.getByRole('button', { name: /^有图/ }).click()
  await expect(reviews.getByRole('button', { name: /^有图/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(reviews.getByText(plain)).toHaveCount(0)
  await expect(reviews.getByText(text)).toBeVisible()
  await expect(reviews.getByRole('img', { name: '评价图片 1' }).first()).toBeVisible()
  await reviews.getByRole('button', { name: /^全部/ }).click()
  await expect(reviews.getByText(plain)).toBeVisible()
  await expectAccessible(page)

  // The operator hides it from 商品评价 under 内容审核 (a reason, confirmed in one dialog).
  await signInStaffAs(page, request, 'operator')
  await page.goto(`/admin/moderation/reviews/?spuId=${spuId}`)
  const row = page.getByRole('row', { name: new RegExp(text) })
  await row.getByRole('button', { name: '隐藏' }).click()
  await page.getByLabel('原因（评价人可见）').fill('与商品无关')
  await expectAccessible(page)
  await page.getByRole('button', { name: '确认隐藏' }).click()
  await expect(page.getByText('评价已隐藏')).toBeVisible()
  await expect(row.getByText('已隐藏')).toBeVisible()

  // Gone from the live list at once and from the built page after its rebuild.
  const live = await apiGet<{ pageData: { content: string }[] }>(
    request,
    `/api/Reviews/GetReviewsPage?spuId=${spuId}&pageSize=50`,
  )
  expect(live.pageData.map((r) => r.content)).not.toContain(text)
  await expect
    .poll(async () => (await request.get(`/productdetail/${spuId}/`)).text(), { timeout: 120_000 })
    .not.toContain(text)
  await page.goto(`/productdetail/${spuId}/`)
  await page.locator('#product-reviews').scrollIntoViewIfNeeded()
  await expect(page.locator('#product-reviews').getByText(plain)).toBeVisible()
  await expect(page.getByText(text)).toHaveCount(0)
})

import { expectAccessible } from './a11y.ts'
import { builderIdle, signInStaffAs, staffCall, staffToken } from './admin-session.ts'
import { expect, test } from './test.ts'

// The catalogue import (issue 40) through its screen: marketing uploads a CSV of price changes
// (one good row, one refused), the preview names each row's result, 导入 applies the good one,
// and the public product page shows the new price within the usual 30 s of the rebuild.

type Row = { id: number; title: string; priceMin: number }
type Product = { id: number; title: string; skus: { id: number; title: string; price: number }[] }

test('marketing imports a CSV of price changes; the preview names each row, and the product page shows the new price', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const token = await staffToken(request, 'marketing')
  const rows = (
    await staffCall<{ pageData: Row[] }>(request, token, 'GET', '/api/admin/products?listed=1&pageSize=20')
  ).pageData
  const chosen = rows.find((r) => r.priceMin > 10) as Row
  expect(chosen).toBeTruthy()
  const product = await staffCall<Product>(request, token, 'GET', `/api/admin/products/${chosen.id}`)
  const sku = product.skus[0] as Product['skus'][number]
  const price = (1 + Math.floor(Math.random() * 800) / 100).toFixed(2)
  const csv = `\uFEFF规格编号,价格（元）\r\n${sku.id},${price}\r\n999999999,5\r\n`

  await signInStaffAs(page, request, 'marketing')
  await page.goto('/admin/products/')
  await page.getByRole('link', { name: '导入导出' }).click()
  await expect(page.getByRole('heading', { name: '导入商品' })).toBeVisible()
  await expectAccessible(page)
  await builderIdle(request, token)

  await page.getByLabel('文件（CSV 或 XLSX）').setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  })
  await page.getByRole('button', { name: '预览' }).click()
  await expect(page.locator('[data-import-summary]')).toHaveText('将导入 1 行，无变化 0 行，有错误 1 行')
  await expect(page.locator('[data-import-row="failed"]')).toContainText('规格编号不存在：999999999')
  await expect(page.locator('[data-import-row="change"]')).toContainText(`→ ¥${price}`)
  await expectAccessible(page)

  const started = Date.now()
  await page.getByRole('button', { name: '导入 1 行' }).click()
  await expect(page.locator('[data-import-summary]')).toHaveText('已导入 1 行，无变化 0 行，有错误 1 行')
  const after = await staffCall<Product>(request, token, 'GET', `/api/admin/products/${chosen.id}`)
  expect(after.skus.find((s) => s.id === sku.id)?.price).toBe(Number(price))

  // The public product page once rebuilt, within 30 s of the import.
  await expect
    .poll(async () => (await request.get(`/productdetail/${chosen.id}/`)).text(), { timeout: 30_000 })
    .toContain(price)
  console.log(
    `imported price live on /productdetail/${chosen.id}/ after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )

  // The SKU's stock history opens from the result row.
  await page
    .locator('[data-import-row="change"]')
    .getByRole('link', { name: String(sku.id) })
    .click()
  await expect(page.getByRole('table', { name: '库存记录' })).toBeVisible()
  await expect(page.locator('[data-fact="规格编号"]')).toHaveText(String(sku.id))
})

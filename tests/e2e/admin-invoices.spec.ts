/**
 * Invoice correction (issue 39) through the screens: finance red-letters (红冲) an issued invoice
 * with the red-letter invoice's number, file and reason, then issues the corrected one under a
 * corrected title; the order screen shows the whole history, and the buyer's order detail only
 * the corrected invoice and its file. axe checks the dialogs; the screen is shot at 1280 and 390 px.
 */
import type { Page } from '@playwright/test'
import { invoiceInfo } from '../invoice-info.ts'
import { expectAccessible } from './a11y.ts'
import { signInStaffAs, staffCall, staffToken } from './admin-session.ts'
import { apiGet, apiPost, paidOrder } from './orders.ts'
import { expect, test } from './test.ts'

const toasts = (page: Page) => page.locator('#toasts')
const pdf = (name: string, tag: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${tag}\n%%EOF\n`, 'latin1'),
})

test('finance red-letters an invoice and issues a corrected one, which the buyer then sees', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const { id, code, headers } = await paidOrder(page, request)
  // Shipped, the buyer asks for an invoice and finance issues it (the issue screen has its own spec).
  const operator = await staffToken(request, 'operator')
  await staffCall(request, operator, 'POST', `/api/admin/orders/${code}/ship`, {})
  await apiPost(request, '/api/UserInvoice/PostUserInvoiceAppend', invoiceInfo(), headers)
  const [info] = await apiGet<{ id: number }[]>(request, '/api/UserInvoice/GetUserInvoiceQuery', headers)
  await apiPost(request, '/api/Orders/PostOrdersInvoice', { id, invoiceId: info?.id }, headers)
  const finance = await signInStaffAs(page, request, 'finance')
  await staffCall(request, finance, 'POST', `/api/admin/orders/${code}/invoice`, { number: 'A1001' })

  await page.goto(`/admin/orders/detail/?code=${code}`)
  const invoice = page.getByRole('region', { name: '发票' })
  await expect(invoice.locator('[data-invoice-record]')).toHaveCount(1)
  await page.getByRole('button', { name: '红冲发票' }).click()
  const red = page.getByRole('dialog', { name: '红冲发票' })
  await red.getByRole('button', { name: '红 冲' }).click()
  await expect(red.getByRole('alert')).toHaveText('请填写红字发票号码')
  await red.getByLabel('红字发票号码').fill('R1001')
  await red.getByRole('button', { name: '红 冲' }).click()
  await expect(red.getByRole('alert')).toHaveText('请填写红冲原因')
  await red.getByLabel('红冲原因').fill('抬头有误')
  await red.getByLabel(/^红字发票文件/).setInputFiles(pdf('红字发票.pdf', `red ${code}`))
  await expect(red.locator('[data-red-file-state]')).toHaveText('已上传')
  await expectAccessible(page)
  await page.screenshot({ path: '/tmp/h-inv-void-dialog.png' })
  await red.getByRole('button', { name: '红 冲' }).click()
  // Destructive: asked once more before it is sent.
  const sure = page.getByRole('dialog', { name: '红冲发票' }).filter({ hasText: '确定红冲发票 A1001' })
  await sure.getByRole('button', { name: '确 定' }).click()
  await expect(toasts(page)).toContainText('发票已红冲')
  await expect(invoice.locator('[data-fact="状态"]')).toHaveText('待重开')
  await expect(invoice.locator('[data-invoice-record="red"]')).toContainText('R1001')
  await expect(invoice.locator('[data-invoice-record="red"]')).toContainText('原因：抬头有误')
  await expect(page.getByRole('button', { name: '红冲发票' })).toHaveCount(0)

  // The corrected invoice is issued on a phone's width.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: '重开发票' }).click()
  const again = page.getByRole('dialog', { name: '重开发票' })
  await expect(again.getByLabel('发票抬头')).toHaveValue('苏州甲口腔诊所')
  await again.getByLabel('发票号码').fill('R1001')
  await again.getByRole('button', { name: '开 具' }).click()
  await expect(toasts(page)).toContainText('该发票号码已在此订单使用过，请核对')
  await again.getByLabel('发票抬头').fill('苏州甲口腔门诊部')
  await again.getByLabel('发票号码').fill('A1002')
  await again.getByLabel(/^电子发票文件/).setInputFiles(pdf('发票.pdf', `corrected ${code}`))
  await expect(again.locator('[data-invoice-file-state]')).toHaveText('已上传')
  await expectAccessible(page)
  await page.screenshot({ path: '/tmp/h-inv-reissue-390.png' })
  await again.getByRole('button', { name: '开 具' }).click()
  await expect(toasts(page)).toContainText('发票已重新开具')
  await expect(invoice.locator('[data-fact="状态"]')).toHaveText('已开票')
  await expect(invoice.locator('[data-record-number]')).toHaveText(['A1001', 'R1001', 'A1002'])
  await expect(invoice.locator('[data-invoice-record="issue"]').last()).toContainText('苏州甲口腔门诊部')
  await expect(invoice.locator('[data-fact="抬头"]')).toHaveText('苏州甲口腔门诊部')
  await expect(page.getByRole('region', { name: '订单经过' })).toContainText('发票已红冲，红字发票 R1001')
  await invoice.scrollIntoViewIfNeeded()
  await page.screenshot({ path: '/tmp/h-inv-admin-invoice-390.png' })
  await page.setViewportSize({ width: 1280, height: 900 })
  await invoice.screenshot({ path: '/tmp/h-inv-admin-invoice.png' })

  await page.goto(`/orderdetail?id=${id}`)
  await expect(page.locator('[data-invoice-status]')).toHaveText('已开票')
  await expect(page.locator('[data-invoice-number]')).toHaveText('发票号码 A1002')
  await expect(page.locator('[data-invoice-state]')).toContainText('苏州甲口腔门诊部')
  await expect(page.locator('[data-invoice-state]')).not.toContainText('A1001')
  const href = (await page.locator('[data-invoice-file]').getAttribute('href')) ?? ''
  const file = await request.get(href)
  expect(file.status()).toBe(200)
  expect((await file.body()).toString('latin1')).toContain(`corrected ${code}`)
  await page.locator('[data-invoice-state]').screenshot({ path: '/tmp/h-inv-buyer-invoice.png' })
})

/**
 * Orders of content and transfers (issue 19): a course bought with the balance from the order
 * list (去支付 carries type=1) is 已完成 at once and offers 申请发票 only, and the invoice goes
 * through; a corporate transfer shows its own deadline; order codes and the account number copy
 * with 复制成功. Each journey has its own fresh user.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { companyDefaults } from '../../src/lib/site.ts'
import { invoiceInfo } from '../invoice-info.ts'
import { expectAccessible } from './a11y.ts'
import { apiGet, apiPost, freshUser, type Headers, topUp } from './orders.ts'
import { expect, test } from './test.ts'

/** An unpaid order of a listed paid course: its id and the course's. */
async function courseOrder(request: APIRequestContext, headers: Headers) {
  const list = await apiGet<{ pageData: { id: number; price: number }[] }>(
    request,
    '/api/Article/GetArticlePage?status=30&isPrice=1&pageIndex=0&pageSize=20',
    headers,
  )
  const course = list.pageData.find((c) => c.price > 0 && c.price <= 50000)
  if (!course) throw new Error('no paid course in the demo data')
  const id = await apiPost<number>(
    request,
    '/api/Orders/PostOrdersAppend',
    { list: [{ articleId: course.id }] },
    headers,
  )
  return { id, courseId: course.id, price: course.price }
}

/** A new customer's unpaid course order, on a page that may use the clipboard: their headers and the order. */
async function newCustomersCourseOrder(page: Page, request: APIRequestContext, context: BrowserContext) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { headers } = await freshUser(page, request)
  return { headers, order: await courseOrder(request, headers) }
}

const toasts = (page: Page) => page.locator('#toasts')

test('a course paid from the order list is 已完成 at once and gets its invoice', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000)
  const { headers, order } = await newCustomersCourseOrder(page, request, context)
  await topUp(request, headers, Math.ceil(order.price))
  await apiPost(
    request,
    '/api/UserInvoice/PostUserInvoiceAppend',
    invoiceInfo({ companyName: '苏州戊口腔诊所' }),
    headers,
  )

  await page.goto('/orderlist')
  const row = page.locator(`[data-order="${order.id}"]`)
  await expect(row).toContainText('应付')
  await expect(row.locator('[data-pay-deadline]')).toContainText('前完成支付')
  const code = (await apiGet<{ code: string }>(request, `/api/Orders/GetOrders?id=${order.id}`, headers)).code
  await row.getByRole('button', { name: `复制订单号 ${code}` }).click()
  await expect(toasts(page)).toContainText('复制成功')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)
  const pay = row.getByRole('link', { name: '去支付' })
  await expect(pay).toHaveAttribute('href', `/pay?id=${order.id}&type=1`)
  await pay.click()

  await expect(page.locator('[data-pay-deadline]')).toBeVisible()
  await page.getByRole('checkbox', { name: '余额支付' }).check()
  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(toasts(page)).toContainText('支付成功')
  // type=1: paying lands on the course.
  await expect(page).toHaveURL(new RegExp(`/detail/?(\\?id=)?${order.courseId}`))

  await page.goto(`/orderdetail?id=${order.id}`)
  await expect(page.locator('[data-order-status]')).toHaveText('已完成')
  await expect(page.getByRole('listitem').filter({ hasText: '已完成' })).toHaveAttribute(
    'aria-current',
    'step',
  )
  await expect(page.getByRole('button', { name: '申请发票' })).toBeVisible()
  for (const name of ['申请售后', '确认收货', '物流信息'])
    await expect(page.getByRole('button', { name })).toHaveCount(0)
  await expect(page.locator('[data-pay-deadline]')).toHaveCount(0)
  await expectAccessible(page)
  await page.screenshot({ path: test.info().outputPath('course-order-1280.png'), fullPage: true })

  await page.getByRole('button', { name: '申请发票' }).click()
  const invoice = page.getByRole('dialog', { name: '申请发票' })
  await invoice.getByRole('radio', { name: /苏州戊口腔诊所/ }).check()
  await invoice.getByRole('button', { name: '提交' }).click()
  await expect(toasts(page)).toContainText('申请成功')
  await expect(page.locator('[data-invoice-status]')).toHaveText('申请中')
  await expect(page.getByRole('button', { name: '申请发票' })).toHaveCount(0)

  await page.goto('/orderlist')
  await expect(row).toContainText('实付')
  await expect(row.locator('[data-order-badge]')).toHaveText('发票申请中')
  await page.screenshot({ path: test.info().outputPath('order-list-1280.png'), fullPage: true })
})

test('a corporate transfer shows its own deadline and copies the account number', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(60_000)
  const { headers, order } = await newCustomersCourseOrder(page, request, context)

  await page.goto(`/pay?id=${order.id}&type=1`)
  const before = await page.locator('[data-pay-deadline]').textContent()
  await page.getByRole('radio', { name: '对公转账' }).check()
  await page.getByRole('button', { name: '立即支付' }).click()
  const transfer = page.getByRole('region', { name: '对公转账' })
  await expect(transfer.locator('[data-transfer-deadline]')).toContainText('前完成转账')
  // The 业务经理 is the company facts' first contact, handed to the island by the built page.
  const manager = companyDefaults.contacts[0]
  await expect(transfer.getByRole('link', { name: manager?.phone })).toHaveAttribute(
    'href',
    `tel:${manager?.phone}`,
  )
  await expect(transfer).toContainText(`业务经理：${manager?.name}`)
  const detail = await apiGet<{ payDeadline: string; createTime: string }>(
    request,
    `/api/Orders/GetOrders?id=${order.id}`,
    headers,
  )
  // TRANSFER_EXPIRY_HOURS (72) after the order was made, shown on the page and on the order.
  const made = new Date(`${detail.createTime.replace(' ', 'T')}+08:00`).getTime()
  expect(new Date(`${detail.payDeadline.replace(' ', 'T')}+08:00`).getTime() - made).toBe(72 * 3_600_000)
  await expect(transfer.locator('[data-transfer-deadline]')).toContainText(detail.payDeadline.slice(0, 16))
  await expect(page.locator('[data-pay-deadline]')).not.toHaveText(before ?? '')
  await transfer.getByRole('button', { name: '复制账号' }).click()
  await expect(toasts(page)).toContainText('复制成功')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^\d{10,}$/)
  await expectAccessible(page)
  await page.screenshot({ path: test.info().outputPath('transfer-1280.png'), fullPage: true })

  await page.goto(`/orderdetail?id=${order.id}`)
  await expect(page.locator('[data-pay-deadline]')).toContainText(detail.payDeadline.slice(0, 16))
})

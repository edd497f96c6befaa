/**
 * Orders in the back office (issue 20), through the screens: an operator finds an order waiting
 * to be shipped from the dashboard, ships it with a courier, prints its packing slip, and the
 * customer's order page shows the waybill; finance confirms a corporate transfer and exports the
 * list. axe checks every screen on the way.
 */
import type { Page } from '@playwright/test'
import { expectAccessible } from './a11y.ts'
import { signInStaffAs } from './admin-session.ts'
import { paidOrder } from './orders.ts'
import { expect, test } from './test.ts'

const toasts = (page: Page) => page.locator('#toasts')

/** The order list filtered to one order, from the filter form: its row's code link. */
async function findOrder(page: Page, code: string) {
  await page.getByLabel('订单号').fill(code)
  await page.getByRole('button', { name: '查询' }).click()
  await expect(page).toHaveURL(new RegExp(`code=${code}`))
  const link = page.getByRole('link', { name: code })
  await expect(link).toBeVisible()
  return link
}

test('an operator ships an order from the screen and the customer sees the waybill', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const { id, code } = await paidOrder(page, request)
  await signInStaffAs(page, request, 'operator')

  await page.goto('/admin/')
  await page.getByRole('link', { name: /待发货订单/ }).click()
  await expect(page).toHaveURL(/\/admin\/orders\/\?queue=ship$/)
  await expect(page.getByLabel('待办')).toHaveValue('ship')
  // Finance's export is not the operator's.
  await expect(page.getByRole('button', { name: '导出 CSV' })).toHaveCount(0)
  await expectAccessible(page)

  await (await findOrder(page, code)).click()
  await expect(page).toHaveURL(new RegExp(`/admin/orders/detail/\\?code=${code}$`))
  await expect(page.locator('[data-order-status]')).toHaveText('待发货')
  await expect(page.getByRole('button', { name: '确认收款' })).toHaveCount(0)
  await expectAccessible(page)

  await page.getByRole('button', { name: '发货' }).click()
  const dialog = page.getByRole('dialog', { name: '发货' })
  await dialog.getByLabel('快递公司').selectOption('中通快递')
  await expectAccessible(page)
  await dialog.getByRole('button', { name: '确定发货' }).click()
  await expect(toasts(page)).toContainText('已发货')
  await expect(dialog).toHaveCount(0)
  await expect(page.locator('[data-order-status]')).toHaveText('待收货')
  await expect(page.getByRole('button', { name: '发货' })).toHaveCount(0)
  const waybill = page.locator('[data-waybill]')
  await expect(waybill).toContainText('中通快递')
  const number = (await waybill.getAttribute('data-waybill')) ?? ''
  await expect(page.locator('[data-history]')).toContainText('operator')

  await page.getByRole('link', { name: '打印发货单' }).click()
  const slip = page.getByRole('article', { name: '发货单' })
  await expect(slip).toContainText(code)
  await expect(slip).toContainText(number)
  await expectAccessible(page)

  // The customer's own order page: 物流信息 shows the same waybill.
  await page.goto(`/orderdetail?id=${id}`)
  await expect(page.locator('[data-order-status]')).toHaveText('待收货')
  await page.getByRole('button', { name: '物流信息' }).click()
  const logistics = page.getByRole('dialog', { name: '物流信息' })
  await expect(logistics.locator('[data-waybill-company]')).toHaveText('中通快递')
  await expect(logistics.locator('[data-waybill-number]')).toHaveText(number)
})

test('finance confirms a corporate transfer and the order is paid; the list exports as CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  // A tablet: the screens work at ~800 px too.
  await page.setViewportSize({ width: 800, height: 1000 })
  const { id, code, tolCost } = await paidOrder(page, request, { pay: 'union' })
  await signInStaffAs(page, request, 'finance')

  await page.goto('/admin/orders/?queue=transfer')
  const link = await findOrder(page, code)
  await expect(page.locator('[data-row-status]').first()).toContainText('待确认转账')
  await expectAccessible(page)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: '导出 CSV' }).click()
  const csv = await download
  expect(csv.suggestedFilename()).toMatch(/^orders-\d{8}\.csv$/)
  await expect(toasts(page)).toContainText('已导出')

  await link.click()
  await expect(page.locator('[data-order-status]')).toHaveText('待付款')
  // Shipping is the operator's.
  await expect(page.getByRole('button', { name: '发货' })).toHaveCount(0)
  await page.getByRole('button', { name: '确认收款' }).click()
  const confirm = page.getByRole('dialog', { name: '确认收款' })
  await expect(confirm).toContainText(`${code} 的对公转账 ${tolCost.toFixed(2)} 元`)
  await expectAccessible(page)
  await confirm.getByRole('button', { name: '确 定' }).click()
  await expect(toasts(page)).toContainText('已确认收款，订单已支付')
  await expect(page.locator('[data-order-status]')).toHaveText('待发货')
  await expect(page.locator('[data-payment]')).toContainText('对公转账')
  await expect(page.locator('[data-payment]')).toContainText('已支付')
  await expect(page.getByRole('button', { name: '确认收款' })).toHaveCount(0)

  await page.goto(`/orderdetail?id=${id}`)
  await expect(page.locator('[data-order-status]')).toHaveText('待发货')
})

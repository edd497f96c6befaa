/**
 * After the order (issue 9 item 8): the operator ships (`npm run ops -- ship`) → the customer
 * opens 物流信息 → confirms receipt → applies for an invoice → applies for after-sales → cancels
 * it; and an approved refund (`npm run ops -- refund … approve`) returns the balance.
 * Each journey has a fresh user paying from a balance topped up through the sandbox.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { invoiceInfo } from '../invoice-info.ts'
import { expectAccessible } from './a11y.ts'
import { pngFile } from './files.ts'
import { apiGet, apiPost, paidOrder } from './orders.ts'
import { expect, test } from './test.ts'

/** The operator's command line, run against the e2e portal's own SQLite database. */
function ops(...args: string[]): string {
  return execFileSync(process.execPath, [join(process.cwd(), 'server/ops.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: '', SQLITE_FILE: join(process.env.E2E_DIR ?? '', 'portal.db') },
    encoding: 'utf8',
  })
}

const toasts = (page: Page) => page.locator('#toasts')

/** A 1×1 PNG, built here rather than kept as a fixture. */
const png = pngFile('broken.png')

/** 申请售后 through the 退款售后 dialog, its two refusals first. */
async function applyAfterSales(page: Page, reason: string) {
  await page.getByRole('button', { name: '申请售后' }).click()
  const dialog = page.getByRole('dialog', { name: '退款售后' })
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('请填写退款原因')
  await expect(dialog.getByLabel('退款原因')).toBeFocused()
  await dialog.getByLabel('退款原因').fill(reason)
  await expect(dialog.locator('[data-reason-count]')).toHaveText(`${[...reason].length}/100`)
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('请上传图片')
  await expect(dialog.getByText('图片大小须小于2MB')).toBeVisible()
  await dialog.locator('input[type=file]').setInputFiles(png)
  await expect(dialog.getByRole('img', { name: '图片 1' })).toBeVisible()
  return dialog
}

test('ship → logistics → receipt → invoice → after-sales → cancel it', async ({ page, request }) => {
  test.setTimeout(120_000)
  const { id, code, headers } = await paidOrder(page, request)
  for (const name of ['苏州甲口腔诊所', '苏州乙口腔诊所', '苏州丙口腔诊所'])
    await apiPost(
      request,
      '/api/UserInvoice/PostUserInvoiceAppend',
      invoiceInfo({ companyName: name }),
      headers,
    )
  await apiPost(
    request,
    '/api/UserInvoice/PostUserInvoiceAppend',
    invoiceInfo({ companyName: '苏州丁口腔医院', types: '增值税专用发票' }),
    headers,
  )

  await page.goto(`/orderdetail?id=${id}`)
  await expect(page.locator('[data-order-status]')).toHaveText('待发货')
  // Paid, not shipped: after-sales yes; logistics, receipt and invoice not yet.
  await expect(page.getByRole('button', { name: '申请售后' })).toBeVisible()
  for (const name of ['物流信息', '确认收货', '申请发票'])
    await expect(page.getByRole('button', { name })).toHaveCount(0)

  // The operator ships.
  expect(ops('ship', code)).toContain(code)
  await page.reload()
  await expect(page.locator('[data-order-status]')).toHaveText('待收货')
  await expect(page.getByRole('button', { name: '申请售后' })).toHaveCount(0)

  const bills = await apiGet<{ company: string; number: string; status: string; locus: string }[]>(
    request,
    `/api/Express/GetWay?id=${id}`,
    headers,
  )
  const bill = bills[0]!
  const steps = JSON.parse(bill.locus) as { infoContent: string }[]
  const logisticsButton = page.getByRole('button', { name: '物流信息' })
  await logisticsButton.click()
  const logistics = page.getByRole('dialog', { name: '物流信息' })
  await expect(logistics.locator('[data-waybill-company]')).toHaveText(bill.company)
  await expect(logistics.locator('[data-waybill-number]')).toHaveText(bill.number)
  await expect(logistics.locator('[data-waybill-status]')).toHaveText(bill.status)
  const entries = logistics.getByRole('list', { name: '物流轨迹' }).getByRole('listitem')
  await expect(entries).toHaveCount(steps.length)
  await expect(entries.first()).toHaveAttribute('aria-current', 'step')
  await expect(entries.first()).toContainText(steps[0]!.infoContent)
  await expectAccessible(page)
  await page.screenshot({ path: test.info().outputPath('logistics-1280.png') })
  await page.keyboard.press('Escape')
  await expect(logistics).toBeHidden()
  await expect(logisticsButton).toBeFocused()

  // Receipt, after the confirm dialog.
  await page.getByRole('button', { name: '确认收货' }).click()
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确 定' }).click()
  await expect(toasts(page)).toContainText('确认收货成功')
  await expect(page.locator('[data-order-status]')).toHaveText('已完成')
  await expect(page.getByRole('button', { name: '确认收货' })).toHaveCount(0)

  // Invoice: two cards per kind, then the rest; nothing chosen is said as a success-style message.
  await page.getByRole('button', { name: '申请发票' }).click()
  const invoice = page.getByRole('dialog', { name: '申请发票' })
  await expect(invoice.getByRole('tab', { name: '电子普通发票' })).toHaveAttribute('aria-selected', 'true')
  await expect(invoice.getByRole('radio')).toHaveCount(2)
  await invoice.getByRole('button', { name: /更多发票信息/ }).click()
  await expect(invoice.getByRole('radio')).toHaveCount(3)
  await invoice.getByRole('tab', { name: '增值税专用发票' }).click()
  await expect(invoice.getByRole('radio')).toHaveCount(1)
  await expect(invoice.getByRole('button', { name: /更多发票信息/ })).toHaveCount(0)
  // The add link opens the invoice form over the dialog, with the tab's kind.
  await invoice.getByRole('button', { name: '+ 新增发票信息' }).click()
  const form = page.getByRole('dialog', { name: '新增发票信息' })
  await expect(form.getByRole('radio', { name: '增值税专用发票' })).toBeChecked()
  await page.keyboard.press('Escape')
  await expect(form).toBeHidden()
  await expect(invoice).toBeVisible()
  // Nothing chosen: a success-style 请选择发票, and the request still goes (the server refuses it).
  const refused = page.waitForResponse((r) => r.url().includes('/api/Orders/PostOrdersInvoice'))
  await invoice.getByRole('button', { name: '提交' }).click()
  await expect(toasts(page).locator('[data-kind="success"]', { hasText: '请选择发票' })).toBeVisible()
  expect(await (await refused).json()).toMatchObject({ status: 400, data: '请选择发票' })
  await expect(toasts(page).locator('[data-kind="error"]')).toHaveCount(0)
  await expect(invoice).toBeVisible()
  await invoice.getByRole('radio', { name: /苏州丁口腔医院/ }).check()
  await page.screenshot({ path: test.info().outputPath('invoice-1280.png') })
  await invoice.getByRole('button', { name: '提交' }).click()
  await expect(toasts(page)).toContainText('申请成功')
  await expect(invoice).toBeHidden()
  await expect(page.locator('[data-invoice-status]')).toHaveText('申请中')
  await expect(page.locator('[data-invoice-state]')).toContainText('苏州丁口腔医院')
  await expect(page.getByRole('button', { name: '申请发票' })).toHaveCount(0)

  // After-sales on the completed order, then cancelled.
  const refund = await applyAfterSales(page, '牙椅配件尺寸不符')
  await page.screenshot({ path: test.info().outputPath('refund-1280.png') })
  await refund.getByRole('button', { name: '提交' }).click()
  await expect(toasts(page)).toContainText('提交成功')
  await expect(refund).toBeHidden()
  await expect(page.locator('[data-after-status]')).toHaveText('申请中')
  await expect(page.getByRole('button', { name: '申请售后' })).toHaveCount(0)

  await page.goto('/orderlist')
  await page.getByRole('tab', { name: '退款售后' }).click()
  await expect(page.locator(`[data-order="${id}"] [data-order-badge]`).first()).toHaveText('售后申请中')

  await page.goto(`/orderdetail?id=${id}`)
  await page.getByRole('button', { name: '取消售后' }).click()
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确 定' }).click()
  await expect(toasts(page)).toContainText('取消成功')
  await expect(page.getByRole('button', { name: '申请售后' })).toBeVisible()
  await expect(page.locator('[data-after-state]')).toHaveCount(0)

  // The operator issues the invoice; the customer sees it.
  ops('invoice', code, '04401234')
  await page.reload()
  await expect(page.locator('[data-invoice-status]')).toHaveText('已开票')
  await expect(page.locator('[data-invoice-number]')).toHaveText('发票号码 04401234')
})

test('an approved refund returns the balance', async ({ page, request }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 390, height: 844 })
  const { id, code, tolCost, topped } = await paidOrder(page, request)

  await page.goto('/wo')
  await expect(page.locator('[data-stat="余额"]')).toHaveText((topped - tolCost).toFixed(2))

  await page.goto(`/orderdetail?id=${id}`)
  const refund = await applyAfterSales(page, '下错型号，未发货请退款')
  await page.screenshot({ path: test.info().outputPath('refund-390.png') })
  await refund.getByRole('button', { name: '提交' }).click()
  await expect(toasts(page)).toContainText('提交成功')
  await expect(page.locator('[data-after-status]')).toHaveText('申请中')

  ops('refund', code, 'approve')
  await page.reload()
  await expect(page.locator('[data-after-status]')).toHaveText('已退款')
  for (const name of ['申请售后', '取消售后', '确认收货'])
    await expect(page.getByRole('button', { name })).toHaveCount(0)

  await page.goto('/wo')
  await expect(page.locator('[data-stat="余额"]')).toHaveText(topped.toFixed(2))
})

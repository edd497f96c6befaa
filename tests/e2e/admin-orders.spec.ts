/**
 * Orders in the back office (issue 20), through the screens: an operator finds an order waiting
 * to be shipped from the dashboard, ships it with a courier, prints its packing slip, and the
 * customer's order page shows the waybill; finance records a short corporate transfer (the order
 * stays unpaid), confirms the whole one with its bank reference, and exports the list and the
 * transfer reconciliation; an after-sales request is rejected with a reason and an invoice issued with its file.
 * axe checks every screen and dialog on the way.
 */
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { invoiceInfo } from '../invoice-info.ts'
import { expectAccessible } from './a11y.ts'
import { asStaff, signInStaffAs, staffCall, staffToken } from './admin-session.ts'
import { apiGet, apiPost, paidOrder, uploadPhoto } from './orders.ts'
import { expect, test } from './test.ts'

const toasts = (page: Page) => page.locator('#toasts')

const INVOICE_INFO = invoiceInfo()

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
  await expect(page.locator('[data-timeline]')).toContainText('operator')

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

test('a cancelled goods order offers no packing slip; a bad status or date range in the list is said', async ({
  page,
  request,
}) => {
  const { code } = await paidOrder(page, request, { pay: 'cancel' })
  await signInStaffAs(page, request, 'operator')
  await page.goto(`/admin/orders/detail/?code=${code}`)
  await expect(page.locator('[data-order-status]')).toHaveText('已取消')
  await expect(page.getByRole('link', { name: '打印发货单' })).toHaveCount(0)

  await page.goto(`/admin/orders/slip/?code=${code}`)
  await expect(page.getByRole('alert')).toHaveText(`订单 ${code} 已取消，没有发货单`)
  await expect(page.getByRole('article', { name: '发货单' })).toHaveCount(0)
  await page.getByRole('link', { name: '返回订单' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/orders/detail/\\?code=${code}$`))

  // A status typed into the list's address: refused by name, and the list says it did not load.
  await page.goto('/admin/orders/?status=5')
  await expect(toasts(page)).toContainText('订单状态不正确')
  await expect(page.getByRole('cell', { name: '未能加载，请按提示修改后重试' })).toBeVisible()
  // Dates the wrong way round are said before anything is asked.
  await page.goto('/admin/orders/')
  await page.getByLabel('下单开始日期').fill('2026-05-02')
  await page.getByLabel('下单结束日期').fill('2026-05-01')
  await page.getByRole('button', { name: '查询' }).click()
  await expect(toasts(page)).toContainText('开始日期不能晚于结束日期')
  await expect(page).toHaveURL(/\/admin\/orders\/$/)
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

  // A page past the end (typed, or emptied since) goes to the last one instead of an empty 第 100/1 页.
  await page.goto('/admin/orders/?queue=transfer&pageIndex=99')
  await expect(page).not.toHaveURL(/pageIndex=99/)
  await expect(page.getByRole('navigation', { name: '分页' })).not.toContainText('第 100/')
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
  // A short transfer is recorded, the order stays unpaid (issue 39).
  const reference = `E2E${Date.now()}`
  const short = Math.max(tolCost - 0.01, 0.01)
  await page.getByRole('button', { name: '确认收款' }).click()
  const confirm = page.getByRole('dialog', { name: '确认收款' })
  await expect(confirm).toContainText(`${code} 应付 ${tolCost.toFixed(2)} 元`)
  await expect(confirm.getByLabel('到账金额（元）')).toHaveValue(String(tolCost))
  await expectAccessible(page)
  await confirm.getByLabel('到账金额（元）').fill(short.toFixed(2))
  await confirm.getByLabel('银行流水号').fill(`${reference}S`)
  await confirm.getByLabel('付款户名').fill('某某口腔医院')
  await confirm.getByRole('button', { name: '确 认' }).click()
  await expect(toasts(page)).toContainText('到账金额与应付金额不一致，已登记，订单仍待付款')
  await expect(page.locator('[data-order-status]')).toHaveText('待付款')
  await expect(page.locator('[data-transfer="short"]')).toContainText('少付，未确认')
  // Then the whole payable, with its bank reference: paid.
  await page.getByRole('button', { name: '确认收款' }).click()
  const again = page.getByRole('dialog', { name: '确认收款' })
  await again.getByLabel('银行流水号').fill(reference)
  await again.getByLabel('付款户名').fill('某某口腔医院')
  await again.getByRole('button', { name: '确 认' }).click()
  await expect(toasts(page)).toContainText('已确认收款，订单已支付')
  await expect(page.locator('[data-transfer="matched"]')).toContainText(reference)
  await expect(page.locator('[data-order-status]')).toHaveText('待发货')
  await expect(page.locator('[data-payment]')).toContainText('对公转账')
  await expect(page.locator('[data-payment]')).toContainText('已支付')
  await expect(page.getByRole('button', { name: '确认收款' })).toHaveCount(0)

  // Finance's reconciliation export opens in a spreadsheet with its columns.
  await page.goto('/admin/orders/?queue=transfer')
  const reconciled = page.waitForEvent('download')
  await page.getByRole('button', { name: '导出转账对账表' }).click()
  const file = await reconciled
  expect(file.suggestedFilename()).toMatch(/^transfers-\d{8}\.csv$/)
  const bytes = readFileSync(await file.path())
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const text = bytes.toString('utf8').slice(1)
  expect(text.split('\r\n')[0]).toBe(
    '订单号,应付金额,到账金额,差额,流水号,付款户名,到账日期,结果,确认人,确认时间',
  )
  expect(text).toContain(`${code},${tolCost.toFixed(2)},${tolCost.toFixed(2)},0.00,${reference},某某口腔医院`)

  await page.goto(`/orderdetail?id=${id}`)
  await expect(page.locator('[data-order-status]')).toHaveText('待发货')
})

test('an operator rejects an after-sales request with a reason; finance issues the invoice with its file', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const { id, code, headers } = await paidOrder(page, request)
  await apiPost(
    request,
    '/api/Orders/PostOrdersRefund',
    { id, afterRemarks: '型号不对', extMore: await uploadPhoto(request, headers) },
    headers,
  )
  const operator = await signInStaffAs(page, request, 'operator')

  await page.goto('/admin/orders/?queue=after-sales')
  await (await findOrder(page, code)).click()
  await page.getByRole('button', { name: '审核售后' }).click()
  const decide = page.getByRole('dialog', { name: '审核售后申请' })
  await expect(decide).toContainText('型号不对')
  await decide.getByRole('button', { name: '确 定' }).click()
  await expect(decide.getByRole('alert')).toHaveText('请选择审核结果')
  await decide.getByLabel('驳回：买家可再次申请').check()
  await decide.getByLabel(/^原因/).fill('请补充开箱照片')
  await expectAccessible(page)
  await decide.getByRole('button', { name: '确 定' }).click()
  await expect(toasts(page)).toContainText('已驳回售后申请')
  await expect(page.getByRole('region', { name: '售后' })).toContainText('请补充开箱照片')
  const mine = await apiGet<{ afterRejectReason: string }>(request, `/api/Orders/GetOrders?id=${id}`, headers)
  expect(mine.afterRejectReason).toBe('请补充开箱照片')

  // Shipped (by the call the screen uses), the buyer asks for an invoice; finance issues it.
  await staffCall(request, operator, 'POST', `/api/admin/orders/${code}/ship`, {})
  await apiPost(request, '/api/UserInvoice/PostUserInvoiceAppend', INVOICE_INFO, headers)
  const [info] = await apiGet<{ id: number }[]>(request, '/api/UserInvoice/GetUserInvoiceQuery', headers)
  await apiPost(request, '/api/Orders/PostOrdersInvoice', { id, invoiceId: info?.id }, headers)
  const finance = await staffToken(request, 'finance')
  await asStaff(page, finance)
  await page.goto('/admin/orders/?queue=invoice')
  await (await findOrder(page, code)).click()
  await page.getByRole('button', { name: '开具发票' }).click()
  const issue = page.getByRole('dialog', { name: '开具发票' })
  await issue.getByRole('button', { name: '开 具' }).click()
  await expect(issue.getByRole('alert')).toHaveText('请填写发票号码')
  await issue.getByLabel('发票号码').fill('04409876')
  await issue.getByLabel(/^电子发票文件/).setInputFiles({
    name: '发票.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.4\n% ${code}\n%%EOF\n`, 'latin1'),
  })
  await expect(issue.locator('[data-invoice-file-state]')).toHaveText('已上传')
  await expectAccessible(page)
  await issue.getByRole('button', { name: '开 具' }).click()
  await expect(toasts(page)).toContainText('发票已开具')
  await expect(page.getByRole('region', { name: '发票' })).toContainText('04409876')

  await page.goto(`/orderdetail?id=${id}`)
  await expect(page.locator('[data-invoice-status]')).toHaveText('已开票')
  await expect(page.locator('[data-invoice-number]')).toHaveText('发票号码 04409876')
  const href = (await page.locator('[data-invoice-file]').getAttribute('href')) ?? ''
  const file = await request.get(href)
  expect(file.status()).toBe(200)
  expect((await file.body()).toString('latin1')).toContain(code)
})

test('an operator chooses two orders in the list and opens their packing slips together, one a page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const first = await paidOrder(page, request)
  const second = await paidOrder(page, request)
  await signInStaffAs(page, request, 'operator')

  // The newest orders waiting to ship lead the queue: both are on its first page.
  await page.goto('/admin/orders/?queue=ship')
  for (const { code } of [first, second]) await page.getByRole('checkbox', { name: `选择 ${code}` }).check()
  const bulk = page.getByRole('region', { name: '批量操作' })
  await expect(bulk).toContainText('已选 2 项')
  await expectAccessible(page)

  await bulk.getByRole('link', { name: '打印发货单' }).click()
  await expect(page).toHaveURL(/\/admin\/orders\/slip\/\?codes=/)
  const slips = page.getByRole('article', { name: '发货单' })
  await expect(slips).toHaveCount(2)
  for (const { code } of [first, second]) await expect(slips.filter({ hasText: code })).toHaveCount(1)
  await expectAccessible(page)
  // One order's own link (?code=) still opens its one slip.
  await page.goto(`/admin/orders/slip/?code=${first.code}`)
  await expect(slips).toHaveCount(1)
  await expect(slips).toContainText(first.code)
})

/**
 * Finding and working an order in the back office (issue 38), through the screens: an operator
 * finds an order by its product's title in the one search box, opens it, reads its timeline,
 * adds an internal note and sees it there; finance exports exactly the chosen rows; the packing
 * slips of 40 orders print as one document. axe checks each screen; screenshots at 1440 and
 * 390 px go to E2E_SHOTS when it is set.
 */
import type { Page } from '@playwright/test'
import { expectAccessible } from './a11y.ts'
import { signInStaffAs, staffCall, staffToken } from './admin-session.ts'
import { paidOrder } from './orders.ts'
import { shots } from './shots.ts'
import { expect, test } from './test.ts'

const toasts = (page: Page) => page.locator('#toasts')

test('an operator finds an order by its product title, reads its timeline and adds a note', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const { code } = await paidOrder(page, request)
  const token = await staffToken(request, 'operator')
  const order = await staffCall<{ items: { title: string; spuId: number | null }[] }>(
    request,
    token,
    'GET',
    `/api/admin/orders/${code}`,
  )
  const item = order.items[0] as { title: string; spuId: number }
  await signInStaffAs(page, request, 'operator')

  await page.goto('/admin/orders/')
  await page.getByLabel('搜索订单').fill(item.title)
  await page.getByRole('button', { name: '查询' }).click()
  await expect(page).toHaveURL(/[?&]q=/)
  const link = page.getByRole('link', { name: code })
  await expect(link).toBeVisible()
  await expect(page.getByRole('table', { name: '订单列表' })).toContainText(item.title)
  await expectAccessible(page)
  await shots(page, 'orders-search')
  // Text no order holds: the list says so.
  await page.getByLabel('搜索订单').fill('没有这种商品名称的订单')
  await page.getByRole('button', { name: '查询' }).click()
  await expect(page.getByText('没有符合条件的订单')).toBeVisible()
  await page.goBack()

  await page.getByRole('link', { name: code }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/orders/detail/\\?code=${code}$`))
  const timeline = page.getByRole('region', { name: '订单经过' })
  await expect(timeline.locator('[data-timeline-kind="placed"]')).toContainText('买家下单')
  await expect(timeline.locator('[data-timeline-kind="paid"]')).toContainText('余额支付')
  await expect(timeline.locator('li').first()).toContainText('买家')
  // The buyer and each goods line link to their own pages.
  await expect(page.locator('[data-buyer-link]')).toHaveAttribute(
    'href',
    /\/admin\/customers\/detail\/\?id=\d+$/,
  )
  await expect(page.getByRole('link', { name: item.title })).toHaveAttribute(
    'href',
    `/admin/products/detail/?id=${item.spuId}`,
  )

  const notes = page.getByRole('region', { name: '内部备注' })
  await notes.getByRole('button', { name: '添加备注' }).click()
  await expect(notes.getByText('请填写备注内容')).toBeVisible()
  const text = `买家来电：请周五前发出 ${Date.now()}`
  await notes.getByLabel('备注内容').fill(text)
  await notes.getByRole('button', { name: '添加备注' }).click()
  await expect(toasts(page)).toContainText('备注已添加')
  await expect(notes.locator('[data-note]').first()).toContainText(text)
  await expect(notes.locator('[data-note]').first()).toContainText('operator')
  await expect(notes.getByLabel('备注内容')).toHaveValue('')
  await expect(timeline.locator('li').last()).toContainText(`备注：${text}`)
  await expect(timeline.locator('li').last()).toContainText('operator')
  await expectAccessible(page)
  await shots(page, 'order-detail')
})

test('finance exports exactly the chosen orders', async ({ page, request }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const first = await paidOrder(page, request)
  const second = await paidOrder(page, request)
  await signInStaffAs(page, request, 'finance')
  await page.goto('/admin/orders/?queue=ship')
  for (const { code } of [first, second]) await page.getByRole('checkbox', { name: `选择 ${code}` }).check()
  const bulk = page.getByRole('region', { name: '批量操作' })
  await expect(bulk).toContainText('已选 2 项')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    bulk.getByRole('button', { name: '导出所选' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^orders-\d{8}-selected\.csv$/)
  const csv = (await (await download.createReadStream()).toArray()).join('')
  const codes = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((l) => l.split(',')[0])
  expect(codes.sort()).toEqual([first.code, second.code].sort())
  await expect(toasts(page)).toContainText('已导出')
  // The choice stays after a download.
  await expect(bulk).toContainText('已选 2 项')
  await expectAccessible(page)
  await shots(page, 'orders-selected')
})

test('the packing slips of 40 orders print as one document', async ({ page, request }) => {
  test.setTimeout(180_000)
  const token = await staffToken(request, 'operator')
  type Row = { code: string; kind: string; status: number }
  const slipsOf = async () => {
    const rows: Row[] = []
    for (const status of [20, 30, 40]) {
      const page = await staffCall<{ pageData: Row[] }>(
        request,
        token,
        'GET',
        `/api/admin/orders?status=${status}&pageSize=100`,
      )
      rows.push(...page.pageData.filter((r) => r.kind === 'goods'))
    }
    return rows.map((r) => r.code)
  }
  let codes = await slipsOf()
  for (let i = codes.length; i < 40; i++) await paidOrder(page, request)
  codes = (await slipsOf()).slice(0, 40)
  expect(codes).toHaveLength(40)
  await signInStaffAs(page, request, 'operator')
  await page.goto(`/admin/orders/slip/?codes=${codes.join(',')}`)
  const slips = page.getByRole('article', { name: '发货单' })
  await expect(slips).toHaveCount(40, { timeout: 30_000 })
  for (const code of [codes[0], codes[39]])
    await expect(slips.filter({ hasText: code as string })).toHaveCount(1)
  await expect(page.getByText('加载中…')).toHaveCount(0)
  await expect(page.getByRole('button', { name: '打印' })).toBeEnabled()
  // Printed, each slip is a page of its own: 40 pages.
  await page.emulateMedia({ media: 'print' })
  const pdf = await page.pdf({ format: 'A4' })
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []
  expect(pages.length).toBe(40)
})

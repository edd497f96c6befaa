import type { Page } from '@playwright/test'
import type { DashboardCharts } from '../../server/modules/dashboard/dashboard-charts.ts'
import { expectAccessible } from './a11y.ts'
import { signInStaffAs, staffCall, staffToken } from './admin-session.ts'
import { paidOrder } from './orders.ts'
import { expect, test } from './test.ts'

// The dashboard's charts (issue 21): each role sees the figures of its permissions, drawn by
// ECharts on a canvas and written out in a table under 查看数据.

const yuan = (fen: number) => (fen / 100).toFixed(2)
const card = (page: Page, title: string) => page.getByRole('region', { name: title })

async function openTable(page: Page, title: string) {
  const c = card(page, title)
  await c.getByText('查看数据').click()
  return c.getByRole('table', { name: title })
}

test('an operator sees a new paid order, its buyer and top-up in the charts and their tables', async ({
  page,
  request,
}) => {
  const admin = await staffToken(request, 'admin')
  const charts = () => staffCall<DashboardCharts>(request, admin, 'GET', '/api/admin/dashboard/charts')
  const before = await charts()
  const today = before.days.at(-1) as string
  const order = await paidOrder(page, request)
  const after = await charts()
  const day = <T extends { day: string }>(rows: T[] | undefined) => rows?.find((r) => r.day === today) as T
  expect(day(after.sales).orders).toBeGreaterThan(day(before.sales).orders)
  expect(day(after.sales).paidFen - day(before.sales).paidFen).toBeGreaterThanOrEqual(
    Math.round(order.tolCost * 100),
  )
  expect(day(after.customers).count).toBeGreaterThan(day(before.customers).count)
  expect(day(after.topUps).amountFen - day(before.topUps).amountFen).toBeGreaterThanOrEqual(
    order.topped * 100,
  )

  await signInStaffAs(page, request, 'operator')
  await page.goto('/admin/')
  for (const title of [
    '近 30 天销售',
    '近 30 天订单状态',
    '近 30 天热销商品',
    '近 30 天新客户',
    '近 30 天余额充值',
  ])
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await expect(card(page, '近 30 天销售').locator('canvas')).toBeVisible()
  await expect(card(page, '近 30 天销售').getByRole('img')).toHaveAttribute(
    'aria-label',
    /^近 30 天销售：下单\d+笔/,
  )

  // The tables say what the server counts (read again: other tests may buy meanwhile).
  const sales = await openTable(page, '近 30 天销售')
  const ups = await openTable(page, '近 30 天余额充值')
  const top = await openTable(page, '近 30 天热销商品')
  await expect(async () => {
    await page.reload()
    await openTable(page, '近 30 天销售')
    await openTable(page, '近 30 天余额充值')
    await openTable(page, '近 30 天热销商品')
    const now = await charts()
    const s = day(now.sales)
    await expect(sales.getByRole('row', { name: today })).toHaveText(
      `${today}${s.orders}${yuan(s.paidFen)}${yuan(s.refundFen)}`,
      { timeout: 2000 },
    )
    const u = day(now.topUps)
    await expect(ups.getByRole('row', { name: today })).toHaveText(`${today}${u.count}${yuan(u.amountFen)}`, {
      timeout: 2000,
    })
    await expect(top.getByRole('row')).toHaveCount((now.topProducts?.length ?? 0) + 1, { timeout: 2000 })
  }).toPass({ timeout: 20_000 })
  await expectAccessible(page)
})

test('marketing sees the top products and courses only', async ({ page, request }) => {
  await signInStaffAs(page, request, 'marketing')
  await page.goto('/admin/')
  await expect(page.getByRole('heading', { name: '近 30 天热销商品' })).toBeVisible()
  await expect(page.getByRole('heading', { name: '近 30 天热销课程' })).toBeVisible()
  for (const title of ['近 30 天销售', '近 30 天订单状态', '近 30 天新客户', '近 30 天余额充值'])
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0)
  await expectAccessible(page)
})

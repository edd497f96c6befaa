import type { Page } from '@playwright/test'
import { signInStaffAs } from './admin-session.ts'
import { expect, test } from './test.ts'

// The back office on a phone (issue 40 items 5 and 6): the menu folds behind 菜单 with the count
// of work waiting, and no screen is wider than the phone.

const menu = (page: Page) => page.getByRole('navigation', { name: '后台菜单' })

/** How far a page reaches past the right edge of the screen, in CSS pixels (0: it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test.use({ viewport: { width: 390, height: 844 } })

test('at 390 px the menu folds behind 菜单, which counts the work waiting, and no screen is wider than the phone', async ({
  page,
  request,
}) => {
  await signInStaffAs(page, request, 'admin')
  await page.goto('/admin/')
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible()
  const toggle = menu(page).getByRole('button', { name: /^菜单/ })
  // The demo data has orders to ship: the folded menu says work waits.
  await expect(toggle).toHaveAccessibleName(/^菜单\s*\d+\s*项待办$/)
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(menu(page).getByRole('link', { name: /^订单/ })).toBeHidden()
  await expect(page.getByRole('heading', { name: '待办' })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('dashboard-390.png'), fullPage: true })

  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(menu(page).getByRole('link', { name: /^订单\s*\d+\s*项待办$/ })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('menu-390.png') })

  for (const [path, heading] of [
    ['/admin/', '工作台'],
    ['/admin/orders/', '订单'],
    ['/admin/customers/', '客户'],
    ['/admin/products/', '商品'],
    ['/admin/products/import/', '导入导出'],
    ['/admin/coupons/', '优惠券'],
    ['/admin/audit/', '操作日志'],
    ['/admin/staff/', '后台账号'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect([path, await overflow(page)]).toEqual([path, 0])
  }
})

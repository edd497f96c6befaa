/** What a first visit stumbled on (issue 10 item 5): search, the account menu, invoices, the site map. */
import type { APIRequestContext, Page } from '@playwright/test'
import { registerUser, signInAs } from './session.ts'
import { expect, test } from './test.ts'

const toasts = (page: Page) => page.locator('#toasts')

async function freshUser(page: Page, request: APIRequestContext) {
  const tel = await registerUser(request)
  await signInAs(page, request, tel, 'test1234')
}

test('search: focused, no red message before typing, opens on the tab with results, counts per tab', async ({
  page,
}) => {
  await page.goto('/product')
  const title = (await page.locator('main article').first().getByRole('heading').innerText()).trim()
  const words = title.split(/\s+/)
  const query = words[1] ?? words[0]!

  await page.goto('/seach')
  await expect(page.locator('#search-q')).toBeFocused()
  await expect(page.locator('#search-error')).toHaveText('')
  await page.getByRole('button', { name: '搜索', exact: true }).last().click()
  await expect(page.locator('#search-error')).toHaveText('请输入搜索内容')

  await page.goto(`/seach?q=${encodeURIComponent(query)}`)
  await expect(page.getByRole('tab', { name: /^产品 \(\d+\)$/ })).toBeVisible()
  const counts = await page.getByRole('tab').allInnerTexts()
  const withResults = counts.find((t) => !/\(0\)$/.test(t))!
  await expect(page.getByRole('tab', { name: withResults })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tab', { name: /^产品 \((\d+)\)$/ })).not.toHaveText('产品 (0)')
})

test('an empty header search says 请输入搜索内容 and stays', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/about')
  await page.locator('form[data-search] button').click()
  await expect(toasts(page)).toContainText('请输入搜索内容')
  await expect(page.locator('#nav-q')).toBeFocused()
  await expect(page).toHaveURL(/\/about/)
})

test('introducer-only entries show only to introducers', async ({ page, request }) => {
  await freshUser(page, request)
  await page.goto('/wo')
  const menu = page.getByRole('navigation', { name: '个人中心菜单' })
  await expect(menu.getByRole('link', { name: '发票信息' })).toBeVisible()
  await expect(menu.getByRole('link', { name: '客户信息' })).toBeHidden()
  await expect(menu.getByRole('link', { name: '客户订单' })).toBeHidden()
})

test('an introducer sees 客户信息 and 客户订单', async ({ page, request }) => {
  await signInAs(page, request, '13800000004')
  await page.goto('/wo')
  const menu = page.getByRole('navigation', { name: '个人中心菜单' })
  await expect(menu.getByRole('link', { name: '客户信息' })).toBeVisible()
  await expect(menu.getByRole('link', { name: '客户订单' })).toBeVisible()
})

test('on a phone the account menu shows every entry and the current one', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAs(page, request, '13800000004')
  await page.goto('/invoice')
  const menu = page.getByRole('navigation', { name: '个人中心菜单' })
  const links = menu.getByRole('link')
  await expect(links).toHaveCount(17)
  for (const link of await links.all()) await expect(link).toBeInViewport()
  await expect(menu.locator('[aria-current="page"]')).toHaveText('发票信息')
})

test('the invoice form accepts a landline registration phone', async ({ page, request }) => {
  await freshUser(page, request)
  await page.goto('/invoice')
  await page.getByRole('button', { name: '新增发票信息' }).click()
  const dialog = page.getByRole('dialog', { name: '新增发票信息' })
  const field = (name: string) => dialog.getByRole('textbox', { name, exact: true })
  // The registration phone is asked for the special invoice (a 电子普通发票 needs none).
  await dialog.getByRole('radio', { name: '增值税专用发票' }).check()
  await field('公司名称').fill('苏州丙口腔诊所')
  await field('税号').fill('91320508MA1W8K3L22')
  await field('注册地址').fill('苏州市姑苏区人民路1号')
  await field('注册电话').fill('0512-65551234')
  await expect(field('注册电话')).toHaveValue('0512-65551234')
  await field('开户银行').fill('中国银行苏州分行')
  await field('银行账号').fill('6217000012345678')
  await field('收票人').fill('赵六')
  await field('收票人手机号').fill('13812345678')
  await dialog.getByLabel('省份').selectOption('江苏省')
  await dialog.getByLabel('城市').selectOption('苏州市')
  await dialog.getByLabel('区县').selectOption('姑苏区')
  await expect(dialog.getByLabel('街道')).toBeEnabled()
  await dialog.getByLabel('街道').selectOption('平江街道')
  await field('详细地址').fill('干将东路100号')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(toasts(page)).toContainText('添加成功')
  await expect(page.getByRole('listitem').filter({ hasText: '苏州丙口腔诊所' })).toContainText(
    '0512-65551234',
  )
})

test('the footer 网站地图 opens an HTML site map', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: '网站地图' }).click()
  await expect(page).toHaveURL(/\/sitemap\/?$/)
  await expect(page.getByRole('heading', { level: 1, name: '网站地图' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: '产品', exact: true })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: '发票信息' })).toBeVisible()
})

/**
 * Site content in the back office (issue 21): marketing edits a home banner's title and link on
 * /admin/content/, the screen follows the site builder until the change is live, and the static
 * home page shows the new banner within 30 s of the save (no restart, no ops command). axe checks
 * the screen, the dialog and the other tabs.
 */
import { expectAccessible } from './a11y.ts'
import { signInStaffAs } from './admin-session.ts'
import { expect, test } from './test.ts'

test('marketing edits a banner and the home page shows it within 30 s', async ({ page, request }) => {
  test.setTimeout(90_000)
  await signInStaffAs(page, request, 'marketing')
  await page.goto('/admin/content/')
  await expect(page.getByRole('table', { name: '广告图' })).toBeVisible()
  await expectAccessible(page)

  const title = `春季特惠${Date.now().toString(36).slice(-5)}`
  const link = '/course/'
  await page.getByRole('button', { name: '编辑' }).first().click()
  const dialog = page.getByRole('dialog', { name: '编辑广告图' })
  await expect(dialog).toBeVisible()
  await expectAccessible(page)
  await dialog.getByLabel('标题').fill(title)
  await dialog.getByLabel('链接').fill(link)
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(page.locator('#toasts')).toContainText('广告图已保存')
  await expect(page.getByRole('table', { name: '广告图' }).getByText(title, { exact: true })).toBeVisible()
  const started = Date.now()

  const status = page.locator('[data-build-status]')
  await expect(status).toBeVisible()
  await expect(status.locator('[data-live]')).toBeVisible({ timeout: 30_000 })
  expect(Date.now() - started).toBeLessThan(30_000)
  const home = await (await request.get('/')).text()
  expect(home).toContain(`alt="${title}"`)
  expect(home).toContain(`href="${link}"`)
  console.log(`banner live on / ${((Date.now() - started) / 1000).toFixed(1)} s after the save`)

  for (const tab of ['常见问题', '配置文本', '字典']) {
    await page.getByRole('button', { name: tab }).click()
    await expect(page.getByRole('button', { name: tab })).toHaveAttribute('aria-current', 'page')
    await expectAccessible(page)
  }
  const dict = page.getByRole('table', { name: '字典' })
  await expect(dict).toContainText('个商品')
  // A category in use: asked first, then refused with where it is used.
  await dict.getByRole('button', { name: '删除' }).first().click()
  await page.getByRole('dialog').getByRole('button').last().click()
  await expect(page.locator('#toasts')).toContainText(/正被\d+个商品使用，不能删除/)
})

/**
 * Site content in the back office (issue 21): marketing saves a home banner's new title and link as
 * a draft on /admin/content/, looks at it on the staff-only preview (the public call and home page
 * do not have it), publishes it there, the screen follows the site builder until the change is
 * live, and the static home page then shows the new banner (no restart, no ops command). axe
 * checks the screen, the dialog, the preview and the other tabs.
 */
import { expectAccessible } from './a11y.ts'
import { signInStaffAs } from './admin-session.ts'
import { signed } from './session.ts'
import { expect, test } from './test.ts'

test('marketing drafts a banner, previews it, publishes it, and the home page shows it after the rebuild', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  await signInStaffAs(page, request, 'marketing')
  await page.goto('/admin/content/')
  const table = page.getByRole('table', { name: '广告图' })
  await expect(table).toBeVisible()
  await expectAccessible(page)

  const title = `春季特惠${Date.now().toString(36).slice(-5)}`
  const link = '/course/'
  await table.getByRole('button', { name: '编辑' }).first().click()
  const dialog = page.getByRole('dialog', { name: '编辑广告图' })
  await expect(dialog).toBeVisible()
  await expectAccessible(page)
  await dialog.getByLabel('标题').fill(title)
  await dialog.getByLabel('链接').fill(link)
  await dialog.getByRole('button', { name: '保存草稿' }).click()
  await expect(page.locator('#toasts')).toContainText('草稿已保存，网站未改变')
  const row = table.getByRole('row').filter({ hasText: '草稿' })
  await expect(row).toHaveCount(1)
  await expectAccessible(page)

  // The draft is nowhere public: not in the banners call, not on the home page.
  const banners = await (await request.get('/api/Adinfo/GetAdinfoAll', { headers: signed() })).text()
  expect(banners).not.toContain(title)
  expect(await (await request.get('/')).text()).not.toContain(title)

  // 预览 opens the staff-only preview in a new tab: the draft in the home carousel's look.
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    row.getByRole('link', { name: '预览' }).click(),
  ])
  await expect(preview).toHaveURL(/\/admin\/preview\/\?kind=banner&id=\d+$/)
  const draft = preview.getByRole('region', { name: '草稿' })
  await expect(draft.getByRole('link').getByRole('img', { name: title })).toHaveAttribute(
    'src',
    /\/uploads\//,
  )
  await expect(draft.getByRole('link', { name: title })).toHaveAttribute('href', link)
  await expect(preview.getByRole('region', { name: '线上版本' })).not.toContainText(title)
  await expectAccessible(preview)

  await preview.getByRole('button', { name: '发布' }).click()
  await expect(preview.locator('#toasts')).toContainText('已发布')
  await expect(preview.getByText('没有待发布的草稿。')).toBeVisible()
  await expect(
    preview.getByRole('region', { name: '线上版本' }).getByRole('img', { name: title }),
  ).toBeVisible()
  const started = Date.now()
  const status = preview.locator('[data-build-status]')
  await expect(status).toBeVisible()
  await expect(status.locator('[data-live]')).toBeVisible({ timeout: 150_000 })
  const home = await (await request.get('/')).text()
  expect(home).toContain(`alt="${title}"`)
  expect(home).toContain(`href="${link}"`)
  console.log(`banner live on / ${((Date.now() - started) / 1000).toFixed(1)} s after publishing`)

  // Back on the screen: published, no draft left.
  await page.reload()
  await expect(table.getByText(title, { exact: true })).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: '草稿' })).toHaveCount(0)

  for (const tab of ['常见问题', '配置文本', '字典']) {
    await page.getByRole('button', { name: tab }).click()
    await expect(page.getByRole('button', { name: tab })).toHaveAttribute('aria-current', 'page')
    if (tab === '配置文本') await expect(page.getByRole('textbox', { name: '用户协议' })).toBeVisible()
    await expectAccessible(page)
  }
  const dict = page.getByRole('table', { name: '字典' })
  await expect(dict).toContainText('个商品')
  // A category in use: asked first, then refused with where it is used.
  await dict.getByRole('button', { name: '删除' }).first().click()
  await page.getByRole('dialog').getByRole('button').last().click()
  await expect(page.locator('#toasts')).toContainText(/正被\d+个商品使用，不能删除/)
})

test('the preview is for staff: a visitor is sent to sign in, a role without content.write is refused', async ({
  page,
  request,
}) => {
  await page.goto('/admin/preview/?kind=faq&id=1')
  await expect(page).toHaveURL(/\/admin\/login\/\?next=/)
  await signInStaffAs(page, request, 'operator')
  await page.goto('/admin/preview/?kind=faq&id=1')
  await expect(page.getByRole('alert')).toHaveText('没有权限')
})

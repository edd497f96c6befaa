/**
 * Site content in the back office (issue 21): marketing edits a home banner's title and link on
 * /admin/content/, the screen follows the site builder until the change is live, and the static
 * home page shows the new banner within 30 s of the save (no restart, no ops command). A failed
 * build shows on the screen with its error and 立即重试. axe checks the screen, the dialog, the
 * other tabs and the failure.
 */
import type { BuildStatus } from '../../src/lib/api/admin-content.ts'
import { expectAccessible } from './a11y.ts'
import { builderIdle, signInStaffAs } from './admin-session.ts'
import { expect, test } from './test.ts'

test('marketing edits a banner and the home page shows it within 30 s', async ({ page, request }) => {
  test.setTimeout(240_000)
  const token = await signInStaffAs(page, request, 'marketing')
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
  // Timed from an idle builder, as a marketing user saving on a quiet site.
  await builderIdle(request, token)
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

test('a failed site build shows on opening the content screen with its error, and 立即重试 retries it', async ({
  page,
  request,
}) => {
  // The builder's answers, as after a build that failed (the failure itself is the API suite's:
  // server/modules/site/build-status.admin.test.ts); the retry answers a build under way.
  const failed: BuildStatus = {
    last: { changeId: 40, builtAt: '2026-11-22T10:00:00.000Z', seconds: 12.5, kind: 'partial' },
    queued: { tags: ['banner'], count: 1, upTo: 41 },
    building: null,
    failures: 2,
    lastError: 'astro build 失败 (退出码 1)：API 无响应',
    nextRetryAt: '2026-11-22T10:01:00.000Z',
  }
  const building = { ...failed, building: { kind: 'partial', since: '2026-11-22T10:00:30.000Z', tags: 1 } }
  let now = failed
  let retried = 0
  await page.route('**/api/admin/site/build-status', (r) => r.fulfill({ json: { status: 200, data: now } }))
  await page.route('**/api/admin/site/build-retry', (r) => {
    retried++
    now = building
    return r.fulfill({ json: { status: 200, data: now } })
  })
  await signInStaffAs(page, request, 'marketing')
  await page.goto('/admin/content/')
  const panel = page.locator('[data-build-status]')
  await expect(panel.locator('[data-failed]')).toContainText('生成失败（连续 2 次）')
  await expect(panel).toContainText('astro build 失败 (退出码 1)：API 无响应')
  // China time, as everything the back office shows.
  await expect(panel).toContainText('将于 2026-11-22 18:01:00 自动重试')
  await expectAccessible(page)
  await panel.getByRole('button', { name: '立即重试' }).click()
  await expect(panel).toContainText('正在生成部分页面')
  expect(retried).toBe(1)
})

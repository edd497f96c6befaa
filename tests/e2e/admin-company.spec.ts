/**
 * Company facts in the back office (issue 21): marketing changes the hotline on the tab 公司信息
 * of /admin/content/; a bad number is refused under its field first and nothing is sent; after
 * the save the screen follows the site builder until the change is live, and the static /link/
 * page and every page's footer then show the new hotline. axe checks the tab.
 */
import { expectAccessible } from './a11y.ts'
import { signInStaffAs } from './admin-session.ts'
import { expect, test } from './test.ts'

test('marketing changes the hotline and /link/ and the footer show it after the rebuild', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000)
  await signInStaffAs(page, request, 'marketing')
  await page.goto('/admin/content/')
  await page.getByRole('button', { name: '公司信息', exact: true }).click()
  await expect(page.getByRole('button', { name: '公司信息', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  const hotline = page.getByLabel('服务热线')
  await expect(hotline).toHaveValue(/^[\d-]+$/)
  await expectAccessible(page)

  // A number that is none of mobile, landline or 400: refused under the field, which takes the focus.
  await hotline.fill('12345')
  await page.getByRole('button', { name: '保存公司信息' }).click()
  await expect(hotline).toHaveAttribute('aria-invalid', 'true')
  await expect(hotline).toBeFocused()
  await expect(
    page.getByText('服务热线格式不正确，应为手机号、座机（如0512-62886688）或400号码'),
  ).toBeVisible()
  await expectAccessible(page)

  const digits = String(Date.now()).slice(-7)
  const next = `400-${digits.slice(0, 3)}-${digits.slice(3)}`
  await hotline.fill(next)
  await page.getByRole('button', { name: '保存公司信息' }).click()
  await expect(page.locator('#toasts')).toContainText('公司信息已保存')
  await expect(hotline).not.toHaveAttribute('aria-invalid', 'true')
  const started = Date.now()

  const status = page.locator('[data-build-status]')
  await expect(status).toBeVisible()
  await expect(status.getByRole('link', { name: '联系我们' })).toHaveAttribute('href', '/link/')
  await expect(status.locator('[data-live]')).toBeVisible({ timeout: 270_000 })
  console.log(`hotline live on /link/ ${((Date.now() - started) / 1000).toFixed(1)} s after the save`)

  await page.goto('/link/')
  await expect(
    page.getByRole('region', { name: '客服热线' }).getByRole('link', { name: next }),
  ).toHaveAttribute('href', `tel:${next.replace(/-/g, '')}`)
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('link', { name: next })).toHaveAttribute('href', `tel:${next}`)
  // Built pages the test did not open follow too: the home page's footer and its JSON-LD.
  const home = await (await request.get('/')).text()
  expect(home).toContain(`href="tel:${next}"`)
  expect(home).toContain(`"telephone":"${next}"`)
})

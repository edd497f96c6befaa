import { expectAccessible } from './a11y.ts'
import { addedOperator, signInStaffAs, staffCall, staffToken } from './admin-session.ts'
import { signed } from './session.ts'
import { expect, test } from './test.ts'

// Issue 39: the staff token out of page scripts' reach, and the admin's password asked again
// before the changes that hand out keys.

test('after signing in, no page script can find the staff token; the cookie does the work', async ({
  page,
}) => {
  await page.goto('/admin/login/')
  await page.getByLabel('用户名').fill('finance')
  await page.getByLabel('密码', { exact: true }).fill('demo1234')
  await page.getByRole('button', { name: '登 录' }).click()
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible()

  // Playwright sees HttpOnly cookies; its value is the session's token (staff-cookie.test.ts).
  const cookie = (await page.context().cookies()).find((c) => c.name === 'staff_session')
  const token = cookie?.value ?? ''
  expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Strict', path: '/api/admin' })
  const reachable = await page.evaluate(() => {
    const dump = (s: Storage) =>
      Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? '')}`)
    return [...dump(localStorage), ...dump(sessionStorage), document.cookie].join('\n')
  })
  expect(token.length).toBeGreaterThan(20)
  expect(reachable).not.toContain(token)
  const me = (t: string) =>
    page.request.get('/api/admin/me', { headers: { ...signed(), Authorization: `Bearer ${t}` } })
  // It is the live session: as a Bearer token it signs an API client in.
  expect((await me(token)).status()).toBe(200)

  // Screens keep working on the cookie alone, the CSV export (a download) included.
  await page.goto('/admin/orders/')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: '导出 CSV' }).click()
  expect((await download).suggestedFilename()).toMatch(/\.csv$/)

  // Signing out takes the cookie back and ends the session on the server.
  await page.getByRole('button', { name: '退出' }).click()
  await expect(page).toHaveURL(/\/admin\/login\/$/)
  expect((await page.context().cookies()).find((c) => c.name === 'staff_session')).toBeUndefined()
  expect((await me(token)).status()).toBe(401)
})

test('changing roles and resetting a password ask for the admin’s own password again', async ({
  page,
  request,
}) => {
  const { admin, username, staff } = await addedOperator(request, 'reauth')
  await signInStaffAs(page, request, 'admin')
  await page.goto('/admin/staff/')
  const row = page.getByRole('row').filter({ hasText: username })
  await row.getByRole('button', { name: '角色' }).click()
  await page
    .getByRole('dialog', { name: `修改角色：${username}` })
    .getByLabel('财务')
    .check()
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click()

  const confirm = page.getByRole('dialog', { name: '确认身份' })
  await expect(confirm).toContainText(`修改 ${username} 的角色：请输入您的登录密码以确认。`)
  await confirm.getByRole('button', { name: '确认' }).click()
  await expect(confirm.getByText('请输入您的登录密码以确认', { exact: true })).toBeVisible()
  await confirm.getByLabel('您的登录密码').fill('not-my-pass1')
  await confirm.getByRole('button', { name: '确认' }).click()
  await expect(confirm.getByText('密码错误', { exact: true })).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: '/tmp/h-staff-reauth.png' })
  await page.setViewportSize({ width: 390, height: 800 })
  await page.screenshot({ path: '/tmp/h-staff-reauth-390.png' })
  await page.setViewportSize({ width: 1280, height: 800 })
  const before = await staffCall<{ id: number; roles: string[] }[]>(request, admin, 'GET', '/api/admin/staff')
  expect(before.find((s) => s.id === staff.id)?.roles).toEqual(['operator'])

  await confirm.getByLabel('您的登录密码').fill('demo1234')
  await confirm.getByRole('button', { name: '确认' }).click()
  await expect(page.getByText('角色已修改')).toBeVisible()
  await expect(row).toContainText('运营、财务')

  await row.getByRole('button', { name: '重置密码' }).click()
  await expect(confirm).toContainText(`重置 ${username} 的密码（并解除其动态验证码）`)
  await confirm.getByLabel('您的登录密码').fill('demo1234')
  await confirm.getByRole('button', { name: '确认' }).click()
  await expect(page.getByRole('dialog', { name: '一次性密码' })).toContainText(username)
  // The new one-time password signs the account in: the reset went through once.
  const shown =
    (await page.getByRole('dialog', { name: '一次性密码' }).locator('.font-mono').textContent()) ?? ''
  await staffToken(request, username, shown.trim())
})

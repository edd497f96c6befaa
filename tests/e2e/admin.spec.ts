import type { Page } from '@playwright/test'
import { totpNow } from '../../server/modules/staff/staff.service.ts'
import { expectAccessible } from './a11y.ts'
import {
  addedOperator,
  asStaff,
  freshUsername,
  signInStaffAs,
  staffCall,
  staffToken,
} from './admin-session.ts'
import { signed } from './session.ts'
import { expect, test } from './test.ts'

// The back office's foundation (issue 20): sign-in, first login, second factor, menu by role,
// the audit log and staff management — through the screens.

const menu = (page: Page) => page.getByRole('navigation', { name: '后台菜单' })

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('用户名').fill(username)
  await page.getByLabel('密码', { exact: true }).fill(password)
  await page.getByRole('button', { name: '登 录' }).click()
}

test('an operator signs in and sees the dashboard and the menu of the role', async ({ page }) => {
  await page.goto('/admin/')
  await expect(page).toHaveURL(/\/admin\/login\/\?next=%2Fadmin%2F/)
  await expect(page.getByRole('heading', { name: '后台登录' })).toBeVisible()
  await expectAccessible(page)

  await signIn(page, 'operator', 'wrong-pass1')
  await expect(page.getByRole('alert')).toHaveText('用户名或密码错误')
  await signIn(page, 'operator', 'demo1234')
  await expect(page).toHaveURL(/\/admin\/$/)
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible()
  await expect(page.getByRole('link', { name: /待发货订单/ })).toBeVisible()
  await expect(menu(page).getByRole('link', { name: '认证审核' })).toBeVisible()
  // Staff management and the audit log are admin's.
  await expect(menu(page).getByRole('link', { name: '操作日志' })).toHaveCount(0)
  await expect(menu(page).getByRole('link', { name: '后台账号' })).toHaveCount(0)
  await expectAccessible(page)

  // A page the role may not use says so; the server refuses its calls anyway.
  await page.goto('/admin/audit/')
  await expect(page.getByRole('alert')).toHaveText('没有权限')

  await page.getByRole('button', { name: '退出' }).click()
  await expect(page).toHaveURL(/\/admin\/login\/$/)
  await page.goto('/admin/')
  await expect(page).toHaveURL(/\/admin\/login\//)
})

test('a new account changes its one-time password at first sign-in, then asks for its second factor', async ({
  page,
  request,
}) => {
  const { username, ...added } = await addedOperator(request, 'op')
  await page.goto('/admin/login/')
  await signIn(page, username, added.password)
  await expect(page.getByText('首次登录，请把一次性密码改为自己的密码。')).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('原密码').fill(added.password)
  await page.getByLabel('新密码（至少 8 位，含字母和数字）').fill('short')
  await page.getByRole('button', { name: '修改密码' }).click()
  await expect(page.getByText('新密码至少8位')).toBeVisible()
  await page.getByLabel('新密码（至少 8 位，含字母和数字）').fill('my-secret-2')
  await page.getByLabel('再次输入新密码').fill('my-secret-2')
  await page.getByRole('button', { name: '修改密码' }).click()
  await expect(page).toHaveURL(/\/admin\/$/)

  // Enrol the second factor on 我的账号: the QR, then a code from the "app".
  await page.goto('/admin/account/')
  await page.getByRole('button', { name: '开始绑定' }).click()
  await expect(page.getByRole('img', { name: '动态验证码绑定二维码' })).toBeVisible()
  await expectAccessible(page)
  const secret = (await page.locator('code').textContent()) ?? ''
  const confirming = totpNow(secret, new Date())
  await page.getByLabel('验证器显示的 6 位数字').fill(confirming)
  await page.getByRole('button', { name: '确认绑定' }).click()
  await expect(page.getByText(/^已绑定/)).toBeVisible()

  await page.getByRole('button', { name: '退出' }).click()
  await signIn(page, username, 'my-secret-2')
  await expect(page.getByLabel('动态验证码')).toBeFocused()
  // A code is taken once: the one that confirmed signs no one in; the app's next one does.
  await page.getByLabel('动态验证码').fill(confirming)
  await page.getByRole('button', { name: '登 录' }).click()
  await expect(page.getByText('动态验证码已使用，请等待下一个')).toBeVisible()
  await page.getByLabel('动态验证码').fill(totpNow(secret, new Date(Date.now() + 30_000)))
  await page.getByRole('button', { name: '登 录' }).click()
  await expect(page).toHaveURL(/\/admin\/$/)
})

test('admin adds and disables a staff account, and finds both in the audit log', async ({
  page,
  request,
}) => {
  await signInStaffAs(page, request, 'admin')
  await page.goto('/admin/staff/')
  const username = freshUsername('fin')
  const name = `财务${username.slice(-6)}`
  await page.getByLabel('新账号用户名').fill(username)
  await page.getByLabel('姓名', { exact: true }).fill(name)
  await page.getByLabel('手机号', { exact: true }).fill('1390000')
  await page.getByRole('group', { name: '角色' }).getByLabel('财务').check()
  await page.getByRole('button', { name: '新增账号' }).click()
  await expect(page.getByText('手机号格式不正确')).toBeVisible()
  await page.getByLabel('手机号', { exact: true }).fill('13900001234')
  await page.getByRole('button', { name: '新增账号' }).click()
  const dialog = page.getByRole('dialog', { name: '一次性密码' })
  await expect(dialog).toContainText(username)
  await expectAccessible(page)
  // The one-time password goes to the clipboard with 复制.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await dialog.getByRole('button', { name: '复制' }).click()
  await expect(page.getByText('已复制')).toBeVisible()
  const shown = (await dialog.locator('p.font-mono').textContent())?.trim()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown)
  await dialog.getByRole('button', { name: '我已记下' }).click()

  const row = page.getByRole('row').filter({ hasText: username })
  await expect(row).toContainText('待首次登录')
  await expect(row).toContainText(name)
  await expect(row).toContainText('13900001234')
  await row.getByRole('button', { name: '停用' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '确 定' }).click()
  await expect(row).toContainText('已停用')
  await expectAccessible(page)

  await menu(page).getByRole('link', { name: '操作日志' }).click()
  await expect(page.getByRole('heading', { name: '操作日志' })).toBeVisible()
  // Pickers, not codes (issue 40): the actor by name, the target by its kind and its name.
  await page.getByLabel('操作人', { exact: true }).selectOption({ label: '张敏（admin）' })
  await page.getByLabel('对象种类', { exact: true }).selectOption({ label: '员工' })
  await page.getByLabel('对象（订单号、手机号、商品名称或姓名）').fill(username)
  await page.getByRole('button', { name: '查询' }).click()
  await expect(page).toHaveURL(new RegExp(`\\?staffId=\\d+&kind=staff&q=${username}`))
  const table = page.getByRole('table', { name: '操作日志' })
  // Rows read as sentences, their changes in words.
  await expect(table.getByRole('row').filter({ hasText: `张敏 停用了员工 ${name}` })).toContainText(
    '启用：是 → 否',
  )
  await expect(table.getByRole('row').filter({ hasText: `张敏 新增了员工 ${name}` })).toContainText(
    '角色：财务',
  )
  await expect(table).not.toContainText('staff.')
  await expectAccessible(page)

  // The filters live in the URL: a reload shows the same search; the action picker narrows it.
  await page.reload()
  await expect(page.getByLabel('对象种类', { exact: true })).toHaveValue('staff')
  await page.getByLabel('动作', { exact: true }).selectOption({ label: '停用账号' })
  await page.getByRole('button', { name: '查询' }).click()
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(1)
  await page.getByLabel('对象（订单号、手机号、商品名称或姓名）').fill(freshUsername('nobody'))
  await page.getByRole('button', { name: '查询' }).click()
  await expect(table).toContainText('没有符合条件的操作记录')
})

test('a session ended meanwhile sends the next call to the sign-in, which says why and returns there', async ({
  page,
  request,
}) => {
  const token = await signInStaffAs(page, request, 'operator')
  await page.goto('/admin/orders/')
  await expect(page.getByRole('heading', { name: '订单' })).toBeVisible()
  // Ended elsewhere (or timed out): the next call is refused 401.
  await request.delete('/api/admin/session', { headers: { ...signed(), Authorization: `Bearer ${token}` } })
  // The page's own next call may get there first and redirect, aborting this reload: either way
  // it lands on the sign-in.
  await page.reload().catch(() => {})
  await expect(page).toHaveURL(/\/admin\/login\/\?next=%2Fadmin%2Forders%2F&why=expired$/)
  await expect(page.getByRole('status').filter({ hasText: '登录已过期' })).toBeVisible()
  await page.getByLabel('用户名').fill('operator')
  await page.getByLabel('密码').fill('demo1234')
  await page.getByRole('button', { name: '登 录' }).click()
  await expect(page).toHaveURL(/\/admin\/orders\/$/)
})

test('an account disabled meanwhile is sent to the sign-in, which says it was disabled, not that it expired', async ({
  page,
  request,
}) => {
  const { admin, username, ...added } = await addedOperator(request, 'off')
  const token = await staffToken(request, username, added.password)
  // Past the first-login step, so the page is the account page itself.
  await staffCall(request, token, 'POST', '/api/admin/me/password', {
    password: added.password,
    newPassword: 'my-secret-3',
    okPassword: 'my-secret-3',
  })
  await asStaff(page, token)
  await page.goto('/admin/account/')
  await expect(page.getByRole('heading', { name: '我的账号' })).toBeVisible()
  await staffCall(request, admin, 'POST', `/api/admin/staff/${added.staff.id}/enabled`, { enabled: false })
  await page.reload().catch(() => {})
  await expect(page).toHaveURL(/\/admin\/login\/\?next=%2Fadmin%2Faccount%2F&why=disabled$/)
  await expect(page.getByRole('status').filter({ hasText: '账号已停用，请联系管理员' })).toBeVisible()
  await expect(page.getByText('登录已过期')).toHaveCount(0)
})

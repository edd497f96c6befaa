import type { Locator, Page } from '@playwright/test'
import { site } from '../../src/lib/site.ts'
import { expectAccessible } from './a11y.ts'
import { freshPhone, lastSmsCode, registerUser, signed } from './session.ts'
import { expect, test } from './test.ts'

// The login dialog, registration and logout (accounts §2, §4, §5), through the UI only.

const toasts = (page: Page) => page.locator('#toasts')
/** A field of the dialog by its label (exact: the tab panels' names contain the same words). */
const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true })
/** The signed-in half of the nav: only visible after a (re)load with a session. */
const signedInNav = (page: Page) => page.locator('header .when-in')

async function openDialog(page: Page, path = '/'): Promise<Locator> {
  await page.goto(path)
  await page.getByRole('button', { name: '登录/注册' }).click()
  const dialog = page.getByRole('dialog', { name: /欢迎来到/ })
  await expect(dialog).toBeVisible()
  return dialog
}

test('registers with an SMS code from the outbox and returns to the login tab', async ({ page }) => {
  const tel = freshPhone()
  const dialog = await openDialog(page)
  await dialog.getByRole('tab', { name: '注册', exact: true }).click()
  await expect(dialog.getByRole('tab', { name: '注册', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  )

  await field(dialog, '手机号').fill(tel)
  await dialog.getByRole('button', { name: '获取验证码' }).click()
  await expect(toasts(page).getByText('短信已经发送到你的手机')).toBeVisible()
  // The 60 s countdown: no second send until it ends (accounts §4).
  await expect(dialog.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled()
  await expect(field(dialog, '验证码')).toBeFocused()

  await field(dialog, '验证码').fill(await lastSmsCode(tel))
  await field(dialog, '密码').fill('test1234')
  await field(dialog, '确认密码').fill('test1234')
  await dialog.getByRole('button', { name: '注册', exact: true }).click()

  await expect(toasts(page).getByText('注册成功')).toBeVisible()
  await expect(dialog.getByRole('tab', { name: '登录', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(dialog.getByRole('tab', { name: '密码登录' })).toHaveAttribute('aria-selected', 'true')
  await expect(field(dialog, '手机号')).toHaveValue(tel)
  await expect(field(dialog, '密码')).toBeFocused()
})

test('logs in by password: the nav shows the user and the cart no longer asks to log in', async ({
  page,
  request,
}) => {
  const tel = await registerUser(request, 'secret99')

  // A visitor is told to log in by the cart icon (accounts §2).
  await page.goto('/')
  await page.getByRole('link', { name: '购物车' }).click()
  await expect(toasts(page).getByText('请登录')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)

  const dialog = await openDialog(page)
  await dialog.getByRole('tab', { name: '密码登录' }).click()
  await field(dialog, '手机号').fill(tel)
  await field(dialog, '密码').fill('secret99')
  await dialog.getByRole('button', { name: '登录', exact: true }).click()
  await expect(toasts(page).getByText('登录成功')).toBeVisible()

  // The page reloads signed in: avatar and nickname instead of 登录/注册.
  await expect(signedInNav(page)).toBeVisible()
  await expect(signedInNav(page).getByText(`用户${tel.slice(-4)}`)).toBeVisible()
  await expect(page.getByRole('button', { name: '登录/注册' })).toBeHidden()
  expect(await page.evaluate(() => localStorage.getItem('tokens'))).toBeTruthy()

  await page.getByRole('link', { name: '购物车' }).click()
  await expect(page).toHaveURL(/\/shopcar/)
  await expect(toasts(page).getByText('请登录')).toHaveCount(0)
})

test('logs in by SMS code, then logs out after the confirm dialog', async ({ page, request }) => {
  // A seeded user: one registered for this test has just had its code, and a phone gets one code
  // a minute. A retry takes another seeded user for the same reason.
  const tel = test.info().retry === 0 ? '13800000003' : '13800000011'
  const dialog = await openDialog(page, '/course/')
  await expect(dialog.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true')
  await expect(field(dialog, '手机号')).toBeFocused()
  await field(dialog, '手机号').fill(tel)
  await dialog.getByRole('button', { name: '获取验证码' }).click()
  await expect(toasts(page).getByText('短信已经发送到你的手机')).toBeVisible()
  await field(dialog, '验证码').fill(await lastSmsCode(tel))
  await dialog.getByRole('button', { name: '登录', exact: true }).click()
  await expect(toasts(page).getByText('登录成功')).toBeVisible()
  await expect(signedInNav(page)).toBeVisible()
  await expect(page).toHaveURL(/\/course\/$/)
  const token = await page.evaluate(() => localStorage.getItem('tokens'))

  // Logout asks first; 关 闭 keeps the session.
  await signedInNav(page).locator('summary').click()
  await page.getByRole('button', { name: '退出登录' }).click()
  const ask = page.getByRole('dialog', { name: '提示' })
  await expect(ask).toContainText('确定要退出登录吗？')
  await ask.getByRole('button', { name: '关 闭' }).click()
  await expect(ask).toBeHidden()
  await expect(signedInNav(page)).toBeVisible()

  await signedInNav(page).locator('summary').click()
  await page.getByRole('button', { name: '退出登录' }).click()
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确 定' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('button', { name: '登录/注册' })).toBeVisible()
  await expect(signedInNav(page)).toBeHidden()
  expect(await page.evaluate(() => localStorage.getItem('tokens'))).toBeNull()
  // The server has revoked the token too.
  const after = await request.get('/api/Users/GetUsersInfo', {
    headers: { ...signed(), authorization: `Bearer ${token}` },
  })
  expect(after.status()).toBe(401)
})

test('logs in by a WeChat QR approved from a second page; switching mode stops polling', async ({
  page,
  context,
}) => {
  let polls = 0
  page.on('request', (r) => {
    if (r.url().includes('/api/WeChat/GetWeChatQrcodeResultpc')) polls++
  })
  const dialog = await openDialog(page)
  await dialog.getByRole('tab', { name: '微信扫码' }).click()
  const qr = dialog.getByRole('img', { name: '微信扫码登录二维码' })
  // Drawn here: the URL never goes to an outside QR service.
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/)
  await expect.poll(() => polls).toBeGreaterThan(0)

  // Another mode stops the polling.
  await dialog.getByRole('tab', { name: '密码登录' }).click()
  await page.waitForTimeout(300)
  const stopped = polls
  await page.waitForTimeout(2000)
  expect(polls).toBe(stopped)

  // Back to the QR (a new one); the "second device" opens its URL and approves.
  await dialog.getByRole('tab', { name: '微信扫码' }).click()
  await expect(qr).toBeVisible()
  const link = dialog.getByRole('link', { name: /在本机打开确认页/ })
  await expect(link).toHaveAttribute('href', /\/wechat\/confirm\?str=/)
  const [phone] = await Promise.all([context.waitForEvent('page'), link.click()])
  await phone.getByLabel('手机号').fill('13800000004')
  await phone.getByLabel('密码').fill('demo1234')
  await phone.getByRole('button', { name: '确认登录' }).click()
  await expect(phone.getByText('已确认，请回到电脑端')).toBeVisible()

  await expect(signedInNav(page)).toBeVisible()
  await expect(page.getByRole('button', { name: '登录/注册' })).toBeHidden()
})

test('an expired QR offers a new one; a failed poll closes the dialog', async ({ page }) => {
  let answer: 'expired' | 'broken' = 'expired'
  await page.route('**/api/WeChat/GetWeChatQrcodeResultpc**', (route) =>
    answer === 'expired'
      ? route.fulfill({ status: 400, json: { status: 400, data: '二维码已过期，请刷新' } })
      : route.fulfill({ status: 502, body: 'Bad Gateway' }),
  )
  const dialog = await openDialog(page)
  await dialog.getByRole('tab', { name: '微信扫码' }).click()
  await expect(dialog.getByText('二维码已过期，请刷新后重新扫码')).toBeVisible()
  await expectAccessible(page)

  answer = 'broken'
  await dialog.getByRole('button', { name: '刷新二维码' }).click()
  await expect(dialog).toBeHidden()
})

test('refuses bad input with the rules’ and the server’s messages', async ({ page }) => {
  const dialog = await openDialog(page)

  // 获取验证码 checks the phone first (accounts §5).
  await dialog.getByRole('button', { name: '获取验证码' }).click()
  await expect(dialog.getByText('手机号格式不正确')).toBeVisible()
  await expect(field(dialog, '手机号')).toHaveAttribute('aria-invalid', 'true')
  await expect(field(dialog, '手机号')).toBeFocused()
  await expectAccessible(page)

  // Login needs a code in this mode.
  await field(dialog, '手机号').fill('13800000001')
  await dialog.getByRole('button', { name: '登录', exact: true }).click()
  await expect(dialog.getByText('请填写验证码')).toBeVisible()

  // A wrong password: the server's message.
  await dialog.getByRole('tab', { name: '密码登录' }).click()
  await expect(field(dialog, '手机号')).toHaveValue('13800000001')
  await field(dialog, '密码').fill('not-the-password')
  // By keyboard: the button keeps focus while the call runs and after its refusal (a disabled
  // button would drop it to the page's body, BusyButton).
  await dialog.getByRole('button', { name: '登录', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(toasts(page).getByText('手机号或密码错误')).toBeVisible()
  await expect(dialog.getByRole('button', { name: '登录', exact: true })).toBeFocused()
  await expect(signedInNav(page)).toBeHidden()

  // Registration checks in the rule's order; mismatched passwords come last.
  await dialog.getByRole('tab', { name: '注册', exact: true }).click()
  await field(dialog, '手机号').fill(freshPhone())
  await dialog.getByRole('button', { name: '注册', exact: true }).click()
  await expect(dialog.getByText('请填写验证码')).toBeVisible()
  await field(dialog, '验证码').fill('123456')
  await field(dialog, '密码').fill('abc12345')
  await field(dialog, '确认密码').fill('abc12399')
  await dialog.getByRole('button', { name: '注册', exact: true }).click()
  await expect(dialog.getByText('两次输入密码不一致')).toBeVisible()
  await expect(field(dialog, '确认密码')).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page)

  // The legal documents open over the dialog, titled with the company name.
  await dialog.getByRole('button', { name: '《隐私政策》' }).click()
  const legal = page.getByRole('dialog', { name: site.name, exact: true })
  await expect(legal.getByRole('heading', { name: '隐私政策' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(legal).toBeHidden()
  await expect(dialog).toBeVisible()

  // Esc closes the dialog.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('closing the login dialog gives the keyboard back to 登录/注册', async ({ page }) => {
  await page.goto('/')
  const opener = page.locator('header [data-open-login]:visible').first()
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
  // The second time too (the dialog's code is loaded by then), and with its close button.
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: '关闭' }).click()
  await expect(opener).toBeFocused()
})

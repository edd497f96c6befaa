import type { Page } from '@playwright/test'
import { PASSWORD_CEILING } from '../../src/lib/rules/login.ts'
import { STAFF_CEILING } from '../../src/lib/rules/staff.ts'
import { expectAccessible } from './a11y.ts'
import { addedOperator } from './admin-session.ts'
import { lastSmsCode, registerUser } from './session.ts'
import { expect, test } from './test.ts'

// The screens' answer to an account past its hourly ceiling of failed passwords (issue 39):
// the login dialog moves to 验证码登录, the back office's sign-in asks for the code.

/**
 * The ceiling reached for `subject` ('tel:…' or 'staff:…'), as fifty guesses from fifty addresses
 * would leave it (the e2e server sees every request from 127.0.0.1, where five would lock first).
 * The phone's last SMS is moved a minute back too, so the owner may ask for a code at once.
 */
async function reachCeiling(subject: string, tel?: string) {
  const { DatabaseSync } = await import('node:sqlite')
  const db = new DatabaseSync(`${process.env.E2E_DIR}/portal.db`)
  try {
    const now = Date.now()
    db.prepare(
      `INSERT INTO login_limits (subject, failures, first_at, locked_until) VALUES (?, 50, ?, ?)
       ON CONFLICT (subject) DO UPDATE SET failures = 50, first_at = excluded.first_at, locked_until = excluded.locked_until`,
    ).run(subject, now, now + 3600_000)
    if (tel) db.prepare('UPDATE sms_codes SET sent_at = sent_at - 61000 WHERE tel = ?').run(tel)
  } finally {
    db.close()
  }
}

const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: `/tmp/h-lock-${name}.png`, fullPage: false })
}

test('past the ceiling the password login moves to 验证码登录, which signs in', async ({ page, request }) => {
  const tel = await registerUser(request, 'secret99')
  await reachCeiling(`tel:${tel}`, tel)
  await page.goto('/')
  await page.getByRole('button', { name: '登录/注册' }).click()
  const dialog = page.getByRole('dialog', { name: /欢迎来到/ })
  await dialog.getByRole('tab', { name: '密码登录' }).click()
  await dialog.getByLabel('手机号', { exact: true }).fill(tel)
  await dialog.getByLabel('密码', { exact: true }).fill('secret99')
  await dialog.getByRole('button', { name: '登录', exact: true }).click()

  await expect(page.locator('#toasts').getByText(PASSWORD_CEILING)).toBeVisible()
  await expect(dialog.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true')
  await expect(dialog.getByRole('status').filter({ hasText: PASSWORD_CEILING })).toBeVisible()
  await expect(dialog.getByLabel('手机号', { exact: true })).toHaveValue(tel)
  await expectAccessible(page)
  await shot(page, 'ceiling-desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await shot(page, 'ceiling-390')

  await dialog.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.locator('#toasts').getByText('短信已经发送到你的手机')).toBeVisible()
  await dialog.getByLabel('验证码', { exact: true }).fill(await lastSmsCode(tel))
  await dialog.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.locator('#toasts').getByText('登录成功')).toBeVisible()
})

test('past the ceiling the back office sign-in shows the code field and says what to do', async ({
  page,
  request,
}) => {
  const { username, password } = await addedOperator(request, 'ceiling')
  await reachCeiling(`staff:${username}`)
  await page.goto('/admin/login/')
  await page.getByLabel('用户名').fill(username)
  await page.getByLabel('密码').fill(password)
  await page.getByRole('button', { name: '登 录' }).click()
  await expect(page.getByRole('alert')).toHaveText(STAFF_CEILING)
  await expect(page.getByLabel('动态验证码')).toBeVisible()
  await expectAccessible(page)
  await shot(page, 'staff-ceiling-desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await shot(page, 'staff-ceiling-390')
})

/**
 * 微信登录 inside WeChat's browser (issue 41 item 5), at 390 px with WeChat's user agent: the login
 * dialog sends the browser through the 公众号's 网页授权 (our OAuth peer, tests/peers/
 * wechat-oauth-peer.ts, which opens only for MicroMessenger and checks appid, secret and code).
 * Someone new binds a phone by SMS code; the same WeChat user is then signed in at once.
 *
 * The default webServer has no 公众号, so this file starts its own portal (`--no-build`, serving the
 * site the default webServer built) with WECHAT_MP_* pointed at the peer, on a free port with its
 * own database.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { freePort, serverProcess } from '../load/server-process.ts'
import { someWechatUser, startWechatOauthPeer } from '../peers/wechat-oauth-peer.ts'
import { freshPhone } from './session.ts'
import { test as base, expect } from './test.ts'

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN'

interface Own {
  base: string
  dir: string
  peer: Awaited<ReturnType<typeof startWechatOauthPeer>>
}

const test = base.extend<object, { own: Own }>({
  own: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const peer = await startWechatOauthPeer()
      const port = await freePort()
      const site = `http://127.0.0.1:${port}`
      const dir = mkdtempSync(join(process.env.E2E_DIR ?? '/tmp', 'wechat-'))
      let child: ChildProcess | undefined
      try {
        child = await serverProcess({
          port,
          dir,
          env: {
            ...peer.env(),
            SITE_URL: site,
            DIST_DIR: join(process.env.E2E_DIR as string, 'dist'),
            SMS_IP_DAILY_CAP: '10000',
          },
        })
        await use({ base: site, dir, peer })
      } finally {
        child?.kill('SIGTERM')
        await peer.close()
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ own }, use) => use(own.base),
})

test.use({ viewport: { width: 390, height: 844 }, userAgent: WECHAT_UA, isMobile: true, hasTouch: true })

/** The newest SMS code sent to `tel`, from this portal's outbox. */
async function smsCode(dir: string, tel: string): Promise<string> {
  const { DatabaseSync } = await import('node:sqlite')
  const db = new DatabaseSync(join(dir, 'portal.db'))
  try {
    const row = db.prepare('SELECT code FROM sms_codes WHERE tel = ? ORDER BY id DESC LIMIT 1').get(tel) as
      | { code: string }
      | undefined
    if (!row) throw new Error(`no SMS sent to ${tel}`)
    return row.code
  } finally {
    db.close()
  }
}

test('a new WeChat user binds a phone, and next time is signed in at once', async ({ page, own }) => {
  test.setTimeout(90_000)
  const who = someWechatUser()
  own.peer.signInAs(who)

  await page.goto('/about')
  await page.getByRole('button', { name: '登录/注册' }).click()
  const dialog = page.getByRole('dialog', { name: /欢迎来到/ })
  // In WeChat's browser the dialog opens on 微信登录 (no QR to scan on the phone showing it).
  await expect(dialog.getByRole('tab', { name: '微信登录' })).toHaveAttribute('aria-selected', 'true')
  await expect(dialog.getByRole('img', { name: '微信扫码登录二维码' })).toHaveCount(0)
  await dialog.getByRole('button', { name: '微信授权' }).click()

  // WeChat (the peer) knew nobody here: back on the same page, the dialog asks for a phone.
  await expect(page).toHaveURL(new RegExp(`^${own.base}/about/?$`))
  const bind = page.getByRole('dialog', { name: /欢迎来到/ })
  await expect(bind.getByText('首次使用微信登录，请验证手机号完成绑定')).toBeVisible()
  // For the eye, at 390 px, when E2E_SHOTS names a folder.
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/wechat-bind-390.png` })
  const tel = freshPhone()
  await bind.getByLabel('手机号', { exact: true }).fill(tel)
  await bind.getByRole('button', { name: '获取验证码' }).click()
  await expect(bind.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled()
  await bind.getByLabel('验证码', { exact: true }).fill(await smsCode(own.dir, tel))
  await bind.getByRole('button', { name: '绑定手机号' }).click()
  await expect(page.locator('#toasts').getByText('登录成功')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'in', { timeout: 10_000 })
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('users') ?? '{}').tel)).toBe(tel)
  // No wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  // Signed out (a new browser), the same WeChat user comes back: signed in without a phone.
  await page.evaluate(() => localStorage.clear())
  await page.goto('/about')
  await page.getByRole('button', { name: '登录/注册' }).click()
  await page
    .getByRole('dialog', { name: /欢迎来到/ })
    .getByRole('button', { name: '微信授权' })
    .click()
  await expect(page.locator('#toasts').getByText('登录成功')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'in', { timeout: 10_000 })
  await expect(page).toHaveURL(new RegExp(`^${own.base}/about/?$`))
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('users') ?? '{}').tel)).toBe(tel)
})

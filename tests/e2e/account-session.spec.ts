/**
 * What a session takes with it and what it brings (issue 19): the cart ends with the session —
 * logout or a 401, in this tab and the others — so the next account starts empty; a visitor's
 * 加入购物车 survives the login it asked for; 忘记密码 sets a new password with an SMS code.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expectAccessible } from './a11y.ts'
import { builtPage } from './built.ts'
import { lastSmsCode, registerUser, signed, signInAs } from './session.ts'
import { expect, test } from './test.ts'

const toasts = (page: Page) => page.locator('#toasts')
const loginDialog = (page: Page) => page.getByRole('dialog', { name: /欢迎来到/ })
const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true })
const signedInNav = (page: Page) => page.locator('header .when-in')
const cartLines = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('center') ?? '[]') as unknown[]).length)
const badge = (page: Page) => page.locator('header [data-cart-badge]').first()

/** A listed product whose first SKU is in stock: the buy box has it chosen from the start. */
async function productInStock(request: APIRequestContext): Promise<number> {
  const list = await (
    await request.get('/api/ProductSpu/GetProductSpuPage?pageIndex=0&pageSize=50', { headers: signed() })
  ).json()
  for (const { id } of list.data.pageData as { id: number }[]) {
    const p = await (
      await request.get(`/api/ProductSpu/GetProductSpu?id=${id}`, { headers: signed() })
    ).json()
    if ((p.data.skuList as { stock: number }[])[0]?.stock) {
      await builtPage(request, `/productdetail/${id}/`)
      return id
    }
  }
  throw new Error('no product in stock')
}

/** Logs in through the open dialog by password; the page reloads signed in. */
async function logInThroughDialog(page: Page, tel: string, password: string) {
  const dialog = loginDialog(page)
  await expect(dialog).toBeVisible()
  await dialog.getByRole('tab', { name: '密码登录' }).click()
  await field(dialog, '手机号').fill(tel)
  await field(dialog, '密码').fill(password)
  await dialog.getByRole('button', { name: '登录', exact: true }).click()
  await expect(signedInNav(page)).toBeVisible()
}

async function logInFromNav(page: Page, tel: string, password = 'test1234') {
  await page.getByRole('button', { name: '登录/注册' }).click()
  await logInThroughDialog(page, tel, password)
}

async function logOut(page: Page) {
  await signedInNav(page).locator('summary').click()
  await page.getByRole('button', { name: '退出登录' }).click()
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确 定' }).click()
  await expect(page.getByRole('button', { name: '登录/注册' })).toBeVisible()
}

async function addToCart(page: Page) {
  await page.getByRole('form', { name: '购买' }).getByRole('button', { name: '加入购物车' }).click()
}

test('logout ends the cart in every tab; the next account starts with an empty one', async ({
  page,
  context,
  request,
}) => {
  const [a, b] = [await registerUser(request), await registerUser(request)]
  const product = `/productdetail/${await productInStock(request)}/`

  await page.goto(product)
  await logInFromNav(page, a)
  await addToCart(page)
  await expect(toasts(page).getByText('已经加入购物车')).toBeVisible()
  await expect(badge(page)).toHaveText('1')

  // A second tab of the same browser shows the same cart …
  const other = await context.newPage()
  await other.goto('/')
  await expect(badge(other)).toHaveText('1')

  // … and loses it when the first tab logs out.
  await logOut(page)
  expect(await cartLines(page)).toBe(0)
  await expect(badge(page)).toBeHidden()
  await expect(badge(other)).toBeHidden()
  expect(await cartLines(other)).toBe(0)

  // Another account on the same browser: nothing of the first one's cart.
  await logInFromNav(page, b)
  await page.goto('/shopcar')
  await expect(page.getByText('购物车还是空的')).toBeVisible()
  expect(await cartLines(page)).toBe(0)
})

test('a 401 ends the cart with the session', async ({ page, request }) => {
  const tel = await registerUser(request)
  await page.goto(`/productdetail/${await productInStock(request)}/`)
  await logInFromNav(page, tel)
  await addToCart(page)
  await expect(badge(page)).toHaveText('1')

  // The session dies on the server (logged out elsewhere, expired): the next call answers 401.
  const token = await page.evaluate(() => localStorage.getItem('tokens'))
  const out = await request.post('/api/Users/PostUsersLogout', {
    headers: { ...signed(), authorization: `Bearer ${token}` },
    data: {},
  })
  expect(out.ok()).toBe(true)
  // /wo's first call answers 401: 登录信息已经过期, and the client goes home (accounts §8).
  await page.goto('/wo')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('button', { name: '登录/注册' })).toBeVisible()
  expect(await page.evaluate(() => [localStorage.getItem('tokens'), localStorage.getItem('center')])).toEqual(
    [null, null],
  )
})

test('a visitor’s 加入购物车 is carried out after the login it asked for, and only then', async ({
  page,
  request,
}) => {
  const tel = await registerUser(request)
  await page.goto(`/productdetail/${await productInStock(request)}/`)

  // Asked to log in, the visitor closes the dialog: the wish is dropped …
  await addToCart(page)
  await expect(toasts(page).getByText('请登录')).toBeVisible()
  await loginDialog(page).getByRole('button', { name: '关闭' }).click()
  await expect(loginDialog(page)).toBeHidden()
  expect(await page.evaluate(() => sessionStorage.getItem('after-login'))).toBeNull()

  // … but when they log in through the dialog it opened, the item is in the cart, once.
  await addToCart(page)
  await logInThroughDialog(page, tel, 'test1234')
  await expect(toasts(page).getByText('已经加入购物车')).toBeVisible()
  await expect(badge(page)).toHaveText('1')
  expect(await cartLines(page)).toBe(1)
  await page.reload()
  await expect(signedInNav(page)).toBeVisible()
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('center') ?? '[]')[0]?.qty)).toBe(1)
})

test('a visitor’s 立即购买 of a paid course goes on to its payment after the login it asked for', async ({
  page,
  request,
}) => {
  const tel = await registerUser(request)
  const list = await (
    await request.get('/api/Article/GetArticlePage?status=30&isPrice=1&pageIndex=0&pageSize=1', {
      headers: signed(),
    })
  ).json()
  const course = (list.data.pageData as { id: number }[])[0]
  if (!course) throw new Error('no paid course in the demo data')
  await page.goto(`/detail/${course.id}/`)
  await page.getByRole('button', { name: '立即购买' }).click()
  await expect(toasts(page).getByText('请登录')).toBeVisible()
  await logInThroughDialog(page, tel, 'test1234')
  // The order is placed once, and the payment lands back on the course (type=1).
  await expect(page).toHaveURL(/\/pay\?id=\d+&type=1/)
  const token = await page.evaluate(() => localStorage.getItem('tokens'))
  const orders = await (
    await request.get('/api/Orders/GetOrdersPage?pageIndex=0&pageSize=20&status=10', {
      headers: { ...signed(), authorization: `Bearer ${token}` },
    })
  ).json()
  expect(orders.data.pageTotal).toBe(1)
})

/** Lets `tel` have another code now: its last one is made a minute older (the resend wait is 60 s). */
async function allowResend(tel: string) {
  const { DatabaseSync } = await import('node:sqlite')
  const db = new DatabaseSync(`${process.env.E2E_DIR}/portal.db`)
  try {
    db.prepare('UPDATE sms_codes SET sent_at = sent_at - 61000 WHERE tel = ?').run(tel)
  } finally {
    db.close()
  }
}

test('忘记密码 sets a new password with an SMS code; the new one logs in, the old one no more', async ({
  page,
  request,
}) => {
  const tel = await registerUser(request, 'oldpass1')
  await allowResend(tel)
  await page.goto('/')
  await page.getByRole('button', { name: '登录/注册' }).click()
  const dialog = loginDialog(page)
  await dialog.getByRole('tab', { name: '密码登录' }).click()
  await dialog.getByRole('button', { name: '忘记密码' }).click()
  await expect(dialog.getByRole('heading', { name: '找回密码' })).toBeVisible()
  await expect(field(dialog, '手机号')).toBeFocused()
  await expectAccessible(page)

  await field(dialog, '手机号').fill(tel)
  await dialog.getByRole('button', { name: '获取验证码' }).click()
  await expect(toasts(page).getByText('短信已经发送到你的手机')).toBeVisible()
  await field(dialog, '验证码').fill(await lastSmsCode(tel))
  await field(dialog, '新密码').fill('newpass1')
  await field(dialog, '确认密码').fill('newpass2')
  await dialog.getByRole('button', { name: '重置密码' }).click()
  await expect(dialog.getByText('两次输入密码不一致')).toBeVisible()
  await field(dialog, '确认密码').fill('newpass1')
  await dialog.getByRole('button', { name: '重置密码' }).click()
  await expect(toasts(page).getByText('密码重置成功，请登录')).toBeVisible()

  // Back on the password login, the phone kept; the old password is refused, the new one logs in.
  await expect(dialog.getByRole('tab', { name: '密码登录' })).toHaveAttribute('aria-selected', 'true')
  await expect(field(dialog, '手机号')).toHaveValue(tel)
  await field(dialog, '密码').fill('oldpass1')
  await dialog.getByRole('button', { name: '登录', exact: true }).click()
  await expect(toasts(page).getByText('手机号或密码错误')).toBeVisible()
  await field(dialog, '密码').fill('newpass1')
  await dialog.getByRole('button', { name: '登录', exact: true }).click()
  await expect(signedInNav(page)).toBeVisible()
})

test('the bell counts unread notifications until /message shows them', async ({ page, request }) => {
  const { user } = await signInAs(page, request, await registerUser(request), 'test1234')
  const bell = page.locator('header [data-message-badge]').first()
  await page.goto('/')
  // The seed's notices for everyone are new to a new user.
  await expect(bell).toBeVisible()
  await page.goto('/message')
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible()
  await expect(bell).toBeHidden()

  // Something happens to the account: the next page's bell says so.
  const { DatabaseSync } = await import('node:sqlite')
  const db = new DatabaseSync(`${process.env.E2E_DIR}/portal.db`)
  try {
    db.prepare(
      "INSERT INTO notifications (user_id, title, content, create_time) VALUES (?, '订单已发货', '', '2026-01-01 00:00:00')",
    ).run(user.id)
  } finally {
    db.close()
  }
  await page.goto('/')
  await expect(bell).toHaveText('1')
  await expect(page.getByRole('link', { name: '消息（1 条未读）' })).toBeVisible()
  await page.getByRole('link', { name: '消息（1 条未读）' }).click()
  await expect(page.getByRole('heading', { name: '订单已发货' })).toBeVisible()
  await expect(bell).toBeHidden()
})

test('the profile dialog previews an SVG avatar as the picture', async ({ page, request }) => {
  const { user } = await signInAs(page, request, '13800000002')
  expect(user.avatarUrl).toMatch(/\.svg$/)
  await page.goto('/wo')
  await page.getByRole('button', { name: '编辑资料' }).click()
  const dialog = page.getByRole('dialog', { name: '修改个人信息' })
  const thumb = dialog.getByRole('img', { name: '头像 1' })
  await expect(thumb).toHaveAttribute('src', /\.svg$/)
  await expect(thumb).toHaveJSProperty('complete', true)
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(dialog.getByText('文件', { exact: true })).toHaveCount(0)
})

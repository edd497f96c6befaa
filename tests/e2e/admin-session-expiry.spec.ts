import { signInStaffAs, staffCall, staffToken } from './admin-session.ts'
import { signed } from './session.ts'
import { expect, test } from './test.ts'

// An expired staff session (issue 40): the save that the server refuses 401 asks for the same
// staff member's password in a dialog, signs in again and saves, with no navigation and nothing
// typed lost. The session is ended server-side, as 30 idle minutes or a sign-out elsewhere would.

type Row = { id: number; title: string; priceMin: number }

test('marketing saves a product after the session expired: password in a dialog, the typed work kept and saved', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const reader = await staffToken(request, 'marketing')
  const rows = (
    await staffCall<{ pageData: Row[] }>(request, reader, 'GET', '/api/admin/products?listed=1&pageSize=50')
  ).pageData
  // Not the product other specs edit (the last priced over 10 yuan): one before it.
  const p = rows.filter((r) => r.priceMin > 10).at(-2) as Row
  const model = `EXP-${Date.now().toString(36)}`

  const token = await signInStaffAs(page, request, 'marketing')
  await page.goto(`/admin/products/detail/?id=${p.id}`)
  await expect(page.getByRole('heading', { name: p.title })).toBeVisible()
  const editor = page.getByRole('form', { name: '商品信息' })
  await editor.getByLabel('型号').fill(model)

  // The session ends on the server while the work is being typed.
  const ended = await request.delete('/api/admin/session', {
    headers: { ...signed(), Authorization: `Bearer ${token}` },
  })
  expect(ended.ok()).toBe(true)
  const url = page.url()
  await editor.getByRole('button', { name: '保存商品信息' }).click()

  const dialog = page.getByRole('dialog', { name: '登录已过期' })
  await expect(dialog).toBeVisible()
  // Only the same account may carry on: it is named, and there is no username to change.
  await expect(dialog).toContainText('陈静（marketing）')
  await expect(dialog.getByLabel('用户名')).toHaveCount(0)
  await dialog.getByLabel('登录密码').fill('wrong-pass1')
  await dialog.getByRole('button', { name: '继续' }).click()
  await expect(dialog).toContainText('用户名或密码错误')
  await dialog.getByLabel('登录密码').fill('demo1234')
  await dialog.getByRole('button', { name: '继续' }).click()
  await expect(dialog).toBeHidden()

  // Saved by the retried call, on the same page, with the typed value still in its field.
  await expect(page.getByText('商品信息已保存').first()).toBeVisible()
  expect(page.url()).toBe(url)
  await expect(editor.getByLabel('型号')).toHaveValue(model)
  const saved = await staffCall<{ model: string }>(request, reader, 'GET', `/api/admin/products/${p.id}`)
  expect(saved.model).toBe(model)

  // The new session is the browser's own: the next screen opens without a sign-in.
  await page.goto('/admin/account/')
  await expect(page.getByRole('heading', { name: '我的账号' })).toBeVisible()
  // Named by the display name: the header's account and the account page's own fields.
  await expect(page.getByRole('banner')).toContainText('陈静（市场）')
  await expect(page.getByRole('textbox', { name: '姓名', exact: true })).toHaveValue('陈静')
})

test('a dialog open when the session expired stays open under the password dialog and saves after it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const reader = await staffToken(request, 'marketing')
  const rows = (
    await staffCall<{ pageData: Row[] }>(request, reader, 'GET', '/api/admin/products?listed=1&pageSize=50')
  ).pageData
  const p = rows.filter((r) => r.priceMin > 10).at(-3) as Row
  const token = await signInStaffAs(page, request, 'marketing')
  await page.goto(`/admin/products/detail/?id=${p.id}`)
  await expect(page.getByRole('heading', { name: p.title })).toBeVisible()
  const firstStock = page.locator('[data-sku-stock]').first()
  const before = Number(await firstStock.textContent())
  await page
    .getByRole('button', { name: /^调整「.*」的库存$/ })
    .first()
    .click()
  const stock = page.getByRole('dialog', { name: '调整库存' })
  await stock.getByLabel('调整数量').fill('2')
  await stock.getByLabel('调整原因').fill('盘点补录')
  await request.delete('/api/admin/session', { headers: { ...signed(), Authorization: `Bearer ${token}` } })
  await stock.getByRole('button', { name: '保存' }).click()

  const again = page.getByRole('dialog', { name: '登录已过期' })
  await again.getByLabel('登录密码').fill('demo1234')
  await again.getByRole('button', { name: '继续' }).click()
  await expect(again).toBeHidden()
  await expect(stock).toBeHidden()
  await expect(firstStock).toHaveText(String(before + 2))
})

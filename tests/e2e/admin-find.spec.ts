import { signInStaffAs, staffCall, staffToken } from './admin-session.ts'
import { expect, test } from './test.ts'

// 快速定位 (issue 40 item 6): Ctrl+K finds a screen, a customer and a product, and Enter opens it.

const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

test('Ctrl+K finds a screen, a customer by phone and a product by name; Enter opens the product', async ({
  page,
  request,
}) => {
  const token = await staffToken(request, 'admin')
  const products = await staffCall<{ pageData: { id: number; title: string }[] }>(
    request,
    token,
    'GET',
    '/api/admin/products?pageSize=1',
  )
  const product = products.pageData[0]
  if (!product) throw new Error('the demo has products')
  await signInStaffAs(page, request, 'admin')
  await page.goto('/admin/')
  // Its button shows once the session is known; the shortcut listens from then on.
  await expect(page.getByRole('button', { name: /^快速定位/ })).toBeVisible()

  await page.keyboard.press('Control+K')
  const find = page.getByRole('dialog', { name: '快速定位' })
  const box = find.getByRole('combobox')
  await expect(box).toBeFocused()
  await box.fill('日志')
  await expect(find.getByRole('option')).toHaveText(['页面操作日志'])

  // A demo clinic by its phone.
  await box.fill('13800000021')
  await expect(find.getByRole('option', { name: /客户\s*钱程 13800000021/ })).toBeVisible()

  await box.fill(product.title)
  const option = find.getByRole('option', { name: new RegExp(`商品\\s*${literally(product.title)}`) })
  await expect(option).toBeVisible()
  // Down to it (pages and orders may come first), then Enter.
  while ((await option.getAttribute('aria-selected')) !== 'true') await box.press('ArrowDown')
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/admin/products/detail/\\?id=${product.id}$`))
})

/**
 * 代客下单 (issue 40): an operator builds an order for the demo clinic (13800000003) in the back
 * office — customer by phone, a product, a discount above the operator's 5% refused, 5% taken —
 * and sends it; the clinic finds the notice in /message, pays the order from its balance on /pay,
 * (its notice links to /pay) and the order waits to ship. The editor fits a 390 px screen.
 */
import { signInStaffAs } from './admin-session.ts'
import { apiGet, type Headers, topUp } from './orders.ts'
import { signed, signInAs } from './session.ts'
import { expect, test } from './test.ts'

const CLINIC = '13800000003'

/** A listed product with a SKU well in stock: its title. */
async function productInStock(request: Parameters<typeof apiGet>[0]) {
  const list = await apiGet<{ pageData: { id: number }[] }>(
    request,
    '/api/ProductSpu/GetProductSpuPage?pageIndex=0&pageSize=20',
  )
  for (const c of list.pageData) {
    const p = await apiGet<{ title: string; skuList: { stock: number }[] }>(
      request,
      `/api/ProductSpu/GetProductSpu?id=${c.id}`,
    )
    if (p.skuList.some((s) => s.stock > 5)) return p.title
  }
  throw new Error('no product in stock')
}

test('an operator orders for the demo clinic, which pays it from its balance', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000)
  const title = await productInStock(request)
  await signInStaffAs(page, request, 'operator')
  await page.goto('/admin/drafts/')
  await page.getByRole('link', { name: '新建代客订单' }).click()
  await expect(page).toHaveURL(/\/admin\/drafts\/edit\//)

  await page.getByLabel('客户手机号或姓名').fill(CLINIC)
  await page.getByRole('button', { name: '搜索客户' }).click()
  await page.getByRole('button', { name: `选择 ${CLINIC}` }).click()
  await expect(page.locator('[data-draft-customer]')).toContainText('苏州微笑口腔门诊部')
  // The clinic's default address is chosen for it.
  await expect(page.getByLabel('收货地址')).toHaveValue(/\d+/)

  await page.getByLabel('商品名称').fill(title)
  await page.getByRole('button', { name: '搜索商品' }).click()
  await page
    .getByRole('button', { name: `添加 ${title}` })
    .first()
    .click()
  const preview = page.locator('[data-draft-preview]')
  await expect(preview).toContainText('应付')
  // The clinic's member price: 8折.
  await expect(preview).toContainText('会员折扣')

  await page.getByLabel('专属折扣（%）').fill('6')
  await expect(page.locator('[data-draft-refusal]')).toHaveText('运营人员的折扣不能超过5%，请联系管理员')
  await expect(page.getByRole('button', { name: '发送给客户' })).toBeDisabled()
  await page.getByLabel('专属折扣（%）').fill('5')
  await expect(preview).toContainText('专属折扣')

  // At 390 px the editor is no wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.setViewportSize({ width: 1280, height: 800 })

  await page.getByRole('button', { name: '发送给客户' }).click()
  await page.getByRole('dialog', { name: '发送给客户' }).getByRole('button', { name: '确 定' }).click()
  const sent = page.locator('[data-draft-sent]')
  await expect(sent).toContainText('已生成订单')
  const code = (await sent.getByRole('link').textContent())?.trim() ?? ''
  expect(code).toMatch(/^D\d+/)
  await expect(page.locator('[data-draft-status]').first()).toHaveText('已发送')

  // The clinic: told in /message, pays on /pay from its balance.
  const clinic = await context.newPage()
  const { token } = await signInAs(clinic, request, CLINIC)
  const headers: Headers = { ...signed(), Authorization: `Bearer ${token}` }
  const unpaid = await apiGet<{
    pageData: { id: number; code: string; tolCost: number; statusText: string }[]
  }>(request, '/api/Orders/GetOrdersPage?status=10&pageIndex=0&pageSize=50', headers)
  const order = unpaid.pageData.find((o) => o.code === code)
  expect(order?.statusText).toBe('待付款')
  await topUp(request, headers, Math.ceil(order?.tolCost ?? 0) + 1)
  await clinic.goto('/message')
  const notice = clinic.getByRole('article').filter({ hasText: `订单 ${code} 应付` })
  await notice.getByRole('link', { name: '去付款' }).click()
  await expect(clinic).toHaveURL(new RegExp(`/pay\\?id=${order?.id}$`))
  await clinic.getByRole('checkbox', { name: '余额支付' }).check()
  await clinic.getByRole('button', { name: '立即支付' }).click()
  await expect(clinic).toHaveURL(new RegExp(`/orderdetail\\?id=${order?.id}$`))
  await expect(clinic.locator('[data-order-status]')).toHaveText('待发货')
  await expect(clinic.locator('[data-price-line="staff"]')).toContainText('专属折扣')
})

/**
 * Issue 40 item 2 in the browser: marketing makes a product of its own (¥300), a customer group
 * with a fresh customer in it (added by a CSV of phones) and a price list giving that group ¥240
 * for the SKU. The static product page is the same for everyone; the signed-in member's live buy
 * box shows 协议价 ¥240.00, so does the cart's line, the checkout's quote takes ¥60 off as
 * 协议价优惠, and the member pays it from the balance; the order keeps it. The group is deleted at
 * the end (its list with it).
 */
import type { Page } from '@playwright/test'
import { addressForm } from '../address.ts'
import { staffCall, staffToken } from './admin-session.ts'
import { builtPage } from './built.ts'
import { apiGet, freshUser, topUp } from './orders.ts'
import { signed } from './session.ts'
import { expect, test } from './test.ts'

const toasts = (page: Page) => page.locator('#toasts')
const priceLine = (page: Page, line: string) => page.locator(`[data-price-line="${line}"]`)

test('a group member sees 协议价 on the product page and pays it', async ({ page, request }) => {
  test.setTimeout(180_000)
  const token = await staffToken(request, 'marketing')
  const tag = Math.floor(Math.random() * 1e6)
  const made = await staffCall<{ id: number; skus: { id: number }[] }>(
    request,
    token,
    'POST',
    '/api/admin/products',
    {
      title: `协议价测试器械${tag}`,
      skuTitle: '标准装',
      price: 300,
    },
  )
  const spuId = made.id
  const skuId = made.skus[0]?.id as number
  await staffCall(request, token, 'POST', `/api/admin/skus/${skuId}/stock`, { delta: 10, reason: '首批入库' })
  await staffCall(request, token, 'POST', `/api/admin/products/${spuId}/listing`, { listed: true })

  const { tel, headers } = await freshUser(page, request)
  const group = await staffCall<{ id: number }>(request, token, 'POST', '/api/admin/customer-groups', {
    name: `合作医院${tag}`,
  })
  const added = await staffCall<{ results: { phone: string; text: string }[] }>(
    request,
    token,
    'POST',
    `/api/admin/customer-groups/${group.id}/members/csv`,
    { csv: `手机号\n${tel}\n` },
  )
  expect(added.results).toEqual([expect.objectContaining({ phone: tel, text: '已加入' })])
  await staffCall(request, token, 'POST', '/api/admin/price-lists', {
    groupId: group.id,
    title: `合作医院价${tag}`,
    prices: [{ skuId, price: 240 }],
  })
  const address = await request.post('/api/UserAddress/PostUserAddressAppend', {
    headers,
    data: addressForm({ name: '协议客户', addressDetail: '干将东路8号', status: 1 }),
  })
  expect((await address.json()).status).toBe(200)
  await topUp(request, headers, 300)

  try {
    const path = `/productdetail/${spuId}/`
    await builtPage(request, path)
    // The built page is everyone's: no member's price in it.
    expect(await (await request.get(path)).text()).not.toContain('240.00')
    await page.goto(path)
    const box = page.locator('form[data-buy-box]')
    await expect(box.locator('[data-member-price]')).toHaveText('协议价 ¥240.00')

    // The cart names it on the line; the checkout's quote charges it.
    await box.getByRole('button', { name: '加入购物车' }).click()
    await expect(toasts(page)).toContainText('已经加入购物车')
    await page.goto('/shopcar')
    await expect(page.locator('[data-cart-group-price]')).toHaveText('协议价 ¥240.00（结算时计算）')
    await page.getByRole('button', { name: '去结算' }).click()
    await expect(page).toHaveURL(/\/createorder/)
    await expect(page.getByRole('radio', { name: /协议客户/ })).toBeChecked()
    await expect(priceLine(page, 'subtotal')).toContainText('¥300.00')
    await expect(priceLine(page, 'group')).toContainText(`合作医院价${tag}`)
    await expect(priceLine(page, 'group')).toContainText('-¥60.00')
    const total = (await priceLine(page, 'total').innerText()).replace(/[^\d.]/g, '')
    await page.getByRole('button', { name: '提交订单' }).click()

    await expect(page).toHaveURL(/\/pay\?id=\d+/)
    const orderId = Number(new URL(page.url()).searchParams.get('id'))
    await page.getByRole('checkbox', { name: '余额支付' }).check()
    await page.getByRole('button', { name: '立即支付' }).click()
    await expect(toasts(page)).toContainText('支付成功')
    await expect(page).toHaveURL(new RegExp(`/orderdetail\\?id=${orderId}$`))
    await expect(priceLine(page, 'group')).toContainText('-¥60.00')
    const order = await apiGet<{ status: number; tolCost: number; groupOff: number }>(
      request,
      `/api/Orders/GetOrders?id=${orderId}`,
      headers,
    )
    expect(order).toMatchObject({ status: 20, groupOff: 60, tolCost: Number(total) })
  } finally {
    // The group goes, and its price list with it.
    await request.fetch(`/api/admin/customer-groups/${group.id}`, {
      method: 'DELETE',
      headers: { ...signed(), Authorization: `Bearer ${token}` },
    })
  }
})

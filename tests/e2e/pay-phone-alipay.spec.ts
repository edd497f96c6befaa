/**
 * Alipay on a phone (issue 41 item 3): at 390 px with a phone browser's user agent (not WeChat's),
 * the pay page asks for Alipay's 手机网站支付 (GetOrdersPay scene=h5, alipay.trade.wap.pay) and
 * submits its signed form to the Alipay peer, which checks the signature and shows its WAP cashier
 * (with 返回商家 leading to the order, the quit_url); the payer confirms, comes back, and the pay
 * page polls until the order is paid, then lands on it. The portal is tests/e2e/live-portal.ts's.
 */
import { test, unpaidOrder } from './live-portal.ts'
import { expect } from './test.ts'

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

test.use({ viewport: { width: 390, height: 844 }, userAgent: PHONE_UA, isMobile: true, hasTouch: true })
test.describe.configure({ mode: 'serial' })

test('pays an order by Alipay WAP on the peer’s phone cashier and lands on the paid order', async ({
  page,
  request,
  live,
}) => {
  test.setTimeout(90_000)
  const o = await unpaidOrder(page, request)
  await page.goto(`/pay?id=${o.id}`)
  await page.getByRole('radio', { name: '支付宝' }).check()
  await page.getByRole('button', { name: '立即支付' }).click()
  // The signed WAP form went to the gateway, which checked it and shows its phone cashier: only a
  // WAP trade has 返回商家 (its quit_url), leading back to the order.
  await expect(page.getByRole('heading', { name: '支付宝收银台（测试网关）' })).toBeVisible()
  await expect(page.locator('.amount')).toHaveText(`¥${o.price.toFixed(2)}`)
  await expect(page.getByRole('link', { name: '返回商家' })).toHaveAttribute(
    'href',
    `${live.base}/orderdetail?id=${o.id}`,
  )
  await page.getByRole('button', { name: '确认付款' }).click()
  // Back on the pay page, which asks until the order is paid and moves on to it.
  await expect(page).toHaveURL(new RegExp(`/orderdetail\\?id=${o.id}$`), { timeout: 20_000 })
  await expect(page.locator('[data-order-status]')).toHaveText('待发货')
})

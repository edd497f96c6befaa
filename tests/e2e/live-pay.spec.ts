/**
 * The live payment providers in the browser (issue 22): a portal of its own started with
 * ALIPAY=live and WECHATPAY=live pointed at the tests' local peers (tests/peers/alipay-peer.ts,
 * tests/peers/wechatpay-peer.ts), which check our signatures and sign their answers and
 * notifications as the real ones do. One journey pays an order on the Alipay peer's cashier page
 * (PC page pay: the pay page submits the signed form, the payer confirms, comes back, the order is
 * paid); one through WeChat Native pay (the QR dialog shows WeChat's code_url, the "phone" scans
 * it at the peer, the dialog sees the order paid).
 *
 * The portal is tests/e2e/live-portal.ts's, built once per worker. The tests run serially in one
 * worker: one build per run.
 */
import { expect, test, unpaidOrder } from './live-portal.ts'

test.describe.configure({ mode: 'serial' })

test('pays an order on the Alipay peer’s cashier page and comes back paid', async ({ page, request }) => {
  test.setTimeout(90_000)
  const o = await unpaidOrder(page, request)
  await page.goto(`/pay?id=${o.id}`)
  await page.getByRole('radio', { name: '支付宝' }).check()
  await page.getByRole('button', { name: '立即支付' }).click()
  // The signed form went to the gateway, which checked it and shows its cashier.
  await expect(page.getByRole('heading', { name: '支付宝收银台（测试网关）' })).toBeVisible()
  await expect(page.locator('.amount')).toHaveText(`¥${o.price.toFixed(2)}`)
  await page.getByRole('button', { name: '确认付款' }).click()
  // Back on the pay page, which finds the order paid (the notification came first) and moves on.
  await expect(page).toHaveURL(new RegExp(`/orderdetail\\?id=${o.id}$`), { timeout: 20_000 })
  await expect(page.locator('[data-order-status]')).toHaveText('待发货')
})

test('pays an order by WeChat Native: the QR dialog sees the scan at the WeChat peer', async ({
  page,
  request,
  live,
}) => {
  test.setTimeout(90_000)
  const o = await unpaidOrder(page, request)
  await page.goto(`/pay?id=${o.id}`)
  await page.getByRole('radio', { name: '微信支付' }).check()
  await page.getByRole('button', { name: '立即支付' }).click()
  const qr = page.getByRole('dialog', { name: '微信支付' })
  await expect(qr).toBeVisible()
  const codeUrl = (await qr.locator('img[data-qr]').getAttribute('data-qr')) as string
  expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/)
  // The payer's phone scans it and pays: WeChat notifies the portal, signed and encrypted.
  const scanned = await fetch(`${live.wechatPeer}/test/scan`, {
    method: 'POST',
    body: JSON.stringify({ code_url: codeUrl }),
  })
  expect([scanned.status, await scanned.text()]).toEqual([200, '支付成功'])
  // The dialog's next poll (every 5 s) sees the order paid.
  await expect(page).toHaveURL(new RegExp(`/orderdetail\\?id=${o.id}$`), { timeout: 20_000 })
  await expect(page.locator('[data-order-status]')).toHaveText('待发货')
})

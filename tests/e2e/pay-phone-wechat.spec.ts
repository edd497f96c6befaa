/**
 * WeChat Pay inside WeChat's browser (issue 41), at 390 px with WeChat's user agent, on the live
 * portal of tests/e2e/live-portal.ts (WECHATPAY=live and the 公众号 pointed at the WeChat peer):
 * 微信支付 goes to the 公众号's 网页授权 (the peer comes straight back with a code, as snsapi_base
 * does), the server exchanges it for the openid and asks for a JSAPI prepay_id, and the page opens
 * WeChat's pay sheet. The sheet is this file's stand-in: a WeixinJSBridge put on the page before
 * its scripts (addInitScript) hands getBrandWCPayRequest's parameters to the peer, which verifies
 * paySign with the merchant's public key and pays the trade; its notification settles the order.
 * Alipay is not offered to open there: the page says so and offers 复制链接. In a phone's own
 * browser 微信支付 is H5 pay: WeChat's page (the peer's), then the return page's 是否已完成支付.
 */
import { expect, test, unpaidOrder } from './live-portal.ts'

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN'

test.use({ viewport: { width: 390, height: 844 }, userAgent: WECHAT_UA, isMobile: true, hasTouch: true })
test.describe.configure({ mode: 'serial' })

test('pays an order by JSAPI in WeChat’s pay sheet and lands on the paid order', async ({
  page,
  request,
  live,
}) => {
  test.setTimeout(120_000)
  const sheets: { err_msg: string }[] = []
  // WeChat's pay sheet: the peer checks paySign and pays (from here, not the page: the site's
  // connect-src names no peer).
  await page.exposeFunction('__payAtPeer', async (params: object) => {
    const r = await fetch(`${live.wechatPeer}/test/pay-sheet`, {
      method: 'POST',
      body: JSON.stringify(params),
    })
    const answer = (await r.json()) as { err_msg: string }
    sheets.push(answer)
    return answer
  })
  await page.addInitScript(() => {
    const w = window as unknown as {
      WeixinJSBridge: object
      __payAtPeer(p: object): Promise<{ err_msg: string }>
    }
    w.WeixinJSBridge = {
      invoke(name: string, params: object, done: (r: { err_msg: string }) => void) {
        if (name !== 'getBrandWCPayRequest') return done({ err_msg: `${name}:fail` })
        void w.__payAtPeer(params).then(done)
      },
    }
  })
  const o = await unpaidOrder(page, request)
  await page.goto(`/pay?id=${o.id}`)

  // Alipay cannot open inside WeChat: said so, with the link to copy.
  await page.getByRole('radio', { name: '支付宝' }).check()
  await expect(page.locator('[data-open-outside]')).toContainText('支付宝无法在微信内打开')
  await expect(page.getByRole('button', { name: '复制链接' })).toBeVisible()

  await page.getByRole('radio', { name: '微信支付' }).check()
  await page.getByRole('button', { name: '立即支付' }).click()
  // Through the 公众号's 网页授权 and back, then the sheet, then the paid order.
  await expect(page).toHaveURL(new RegExp(`/orderdetail\\?id=${o.id}$`), { timeout: 30_000 })
  await expect(page.locator('[data-order-status]')).toHaveText('待发货')
  expect(sheets).toEqual([{ err_msg: 'get_brand_wcpay_request:ok' }])
})

test.describe('in a phone’s own browser', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  })

  test('pays by WeChat H5: WeChat’s page, then 是否已完成支付, which sees the order paid', async ({
    page,
    request,
    live,
  }) => {
    test.setTimeout(120_000)
    const o = await unpaidOrder(page, request)
    await page.goto(`/pay?id=${o.id}`)
    // Leaving for the peer's H5 page is held, to see the return page ask before the payment.
    await page.route(`${live.wechatPeer}/**`, (route) => route.abort())
    await page.getByRole('radio', { name: '微信支付' }).check()
    const leaving = page.waitForRequest((r) => r.url().startsWith(`${live.wechatPeer}/cgi-bin/`))
    await page.getByRole('button', { name: '立即支付' }).click()
    const h5 = new URL((await leaving).url())
    const back = h5.searchParams.get('redirect_url') as string
    expect(back).toMatch(new RegExp(`/pay\\?id=${o.id}&back=h5$`))
    await page.goto(back)
    await expect(page.getByText('是否已完成支付？')).toBeVisible()
    // The payer pays on WeChat's page: the return page's poll sees it.
    const paid = await fetch(h5.href, { redirect: 'manual' })
    expect(paid.status).toBe(302)
    await expect(page).toHaveURL(new RegExp(`/orderdetail\\?id=${o.id}$`), { timeout: 30_000 })
    await expect(page.locator('[data-order-status]')).toHaveText('待发货')
  })
})

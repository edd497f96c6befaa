/**
 * The live payment providers in the browser (issue 22): a portal of its own started with
 * ALIPAY=live and WECHATPAY=live pointed at the tests' local peers (tests/peers/alipay-peer.ts,
 * tests/peers/wechatpay-peer.ts), which check our signatures and sign their answers and
 * notifications as the real ones do. One journey pays an order on the Alipay peer's cashier page
 * (PC page pay: the pay page submits the signed form, the payer confirms, comes back, the order is
 * paid); one through WeChat Native pay (the QR dialog shows WeChat's code_url, the "phone" scans
 * it at the peer, the dialog sees the order paid).
 *
 * The default webServer (the sandbox) stays as it is: this portal is started by this file's
 * worker fixture, only when this file runs, on a free port with its own database and its own site
 * build (about a minute here): the pages' form-action policy must name the Alipay gateway, so the sandbox
 * server's build cannot be served. The tests run serially in one worker: one build per run.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../../server/config.ts'
import { freePort } from '../load/server-process.ts'
import { startAlipayPeer } from '../peers/alipay-peer.ts'
import { startWechatpayPeer } from '../peers/wechatpay-peer.ts'
import { apiGet, cheapSku, type Headers, placeOrder } from './orders.ts'
import { signed, signInAs } from './session.ts'
import { test as base, expect } from './test.ts'

interface Live {
  base: string
  wechatPeer: string
}

/** Waits until `url` answers 200: the portal is up and its site built. */
async function ready(url: string, child: ChildProcess, log: () => string, ms: number) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the live portal exited ${child.exitCode}:\n${log()}`)
    const ok = await fetch(url).then(
      (r) => r.status === 200,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 1000))
  }
  throw new Error(`the live portal did not answer within ${ms / 1000} s:\n${log()}`)
}

const test = base.extend<object, { live: Live }>({
  live: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const alipay = await startAlipayPeer()
      const wechat = await startWechatpayPeer()
      const port = await freePort()
      const site = `http://127.0.0.1:${port}`
      const dir = mkdtempSync(join(process.env.E2E_DIR ?? '/tmp', 'live-'))
      const env = { ...alipay.env(site), ...wechat.env(site) }
      // The settings are the server's own schema's before anything starts.
      loadConfig(env)
      let output = ''
      const child = spawn(process.execPath, ['server/main.ts'], {
        env: {
          ...process.env,
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: '',
          SQLITE_FILE: join(dir, 'portal.db'),
          UPLOAD_DIR: join(dir, 'uploads'),
          DIST_DIR: join(dir, 'dist'),
          SITE_URL: site,
          SMS_IP_DAILY_CAP: '10000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const keep = (b: Buffer) => {
        output = (output + b.toString()).slice(-4000)
      }
      child.stdout?.on('data', keep)
      child.stderr?.on('data', keep)
      try {
        await ready(`${site}/`, child, () => output, 280_000)
        await use({ base: site, wechatPeer: wechat.base })
      } finally {
        const exited = new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(undefined)))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
        await alipay.close()
        await wechat.close()
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ live }, use) => use(live.base),
})

test.describe.configure({ mode: 'serial' })

/** An unpaid order of the demo customer (signed in on `page`), placed through the API. */
async function unpaidOrder(page: Parameters<typeof signInAs>[0], request: Parameters<typeof signInAs>[1]) {
  const { token } = await signInAs(page, request, '13800000001', 'demo1234')
  const headers: Headers = { ...signed(), Authorization: `Bearer ${token}` }
  const sku = await cheapSku(request)
  const id = await placeOrder(request, headers, '13800000001', sku.id)
  // The amount to pay is the order's total: the price and any shipping fee.
  const { tolCost } = await apiGet<{ tolCost: number }>(request, `/api/Orders/GetOrders?id=${id}`, headers)
  return { id, price: tolCost }
}

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

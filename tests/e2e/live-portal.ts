/**
 * A portal of its own with ALIPAY=live and WECHATPAY=live pointed at the tests' local peers
 * (tests/peers/alipay-peer.ts, tests/peers/wechatpay-peer.ts, whose 公众号 网页授权 too), for the
 * specs that pay through them (live-pay.spec.ts, pay-phone-wechat.spec.ts, pay-phone-alipay.spec.ts). The default webServer
 * (the sandbox) stays as it is: this portal is started by the worker fixture `live`, only when such
 * a file runs, on a free port with its own database and its own site build (about a minute here):
 * the pages' form-action policy must name the Alipay gateway, so the sandbox server's build cannot
 * be served.
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
import { test as base } from './test.ts'

export { expect } from './test.ts'

export interface Live {
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

export const test = base.extend<object, { live: Live }>({
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

/** An unpaid order of the demo customer (signed in on `page`), placed through the API. */
export async function unpaidOrder(
  page: Parameters<typeof signInAs>[0],
  request: Parameters<typeof signInAs>[1],
) {
  const { token } = await signInAs(page, request, '13800000001', 'demo1234')
  const headers: Headers = { ...signed(), Authorization: `Bearer ${token}` }
  const sku = await cheapSku(request)
  const id = await placeOrder(request, headers, '13800000001', sku.id)
  // The amount to pay is the order's total: the price and any shipping fee.
  const { tolCost } = await apiGet<{ tolCost: number }>(request, `/api/Orders/GetOrders?id=${id}`, headers)
  return { id, price: tolCost }
}

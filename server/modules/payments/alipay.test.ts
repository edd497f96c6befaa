/**
 * Alipay itself (ALIPAY=live, issue 22) against the local gateway of tests/peers/alipay-peer.ts,
 * which checks our signatures and signs its answers and notifications with keys made here: page
 * pay and QR pay end to end, a lost notification recovered by the status poll, forged, tampered,
 * replayed and concurrent notifications, refunds, and the expiry job closing trades. On SQLite
 * and PostgreSQL (the api and api-pg projects).
 */

import { spawnSync } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { refundPhoto } from '../../../tests/api/files.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { placeOrder } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { staffSignIn } from '../../../tests/api/staff.ts'
import { type AlipayPeer, formOf, rsaPair, startAlipayPeer } from '../../../tests/peers/alipay-peer.ts'
import { type Config, defaultConfig, loadConfig, readKey } from '../../config.ts'
import { type Db, isPg, openDb } from '../../db/index.ts'
import { migrate } from '../../db/migrations.ts'
import { alipayProvider } from '../../providers/alipay.ts'
import { checkProviders } from '../../providers/check.ts'
import { paymentProviders, SANDBOX_SIGNATURE_HEADER, sandboxSignature } from '../../providers/payment.ts'
import { dbTime } from '../../time.ts'
import { deadlineOf, payableOrder } from '../orders/orders.service.ts'
import { expireOrders } from '../orders/orders.writes.ts'
import { payOnline } from './payments.queries.ts'
import type { PayAnswer } from './payments.routes.ts'
import { closeBeforeExpiry } from './provider-recovery.ts'

let peer: AlipayPeer
/** The live settings of an environment pointed at the peer, the site at `base`. */
const liveEnv = (base: string) => ({
  ALIPAY: 'live',
  ALIPAY_APP_ID: peer.appId,
  ALIPAY_PRIVATE_KEY: peer.appPrivateKey,
  ALIPAY_PUBLIC_KEY: peer.alipayPublicKey,
  ALIPAY_GATEWAY: peer.gateway,
  SITE_URL: base,
})
const h = startServer({
  config: async (base) => {
    peer = await startAlipayPeer()
    const { siteUrl, alipay } = loadConfig(liveEnv(base))
    return { siteUrl, alipay }
  },
})
afterAll(() => peer?.close())

type User = Awaited<ReturnType<typeof newUser>>

const pay = (u: User, id: number, way: string, extra: Record<string, string> = {}) =>
  h.get<PayAnswer | string>('/api/Orders/GetOrdersPay', { id, way, ...extra }, u.auth)
const statusOf = async (u: User, id: number) =>
  (await h.get<number>('/api/Orders/GetOrdersStatus', { id }, u.auth)).data
const orderRow = (id: number) =>
  h.db.selectFrom('orders').select(['status', 'pay_way']).where('id', '=', id).executeTakeFirstOrThrow()
const paymentsOf = (orderId: number) =>
  h.db
    .selectFrom('payments')
    .select(['out_trade_no', 'way', 'status', 'page_pay'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
const spent = async (u: User) =>
  (await h.db.selectFrom('users').select('integral_fen').where('id', '=', u.id).executeTakeFirstOrThrow())
    .integral_fen
/** What the browser does with the answer's form: submits it as it is, to where it says. */
const submit = (form: { action: string; fields: Record<string, string> }) =>
  fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields) })
const notify = (raw: string) =>
  fetch(`${h.base}/pay/notify/alipay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: raw,
  }).then(async (r) => ({ http: r.status, text: await r.text() }))

/** An unpaid goods order of a new customer, and its QR payment opened at the peer (unpaid). */
async function qrOrder(priceFen: number) {
  const me = await newUser(h)
  const o = await placeOrder(h, me, { priceFen })
  const r = await pay(me, o.id, 'alipay', { qr: '1' })
  expect(r.http).toBe(200)
  const codeUrl = (r.data as PayAnswer).code_url as string
  const outTradeNo = decodeURIComponent(codeUrl.split('/qr/')[1] as string)
  return { me, ...o, codeUrl, outTradeNo }
}

describe('configuration (ALIPAY=live)', () => {
  it('stops on a missing variable, naming each one, and keeps the sandbox without ALIPAY', () => {
    expect(loadConfig({}).alipay).toBeUndefined()
    expect(loadConfig({ ALIPAY: 'sandbox' }).alipay).toBeUndefined()
    expect(() => loadConfig({ ALIPAY: 'live' })).toThrow(
      /ALIPAY_APP_ID: ALIPAY=live 需要 ALIPAY_APP_ID，未设置[\s\S]*ALIPAY_PRIVATE_KEY:[\s\S]*ALIPAY_PUBLIC_KEY:[\s\S]*SITE_URL:/,
    )
    const { ALIPAY_PRIVATE_KEY: _, ...withoutKey } = liveEnv('https://shop.example.cn')
    let message = ''
    try {
      loadConfig(withoutKey)
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toContain('ALIPAY_PRIVATE_KEY: ALIPAY=live 需要 ALIPAY_PRIVATE_KEY，未设置')
    expect(message).not.toMatch(/ALIPAY_APP_ID|ALIPAY_PUBLIC_KEY|SITE_URL/)
    expect(() => loadConfig({ ALIPAY: 'yes' })).toThrow('ALIPAY 只能是 sandbox 或 live')
    expect(() => loadConfig({ ...liveEnv('https://shop.example.cn'), ALIPAY_GATEWAY: 'gateway' })).toThrow(
      'ALIPAY_GATEWAY 必须是网址',
    )
  })

  it('reads a key as PEM text, a file or the bare line of the console, and never prints a bad one', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const dir = mkdtempSync(join(tmpdir(), 'alipay-keys-'))
    try {
      const pkcs1Pem = String(privateKey.export({ type: 'pkcs1', format: 'pem' }))
      const file = join(dir, 'app_private_key.pem')
      writeFileSync(file, pkcs1Pem)
      // The console's one line: PKCS#1 (non-Java) or PKCS#8 (Java) private, SPKI public.
      const bare = (der: Buffer) => der.toString('base64')
      const expected = String(privateKey.export({ type: 'pkcs8', format: 'pem' }))
      for (const given of [
        pkcs1Pem,
        file,
        bare(privateKey.export({ type: 'pkcs1', format: 'der' })),
        bare(privateKey.export({ type: 'pkcs8', format: 'der' })),
      ])
        expect(readKey(given, 'private')).toEqual({ pem: expected })
      expect(readKey(bare(publicKey.export({ type: 'spki', format: 'der' })), 'public')).toEqual({
        pem: String(publicKey.export({ type: 'spki', format: 'pem' })),
      })
      expect(readKey(join(dir, 'missing.pem'), 'private')).toEqual({
        error: `找不到密钥文件 ${join(dir, 'missing.pem')}`,
      })
      // A value of the wrong kind or no key at all stops the start, and the value is never shown.
      const wrong = 'A'.repeat(300)
      let message = ''
      try {
        loadConfig({ ...liveEnv('https://shop.example.cn'), ALIPAY_PRIVATE_KEY: wrong })
      } catch (e) {
        message = (e as Error).message
      }
      expect(message).toContain('ALIPAY_PRIVATE_KEY: 不是有效的 RSA 私钥')
      expect(message).not.toContain(wrong.slice(0, 40))
      const broken = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkq\n-----END PUBLIC KEY-----'
      expect(() => loadConfig({ ...liveEnv('https://shop.example.cn'), ALIPAY_PUBLIC_KEY: broken })).toThrow(
        'ALIPAY_PUBLIC_KEY: 不是有效的 RSA 公钥',
      )
      expect(() =>
        loadConfig({ ...liveEnv('https://shop.example.cn'), ALIPAY_PRIVATE_KEY: join(dir, 'missing.pem') }),
      ).toThrow(`ALIPAY_PRIVATE_KEY: 找不到密钥文件 ${join(dir, 'missing.pem')}`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('`npm start` with a key missing stops before anything, naming it', () => {
    mkdirSync('/tmp/helper-e', { recursive: true })
    const { ALIPAY_PUBLIC_KEY: _, ...env } = liveEnv('https://shop.example.cn')
    const run = spawnSync(process.execPath, ['server/main.ts', '--no-build'], {
      env: { ...env, SQLITE_FILE: '/tmp/helper-e/never.db', PORT: '4650' },
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('ALIPAY_PUBLIC_KEY: ALIPAY=live 需要 ALIPAY_PUBLIC_KEY，未设置')
    // The private key given is no one's business in a log.
    expect(run.stderr + run.stdout).not.toContain(peer.appPrivateKey.split('\n')[1])
  })
})

describe('PC page pay (alipay.trade.page.pay): GetOrdersPay answers the form', () => {
  it('the form goes to the gateway signed, the payer pays there and comes back, the order is paid', async () => {
    const me = await newUser(h)
    const o = await placeOrder(h, me, { priceFen: 1250 })
    const r = await pay(me, o.id, 'alipay')
    expect(r.http).toBe(200)
    const answer = r.data as PayAnswer
    expect(answer.status).toBe(10)
    expect(answer.code_url).toBeUndefined()
    const form = formOf(answer.body as string)
    const action = new URL(form.action)
    expect(`${action.origin}${action.pathname}`).toBe(peer.gateway)
    expect(action.searchParams.get('method')).toBe('alipay.trade.page.pay')
    expect(action.searchParams.get('app_id')).toBe(peer.appId)
    expect(action.searchParams.get('sign_type')).toBe('RSA2')
    expect(action.searchParams.get('notify_url')).toBe(`${h.base}/pay/notify/alipay`)
    expect(action.searchParams.get('return_url')).toBe(`${h.base}/pay?id=${o.id}`)
    const [payment] = await paymentsOf(o.id)
    expect(payment).toMatchObject({ way: 'alipay', status: 10, page_pay: 1 })
    const detail = await h.get<{ payDeadline: string }>('/api/Orders/GetOrders', { id: o.id }, me.auth)
    expect(JSON.parse(form.fields.biz_content as string)).toEqual({
      out_trade_no: payment?.out_trade_no,
      total_amount: '12.50',
      subject: expect.any(String),
      product_code: 'FAST_INSTANT_TRADE_PAY',
      // Alipay itself refuses the payment once the order expired.
      time_expire: detail.data.payDeadline,
    })
    // Asking again gives the same trade.
    const again = formOf(((await pay(me, o.id, 'alipay')).data as PayAnswer).body as string)
    expect(JSON.parse(again.fields.biz_content as string).out_trade_no).toBe(payment?.out_trade_no)

    // A form changed on the way is refused by the gateway, as Alipay refuses it.
    const tampered = await submit({
      ...form,
      fields: { ...form.fields, biz_content: (form.fields.biz_content as string).replace('12.50', '0.01') },
    })
    expect(tampered.status).toBe(400)
    expect(await tampered.text()).toContain('isv.invalid-signature')
    expect(peer.trades.has(payment?.out_trade_no as string)).toBe(false)

    const cashier = await submit(form)
    expect(cashier.status).toBe(200)
    const page = await cashier.text()
    expect(page).toContain('¥12.50')
    const confirm = formOf(page)
    const back = await fetch(new URL(confirm.action, peer.base), { method: 'POST', redirect: 'manual' })
    expect(back.status).toBe(302)
    const returned = new URL(back.headers.get('location') as string)
    expect(`${returned.origin}${returned.pathname}`).toBe(`${h.base}/pay`)
    expect(returned.searchParams.get('id')).toBe(String(o.id))
    expect(returned.searchParams.get('out_trade_no')).toBe(payment?.out_trade_no)
    // The gateway notified before sending the payer back, and was answered `success` once paid.
    expect(peer.delivered.at(-1)).toEqual({
      outTradeNo: payment?.out_trade_no,
      status: 'TRADE_SUCCESS',
      answer: { http: 200, text: 'success' },
    })
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'alipay' })
    expect(await statusOf(me, o.id)).toBe(20)
    expect(await spent(me)).toBe(1250)
    expect(await pay(me, o.id, 'alipay')).toMatchObject({ http: 400, data: '订单已支付或已取消' })
  })
})

describe('QR pay (alipay.trade.precreate)', () => {
  it('qr=1 answers the QR code; the payer scans and pays, the notification pays the order', async () => {
    const me = await newUser(h)
    const o = await placeOrder(h, me, { priceFen: 990 })
    // A page payment first: the QR code gets a trade number of its own.
    expect(((await pay(me, o.id, 'alipay')).data as PayAnswer).body).toContain('<form')
    const r = await pay(me, o.id, 'alipay', { qr: '1' })
    const codeUrl = (r.data as PayAnswer).code_url as string
    expect(codeUrl).toMatch(new RegExp(`^${peer.base}/qr/P\\d{14}[0-9a-f]{12}$`))
    const [page, qr] = await paymentsOf(o.id)
    expect(page?.page_pay).toBe(1)
    expect(qr).toMatchObject({ page_pay: 0, status: 10 })
    expect(codeUrl.endsWith(qr?.out_trade_no as string)).toBe(true)
    const asked = peer.callsOf('alipay.trade.precreate').at(-1)
    expect(asked?.params.notify_url).toBe(`${h.base}/pay/notify/alipay`)
    expect(asked?.biz).toMatchObject({ out_trade_no: qr?.out_trade_no, total_amount: '9.90' })
    // Showing the QR code again is the same trade.
    expect(((await pay(me, o.id, 'alipay', { qr: '1' })).data as PayAnswer).code_url).toBe(codeUrl)

    expect(await fetch(codeUrl).then((x) => x.text())).toContain('¥9.90')
    expect(await peer.pay(qr?.out_trade_no as string)).toEqual({ http: 200, text: 'success' })
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'alipay' })
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([10, 20])
    expect(await spent(me)).toBe(990)
  })

  it('a wallet top-up pays by the QR code and credits the balance once', async () => {
    const me = await newUser(h)
    const made = await h.post<{ id: number }>(
      '/api/Recharge/PostRechargeAppend',
      { groups: 30, title: '余额充值', price: 66.6 },
      me.auth,
    )
    const paid = await h.get<PayAnswer>(
      '/api/Recharge/GetRechargePay',
      { id: made.data.id, way: 'alipay' },
      me.auth,
    )
    const no = decodeURIComponent((paid.data.code_url as string).split('/qr/')[1] as string)
    expect(peer.trade(no)).toMatchObject({ kind: 'qr', totalAmount: '66.60', subject: '余额充值' })
    expect(await peer.pay(no)).toEqual({ http: 200, text: 'success' })
    expect(await notify(peer.notification(no))).toEqual({ http: 200, text: 'success' })
    const { balance_fen } = await h.db
      .selectFrom('users')
      .select('balance_fen')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow()
    expect(balance_fen).toBe(6660)
    expect(
      (await h.get<{ status: number }>('/api/Recharge/GetRecharge', { id: made.data.id }, me.auth)).data
        .status,
    ).toBe(20)
  })

  it('an answer not signed by Alipay is refused and shows no QR code', async () => {
    const me = await newUser(h)
    const o = await placeOrder(h, me, { priceFen: 500 })
    peer.signAnswersWith(rsaPair().privateKey)
    try {
      expect(await pay(me, o.id, 'alipay', { qr: '1' })).toMatchObject({
        http: 400,
        data: '支付宝下单失败：支付宝应答的签名无效',
      })
    } finally {
      peer.signAnswersWith()
    }
  })

  it('a request signed with a key Alipay does not know is refused by the gateway', async () => {
    const wrong = alipayProvider(
      {
        appId: peer.appId,
        privateKey: rsaPair().privatePem,
        publicKey: peer.alipayPublicKey,
        gateway: peer.gateway,
      },
      `${h.base}/pay/notify/alipay`,
    )
    const asked = { outTradeNo: 'PWRONGKEY1', amountFen: 100, subject: '测试', way: 'alipay' as const }
    await expect(wrong.create(asked)).rejects.toThrow(/^支付宝下单失败：验签出错/)
    expect(peer.trades.has('PWRONGKEY1')).toBe(false)
  })
})

describe('a lost notification does not lose the payment', () => {
  it('the status poll asks Alipay (alipay.trade.query) and the order is paid through the same path', async () => {
    const o = await qrOrder(4321)
    expect(await statusOf(o.me, o.id)).toBe(10) // not paid yet: asked, and Alipay says so
    expect(peer.callsOf('alipay.trade.query').at(-1)?.biz).toEqual({ out_trade_no: o.outTradeNo })
    expect(await peer.pay(o.outTradeNo, { lost: true })).toBeUndefined()
    expect((await orderRow(o.id)).status).toBe(10)
    await new Promise((r) => setTimeout(r, 3100)) // the poll asks a payment at most every 3 s
    expect(await statusOf(o.me, o.id)).toBe(20)
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'alipay' })
    expect(await spent(o.me)).toBe(4321)
    // The notification arriving late changes nothing more.
    expect(await notify(peer.notification(o.outTradeNo))).toEqual({ http: 200, text: 'success' })
    expect(await spent(o.me)).toBe(4321)
  })

  it('a poll cannot make us flood Alipay: one query per payment per 3 s', async () => {
    const o = await qrOrder(100)
    const before = peer.callsOf('alipay.trade.query').length
    await Promise.all(Array.from({ length: 10 }, () => statusOf(o.me, o.id)))
    expect(peer.callsOf('alipay.trade.query').length - before).toBe(1)
  })
})

describe('notifications: verified before anything changes, at most once', () => {
  it('refuses a forged, unsigned, tampered, wrong-amount or other-app notification and changes nothing', async () => {
    const o = await qrOrder(800)
    await peer.pay(o.outTradeNo, { lost: true })
    const other = rsaPair()
    expect(await notify(peer.notification(o.outTradeNo, {}, other.privateKey))).toMatchObject({ http: 401 })
    const unsigned = new URLSearchParams(peer.notification(o.outTradeNo))
    unsigned.delete('sign')
    expect(await notify(unsigned.toString())).toMatchObject({ http: 401 })
    const tampered = new URLSearchParams(peer.notification(o.outTradeNo))
    tampered.set('total_amount', '0.01')
    expect(await notify(tampered.toString())).toMatchObject({ http: 401 })
    // Signed by Alipay, but not what the order costs, or not for this app.
    expect(await notify(peer.notification(o.outTradeNo, { total_amount: '0.01' }))).toMatchObject({
      http: 400,
      text: expect.stringContaining('支付金额不符'),
    })
    expect(await notify(peer.notification(o.outTradeNo, { app_id: '2021999999999999' }))).toMatchObject({
      http: 400,
      text: expect.stringContaining('通知不是发给本应用的'),
    })
    expect(await notify('not a notification')).toMatchObject({ http: 401 })
    // The sandbox no longer speaks for way alipay, even with its (development) secret.
    const sandboxRaw = JSON.stringify({
      out_trade_no: o.outTradeNo,
      amount_fen: 800,
      trade_no: 'S1',
      trade_status: 'SUCCESS',
    })
    const bySandbox = await fetch(`${h.base}/pay/notify/sandbox`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(defaultConfig().paymentSandboxSecret, sandboxRaw),
      },
      body: sandboxRaw,
    })
    expect(bySandbox.status).toBe(400)
    expect(await orderRow(o.id)).toEqual({ status: 10, pay_way: '' })
    expect(await spent(o.me)).toBe(0)
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([10])
    // The true one is believed.
    expect(await notify(peer.notification(o.outTradeNo))).toEqual({ http: 200, text: 'success' })
    expect((await orderRow(o.id)).status).toBe(20)
  })

  it('a replayed notification and 20 concurrent copies change the order once', async () => {
    const o = await qrOrder(3000)
    await peer.pay(o.outTradeNo, { lost: true })
    const raw = peer.notification(o.outTradeNo)
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(raw)))
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ http: 200, text: 'success' })))
    expect(await notify(raw)).toEqual({ http: 200, text: 'success' })
    expect(await notify(peer.notification(o.outTradeNo, { trade_status: 'TRADE_FINISHED' }))).toEqual({
      http: 200,
      text: 'success',
    })
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'alipay' })
    expect(await spent(o.me)).toBe(3000)
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([20])
    // An order's payment is no wallet record.
    const records = await h.db
      .selectFrom('wallet_transactions')
      .select('id')
      .where('user_id', '=', o.me.id)
      .execute()
    expect(records).toEqual([])
  })
})

describe('refunds through alipay.trade.refund', () => {
  it('an approved after-sales request is refunded at Alipay once; its closing notification changes nothing', async () => {
    const o = await qrOrder(2500)
    await peer.pay(o.outTradeNo)
    expect(
      (
        await h.post(
          '/api/Orders/PostOrdersRefund',
          { id: o.id, afterRemarks: '收到的货有破损', extMore: await refundPhoto(h, o.me.auth) },
          o.me.auth,
        )
      ).data,
    ).toBe('提交成功')
    const op = await staffSignIn(h, 'operator')
    const decided = await h.post(`/api/admin/orders/${o.code}/after-sales`, { decision: 'approve' }, op.auth)
    expect(decided.http).toBe(200)
    const asked = peer.callsOf('alipay.trade.refund')
    expect(asked.at(-1)?.biz).toMatchObject({
      out_trade_no: o.outTradeNo,
      refund_amount: '25.00',
      out_request_no: `RF${o.outTradeNo}`,
    })
    expect(peer.trade(o.outTradeNo)).toMatchObject({ status: 'TRADE_CLOSED', refundedFen: 2500 })
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([40])
    expect(await orderRow(o.id)).toMatchObject({ status: 100 })
    // Alipay tells of the closed trade; acknowledged, nothing moves.
    await peer.idle()
    expect(peer.delivered.at(-1)).toMatchObject({
      outTradeNo: o.outTradeNo,
      status: 'TRADE_CLOSED',
      answer: { http: 200, text: 'success' },
    })
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([40])
    expect(await spent(o.me)).toBe(0)
  })

  it('a payment made after its order was cancelled is given back by finance, through Alipay', async () => {
    const o = await qrOrder(1800)
    expect((await h.post('/api/Orders/PostOrdersStatus', { id: o.id, status: 100 }, o.me.auth)).data).toBe(
      '取消成功',
    )
    // The payer had the QR code open and pays anyway: the money is owed back.
    expect(await peer.pay(o.outTradeNo)).toEqual({ http: 200, text: 'success' })
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([30])
    const finance = await staffSignIn(h, 'finance')
    const r = await h.post(`/api/admin/payments/${o.outTradeNo}/refund`, {}, finance.auth)
    expect(r.http).toBe(200)
    expect(peer.trade(o.outTradeNo).refundedFen).toBe(1800)
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([40])
    // Asked again: refused by us, and Alipay is not asked to pay back twice.
    const calls = peer.callsOf('alipay.trade.refund').length
    expect((await h.post(`/api/admin/payments/${o.outTradeNo}/refund`, {}, finance.auth)).http).toBe(400)
    expect(peer.callsOf('alipay.trade.refund').length).toBe(calls)
  })

  it("Alipay's refusal rolls the refund back and says why", async () => {
    const o = await qrOrder(700)
    await peer.pay(o.outTradeNo)
    // The trade at Alipay is closed by hand (the merchant's console): a refund is refused there.
    peer.trade(o.outTradeNo).status = 'TRADE_CLOSED'
    await h.post(
      '/api/Orders/PostOrdersRefund',
      { id: o.id, afterRemarks: '不想要了', extMore: await refundPhoto(h, o.me.auth) },
      o.me.auth,
    )
    const op = await staffSignIn(h, 'operator')
    expect(
      await h.post(`/api/admin/orders/${o.code}/after-sales`, { decision: 'approve' }, op.auth),
    ).toMatchObject({
      http: 400,
      data: '支付宝退款失败：交易状态不合法',
    })
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([20])
    expect(await orderRow(o.id)).toMatchObject({ status: 20 })
  })
})

describe('npm run ops -- providers check', () => {
  it('signs a harmless query and says what answered; a wrong key fails naming the reason', async () => {
    const config = (over: Partial<NonNullable<Config['alipay']>> = {}) =>
      defaultConfig({ siteUrl: h.base, alipay: { ...loadConfig(liveEnv(h.base)).alipay!, ...over } })
    const good = await checkProviders(config())
    expect(good.ok).toBe(true)
    expect(good.report).toContain('支付宝（alipay）：正常\n  已应答，请求签名与应答验签正常')
    expect(good.report).toContain('微信支付（sandbox）：正常\n  本机沙箱（不收真钱，无需检查）')
    expect(peer.callsOf('alipay.trade.query').at(-1)?.biz.out_trade_no).toMatch(/^CHECK\d+$/)
    const wrong = await checkProviders(config({ privateKey: rsaPair().privatePem }))
    expect(wrong.ok).toBe(false)
    expect(wrong.report).toContain('支付宝（alipay）：失败\n  支付宝查询失败：验签出错')
  })
})

describe('expiry closes the trade at Alipay (alipay.trade.close)', () => {
  // The expiry job cancels every overdue order of its database: these run on one of their own.
  const kind = inject('testDb')
  const dir = mkdtempSync(join(tmpdir(), 'alipay-expiry-'))
  const schema = `alipay_${process.pid}_${Date.now()}`
  let db: Db
  beforeAll(async () => {
    db =
      kind === 'pg'
        ? await openDb({ url: inject('dbUrl'), schema })
        : await openDb({ file: join(dir, 'x.db') })
    await migrate(db)
  })
  afterAll(async () => {
    if (isPg(db)) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db)
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  })
  const providers = () =>
    paymentProviders(defaultConfig({ siteUrl: h.base, alipay: loadConfig(liveEnv(h.base)).alipay }))
  let n = 0
  /** An order made 40 minutes ago (ORDER_EXPIRY_MINUTES 30), and its alipay payment opened at the peer. */
  async function overdue(now: Date, page = false) {
    n++
    const user = await db
      .insertInto('users')
      .values({ code: `U${n}`, tel: `1380000${String(n).padStart(4, '0')}`, create_time: dbTime(now) })
      .returning('id')
      .executeTakeFirstOrThrow()
    const order = await db
      .insertInto('orders')
      .values({
        code: `E${Date.now()}${n}`,
        user_id: user.id,
        status: 10,
        cost_price_fen: 300,
        tol_cost_fen: 300,
        create_time: dbTime(new Date(now.getTime() - 40 * 60_000)),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('order_items')
      .values({ order_id: order.id, title: '牙线', price_fen: 300, quantity: 1 })
      .execute()
    const payable = await payableOrder(db, order.id, user.id)
    await payOnline(db, providers(), payable!, user.id, 'alipay', now, {
      returnUrl: page ? `${h.base}/pay?id=${order.id}` : undefined,
      expiresAt: deadlineOf(payable!, 60),
    })
    const p = await db
      .selectFrom('payments')
      .select('out_trade_no')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow()
    return { id: order.id, outTradeNo: p.out_trade_no }
  }
  const statusOfOrder = async (id: number) =>
    (await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
  const expire = (now: Date, p = providers()) =>
    expireOrders(db, now, 30, (id) => closeBeforeExpiry(db, p, id, now))

  it('closes an unpaid trade, settles one paid without a notification, and waits when Alipay cannot be reached', async () => {
    const now = new Date()
    const unpaid = await overdue(now)
    const paidQuietly = await overdue(now)
    await peer.pay(paidQuietly.outTradeNo, { lost: true })
    const neverOpened = await overdue(now, true) // a page-pay form never submitted: no trade at Alipay
    expect(peer.trades.has(neverOpened.outTradeNo)).toBe(false)

    // Alipay unreachable: nothing is cancelled, for the payer may have paid.
    const down = paymentProviders(
      defaultConfig({
        siteUrl: h.base,
        alipay: { ...loadConfig(liveEnv(h.base)).alipay!, gateway: 'http://127.0.0.1:9/gateway.do' },
      }),
    )
    expect(await expire(now, down)).toBe(0)
    expect(await statusOfOrder(unpaid.id)).toBe(10)

    expect(await expire(now)).toBe(2)
    expect(peer.trade(unpaid.outTradeNo).status).toBe('TRADE_CLOSED')
    expect(peer.callsOf('alipay.trade.close').map((c) => c.biz.out_trade_no)).toEqual(
      expect.arrayContaining([unpaid.outTradeNo, paidQuietly.outTradeNo, neverOpened.outTradeNo]),
    )
    expect(await statusOfOrder(unpaid.id)).toBe(100)
    expect(await statusOfOrder(neverOpened.id)).toBe(100)
    // Paid before the close: paid, not cancelled.
    expect(await statusOfOrder(paidQuietly.id)).toBe(20)
    // Closed: the payer can no longer pay it.
    expect(await peer.pay(unpaid.outTradeNo)).toBe('交易已关闭')
    expect(await expire(now)).toBe(0)
  })
})

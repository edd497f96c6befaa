/**
 * WeChat Pay API v3 itself (WECHATPAY=live, issue 22) against the local endpoint of
 * tests/peers/wechatpay-peer.ts, which checks our request signatures and signs its answers and
 * notifications (the transaction AES-256-GCM encrypted) with keys made here: the protocol's
 * pieces against vectors computed here, Native pay end to end, a lost notification recovered by
 * the status poll, forged, stale, tampered, replayed and concurrent notifications, refunds, the
 * expiry job closing trades, the platform certificate and the 微信支付公钥 modes. On SQLite and
 * PostgreSQL (the api and api-pg projects).
 */

import { spawnSync } from 'node:child_process'
import { createCipheriv, createSign, createVerify, randomBytes } from 'node:crypto'
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
import { rsaPair, startWechatpayPeer, type WechatpayPeer } from '../../../tests/peers/wechatpay-peer.ts'
import { type Config, defaultConfig, loadConfig } from '../../config.ts'
import { type Db, isPg, openDb } from '../../db/index.ts'
import { migrate } from '../../db/migrations.ts'
import { checkProviders } from '../../providers/check.ts'
import { paymentProviders, SANDBOX_SIGNATURE_HEADER, sandboxSignature } from '../../providers/payment.ts'
import {
  authorization,
  checkSigned,
  decryptResource,
  rfc3339China,
  wechatpayProvider,
} from '../../providers/wechatpay.ts'
import { dbTime } from '../../time.ts'
import { deadlineOf, payableOrder } from '../orders/orders.service.ts'
import { expireOrders } from '../orders/orders.writes.ts'
import { payOnline } from './payments.queries.ts'
import type { PayAnswer } from './payments.routes.ts'
import { closeBeforeExpiry } from './provider-recovery.ts'

let peer: WechatpayPeer
const h = startServer({
  config: async (base) => {
    peer = await startWechatpayPeer()
    const { siteUrl, wechatpay } = loadConfig(peer.env(base))
    return { siteUrl, wechatpay }
  },
})
afterAll(() => peer?.close())

type User = Awaited<ReturnType<typeof newUser>>
const liveConfig = () => loadConfig(peer.env(h.base)).wechatpay as NonNullable<Config['wechatpay']>

const pay = (u: User, id: number, extra: Record<string, string> = {}) =>
  h.get<PayAnswer | string>('/api/Orders/GetOrdersPay', { id, way: 'wechat', ...extra }, u.auth)
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
const notify = (n: { body: string; headers: Record<string, string> }) =>
  fetch(`${h.base}/pay/notify/wechat`, { method: 'POST', headers: n.headers, body: n.body }).then(
    async (r) => ({
      http: r.status,
      text: await r.text(),
    }),
  )
const PAID_ACK = { http: 200, text: '' }

/** An unpaid goods order of a new customer, and its Native payment opened at the peer (unpaid). */
async function qrOrder(priceFen: number) {
  const me = await newUser(h)
  const o = await placeOrder(h, me, { priceFen })
  const r = await pay(me, o.id)
  expect(r.http).toBe(200)
  const codeUrl = (r.data as PayAnswer).code_url as string
  const outTradeNo = peer.tradeOfCode(codeUrl)?.outTradeNo as string
  expect(outTradeNo).toBeDefined()
  return { me, ...o, codeUrl, outTradeNo }
}

describe('the protocol, against vectors computed here', () => {
  const merchant = rsaPair()
  const mine = {
    mchId: '1900000109',
    serial: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
    privateKey: merchant.privatePem,
  }

  it('signs a request over METHOD, path with query, timestamp, nonce and body, each line ending in \\n', () => {
    const body = '{"mchid":"1900000109"}'
    const header = authorization(
      mine,
      'POST',
      '/v3/pay/transactions/out-trade-no/P1/close',
      body,
      '1554208460',
      'ABC',
    )
    const params = Object.fromEntries(
      [...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string]),
    )
    expect(header.startsWith('WECHATPAY2-SHA256-RSA2048 mchid="1900000109",')).toBe(true)
    expect(params).toMatchObject({
      mchid: mine.mchId,
      nonce_str: 'ABC',
      timestamp: '1554208460',
      serial_no: mine.serial,
    })
    const message =
      'POST\n/v3/pay/transactions/out-trade-no/P1/close\n1554208460\nABC\n{"mchid":"1900000109"}\n'
    expect(
      createVerify('RSA-SHA256')
        .update(message)
        .verify(merchant.publicKey, params.signature as string, 'base64'),
    ).toBe(true)
    // PKCS#1 v1.5 is deterministic: the very signature a test computes with the key.
    expect(params.signature).toBe(
      createSign('RSA-SHA256').update(message).sign(merchant.privateKey, 'base64'),
    )
    // A GET signs an empty body.
    const get = authorization(
      mine,
      'GET',
      '/v3/pay/transactions/out-trade-no/P1?mchid=1900000109',
      '',
      '1',
      'N',
    )
    const signature = /signature="([^"]+)"/.exec(get)?.[1] as string
    expect(
      createVerify('RSA-SHA256')
        .update('GET\n/v3/pay/transactions/out-trade-no/P1?mchid=1900000109\n1\nN\n\n')
        .verify(merchant.publicKey, signature, 'base64'),
    ).toBe(true)
  })

  it('believes an answer signed by a configured platform key, at most 5 minutes off', () => {
    const platform = rsaPair()
    const keys = [{ id: 'PUB_KEY_ID_01', pem: platform.publicPem }]
    const now = 1_700_000_000
    const sign = (ts: number, body: string, key = platform.privateKey) =>
      createSign('RSA-SHA256').update(`${ts}\nN1\n${body}\n`).sign(key, 'base64')
    const headers =
      (ts: number, signature: string, serial = 'PUB_KEY_ID_01') =>
      (n: string) =>
        ({
          'Wechatpay-Timestamp': String(ts),
          'Wechatpay-Nonce': 'N1',
          'Wechatpay-Serial': serial,
          'Wechatpay-Signature': signature,
        })[n]
    const body = '{"code_url":"weixin://wxpay/bizpayurl?pr=x"}'
    expect(checkSigned(keys, headers(now, sign(now, body)), body, now)).toBeUndefined()
    expect(checkSigned(keys, headers(now - 299, sign(now - 299, body)), body, now)).toBeUndefined()
    expect(checkSigned(keys, headers(now - 301, sign(now - 301, body)), body, now)).toBe(
      '签名时间与本机时间相差超过 5 分钟',
    )
    expect(checkSigned(keys, headers(now, sign(now, body)), `${body} `, now)).toBe('签名无效')
    expect(checkSigned(keys, headers(now, sign(now, body, rsaPair().privateKey)), body, now)).toBe('签名无效')
    expect(checkSigned(keys, headers(now, sign(now, body), 'OTHER'), body, now)).toBe(
      '平台证书或公钥 OTHER 未配置',
    )
    expect(checkSigned(keys, () => undefined, body, now)).toBe('未签名')
  })

  it('decrypts a resource sealed with AES-256-GCM (the tag the last 16 bytes) and refuses any change', () => {
    const key = randomBytes(16).toString('hex') // 32 characters
    const plain = JSON.stringify({ out_trade_no: 'P1', amount: { total: 100 }, note: '中文' })
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from('0123456789ab'))
    cipher.setAAD(Buffer.from('transaction'))
    const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
    const resource = {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: sealed.toString('base64'),
      nonce: '0123456789ab',
      associated_data: 'transaction',
    }
    expect(decryptResource(key, resource)).toBe(plain)
    const flipped = Buffer.from(sealed)
    flipped[0] = (flipped[0] as number) ^ 1
    expect(() => decryptResource(key, { ...resource, ciphertext: flipped.toString('base64') })).toThrow()
    expect(() => decryptResource(key, { ...resource, associated_data: 'refund' })).toThrow()
    expect(() => decryptResource(key, { ...resource, nonce: '0123456789ac' })).toThrow()
    expect(() => decryptResource(randomBytes(16).toString('hex'), resource)).toThrow()
    expect(rfc3339China('2026-01-02 03:04:05')).toBe('2026-01-02T03:04:05+08:00')
  })
})

describe('configuration (WECHATPAY=live)', () => {
  const site = 'https://shop.example.cn'
  const messageOf = (env: Record<string, string | undefined>) => {
    try {
      loadConfig(env)
    } catch (e) {
      return (e as Error).message
    }
    return ''
  }

  it('stops on a missing variable, naming each one, and keeps the sandbox without WECHATPAY', () => {
    expect(loadConfig({}).wechatpay).toBeUndefined()
    expect(loadConfig({ WECHATPAY: 'sandbox' }).wechatpay).toBeUndefined()
    const all = messageOf({ WECHATPAY: 'live' })
    for (const name of [
      'WECHATPAY_MCH_ID',
      'WECHATPAY_APP_ID',
      'WECHATPAY_SERIAL',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_API_V3_KEY',
      'SITE_URL',
    ])
      expect(all).toContain(`${name}: WECHATPAY=live 需要 ${name}，未设置`)
    expect(all).toContain(
      'WECHATPAY_PLATFORM_CERT: WECHATPAY=live 需要 WECHATPAY_PLATFORM_CERT（平台证书）或 WECHATPAY_PLATFORM_PUBLIC_KEY（微信支付公钥），未设置',
    )
    const { WECHATPAY_API_V3_KEY: _, ...withoutKey } = peer.env(site)
    const one = messageOf(withoutKey)
    expect(one).toContain('WECHATPAY_API_V3_KEY: WECHATPAY=live 需要 WECHATPAY_API_V3_KEY，未设置')
    expect(one.split('\n')).toHaveLength(2)
    expect(messageOf({ WECHATPAY: 'on' })).toContain('WECHATPAY 只能是 sandbox 或 live')
  })

  it('reads the platform certificate as PEM or a file, or the 微信支付公钥 with its id; never prints a secret', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wechatpay-keys-'))
    const p2 = await startWechatpayPeer()
    try {
      const file = join(dir, 'wechatpay_platform.pem')
      writeFileSync(file, peer.platformCert)
      const fromFile = loadConfig({ ...peer.env(site), WECHATPAY_PLATFORM_CERT: file }).wechatpay
      expect(fromFile?.platformKeys).toEqual([{ id: peer.platformSerial, pem: peer.platformPublicKey }])
      expect(liveConfig().platformKeys).toEqual(fromFile?.platformKeys)
      // Two certificates in one file (a rotation): both are believed.
      writeFileSync(file, peer.platformCert + p2.platformCert)
      const both = loadConfig({ ...peer.env(site), WECHATPAY_PLATFORM_CERT: file }).wechatpay
      expect(both?.platformKeys.map((k) => k.id)).toEqual([peer.platformSerial, p2.platformSerial])

      const { WECHATPAY_PLATFORM_CERT: _, ...noCert } = peer.env(site)
      const byKey = loadConfig({
        ...noCert,
        WECHATPAY_PLATFORM_PUBLIC_KEY: peer.platformPublicKey,
        WECHATPAY_PLATFORM_PUBLIC_KEY_ID: peer.publicKeyId,
      }).wechatpay
      expect(byKey?.platformKeys).toEqual([{ id: peer.publicKeyId, pem: peer.platformPublicKey }])
      expect(messageOf({ ...noCert, WECHATPAY_PLATFORM_PUBLIC_KEY: peer.platformPublicKey })).toContain(
        'WECHATPAY_PLATFORM_PUBLIC_KEY_ID: WECHATPAY=live 需要 WECHATPAY_PLATFORM_PUBLIC_KEY_ID，未设置',
      )
      expect(messageOf({ ...peer.env(site), WECHATPAY_PLATFORM_CERT: join(dir, 'none.pem') })).toContain(
        `WECHATPAY_PLATFORM_CERT: 找不到证书文件 ${join(dir, 'none.pem')}`,
      )
      const broken = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----'
      expect(messageOf({ ...peer.env(site), WECHATPAY_PLATFORM_CERT: broken })).toContain(
        'WECHATPAY_PLATFORM_CERT: 不是有效的证书',
      )
      // Wrong secrets stop the start without being shown.
      const shortKey = 'abc123xyz'
      const short = messageOf({ ...peer.env(site), WECHATPAY_API_V3_KEY: shortKey })
      expect(short).toContain('WECHATPAY_API_V3_KEY: APIv3 密钥必须为 32 个字符')
      expect(short).not.toContain(shortKey)
      const badKey = 'B'.repeat(300)
      const bad = messageOf({ ...peer.env(site), WECHATPAY_PRIVATE_KEY: badKey })
      expect(bad).toContain('WECHATPAY_PRIVATE_KEY: 不是有效的 RSA 私钥')
      expect(bad).not.toContain(badKey.slice(0, 40))
    } finally {
      await p2.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('`npm start` with a key missing stops before anything, naming it', () => {
    mkdirSync('/tmp/wechat', { recursive: true })
    const { WECHATPAY_API_V3_KEY: _, ...env } = peer.env(site)
    const run = spawnSync(process.execPath, ['server/main.ts', '--no-build'], {
      env: { ...env, SQLITE_FILE: '/tmp/wechat/never.db', PORT: '4612' },
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('WECHATPAY_API_V3_KEY: WECHATPAY=live 需要 WECHATPAY_API_V3_KEY，未设置')
    // The private key given is no one's business in a log.
    expect(run.stderr + run.stdout).not.toContain(peer.merchantPrivateKey.split('\n')[1])
  })
})

describe('Native pay (POST /v3/pay/transactions/native)', () => {
  it("GetOrdersPay answers WeChat's code_url; the payer scans and pays, the notification pays the order", async () => {
    const me = await newUser(h)
    const o = await placeOrder(h, me, { priceFen: 1250 })
    const r = await pay(me, o.id)
    expect(r.http).toBe(200)
    const answer = r.data as PayAnswer
    expect(answer).toEqual({
      status: 10,
      code_url: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/),
    })
    const [payment] = await paymentsOf(o.id)
    expect(payment).toMatchObject({ way: 'wechat', status: 10, page_pay: 0 })
    const asked = peer.callsTo(/\/native$/, 'POST').at(-1)
    const detail = await h.get<{ payDeadline: string }>('/api/Orders/GetOrders', { id: o.id }, me.auth)
    expect(asked?.body).toEqual({
      appid: peer.appId,
      mchid: peer.mchId,
      description: expect.any(String),
      out_trade_no: payment?.out_trade_no,
      // WeChat itself refuses the payment once the order expired.
      time_expire: `${detail.data.payDeadline.replace(' ', 'T')}+08:00`,
      notify_url: `${h.base}/pay/notify/wechat`,
      amount: { total: 1250, currency: 'CNY' },
    })
    // Showing the QR code again is the same trade.
    expect(((await pay(me, o.id)).data as PayAnswer).code_url).toBe(answer.code_url)
    expect(peer.trades.size).toBeGreaterThan(0)

    expect(await peer.pay(payment?.out_trade_no as string)).toEqual(PAID_ACK)
    expect(peer.delivered.at(-1)).toMatchObject({ event: 'TRANSACTION.SUCCESS', answer: PAID_ACK })
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'wechat' })
    expect(await statusOf(me, o.id)).toBe(20)
    expect(await spent(me)).toBe(1250)
    expect(await pay(me, o.id)).toMatchObject({ http: 400, data: '订单已支付或已取消' })
  })

  it('a wallet top-up pays by WeChat and credits the balance once', async () => {
    const me = await newUser(h)
    const made = await h.post<{ id: number }>(
      '/api/Recharge/PostRechargeAppend',
      { groups: 30, title: '余额充值', price: 66.6 },
      me.auth,
    )
    const paid = await h.get<PayAnswer>(
      '/api/Recharge/GetRechargePay',
      { id: made.data.id, way: 'wechat' },
      me.auth,
    )
    const t = peer.tradeOfCode(paid.data.code_url as string)
    expect(t).toMatchObject({ total: 6660, description: '余额充值', timeExpire: '' })
    expect(await peer.pay(t?.outTradeNo as string)).toEqual(PAID_ACK)
    expect(await notify(peer.notification(t?.outTradeNo as string))).toEqual(PAID_ACK)
    const { balance_fen } = await h.db
      .selectFrom('users')
      .select('balance_fen')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow()
    expect(balance_fen).toBe(6660)
  })

  it('an answer not signed by WeChat is refused and shows no QR code', async () => {
    const me = await newUser(h)
    const o = await placeOrder(h, me, { priceFen: 500 })
    peer.signAnswersWith(rsaPair().privateKey)
    try {
      expect(await pay(me, o.id)).toMatchObject({
        http: 400,
        data: '微信支付下单失败：微信支付应答的签名无效（签名无效）',
      })
    } finally {
      peer.signAnswersWith()
    }
  })

  it('a request signed with a key WeChat does not know is refused by it (SIGN_ERROR)', async () => {
    const wrong = wechatpayProvider(
      { ...liveConfig(), privateKey: rsaPair().privatePem },
      `${h.base}/pay/notify/wechat`,
    )
    const asked = { outTradeNo: 'PWRONGKEY1', amountFen: 100, subject: '测试', way: 'wechat' as const }
    await expect(wrong.create(asked)).rejects.toThrow('微信支付下单失败：签名错误')
    expect(peer.trades.has('PWRONGKEY1')).toBe(false)
    const otherSerial = wechatpayProvider(
      { ...liveConfig(), serial: 'ABCDEF' },
      `${h.base}/pay/notify/wechat`,
    )
    await expect(otherSerial.create(asked)).rejects.toThrow('微信支付下单失败：商户证书序列号有误')
  })
})

describe('a lost notification does not lose the payment', () => {
  it('the status poll queries WeChat and the order is paid through the same path', async () => {
    const o = await qrOrder(4321)
    expect(await statusOf(o.me, o.id)).toBe(10) // asked, and WeChat says NOTPAY
    expect(peer.callsTo(/\/out-trade-no\/[^/]+$/, 'GET').at(-1)?.path).toBe(
      `/v3/pay/transactions/out-trade-no/${o.outTradeNo}?mchid=${peer.mchId}`,
    )
    expect(await peer.pay(o.outTradeNo, { lost: true })).toBeUndefined()
    expect((await orderRow(o.id)).status).toBe(10)
    await new Promise((r) => setTimeout(r, 3100)) // the poll asks a payment at most every 3 s
    expect(await statusOf(o.me, o.id)).toBe(20)
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'wechat' })
    // The notification arriving late changes nothing more.
    expect(await notify(peer.notification(o.outTradeNo))).toEqual(PAID_ACK)
    expect(await spent(o.me)).toBe(4321)
  })
})

describe('notifications: verified before anything changes, at most once', () => {
  it('refuses a forged, stale, tampered, undecryptable, wrong-amount or other-merchant notification', async () => {
    const o = await qrOrder(800)
    await peer.pay(o.outTradeNo, { lost: true })
    const n = (x?: Parameters<WechatpayPeer['notification']>[1]) => peer.notification(o.outTradeNo, x)
    expect(await notify(n({ key: rsaPair().privateKey }))).toMatchObject({ http: 401 })
    // Replayed 6 minutes after it was signed: refused (a fresh one is signed for every delivery).
    expect(await notify(n({ timestamp: Date.now() / 1000 - 360 }))).toMatchObject({ http: 401 })
    const unsigned = n()
    const { 'Wechatpay-Signature': _, ...headers } = unsigned.headers
    expect(await notify({ ...unsigned, headers })).toMatchObject({ http: 401 })
    const good = n()
    expect(
      await notify({ ...good, body: good.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') }),
    ).toMatchObject({ http: 401 })
    expect(await notify({ ...good, headers: { ...good.headers, 'Wechatpay-Serial': 'FFFF' } })).toMatchObject(
      {
        http: 401,
      },
    )
    // Signed by WeChat, but sealed with another APIv3 key, not what the order costs, or not ours.
    expect(await notify(n({ apiV3Key: randomBytes(16).toString('hex') }))).toMatchObject({
      http: 400,
      text: expect.stringContaining('无法解密'),
    })
    expect(await notify(n({ overrides: { amount: { total: 1, currency: 'CNY' } } }))).toMatchObject({
      http: 400,
      text: expect.stringContaining('支付金额不符'),
    })
    expect(await notify(n({ overrides: { mchid: '1900000999' } }))).toMatchObject({
      http: 400,
      text: expect.stringContaining('通知不是发给本商户的'),
    })
    expect(await notify(n({ overrides: { appid: 'wx0000000000000000' } }))).toMatchObject({ http: 400 })
    expect(await notify(n({ overrides: { trade_state: 'NOTPAY' } }))).toMatchObject({ http: 400 })
    // The sandbox no longer speaks for way wechat, even with its (development) secret.
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
    expect(await notify(n())).toEqual(PAID_ACK)
    expect((await orderRow(o.id)).status).toBe(20)
  })

  it('a replayed notification and 20 concurrent copies change the order once', async () => {
    const o = await qrOrder(3000)
    await peer.pay(o.outTradeNo, { lost: true })
    const one = peer.notification(o.outTradeNo)
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(one)))
    expect(answers).toEqual(Array.from({ length: 20 }, () => PAID_ACK))
    expect(await notify(one)).toEqual(PAID_ACK)
    expect(await notify(peer.notification(o.outTradeNo))).toEqual(PAID_ACK)
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'wechat' })
    expect(await spent(o.me)).toBe(3000)
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([20])
    const records = await h.db
      .selectFrom('wallet_transactions')
      .select('id')
      .where('user_id', '=', o.me.id)
      .execute()
    expect(records).toEqual([])
  })
})

describe('refunds through POST /v3/refund/domestic/refunds', () => {
  it('an approved after-sales request is refunded at WeChat once; its REFUND.SUCCESS notice changes nothing', async () => {
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
    expect(
      (await h.post(`/api/admin/orders/${o.code}/after-sales`, { decision: 'approve' }, op.auth)).http,
    ).toBe(200)
    expect(peer.callsTo(/^\/v3\/refund\/domestic\/refunds$/).at(-1)?.body).toMatchObject({
      out_trade_no: o.outTradeNo,
      out_refund_no: `RF${o.outTradeNo}`,
      notify_url: `${h.base}/pay/notify/wechat`,
      amount: { refund: 2500, total: 2500, currency: 'CNY' },
    })
    expect(peer.trade(o.outTradeNo)).toMatchObject({ state: 'REFUND', refundedFen: 2500 })
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([40])
    expect(await orderRow(o.id)).toMatchObject({ status: 100 })
    await peer.idle()
    expect(peer.delivered.at(-1)).toMatchObject({
      outTradeNo: o.outTradeNo,
      event: 'REFUND.SUCCESS',
      answer: PAID_ACK,
    })
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([40])
    expect(await spent(o.me)).toBe(0)
  })

  it('a payment made after its order was cancelled is given back by finance, through WeChat, once', async () => {
    const o = await qrOrder(1800)
    expect((await h.post('/api/Orders/PostOrdersStatus', { id: o.id, status: 100 }, o.me.auth)).data).toBe(
      '取消成功',
    )
    // The payer had the QR code open and pays anyway: the money is owed back.
    expect(await peer.pay(o.outTradeNo)).toEqual(PAID_ACK)
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([30])
    const finance = await staffSignIn(h, 'finance')
    expect((await h.post(`/api/admin/payments/${o.outTradeNo}/refund`, {}, finance.auth)).http).toBe(200)
    expect(peer.trade(o.outTradeNo).refundedFen).toBe(1800)
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([40])
    const calls = peer.callsTo(/refunds$/).length
    expect((await h.post(`/api/admin/payments/${o.outTradeNo}/refund`, {}, finance.auth)).http).toBe(400)
    expect(peer.callsTo(/refunds$/).length).toBe(calls)
    // Asked again at WeChat with the same refund number, nothing more goes back.
    const provider = wechatpayProvider(liveConfig(), `${h.base}/pay/notify/wechat`)
    await provider.refund({ outTradeNo: o.outTradeNo, amountFen: 1800, reason: '重试' })
    expect(peer.trade(o.outTradeNo).refundedFen).toBe(1800)
    await peer.idle()
  })

  it("WeChat's refusal rolls the refund back and says why", async () => {
    const o = await qrOrder(700)
    await peer.pay(o.outTradeNo)
    // Closed at WeChat by hand: a refund is refused there.
    peer.trade(o.outTradeNo).state = 'CLOSED'
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
      data: '微信支付退款失败：订单未支付或已关闭，不能退款',
    })
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([20])
    expect(await orderRow(o.id)).toMatchObject({ status: 20 })
  })
})

describe('npm run ops -- providers check', () => {
  it('signs a harmless query and says what answered; a wrong key fails naming the reason', async () => {
    const config = (over: Partial<NonNullable<Config['wechatpay']>> = {}) =>
      defaultConfig({ siteUrl: h.base, wechatpay: { ...liveConfig(), ...over } })
    const good = await checkProviders(config())
    expect(good.ok).toBe(true)
    expect(good.report).toContain('微信支付（wechat）：正常\n  已应答，请求签名与应答验签正常')
    expect(peer.callsTo(/\/out-trade-no\/CHECK\d+$/, 'GET')).not.toHaveLength(0)
    const wrong = await checkProviders(config({ privateKey: rsaPair().privatePem }))
    expect(wrong.ok).toBe(false)
    expect(wrong.report).toContain('微信支付（wechat）：失败\n  微信支付查询失败：签名错误')
    const notTheirs = await checkProviders(
      config({ platformKeys: [{ id: peer.platformSerial, pem: rsaPair().publicPem }] }),
    )
    expect(notTheirs.report).toContain('微信支付查询失败：微信支付应答的签名无效（签名无效）')
  })
})

describe('the 微信支付公钥 mode (WECHATPAY_PLATFORM_PUBLIC_KEY and its id)', () => {
  it('pays, queries and reads notifications signed under the PUB_KEY_ID', async () => {
    const p2 = await startWechatpayPeer({ mode: 'publicKey' })
    try {
      const config = loadConfig(p2.env(h.base)).wechatpay as NonNullable<Config['wechatpay']>
      expect(config.platformKeys.map((k) => k.id)).toEqual([p2.publicKeyId])
      const provider = wechatpayProvider(config, `${h.base}/pay/notify/wechat`)
      const started = await provider.create({
        outTradeNo: 'PPUBKEY0001',
        amountFen: 990,
        subject: '牙线',
        way: 'wechat',
      })
      expect(p2.tradeOfCode((started as { codeUrl: string }).codeUrl)?.outTradeNo).toBe('PPUBKEY0001')
      expect(await provider.query('PPUBKEY0001')).toBeUndefined()
      await p2.pay('PPUBKEY0001', { lost: true })
      const notice = {
        outTradeNo: 'PPUBKEY0001',
        amountFen: 990,
        tradeNo: p2.trade('PPUBKEY0001').transactionId,
      }
      expect(await provider.query('PPUBKEY0001')).toEqual(notice)
      const n = p2.notification('PPUBKEY0001')
      expect(n.headers['Wechatpay-Serial']).toBe(p2.publicKeyId)
      expect(provider.verify(n.body, (k) => n.headers[k])).toEqual({ ok: true, notice })
      // The other peer's platform key is not this one.
      const theirs = peer.notification((await qrOrder(100)).outTradeNo)
      expect(provider.verify(theirs.body, (k) => theirs.headers[k])).toMatchObject({ ok: false, status: 401 })
    } finally {
      await p2.close()
    }
  })
})

describe('expiry closes the trade at WeChat (POST …/close)', () => {
  // The expiry job cancels every overdue order of its database: these run on one of their own.
  const kind = inject('testDb')
  const dir = mkdtempSync(join(tmpdir(), 'wechatpay-expiry-'))
  const schema = `wechatpay_${process.pid}_${Date.now()}`
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
  const providers = () => paymentProviders(defaultConfig({ siteUrl: h.base, wechatpay: liveConfig() }))
  let n = 0
  /** An order made 40 minutes ago (ORDER_EXPIRY_MINUTES 30), and its wechat payment opened at the peer. */
  async function overdue(now: Date) {
    n++
    const user = await db
      .insertInto('users')
      .values({ code: `U${n}`, tel: `1380000${String(n).padStart(4, '0')}`, create_time: dbTime(now) })
      .returning('id')
      .executeTakeFirstOrThrow()
    const order = await db
      .insertInto('orders')
      .values({
        code: `W${Date.now()}${n}`,
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
    // Opened before its deadline (WeChat refuses a time_expire already past).
    await payOnline(db, providers(), payable!, user.id, 'wechat', now, {
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

  it('closes an unpaid trade, settles one paid without a notification, and waits when WeChat cannot be reached', async () => {
    const now = new Date()
    const unpaid = await overdue(now)
    const paidQuietly = await overdue(now)
    await peer.pay(paidQuietly.outTradeNo, { lost: true })

    const down = paymentProviders(
      defaultConfig({ siteUrl: h.base, wechatpay: { ...liveConfig(), baseUrl: 'http://127.0.0.1:9' } }),
    )
    expect(await expire(now, down)).toBe(0)
    expect(await statusOfOrder(unpaid.id)).toBe(10)

    expect(await expire(now)).toBe(1)
    expect(peer.trade(unpaid.outTradeNo).state).toBe('CLOSED')
    expect(peer.callsTo(/\/close$/, 'POST').map((c) => c.path)).toEqual(
      expect.arrayContaining([
        `/v3/pay/transactions/out-trade-no/${unpaid.outTradeNo}/close`,
        `/v3/pay/transactions/out-trade-no/${paidQuietly.outTradeNo}/close`,
      ]),
    )
    expect(await statusOfOrder(unpaid.id)).toBe(100)
    // Paid before the close: paid, not cancelled.
    expect(await statusOfOrder(paidQuietly.id)).toBe(20)
    expect(await peer.pay(unpaid.outTradeNo)).toBe('订单已关闭')
    expect(await expire(now)).toBe(0)
  })
})

/**
 * WeChat Pay API v3 itself (WECHATPAY=live, issue 22) against the local endpoint of
 * tests/peers/wechatpay-peer.ts, which checks our request signatures and signs its answers and
 * notifications (the transaction AES-256-GCM encrypted) with keys made here: what only WeChat
 * has — the protocol's pieces against vectors computed here, its settings, Native pay end to end,
 * the merchant serial, the platform certificate and the 微信支付公钥 modes, the expiry job closing
 * trades. What every provider keeps (notifications, the status poll, refunds, the providers
 * check) is provider-contract.test.ts. On SQLite and PostgreSQL (the api and api-pg projects).
 */

import { createCipheriv, createSign, createVerify, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { refundPhoto } from '../../../tests/api/files.ts'
import { placeOrder } from '../../../tests/api/orders.ts'
import { expiryDb, liveServer, paymentReads, startWithout } from '../../../tests/api/payments.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import { rsaPair, startWechatpayPeer } from '../../../tests/peers/wechatpay-peer.ts'
import { type Config, defaultConfig, loadConfig } from '../../config.ts'
import { checkProviders } from '../../providers/check.ts'
import { paymentProviders } from '../../providers/payment.ts'
import {
  authorization,
  checkSigned,
  decryptResource,
  rfc3339China,
  wechatpayProvider,
} from '../../providers/wechatpay.ts'
import type { PayAnswer } from './payments.routes.ts'

const { h, peer } = liveServer(() => startWechatpayPeer(), 'wechatpay')

const liveConfig = () => loadConfig(peer().env(h.base)).wechatpay as NonNullable<Config['wechatpay']>
const reads = paymentReads(h)
const { statusOf, orderRow, paymentsOf, spent } = reads
const pay = (u: Parameters<typeof reads.pay>[0], id: number) => reads.pay(u, id, 'wechat')
const PAID_ACK = { http: 200, text: '' }

/** An unpaid goods order of a new customer, and its Native payment opened at the peer (unpaid). */
async function qrOrder(priceFen: number) {
  const me = await newUser(h)
  const o = await placeOrder(h, me, { priceFen })
  const r = await pay(me, o.id)
  expect(r.http).toBe(200)
  const codeUrl = (r.data as PayAnswer).code_url as string
  const outTradeNo = peer().tradeOfCode(codeUrl)?.outTradeNo as string
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
    const { WECHATPAY_API_V3_KEY: _, ...withoutKey } = peer().env(site)
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
      writeFileSync(file, peer().platformCert)
      const fromFile = loadConfig({ ...peer().env(site), WECHATPAY_PLATFORM_CERT: file }).wechatpay
      expect(fromFile?.platformKeys).toEqual([{ id: peer().platformSerial, pem: peer().platformPublicKey }])
      expect(liveConfig().platformKeys).toEqual(fromFile?.platformKeys)
      // Two certificates in one file (a rotation): both are believed.
      writeFileSync(file, peer().platformCert + p2.platformCert)
      const both = loadConfig({ ...peer().env(site), WECHATPAY_PLATFORM_CERT: file }).wechatpay
      expect(both?.platformKeys.map((k) => k.id)).toEqual([peer().platformSerial, p2.platformSerial])

      const { WECHATPAY_PLATFORM_CERT: _, ...noCert } = peer().env(site)
      const byKey = loadConfig({
        ...noCert,
        WECHATPAY_PLATFORM_PUBLIC_KEY: peer().platformPublicKey,
        WECHATPAY_PLATFORM_PUBLIC_KEY_ID: peer().publicKeyId,
      }).wechatpay
      expect(byKey?.platformKeys).toEqual([{ id: peer().publicKeyId, pem: peer().platformPublicKey }])
      expect(messageOf({ ...noCert, WECHATPAY_PLATFORM_PUBLIC_KEY: peer().platformPublicKey })).toContain(
        'WECHATPAY_PLATFORM_PUBLIC_KEY_ID: WECHATPAY=live 需要 WECHATPAY_PLATFORM_PUBLIC_KEY_ID，未设置',
      )
      expect(messageOf({ ...peer().env(site), WECHATPAY_PLATFORM_CERT: join(dir, 'none.pem') })).toContain(
        `WECHATPAY_PLATFORM_CERT: 找不到证书文件 ${join(dir, 'none.pem')}`,
      )
      const broken = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----'
      expect(messageOf({ ...peer().env(site), WECHATPAY_PLATFORM_CERT: broken })).toContain(
        'WECHATPAY_PLATFORM_CERT: 不是有效的证书',
      )
      // Wrong secrets stop the start without being shown.
      const shortKey = 'abc123xyz'
      const short = messageOf({ ...peer().env(site), WECHATPAY_API_V3_KEY: shortKey })
      expect(short).toContain('WECHATPAY_API_V3_KEY: APIv3 密钥必须为 32 个字符')
      expect(short).not.toContain(shortKey)
      const badKey = 'B'.repeat(300)
      const bad = messageOf({ ...peer().env(site), WECHATPAY_PRIVATE_KEY: badKey })
      expect(bad).toContain('WECHATPAY_PRIVATE_KEY: 不是有效的 RSA 私钥')
      expect(bad).not.toContain(badKey.slice(0, 40))
    } finally {
      await p2.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('`npm start` with a key missing stops before anything, naming it', () => {
    const run = startWithout(peer().env(site), 'WECHATPAY_API_V3_KEY', '/tmp/wechat', 4612)
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('WECHATPAY_API_V3_KEY: WECHATPAY=live 需要 WECHATPAY_API_V3_KEY，未设置')
    // The private key given is no one's business in a log.
    expect(run.stderr + run.stdout).not.toContain(peer().merchantPrivateKey.split('\n')[1])
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
    const asked = peer()
      .callsTo(/\/native$/, 'POST')
      .at(-1)
    const detail = await h.get<{ payDeadline: string }>('/api/Orders/GetOrders', { id: o.id }, me.auth)
    expect(asked?.body).toEqual({
      appid: peer().appId,
      mchid: peer().mchId,
      description: expect.any(String),
      out_trade_no: payment?.out_trade_no,
      // WeChat itself refuses the payment once the order expired.
      time_expire: `${detail.data.payDeadline.replace(' ', 'T')}+08:00`,
      notify_url: `${h.base}/pay/notify/wechat`,
      amount: { total: 1250, currency: 'CNY' },
    })
    // Showing the QR code again is the same trade.
    expect(((await pay(me, o.id)).data as PayAnswer).code_url).toBe(answer.code_url)
    expect(peer().trades.size).toBeGreaterThan(0)

    expect(await peer().pay(payment?.out_trade_no as string)).toEqual(PAID_ACK)
    expect(peer().delivered.at(-1)).toMatchObject({ event: 'TRANSACTION.SUCCESS', answer: PAID_ACK })
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'wechat' })
    expect(await statusOf(me, o.id)).toBe(20)
    expect(await spent(me)).toBe(1250)
    expect(await pay(me, o.id)).toMatchObject({ http: 400, data: '订单已支付或已取消' })
  })

  it('a request under a merchant serial WeChat does not know is refused by it', async () => {
    const asked = { outTradeNo: 'PWRONGKEY1', amountFen: 100, subject: '测试', way: 'wechat' as const }
    const otherSerial = wechatpayProvider(
      { ...liveConfig(), serial: 'ABCDEF' },
      `${h.base}/pay/notify/wechat`,
    )
    await expect(otherSerial.create(asked)).rejects.toThrow('微信支付下单失败：商户证书序列号有误')
  })
})

describe('refused notifications and failed refunds (issue 41 item 7)', () => {
  const send = (n: { body: string; headers: Record<string, string> }) =>
    fetch(`${h.base}/pay/notify/wechat`, { method: 'POST', headers: n.headers, body: n.body }).then(
      async (r) => ({ http: r.status, type: r.headers.get('content-type'), body: await r.json() }),
    )

  it("answers a refusal in WeChat's { code: 'FAIL', message } shape with a 4xx status", async () => {
    const o = await qrOrder(600)
    await peer().pay(o.outTradeNo, { lost: true })
    const forged = peer().notification(o.outTradeNo, { key: rsaPair().privateKey })
    expect(await send(forged)).toMatchObject({ http: 401, body: { code: 'FAIL', message: '通知签名无效' } })
    const wrongAmount = peer().notification(o.outTradeNo, {
      overrides: { amount: { total: 1, currency: 'CNY' } },
    })
    expect(await send(wrongAmount)).toMatchObject({
      http: 400,
      body: { code: 'FAIL', message: '支付金额不符' },
    })
    const sealedWrong = peer().notification(o.outTradeNo, { apiV3Key: 'x'.repeat(32) })
    expect((await send(sealedWrong)).body).toEqual({
      code: 'FAIL',
      message: '通知内容格式不正确或无法解密（核对 APIv3 密钥）',
    })
    expect(await orderRow(o.id)).toEqual({ status: 10, pay_way: '' })
    // Accepted: 200 with no body, as WeChat documents.
    expect(await peer().deliver(o.outTradeNo, peer().notification(o.outTradeNo))).toEqual(PAID_ACK)
  })

  it('REFUND.ABNORMAL puts an approved refund back in 待退款 with the message and an audit row, once', async () => {
    const o = await qrOrder(2600)
    await peer().pay(o.outTradeNo)
    const asked = await h.post(
      '/api/Orders/PostOrdersRefund',
      { id: o.id, afterRemarks: '收到的货有破损', extMore: await refundPhoto(h, o.me.auth) },
      o.me.auth,
    )
    expect(asked.data).toBe('提交成功')
    const op = await staffSignIn(h, 'operator')
    expect(
      (await h.post(`/api/admin/orders/${o.code}/after-sales`, { decision: 'approve' }, op.auth)).http,
    ).toBe(200)
    await peer().idle()
    const refundOf = () =>
      h.db
        .selectFrom('refunds')
        .select(['status', 'gateway_note', 'refund_time'])
        .where('order_id', '=', o.id)
        .execute()
    expect((await refundOf()).map((r) => r.status)).toEqual([40])

    // The payer's card was closed: WeChat tells, and 20 copies arrive at once.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => peer().refundFails(o.outTradeNo, `RF${o.outTradeNo}`, 'ABNORMAL')),
    )
    expect(new Set(answers.map((a) => a.http))).toEqual(new Set([200]))
    expect(await refundOf()).toEqual([
      { status: 30, refund_time: null, gateway_note: '微信支付退款异常（ABNORMAL）：退款异常' },
    ])
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([30])
    const after = await h.db.selectFrom('after_sales').select('status').where('order_id', '=', o.id).execute()
    expect(after.map((a) => a.status)).toEqual([14]) // 待退款
    const rows = (await auditOf(h, `order:${o.code}`)).filter((a) => a.action === 'payment.refund-failed')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      staff: 'wechat',
      after: {
        refund: `RF${o.outTradeNo}`,
        paymentStatus: 30,
        gateway: '微信支付退款异常（ABNORMAL）：退款异常',
      },
    })

    // In finance's 待退款 queue; finance pays it back by hand and records it, once.
    const fin = await staffSignIn(h, 'finance')
    const queue = await h.get<{ pageData: { code: string }[] }>(
      '/api/admin/orders',
      { queue: 'refund-due', code: o.code },
      fin.auth,
    )
    expect(queue.data.pageData.map((r) => r.code)).toEqual([o.code])
    const detail = await h.get<{ refunds: { status: number; gatewayNote: string }[] }>(
      `/api/admin/orders/${o.code}`,
      {},
      fin.auth,
    )
    expect(detail.data.refunds).toMatchObject([
      { status: 30, gatewayNote: '微信支付退款异常（ABNORMAL）：退款异常' },
    ])
    const calls = peer().callsTo(/refunds$/).length
    expect((await h.post(`/api/admin/payments/${o.outTradeNo}/refund`, {}, fin.auth)).http).toBe(200)
    expect(peer().callsTo(/refunds$/).length).toBe(calls)
    expect((await refundOf()).map((r) => r.status)).toEqual([40])
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([40])
    // A late copy of the notice changes nothing now.
    await peer().refundFails(o.outTradeNo, `RF${o.outTradeNo}`, 'ABNORMAL')
    expect((await refundOf()).map((r) => r.status)).toEqual([40])
  })

  it('a refund closed without success (REFUND.CLOSED) of a payment owed back returns it to 待退款', async () => {
    const o = await qrOrder(1900)
    expect((await h.post('/api/Orders/PostOrdersStatus', { id: o.id, status: 100 }, o.me.auth)).data).toBe(
      '取消成功',
    )
    await peer().pay(o.outTradeNo)
    const fin = await staffSignIn(h, 'finance')
    expect((await h.post(`/api/admin/payments/${o.outTradeNo}/refund`, {}, fin.auth)).http).toBe(200)
    await peer().idle()
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([40])
    expect((await peer().refundFails(o.outTradeNo, `RF${o.outTradeNo}`, 'CLOSED')).http).toBe(200)
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([30])
    expect((await auditOf(h, `order:${o.code}`))[0]).toMatchObject({
      staff: 'wechat',
      action: 'payment.refund-failed',
      after: { gateway: '微信支付退款关闭（CLOSED）：退款关闭' },
    })
  })
})

describe('npm run ops -- providers check', () => {
  it("a platform key that is not WeChat's fails the check, naming the reason", async () => {
    const config = (over: Partial<NonNullable<Config['wechatpay']>> = {}) =>
      defaultConfig({ siteUrl: h.base, wechatpay: { ...liveConfig(), ...over } })
    const notTheirs = await checkProviders(
      config({ platformKeys: [{ id: peer().platformSerial, pem: rsaPair().publicPem }] }),
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
      const theirs = peer().notification((await qrOrder(100)).outTradeNo)
      expect(provider.verify(theirs.body, (k) => theirs.headers[k])).toMatchObject({ ok: false, status: 401 })
    } finally {
      await p2.close()
    }
  })
})

describe('expiry closes the trade at WeChat (POST …/close)', () => {
  // The expiry job cancels every overdue order of its database: these run on one of their own.
  const providers = () => paymentProviders(defaultConfig({ siteUrl: h.base, wechatpay: liveConfig() }))
  const { overdue, statusOfOrder, expire } = expiryDb('wechat', () => h.base, providers)

  it('closes an unpaid trade, settles one paid without a notification, and waits when WeChat cannot be reached', async () => {
    const now = new Date()
    const unpaid = await overdue(now)
    const paidQuietly = await overdue(now)
    await peer().pay(paidQuietly.outTradeNo, { lost: true })

    const down = paymentProviders(
      defaultConfig({ siteUrl: h.base, wechatpay: { ...liveConfig(), baseUrl: 'http://127.0.0.1:9' } }),
    )
    expect(await expire(now, down)).toBe(0)
    expect(await statusOfOrder(unpaid.id)).toBe(10)

    expect(await expire(now)).toBe(1)
    expect(peer().trade(unpaid.outTradeNo).state).toBe('CLOSED')
    expect(
      peer()
        .callsTo(/\/close$/, 'POST')
        .map((c) => c.path),
    ).toEqual(
      expect.arrayContaining([
        `/v3/pay/transactions/out-trade-no/${unpaid.outTradeNo}/close`,
        `/v3/pay/transactions/out-trade-no/${paidQuietly.outTradeNo}/close`,
      ]),
    )
    expect(await statusOfOrder(unpaid.id)).toBe(100)
    // Paid before the close: paid, not cancelled.
    expect(await statusOfOrder(paidQuietly.id)).toBe(20)
    expect(await peer().pay(unpaid.outTradeNo)).toBe('订单已关闭')
    expect(await expire(now)).toBe(0)
  })
})

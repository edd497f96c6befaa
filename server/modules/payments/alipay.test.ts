/**
 * Alipay itself (ALIPAY=live, issue 22) against the local gateway of tests/peers/alipay-peer.ts,
 * which checks our signatures and signs its answers and notifications with keys made here: what
 * only Alipay has — its settings, page pay through the cashier, the QR code's own trade number and
 * a page-pay form never submitted at expiry. What every provider keeps (notifications, the status
 * poll, refunds, the providers check) is provider-contract.test.ts. On SQLite and PostgreSQL (the
 * api and api-pg projects).
 */

import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AlipaySdk } from 'alipay-sdk'
import { describe, expect, it } from 'vitest'
import { placeOrder } from '../../../tests/api/orders.ts'
import { expiryDb, liveServer, paymentReads, startWithout } from '../../../tests/api/payments.ts'
import { newUser } from '../../../tests/api/session.ts'
import { formOf, startAlipayPeer } from '../../../tests/peers/alipay-peer.ts'
import { defaultConfig, loadConfig, readKey } from '../../config.ts'
import { alipayProvider } from '../../providers/alipay.ts'
import { paymentProviders } from '../../providers/payment.ts'
import type { PayAnswer } from './payments.routes.ts'

const { h, peer } = liveServer(() => startAlipayPeer(), 'alipay')

const { pay, statusOf, orderRow, paymentsOf, spent } = paymentReads(h)
/** What the browser does with the answer's form: submits it as it is, to where it says. */
const submit = (form: { action: string; fields: Record<string, string> }) =>
  fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields) })

describe('configuration (ALIPAY=live)', () => {
  it('stops on a missing variable, naming each one, and keeps the sandbox without ALIPAY', () => {
    expect(loadConfig({}).alipay).toBeUndefined()
    expect(loadConfig({ ALIPAY: 'sandbox' }).alipay).toBeUndefined()
    expect(() => loadConfig({ ALIPAY: 'live' })).toThrow(
      /ALIPAY_APP_ID: ALIPAY=live 需要 ALIPAY_APP_ID，未设置[\s\S]*ALIPAY_PRIVATE_KEY:[\s\S]*ALIPAY_PUBLIC_KEY:[\s\S]*SITE_URL:/,
    )
    const { ALIPAY_PRIVATE_KEY: _, ...withoutKey } = peer().env('https://shop.example.cn')
    let message = ''
    try {
      loadConfig(withoutKey)
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toContain('ALIPAY_PRIVATE_KEY: ALIPAY=live 需要 ALIPAY_PRIVATE_KEY，未设置')
    expect(message).not.toMatch(/ALIPAY_APP_ID|ALIPAY_PUBLIC_KEY|SITE_URL/)
    expect(() => loadConfig({ ALIPAY: 'yes' })).toThrow('ALIPAY 只能是 sandbox 或 live')
    expect(() => loadConfig({ ...peer().env('https://shop.example.cn'), ALIPAY_GATEWAY: 'gateway' })).toThrow(
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
        loadConfig({ ...peer().env('https://shop.example.cn'), ALIPAY_PRIVATE_KEY: wrong })
      } catch (e) {
        message = (e as Error).message
      }
      expect(message).toContain('ALIPAY_PRIVATE_KEY: 不是有效的 RSA 私钥')
      expect(message).not.toContain(wrong.slice(0, 40))
      const broken = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkq\n-----END PUBLIC KEY-----'
      expect(() =>
        loadConfig({ ...peer().env('https://shop.example.cn'), ALIPAY_PUBLIC_KEY: broken }),
      ).toThrow('ALIPAY_PUBLIC_KEY: 不是有效的 RSA 公钥')
      expect(() =>
        loadConfig({
          ...peer().env('https://shop.example.cn'),
          ALIPAY_PRIVATE_KEY: join(dir, 'missing.pem'),
        }),
      ).toThrow(`ALIPAY_PRIVATE_KEY: 找不到密钥文件 ${join(dir, 'missing.pem')}`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('`npm start` with a key missing stops before anything, naming it', () => {
    const run = startWithout(
      peer().env('https://shop.example.cn'),
      'ALIPAY_PUBLIC_KEY',
      '/tmp/helper-e',
      4650,
    )
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('ALIPAY_PUBLIC_KEY: ALIPAY=live 需要 ALIPAY_PUBLIC_KEY，未设置')
    // The private key given is no one's business in a log.
    expect(run.stderr + run.stdout).not.toContain(peer().appPrivateKey.split('\n')[1])
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
    expect(`${action.origin}${action.pathname}`).toBe(peer().gateway)
    expect(action.searchParams.get('method')).toBe('alipay.trade.page.pay')
    expect(action.searchParams.get('app_id')).toBe(peer().appId)
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
    expect(peer().trades.has(payment?.out_trade_no as string)).toBe(false)

    const cashier = await submit(form)
    expect(cashier.status).toBe(200)
    const page = await cashier.text()
    expect(page).toContain('¥12.50')
    const confirm = formOf(page)
    const back = await fetch(new URL(confirm.action, peer().base), { method: 'POST', redirect: 'manual' })
    expect(back.status).toBe(302)
    const returned = new URL(back.headers.get('location') as string)
    expect(`${returned.origin}${returned.pathname}`).toBe(`${h.base}/pay`)
    expect(returned.searchParams.get('id')).toBe(String(o.id))
    expect(returned.searchParams.get('out_trade_no')).toBe(payment?.out_trade_no)
    // The gateway notified before sending the payer back, and was answered `success` once paid.
    expect(peer().delivered.at(-1)).toEqual({
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

describe('phone pay (alipay.trade.wap.pay): GetOrdersPay scene=h5 answers the WAP form', () => {
  it('the WAP form goes to the gateway signed with quit_url, the payer pays on the phone cashier and comes back paid', async () => {
    const me = await newUser(h)
    const o = await placeOrder(h, me, { priceFen: 3320 })
    // The PC page first: the phone page gets a trade number of its own (Alipay keeps one product per trade).
    expect(((await pay(me, o.id, 'alipay')).data as PayAnswer).body).toContain('<form')
    const answer = (await pay(me, o.id, 'alipay', { scene: 'h5' })).data as PayAnswer
    const form = formOf(answer.body as string)
    const action = new URL(form.action)
    expect(`${action.origin}${action.pathname}`).toBe(peer().gateway)
    expect(action.searchParams.get('method')).toBe('alipay.trade.wap.pay')
    expect(action.searchParams.get('sign_type')).toBe('RSA2')
    expect(action.searchParams.get('notify_url')).toBe(`${h.base}/pay/notify/alipay`)
    expect(action.searchParams.get('return_url')).toBe(`${h.base}/pay?id=${o.id}&back=h5`)
    const [pc, wap] = await paymentsOf(o.id)
    expect(pc?.page_pay).toBe(1)
    expect(wap).toMatchObject({ way: 'alipay', status: 10, page_pay: 3 })
    expect(JSON.parse(form.fields.biz_content as string)).toEqual({
      out_trade_no: wap?.out_trade_no,
      total_amount: '33.20',
      subject: expect.any(String),
      product_code: 'QUICK_WAP_WAY',
      quit_url: `${h.base}/orderdetail?id=${o.id}`,
      time_expire: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    })
    // Asking again on the phone is the same trade.
    const again = formOf(((await pay(me, o.id, 'alipay', { scene: 'h5' })).data as PayAnswer).body as string)
    expect(JSON.parse(again.fields.biz_content as string).out_trade_no).toBe(wap?.out_trade_no)

    // The gateway checks the form's signature strictly: any field changed is refused.
    for (const [k, v] of [
      ['biz_content', (form.fields.biz_content as string).replace('orderdetail', 'evil')],
      ['return_url', 'https://evil.example/pay'],
    ] as const) {
      const changed = new URL(form.action)
      if (k === 'return_url') changed.searchParams.set(k, v)
      const fields = k === 'biz_content' ? { ...form.fields, [k]: v } : form.fields
      const refused = await submit({ action: changed.toString(), fields })
      expect(refused.status).toBe(400)
      expect(await refused.text()).toContain('isv.invalid-signature')
    }
    expect(peer().trades.has(wap?.out_trade_no as string)).toBe(false)

    const cashier = await submit(form)
    expect(cashier.status).toBe(200)
    const page = await cashier.text()
    expect(page).toContain('¥33.20')
    // 返回商家 leads back to the order.
    expect(page).toContain(`href="${h.base}/orderdetail?id=${o.id}"`)
    const back = await fetch(new URL(formOf(page).action, peer().base), {
      method: 'POST',
      redirect: 'manual',
    })
    expect(back.status).toBe(302)
    const returned = new URL(back.headers.get('location') as string)
    expect(`${returned.origin}${returned.pathname}`).toBe(`${h.base}/pay`)
    expect(returned.searchParams.get('method')).toBe('alipay.trade.wap.pay.return')
    expect(returned.searchParams.get('out_trade_no')).toBe(wap?.out_trade_no)
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'alipay' })
    expect(await statusOf(me, o.id)).toBe(20)
    expect(await spent(me)).toBe(3320)
  })

  it('the gateway refuses a signed WAP request without quit_url or with the PC product code; qr=1 stays a QR code', async () => {
    // Signed as our server signs, by the official SDK with the app's key: only the content is wrong.
    const sdk = new AlipaySdk({
      appId: peer().appId,
      privateKey: peer().appPrivateKey,
      keyType: 'PKCS8',
      alipayPublicKey: peer().alipayPublicKey,
      gateway: peer().gateway,
    })
    const biz = { out_trade_no: `W${Date.now()}`, total_amount: '1.00', subject: '测试' }
    const wap = (extra: Record<string, string>) =>
      submit(
        formOf(
          sdk.pageExecute('alipay.trade.wap.pay', 'POST', {
            bizContent: { ...biz, ...extra },
            returnUrl: `${h.base}/pay?id=1`,
          }),
        ),
      ).then((r) => r.text())
    expect(await wap({ product_code: 'QUICK_WAP_WAY' })).toContain('缺少 quit_url')
    expect(await wap({ product_code: 'FAST_INSTANT_TRADE_PAY', quit_url: `${h.base}/` })).toContain(
      '产品码错误',
    )
    expect(peer().trades.has(biz.out_trade_no)).toBe(false)

    const me = await newUser(h)
    const o = await placeOrder(h, me, { priceFen: 500 })
    const qr = (await pay(me, o.id, 'alipay', { phone: '1', qr: '1' })).data as PayAnswer
    expect(qr.code_url).toMatch(/\/qr\//)
    expect(qr.body).toBeUndefined()
  })
})

describe('seller_id of notifications (ALIPAY_SELLER_ID)', () => {
  it('reads a 2088 PID or refuses the value, and checks seller_id only when set', async () => {
    const env = peer().env(h.base)
    expect(loadConfig(env).alipay?.sellerId).toBeUndefined()
    expect(loadConfig({ ...env, ALIPAY_SELLER_ID: '2088000000000001' }).alipay?.sellerId).toBe(
      '2088000000000001',
    )
    expect(() => loadConfig({ ...env, ALIPAY_SELLER_ID: '1234' })).toThrow(
      'ALIPAY_SELLER_ID 应为 2088 开头的 16 位数字（商家 PID）',
    )

    const me = await newUser(h)
    const o = await placeOrder(h, me, { priceFen: 700 })
    await pay(me, o.id, 'alipay', { qr: '1' })
    const [payment] = await paymentsOf(o.id)
    const no = payment?.out_trade_no as string
    await peer().pay(no, { lost: true })
    const verdictWith = (sellerId: string | undefined, raw: string) =>
      alipayProvider({ ...loadConfig(env).alipay!, sellerId }, `${h.base}/pay/notify/alipay`).verify(
        raw,
        () => undefined,
      )
    const ours = peer().notification(no) // the peer's merchant: 2088000000000001
    const another = peer().notification(no, { seller_id: '2088999999999999' })
    expect(verdictWith(undefined, another)).toMatchObject({ ok: true })
    expect(verdictWith('2088000000000001', ours)).toMatchObject({ ok: true, notice: { outTradeNo: no } })
    expect(verdictWith('2088000000000001', another)).toEqual({
      ok: false,
      status: 400,
      message: '通知的收款方不是本商家',
    })
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
    expect(codeUrl).toMatch(new RegExp(`^${peer().base}/qr/P\\d{14}[0-9a-f]{12}$`))
    const [page, qr] = await paymentsOf(o.id)
    expect(page?.page_pay).toBe(1)
    expect(qr).toMatchObject({ page_pay: 0, status: 10 })
    expect(codeUrl.endsWith(qr?.out_trade_no as string)).toBe(true)
    const asked = peer().callsOf('alipay.trade.precreate').at(-1)
    expect(asked?.params.notify_url).toBe(`${h.base}/pay/notify/alipay`)
    expect(asked?.biz).toMatchObject({ out_trade_no: qr?.out_trade_no, total_amount: '9.90' })
    // Showing the QR code again is the same trade.
    expect(((await pay(me, o.id, 'alipay', { qr: '1' })).data as PayAnswer).code_url).toBe(codeUrl)

    expect(await fetch(codeUrl).then((x) => x.text())).toContain('¥9.90')
    expect(await peer().pay(qr?.out_trade_no as string)).toEqual({ http: 200, text: 'success' })
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'alipay' })
    expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([10, 20])
    expect(await spent(me)).toBe(990)
  })
})

describe('expiry closes the trade at Alipay (alipay.trade.close)', () => {
  // The expiry job cancels every overdue order of its database: these run on one of their own.
  const providers = () =>
    paymentProviders(defaultConfig({ siteUrl: h.base, alipay: loadConfig(peer().env(h.base)).alipay }))
  const { overdue, statusOfOrder, expire } = expiryDb('alipay', () => h.base, providers)

  it('closes an unpaid trade, settles one paid without a notification, and waits when Alipay cannot be reached', async () => {
    const now = new Date()
    const unpaid = await overdue(now)
    const paidQuietly = await overdue(now)
    await peer().pay(paidQuietly.outTradeNo, { lost: true })
    const neverOpened = await overdue(now, true) // a page-pay form never submitted: no trade at Alipay
    expect(peer().trades.has(neverOpened.outTradeNo)).toBe(false)

    // Alipay unreachable: nothing is cancelled, for the payer may have paid.
    const down = paymentProviders(
      defaultConfig({
        siteUrl: h.base,
        alipay: { ...loadConfig(peer().env(h.base)).alipay!, gateway: 'http://127.0.0.1:9/gateway.do' },
      }),
    )
    expect(await expire(now, down)).toBe(0)
    expect(await statusOfOrder(unpaid.id)).toBe(10)

    expect(await expire(now)).toBe(2)
    expect(peer().trade(unpaid.outTradeNo).status).toBe('TRADE_CLOSED')
    expect(
      peer()
        .callsOf('alipay.trade.close')
        .map((c) => c.biz.out_trade_no),
    ).toEqual(expect.arrayContaining([unpaid.outTradeNo, paidQuietly.outTradeNo, neverOpened.outTradeNo]))
    expect(await statusOfOrder(unpaid.id)).toBe(100)
    expect(await statusOfOrder(neverOpened.id)).toBe(100)
    // Paid before the close: paid, not cancelled.
    expect(await statusOfOrder(paidQuietly.id)).toBe(20)
    // Closed: the payer can no longer pay it.
    expect(await peer().pay(unpaid.outTradeNo)).toBe('交易已关闭')
    expect(await expire(now)).toBe(0)
  })
})

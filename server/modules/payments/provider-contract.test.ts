/**
 * The contract every live payment provider keeps (issue 22), run once per provider against its
 * local peer (tests/peers/): a QR payment paid by its notification, a wallet top-up, answers and
 * requests with the wrong signature refused, a lost notification recovered by the status poll
 * (without flooding the provider), forged, tampered, replayed and concurrent notifications,
 * refunds and their refusal, and `npm run ops -- providers check`. The table below says, for each
 * provider, how its peer starts, how a payment opens, what a notification looks like and how it
 * refuses. What only one provider does stays in its own file (alipay.test.ts, wechatpay.test.ts).
 * On SQLite and PostgreSQL (the api and api-pg projects).
 */
import { type KeyObject, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { refundPhoto } from '../../../tests/api/files.ts'
import type { Harness } from '../../../tests/api/harness.ts'
import { placeOrder } from '../../../tests/api/orders.ts'
import { type Ack, type Delivery, liveServer, paymentReads, type User } from '../../../tests/api/payments.ts'
import { newUser } from '../../../tests/api/session.ts'
import { staffSignIn } from '../../../tests/api/staff.ts'
import { type AlipayPeer, rsaPair, startAlipayPeer } from '../../../tests/peers/alipay-peer.ts'
import { startWechatpayPeer, type WechatpayPeer } from '../../../tests/peers/wechatpay-peer.ts'
import { type Config, defaultConfig, loadConfig } from '../../config.ts'
import { alipayProvider } from '../../providers/alipay.ts'
import { checkProviders } from '../../providers/check.ts'
import { type OnlineWay, type PaymentProvider, paymentProviders } from '../../providers/payment.ts'
import { wechatpayProvider } from '../../providers/wechatpay.ts'
import type { PayAnswer } from './payments.routes.ts'
import { refundOrderPayment } from './refunds.ts'

/** What the cases ask of every peer. */
interface Peer {
  trades: Map<string, unknown>
  delivered: object[]
  trade(outTradeNo: string): { refundedFen: number }
  pay(outTradeNo: string, o?: { lost?: boolean }): Promise<unknown>
  signAnswersWith(key?: KeyObject): void
  idle(): Promise<unknown>
  close(): Promise<void>
  /** The variables that point our server at the peer, the site at `siteUrl`. */
  env(siteUrl: string): Record<string, string>
}

/** One provider: its peer, its settings, its notifications and its words. */
interface Provider<P extends Peer, S extends { privateKey: string }> {
  name: string
  way: OnlineWay
  /** Our answer to a notification we believe. */
  ack: Ack
  start(): Promise<P>
  /** Where the configuration holds its live settings. */
  key: 'alipay' | 'wechatpay'
  makeProvider(settings: S, notifyUrl: string): PaymentProvider
  /** The QR payment's query (extra GetOrdersPay parameters). */
  qr: Record<string, string>
  /** The trade number a QR code carries. */
  tradeOfCode(peer: P, codeUrl: string): string
  /** What the peer holds of a top-up of 66.60 yuan. */
  topUpTrade: object
  notification(peer: P, outTradeNo: string): Delivery
  /** Another true notification of the same paid trade (the provider tells of it again). */
  another(peer: P, outTradeNo: string): Delivery
  /** Notifications we must not believe: what each is, and what we answer. */
  forgeries(peer: P, outTradeNo: string): [string, Delivery, object][]
  /** The status queries the peer received, and a check that the last was for `outTradeNo`. */
  queries(peer: P): unknown[]
  expectQueried(peer: P, outTradeNo: string): void
  refundCalls(peer: P): unknown[]
  /** What the last refund asked, and what it should have asked for a whole refund. */
  lastRefund(peer: P): unknown
  refundOf(outTradeNo: string, fen: number, base: string): object
  /** What a partial refund of `fen` of a `total` payment, numbered `refundNo`, asks the provider. */
  partOf(outTradeNo: string, fen: number, total: number, refundNo: string): object
  /** A trade refunded in whole, at the peer, and its notice to us. */
  refunded(fen: number): object
  refundNotice: object
  /** The merchant closes the trade by hand: a refund is refused there. */
  closeByHand(peer: P, outTradeNo: string): void
  words: {
    /** An answer not signed by the provider. */
    badAnswer: string
    wrongKey: RegExp | string
    refundRefused: string
    checkOk: string[]
    checkWrongKey: string
  }
  expectChecked(peer: P): void
}

const form = (raw: string): Delivery => ({
  body: raw,
  headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
})
const without = (raw: string, key: string) => {
  const p = new URLSearchParams(raw)
  p.delete(key)
  return p.toString()
}
const withField = (raw: string, key: string, value: string) => {
  const p = new URLSearchParams(raw)
  p.set(key, value)
  return p.toString()
}

type AlipaySettings = NonNullable<Config['alipay']>

const alipay: Provider<AlipayPeer, AlipaySettings> = {
  name: 'Alipay (tests/peers/alipay-peer.ts)',
  way: 'alipay',
  ack: { http: 200, text: 'success' },
  start: () => startAlipayPeer(),
  key: 'alipay',
  makeProvider: alipayProvider,
  qr: { qr: '1' },
  tradeOfCode: (_, codeUrl) => decodeURIComponent(codeUrl.split('/qr/')[1] as string),
  topUpTrade: { kind: 'qr', totalAmount: '66.60', subject: '余额充值' },
  notification: (peer, no) => form(peer.notification(no)),
  another: (peer, no) => form(peer.notification(no, { trade_status: 'TRADE_FINISHED' })),
  forgeries: (peer, no) => [
    ['signed by another key', form(peer.notification(no, {}, rsaPair().privateKey)), { http: 401 }],
    ['unsigned', form(without(peer.notification(no), 'sign')), { http: 401 }],
    ['tampered', form(withField(peer.notification(no), 'total_amount', '0.01')), { http: 401 }],
    // Signed by Alipay, but not what the order costs, or not for this app.
    [
      'wrong amount',
      form(peer.notification(no, { total_amount: '0.01' })),
      { http: 400, text: expect.stringContaining('支付金额不符') },
    ],
    [
      'other app',
      form(peer.notification(no, { app_id: '2021999999999999' })),
      { http: 400, text: expect.stringContaining('通知不是发给本应用的') },
    ],
    ['no notification', form('not a notification'), { http: 401 }],
  ],
  queries: (peer) => peer.callsOf('alipay.trade.query'),
  expectQueried: (peer, no) =>
    expect(peer.callsOf('alipay.trade.query').at(-1)?.biz).toEqual({ out_trade_no: no }),
  refundCalls: (peer) => peer.callsOf('alipay.trade.refund'),
  lastRefund: (peer) => peer.callsOf('alipay.trade.refund').at(-1)?.biz,
  refundOf: (no, fen) => ({
    out_trade_no: no,
    refund_amount: (fen / 100).toFixed(2),
    out_request_no: `RF${no}`,
  }),
  partOf: (no, fen, _total, refundNo) => ({
    out_trade_no: no,
    refund_amount: (fen / 100).toFixed(2),
    out_request_no: refundNo,
  }),
  refunded: (fen) => ({ status: 'TRADE_CLOSED', refundedFen: fen }),
  // Alipay tells of the closed trade.
  refundNotice: { status: 'TRADE_CLOSED' },
  closeByHand: (peer, no) => {
    peer.trade(no).status = 'TRADE_CLOSED'
  },
  words: {
    badAnswer: '支付宝下单失败：支付宝应答的签名无效',
    wrongKey: /^支付宝下单失败：验签出错/,
    refundRefused: '支付宝退款失败：交易状态不合法',
    checkOk: [
      '支付宝（alipay）：正常\n  已应答，请求签名与应答验签正常',
      '微信支付（sandbox）：正常\n  本机沙箱（不收真钱，无需检查）',
    ],
    checkWrongKey: '支付宝（alipay）：失败\n  支付宝查询失败：验签出错',
  },
  expectChecked: (peer) =>
    expect(peer.callsOf('alipay.trade.query').at(-1)?.biz.out_trade_no).toMatch(/^CHECK\d+$/),
}

type WechatSettings = NonNullable<Config['wechatpay']>
const wechat: Provider<WechatpayPeer, WechatSettings> = {
  name: 'WeChat Pay (tests/peers/wechatpay-peer.ts)',
  way: 'wechat',
  ack: { http: 200, text: '' },
  start: () => startWechatpayPeer(),
  key: 'wechatpay',
  makeProvider: wechatpayProvider,
  qr: {},
  tradeOfCode: (peer, codeUrl) => {
    const no = peer.tradeOfCode(codeUrl)?.outTradeNo as string
    expect(no).toBeDefined()
    return no
  },
  topUpTrade: { total: 6660, description: '余额充值', timeExpire: '' },
  notification: (peer, no) => peer.notification(no),
  // A fresh one is signed for every delivery.
  another: (peer, no) => peer.notification(no),
  forgeries: (peer, no) => {
    const n = (x?: Parameters<WechatpayPeer['notification']>[1]) => peer.notification(no, x)
    const { 'Wechatpay-Signature': _, ...unsigned } = n().headers
    const good = n()
    return [
      ['signed by another key', n({ key: rsaPair().privateKey }), { http: 401 }],
      // Replayed 6 minutes after it was signed.
      ['stale', n({ timestamp: Date.now() / 1000 - 360 }), { http: 401 }],
      ['unsigned', { ...n(), headers: unsigned }, { http: 401 }],
      [
        'tampered',
        { ...good, body: good.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') },
        { http: 401 },
      ],
      ['other serial', { ...good, headers: { ...good.headers, 'Wechatpay-Serial': 'FFFF' } }, { http: 401 }],
      // Signed by WeChat, but sealed with another APIv3 key, not what the order costs, or not ours.
      [
        'other APIv3 key',
        n({ apiV3Key: randomBytes(16).toString('hex') }),
        { http: 400, text: expect.stringContaining('无法解密') },
      ],
      [
        'wrong amount',
        n({ overrides: { amount: { total: 1, currency: 'CNY' } } }),
        { http: 400, text: expect.stringContaining('支付金额不符') },
      ],
      [
        'other merchant',
        n({ overrides: { mchid: '1900000999' } }),
        { http: 400, text: expect.stringContaining('通知不是发给本商户的') },
      ],
      ['other app', n({ overrides: { appid: 'wx0000000000000000' } }), { http: 400 }],
      ['not paid', n({ overrides: { trade_state: 'NOTPAY' } }), { http: 400 }],
    ]
  },
  queries: (peer) => peer.callsTo(/\/out-trade-no\/[^/]+$/, 'GET'),
  expectQueried: (peer, no) =>
    expect(peer.callsTo(/\/out-trade-no\/[^/]+$/, 'GET').at(-1)?.path).toBe(
      `/v3/pay/transactions/out-trade-no/${no}?mchid=${peer.mchId}`,
    ),
  refundCalls: (peer) => peer.callsTo(/refunds$/),
  lastRefund: (peer) => peer.callsTo(/^\/v3\/refund\/domestic\/refunds$/).at(-1)?.body,
  refundOf: (no, fen, base) => ({
    out_trade_no: no,
    out_refund_no: `RF${no}`,
    notify_url: `${base}/pay/notify/wechat`,
    amount: { refund: fen, total: fen, currency: 'CNY' },
  }),
  partOf: (no, fen, total, refundNo) => ({
    out_trade_no: no,
    out_refund_no: refundNo,
    amount: { refund: fen, total, currency: 'CNY' },
  }),
  refunded: (fen) => ({ state: 'REFUND', refundedFen: fen }),
  refundNotice: { event: 'REFUND.SUCCESS' },
  closeByHand: (peer, no) => {
    peer.trade(no).state = 'CLOSED'
  },
  words: {
    badAnswer: '微信支付下单失败：微信支付应答的签名无效（签名无效）',
    wrongKey: '微信支付下单失败：签名错误',
    refundRefused: '微信支付退款失败：订单未支付或已关闭，不能退款',
    checkOk: ['微信支付（wechat）：正常\n  已应答，请求签名与应答验签正常'],
    checkWrongKey: '微信支付（wechat）：失败\n  微信支付查询失败：签名错误',
  },
  expectChecked: (peer) => expect(peer.callsTo(/\/out-trade-no\/CHECK\d+$/, 'GET')).not.toHaveLength(0),
}

/** A provider's live settings, pointed at its peer, the site at `base`. */
const settingsOf = <P extends Peer, S extends { privateKey: string }>(
  c: Provider<P, S>,
  peer: P,
  base: string,
) => loadConfig(peer.env(base))[c.key] as unknown as S
/** The configuration's part for a provider, with `settings`. */
const sectionOf = <P extends Peer, S extends { privateKey: string }>(
  c: Provider<P, S>,
  settings: S,
): Partial<Config> => ({
  [c.key]: settings,
})

describe(alipay.name, () => providerContract(alipay))
describe(wechat.name, () => providerContract(wechat))

function providerContract<P extends Peer, S extends { privateKey: string }>(c: Provider<P, S>) {
  const { h, peer } = liveServer(c.start, c.key)
  const { pay, statusOf, orderRow, paymentsOf, spent, balanceOf, notify, notifyBySandbox } = paymentReads(h)
  const send = (d: Delivery) => notify(c.way, d)
  const notifyUrl = () => `${h.base}/pay/notify/${c.way}`

  /** An unpaid goods order of a new customer, and its QR payment opened at the peer (unpaid). */
  async function qrOrder(priceFen: number) {
    const me = await newUser(h)
    const o = await placeOrder(h, me, { priceFen })
    const r = await pay(me, o.id, c.way, c.qr)
    expect(r.http).toBe(200)
    const codeUrl = (r.data as PayAnswer).code_url as string
    return { me, ...o, codeUrl, outTradeNo: c.tradeOfCode(peer(), codeUrl) }
  }
  describe('QR pay', () => {
    it('a wallet top-up pays by the QR code and credits the balance once', async () => {
      const me = await newUser(h)
      const made = await h.post<{ id: number }>(
        '/api/Recharge/PostRechargeAppend',
        { groups: 30, title: '余额充值', price: 66.6 },
        me.auth,
      )
      const paid = await h.get<PayAnswer>(
        '/api/Recharge/GetRechargePay',
        { id: made.data.id, way: c.way },
        me.auth,
      )
      const no = c.tradeOfCode(peer(), paid.data.code_url as string)
      expect(peer().trade(no)).toMatchObject(c.topUpTrade)
      expect(await peer().pay(no)).toEqual(c.ack)
      expect(await send(c.notification(peer(), no))).toEqual(c.ack)
      expect(await balanceOf(me)).toBe(6660)
      expect(
        (await h.get<{ status: number }>('/api/Recharge/GetRecharge', { id: made.data.id }, me.auth)).data
          .status,
      ).toBe(20)
    })

    it('an answer not signed by the provider is refused and shows no QR code', async () => {
      const me = await newUser(h)
      const o = await placeOrder(h, me, { priceFen: 500 })
      peer().signAnswersWith(rsaPair().privateKey)
      try {
        expect(await pay(me, o.id, c.way, c.qr)).toMatchObject({ http: 400, data: c.words.badAnswer })
      } finally {
        peer().signAnswersWith()
      }
    })

    it('a request signed with a key the provider does not know is refused by it', async () => {
      const wrong = c.makeProvider(
        { ...settingsOf(c, peer(), h.base), privateKey: rsaPair().privatePem },
        notifyUrl(),
      )
      const asked = { outTradeNo: 'PWRONGKEY1', amountFen: 100, subject: '测试', way: c.way }
      await expect(wrong.create(asked)).rejects.toThrow(c.words.wrongKey)
      expect(peer().trades.has('PWRONGKEY1')).toBe(false)
    })
  })

  describe('a lost notification does not lose the payment', () => {
    it('the status poll asks the provider and the order is paid through the same path', async () => {
      const o = await qrOrder(4321)
      expect(await statusOf(o.me, o.id)).toBe(10) // not paid yet: asked, and the provider says so
      c.expectQueried(peer(), o.outTradeNo)
      expect(await peer().pay(o.outTradeNo, { lost: true })).toBeUndefined()
      expect((await orderRow(o.id)).status).toBe(10)
      await new Promise((r) => setTimeout(r, 3100)) // the poll asks a payment at most every 3 s
      expect(await statusOf(o.me, o.id)).toBe(20)
      expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: c.way })
      expect(await spent(o.me)).toBe(4321)
      // The notification arriving late changes nothing more.
      expect(await send(c.notification(peer(), o.outTradeNo))).toEqual(c.ack)
      expect(await spent(o.me)).toBe(4321)
    })

    it('a poll cannot make us flood the provider: one query per payment per 3 s', async () => {
      const o = await qrOrder(100)
      const before = c.queries(peer()).length
      await Promise.all(Array.from({ length: 10 }, () => statusOf(o.me, o.id)))
      expect(c.queries(peer()).length - before).toBe(1)
    })
  })

  describe('notifications: verified before anything changes, at most once', () => {
    it('refuses a forged, tampered, wrong-amount or not-ours notification and changes nothing', async () => {
      const o = await qrOrder(800)
      await peer().pay(o.outTradeNo, { lost: true })
      for (const [what, forged, answer] of c.forgeries(peer(), o.outTradeNo))
        expect(await send(forged), what).toMatchObject(answer)
      // The sandbox no longer speaks for a live way, even with its (development) secret.
      expect(await notifyBySandbox(o.outTradeNo, 800)).toBe(400)
      expect(await orderRow(o.id)).toEqual({ status: 10, pay_way: '' })
      expect(await spent(o.me)).toBe(0)
      expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([10])
      // The true one is believed.
      expect(await send(c.notification(peer(), o.outTradeNo))).toEqual(c.ack)
      expect((await orderRow(o.id)).status).toBe(20)
    })

    it('a replayed notification and 20 concurrent copies change the order once', async () => {
      const o = await qrOrder(3000)
      await peer().pay(o.outTradeNo, { lost: true })
      const one = c.notification(peer(), o.outTradeNo)
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(one)))
      expect(answers).toEqual(Array.from({ length: 20 }, () => c.ack))
      expect(await send(one)).toEqual(c.ack)
      expect(await send(c.another(peer(), o.outTradeNo))).toEqual(c.ack)
      expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: c.way })
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

  refundContract({ c, h, peer, qrOrder })
}

/** Refunds and the providers check, on the server and peer of providerContract. */
function refundContract<P extends Peer, S extends { privateKey: string }>(t: {
  c: Provider<P, S>
  h: Harness
  peer: () => P
  qrOrder: (priceFen: number) => Promise<{ id: number; code: string; me: User; outTradeNo: string }>
}) {
  const { c, h, peer, qrOrder } = t
  const { orderRow, paymentsOf, spent } = paymentReads(h)
  const notifyUrl = () => `${h.base}/pay/notify/${c.way}`
  /** The customer asks for after-sales on a paid order; an operator approves it: the answer. */
  async function approvedAfterSales(o: { id: number; code: string; me: User }, afterRemarks: string) {
    const asked = await h.post(
      '/api/Orders/PostOrdersRefund',
      { id: o.id, afterRemarks, extMore: await refundPhoto(h, o.me.auth) },
      o.me.auth,
    )
    const op = await staffSignIn(h, 'operator')
    return {
      asked,
      decided: await h.post(`/api/admin/orders/${o.code}/after-sales`, { decision: 'approve' }, op.auth),
    }
  }

  describe('refunds', () => {
    it('an approved after-sales request is refunded at the provider once; its notice changes nothing', async () => {
      const o = await qrOrder(2500)
      await peer().pay(o.outTradeNo)
      const { asked, decided } = await approvedAfterSales(o, '收到的货有破损')
      expect(asked.data).toBe('提交成功')
      expect(decided.http).toBe(200)
      expect(c.lastRefund(peer())).toMatchObject(c.refundOf(o.outTradeNo, 2500, h.base))
      expect(peer().trade(o.outTradeNo)).toMatchObject(c.refunded(2500))
      expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([40])
      expect(await orderRow(o.id)).toMatchObject({ status: 100 })
      // The provider tells of the refund; acknowledged, nothing moves.
      await peer().idle()
      expect(peer().delivered.at(-1)).toMatchObject({
        outTradeNo: o.outTradeNo,
        ...c.refundNotice,
        answer: c.ack,
      })
      expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([40])
      expect(await spent(o.me)).toBe(0)
    })

    it('a payment made after its order was cancelled is given back by finance, through the provider, once', async () => {
      const o = await qrOrder(1800)
      expect((await h.post('/api/Orders/PostOrdersStatus', { id: o.id, status: 100 }, o.me.auth)).data).toBe(
        '取消成功',
      )
      // The payer had the QR code open and pays anyway: the money is owed back.
      expect(await peer().pay(o.outTradeNo)).toEqual(c.ack)
      expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([30])
      const finance = await staffSignIn(h, 'finance')
      expect((await h.post(`/api/admin/payments/${o.outTradeNo}/refund`, {}, finance.auth)).http).toBe(200)
      expect(peer().trade(o.outTradeNo).refundedFen).toBe(1800)
      expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([40])
      // Asked again: refused by us, and the provider is not asked to pay back twice.
      const calls = c.refundCalls(peer()).length
      expect((await h.post(`/api/admin/payments/${o.outTradeNo}/refund`, {}, finance.auth)).http).toBe(400)
      expect(c.refundCalls(peer()).length).toBe(calls)
      // Asked again at the provider with the same refund number, nothing more goes back.
      const provider = c.makeProvider(settingsOf(c, peer(), h.base), notifyUrl())
      await provider.refund({ outTradeNo: o.outTradeNo, amountFen: 1800, reason: '重试' })
      expect(peer().trade(o.outTradeNo).refundedFen).toBe(1800)
      await peer().idle()
    })

    it('partial refunds add up at the provider, each its own number; a retry moves nothing, a part past the rest and a concurrent double are refused', async () => {
      const o = await qrOrder(3000)
      await peer().pay(o.outTradeNo)
      const providers = paymentProviders(
        defaultConfig({ siteUrl: h.base, ...sectionOf(c, settingsOf(c, peer(), h.base)) }),
      )
      const order = { id: o.id, code: o.code, userId: o.me.id, payWay: c.way }
      const refund = (amountFen: number) =>
        h.db
          .transaction()
          .execute((t) =>
            refundOrderPayment(
              t,
              providers,
              order,
              { amountFen, afterSaleId: null, reason: '部分退款' },
              new Date(),
            ),
          )
      const refunded = () => peer().trade(o.outTradeNo).refundedFen
      const booked = async () =>
        (await h.db.selectFrom('refunds').select('amount_fen').where('order_id', '=', o.id).execute()).map(
          (r) => r.amount_fen,
        )

      expect(await refund(1000)).toEqual({ way: c.way, amountFen: 1000, due: false })
      expect(c.lastRefund(peer())).toMatchObject(c.partOf(o.outTradeNo, 1000, 3000, `RF${o.outTradeNo}-P1`))
      await refund(1500)
      expect(c.lastRefund(peer())).toMatchObject(c.partOf(o.outTradeNo, 1500, 3000, `RF${o.outTradeNo}-P2`))
      expect(refunded()).toBe(2500)
      expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([20])

      // A third part past what is left: refused by us, the provider not asked, nothing booked.
      const calls = c.refundCalls(peer()).length
      await expect(refund(600)).rejects.toThrow('退款金额超过该付款可退的 5.00 元')
      expect(c.refundCalls(peer()).length).toBe(calls)
      expect(await booked()).toEqual([1000, 1500])

      // A retry of a part at the provider (its number again) gives nothing more back.
      await providers.of(c.way).refund({
        outTradeNo: o.outTradeNo,
        amountFen: 1500,
        reason: '重试',
        refundNo: `RF${o.outTradeNo}-P2`,
        totalFen: 3000,
      })
      expect(refunded()).toBe(2500)

      // Two of 4.00 at once with 5.00 left: one goes back, the other is refused; the sum never passes.
      const both = await Promise.allSettled([refund(400), refund(400)])
      expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
      expect(refunded()).toBe(2900)
      expect((await booked()).reduce((a, b) => a + b, 0)).toBe(2900)

      // The rest closes the payment.
      await refund(100)
      expect(refunded()).toBe(3000)
      expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([40])
      await expect(refund(1)).rejects.toThrow('该订单的付款已退回')
      expect(await booked()).toEqual([1000, 1500, 400, 100])
      await peer().idle()
    })

    it('two approvals of one partial refund at once pay back once at the provider', async () => {
      const o = await qrOrder(2000)
      await peer().pay(o.outTradeNo)
      const asked = await h.post(
        '/api/Orders/PostOrdersRefund',
        { id: o.id, afterRemarks: '少发了一件', extMore: await refundPhoto(h, o.me.auth) },
        o.me.auth,
      )
      expect(asked.data).toBe('提交成功')
      const [a, b] = [await staffSignIn(h, 'operator'), await staffSignIn(h, 'operator')]
      const approve = (auth: typeof a.auth) =>
        h.post(`/api/admin/orders/${o.code}/after-sales`, { decision: 'approve', amount: 5 }, auth)
      const both = await Promise.all([approve(a.auth), approve(b.auth)])
      expect(both.map((r) => r.http).sort()).toEqual([200, 400])
      expect(peer().trade(o.outTradeNo).refundedFen).toBe(500)
      const booked = await h.db
        .selectFrom('refunds')
        .select('amount_fen')
        .where('order_id', '=', o.id)
        .execute()
      expect(booked.map((r) => r.amount_fen)).toEqual([500])
      expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([20])
      await peer().idle()
    })

    it("the provider's refusal rolls the refund back and says why", async () => {
      const o = await qrOrder(700)
      await peer().pay(o.outTradeNo)
      c.closeByHand(peer(), o.outTradeNo)
      const { decided } = await approvedAfterSales(o, '不想要了')
      expect(decided).toMatchObject({ http: 400, data: c.words.refundRefused })
      expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([20])
      expect(await orderRow(o.id)).toMatchObject({ status: 20 })
    })
  })

  describe('npm run ops -- providers check', () => {
    it('signs a harmless query and says what answered; a wrong key fails naming the reason', async () => {
      const config = (over: Partial<S> = {}) =>
        defaultConfig({ siteUrl: h.base, ...sectionOf(c, { ...settingsOf(c, peer(), h.base), ...over }) })
      const good = await checkProviders(config())
      expect(good.ok).toBe(true)
      for (const line of c.words.checkOk) expect(good.report).toContain(line)
      c.expectChecked(peer())
      const wrong = await checkProviders(config({ privateKey: rsaPair().privatePem } as Partial<S>))
      expect(wrong.ok).toBe(false)
      expect(wrong.report).toContain(c.words.checkWrongKey)
    })
  })
}

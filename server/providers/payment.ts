import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Config } from '../config.ts'
import { alipayProvider } from './alipay.ts'
import { wechatpayProvider } from './wechatpay.ts'

/**
 * Online payments (Alipay, WeChat Pay) behind one interface, a provider per way (server/config.ts,
 * README "Going live"): `ALIPAY=live` puts way alipay in Alipay's own hands
 * (server/providers/alipay.ts); every way not switched live goes to PAYMENT_PROVIDER, the local
 * sandbox, so `npm start` with no such variable takes no real money. The server asks a way's
 * provider to start a payment (a QR code's content, or the form of the provider's own payment
 * page), hands it every notification POSTed to /pay/notify/<provider name> to verify before
 * anything is believed, asks it about a payment whose notification did not come (query), closes a
 * payment at it when its order expires (close) and refunds through it.
 *
 * `WECHATPAY=live` puts way wechat in WeChat Pay's hands (API v3, Native pay: its code_url in the
 * QR code; server/providers/wechatpay.ts): requests signed with the merchant's API key, answers
 * and notifications verified with the platform certificate or 微信支付公钥, the notification's
 * resource decrypted with the APIv3 key; no payment page.
 *
 * Whatever the provider, the notification's amount must equal the payment's, a provider's notice
 * settles only payments of the ways it takes, and the payment becomes paid by a conditional
 * update: a repeated notification changes nothing (server/modules/payments).
 */

// The ways themselves, and which provider family takes each, are the registry's (src/lib/pay-ways.ts).
import { ONLINE_WAYS, type OnlineWay, PAY_WAYS, type PayWayInfo } from '../../src/lib/pay-ways.ts'

export { isOnlineWay, ONLINE_WAYS, type OnlineWay } from '../../src/lib/pay-ways.ts'

/** A payment the server asks a provider to take. */
export interface PaymentRequest {
  /** Our unique number of the payment (payments.out_trade_no). */
  outTradeNo: string
  amountFen: number
  /** What the payer sees: the order's items or 余额充值. */
  subject: string
  way: OnlineWay
  /** China time (yyyy-mm-dd hh:mm:ss) after which the provider refuses it: the order's deadline. */
  expiresAt?: string
  /**
   * Pay on the provider's own page (PC page pay), coming back to this address; absent, or a
   * provider without such a page: a QR code.
   */
  returnUrl?: string
  /**
   * With scene h5 at Alipay: its phone page (WAP, alipay.trade.wap.pay) instead of its PC page,
   * whose 返回商家 leads to quitUrl (the order).
   */
  phone?: { quitUrl: string }
  /**
   * On a phone (the pay-way registry's scenes): `jsapi` inside WeChat's browser, paid in WeChat's
   * own pay sheet for the payer `openid`; `h5` in another phone browser, paid on the provider's
   * page (`clientIp` the payer's), coming back to `returnUrl`. Absent: a QR code or page pay.
   */
  scene?: 'jsapi' | 'h5'
  openid?: string
  clientIp?: string
}

/** What WeixinJSBridge.invoke('getBrandWCPayRequest', …) is given: signed by the merchant. */
export interface JsapiParams {
  appId: string
  timeStamp: string
  nonceStr: string
  package: string
  signType: 'RSA'
  paySign: string
}

/**
 * A started payment: what its QR code carries, the form the payer's browser submits to the
 * provider, WeChat's pay sheet's parameters (jsapi) or the page a phone browser opens (h5).
 */
export type Started = { codeUrl: string } | { form: string } | { jsapi: JsapiParams } | { h5Url: string }

/** What a verified notification says: this payment was paid, this much. */
export interface PaidNotice {
  outTradeNo: string
  amountFen: number
  /** The provider's own transaction number. */
  tradeNo: string
}

/**
 * What a verified refund notification says (WeChat's REFUND.SUCCESS / ABNORMAL / CLOSED): the
 * refund of our number `refundNo` (RF<out_trade_no>[-<after-sale id>]) went back, or failed at the
 * gateway with its `message`.
 */
export interface RefundNotice {
  outTradeNo: string
  refundNo: string
  succeeded: boolean
  message: string
}

export type Verdict =
  | { ok: true; notice: PaidNotice }
  /**
   * Signed by the provider, but no payment to settle (a refunded trade closing, say): acknowledged;
   * `refund` when it tells of a refund's outcome.
   */
  | { ok: true; notice: null; refund?: RefundNotice }
  /** 401: not signed by the provider; 400: signed but not a payment notification we read. */
  | { ok: false; status: 400 | 401; message: string }

export interface PaymentProvider {
  /** Its name in the notification path /pay/notify/<name>. */
  readonly name: string
  /** Whether `create` can answer the form of its own payment page (when asked with returnUrl). */
  readonly pagePay: boolean
  /** Whether its page has a phone version (`phone` of the request): Alipay's WAP cashier. */
  readonly phonePay?: boolean
  /** Whether `create` opens WeChat's own pay sheet (scene jsapi, with the payer's openid). */
  readonly jsapi?: boolean
  /** What the notification endpoint answers once a notification is settled: providers retry until they read it. */
  readonly ack: string
  /**
   * The body of a refused notification in the provider's documented shape (WeChat's
   * { code: 'FAIL', message }); the portal's { status, data } when absent.
   */
  refusal?(message: string): object
  /** Starts a payment: a QR code's content, or the form of the provider's page (returnUrl given, pagePay). */
  create(p: PaymentRequest): Promise<Started>
  /** Verifies a notification from its raw body and headers, before anything is believed. */
  verify(rawBody: string, header: (name: string) => string | undefined): Verdict
  /**
   * Asks the provider whether a payment was paid: its verified notice when paid; undefined when not
   * (not yet, closed, or unknown to the provider). How a lost notification is recovered.
   */
  query(outTradeNo: string): Promise<PaidNotice | undefined>
  /**
   * Closes an unpaid payment at the provider so that it can no longer be paid (its order
   * expired). Answers the paid notice instead when the payer paid first; throws when the provider
   * cannot be reached or refuses for another reason.
   */
  close(outTradeNo: string): Promise<PaidNotice | undefined>
  /**
   * Gives a paid payment's money back to the payer (Alipay alipay.trade.refund, WeChat Pay
   * POST /v3/refund/domestic/refunds, each with our out_trade_no and a refund number of ours);
   * throws when the provider refuses. The sandbox holds no money: it answers at once.
   */
  refund(p: RefundRequest): Promise<{ refundNo: string }>
}

/**
 * A refund the server asks a provider to make: all of one paid payment, or (after-sales of some
 * lines) part of it, then with its own number so each part is paid back once.
 */
export interface RefundRequest {
  outTradeNo: string
  amountFen: number
  reason: string
  /** The refund's own number; RF<outTradeNo> when not given (a whole payment's one refund). */
  refundNo?: string
  /** The payment's whole amount, when only part of it goes back. */
  totalFen?: number
}

export const SANDBOX_SIGNATURE_HEADER = 'X-Sandbox-Signature'
/** The path of the sandbox's "phone": the page the QR code opens. */
export const SANDBOX_PAGE = '/pay/sandbox'
/** Where providers POST their notifications: outside /api, so without its sign header. */
export const NOTIFY_PATH = '/pay/notify'

/** The sandbox's signature of a notification: hex HMAC-SHA256 of the raw body. */
export const sandboxSignature = (secret: string, rawBody: string) =>
  createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')

/** The body of a sandbox notification (JSON). */
export interface SandboxNotice {
  out_trade_no: string
  amount_fen: number
  trade_no: string
  trade_status: 'SUCCESS'
}

/**
 * The sandbox provider: `code_url` is a page of this server (GET /pay/sandbox/<out_trade_no>)
 * that plays the payer's phone, showing the merchant, the amount and 确认支付. Confirming sends
 * a notification signed with PAYMENT_SANDBOX_SECRET to /pay/notify/sandbox, as a provider would.
 */
export function sandboxProvider(config: Pick<Config, 'siteUrl' | 'paymentSandboxSecret'>): PaymentProvider {
  const secret = config.paymentSandboxSecret
  return {
    name: 'sandbox',
    pagePay: false,
    ack: 'success',
    async refund(p) {
      return { refundNo: `RF${p.outTradeNo}` }
    },
    // The sandbox's books are this server's own: its page notifies in the very request that
    // confirms, so no notification is ever lost, and it refuses an order no longer unpaid.
    async query() {
      return undefined
    },
    async close() {
      return undefined
    },
    async create(p) {
      const page = `${config.siteUrl}${SANDBOX_PAGE}/${encodeURIComponent(p.outTradeNo)}`
      // On a phone the sandbox's page is opened where a provider's would be (it plays the payer's phone).
      return p.scene ? { h5Url: page } : { codeUrl: page }
    },
    verify(rawBody, header) {
      const given = Buffer.from(header(SANDBOX_SIGNATURE_HEADER) ?? '', 'utf8')
      const expected = Buffer.from(sandboxSignature(secret, rawBody), 'utf8')
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, status: 401, message: '通知签名无效' }
      let body: Partial<SandboxNotice>
      try {
        body = JSON.parse(rawBody) as Partial<SandboxNotice>
      } catch {
        return { ok: false, status: 400, message: '通知内容格式不正确' }
      }
      if (
        typeof body.out_trade_no !== 'string' ||
        !Number.isSafeInteger(body.amount_fen) ||
        typeof body.trade_no !== 'string' ||
        body.trade_status !== 'SUCCESS'
      )
        return { ok: false, status: 400, message: '通知内容格式不正确' }
      return {
        ok: true,
        notice: {
          outTradeNo: body.out_trade_no,
          amountFen: body.amount_fen as number,
          tradeNo: body.trade_no,
        },
      }
    },
  }
}

/** Each online way's provider, and the providers by the name their notifications come under. */
export interface PaymentProviders {
  of(way: OnlineWay): PaymentProvider
  named(name: string): PaymentProvider | undefined
  /** The ways a provider takes: its notifications settle payments of those only. */
  waysOf(provider: PaymentProvider): OnlineWay[]
}

const made = new WeakMap<Config, PaymentProviders>()

/**
 * The providers the configuration selects: Alipay's own for way alipay with ALIPAY=live, WeChat
 * Pay's for way wechat with WECHATPAY=live, the PAYMENT_PROVIDER (sandbox) for every other way. Made once per configuration (the keys are read
 * once).
 */
export function paymentProviders(config: Config): PaymentProviders {
  const known = made.get(config)
  if (known) return known
  const fallback = sandboxProvider(config)
  // A provider family's live adapter when configured; the sandbox takes every other online way.
  const live: Record<NonNullable<PayWayInfo['provider']>, PaymentProvider | undefined> = {
    alipay: config.alipay && alipayProvider(config.alipay, `${config.siteUrl}${NOTIFY_PATH}/alipay`),
    wechatpay:
      config.wechatpay &&
      wechatpayProvider(config.wechatpay, `${config.siteUrl}${NOTIFY_PATH}/wechat`, config.wechatMp?.appId),
  }
  const byWay = Object.fromEntries(
    PAY_WAYS.filter((w) => w.online).map((w) => [w.code, (w.provider && live[w.provider]) || fallback]),
  ) as Record<OnlineWay, PaymentProvider>
  const providers: PaymentProviders = {
    of: (way) => byWay[way],
    named: (name) => Object.values(byWay).find((p) => p.name === name),
    waysOf: (provider) => ONLINE_WAYS.filter((w) => byWay[w] === provider),
  }
  made.set(config, providers)
  return providers
}

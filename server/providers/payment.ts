import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Config } from '../config.ts'

/**
 * Online payments (Alipay, WeChat Pay) behind one interface, chosen by PAYMENT_PROVIDER
 * (server/config.ts, README "Configuration"). The server asks the provider for a payment's
 * `code_url` (what the QR code carries), and hands it every notification the provider POSTs to
 * /pay/notify/<provider> to verify before anything is marked paid.
 *
 * Only the sandbox exists today: it works on one machine, with no account at any provider. The
 * real ones plug in here, each a PaymentProvider selected by its PAYMENT_PROVIDER value:
 *
 * - Alipay (`alipay`, 当面付 alipay.trade.precreate → qr_code): `create` calls precreate signed
 *   with the merchant's RSA2 private key and answers its qr_code. `verify` reads the async
 *   notification (application/x-www-form-urlencoded): drop `sign` and `sign_type`, sort the
 *   remaining parameters, join them as k=v&…, and check `sign` (base64) with RSA-SHA256 against
 *   Alipay's public key (crypto.verify('RSA-SHA256', …)); then require app_id to be ours and
 *   trade_status TRADE_SUCCESS or TRADE_FINISHED, and read out_trade_no and total_amount (yuan).
 *   The handler answers the text `success`. Variables it would need: ALIPAY_APP_ID,
 *   ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY.
 * - WeChat Pay v3 (`wechat`, Native pay POST /v3/pay/transactions/native → code_url): `create`
 *   signs the request with the merchant's API certificate key (Authorization: WECHATPAY2-SHA256-
 *   RSA2048 …). `verify` checks the Wechatpay-Signature header: RSA-SHA256 over
 *   `${Wechatpay-Timestamp}\n${Wechatpay-Nonce}\n${raw body}\n` with the platform certificate
 *   named by Wechatpay-Serial (refuse a timestamp more than 5 minutes off); then decrypts
 *   resource.ciphertext with AES-256-GCM (key = the APIv3 key, nonce = resource.nonce, AAD =
 *   resource.associated_data, the last 16 bytes of the ciphertext being the tag) and reads
 *   out_trade_no, trade_state SUCCESS and amount.total (fen). Variables: WECHATPAY_MCH_ID,
 *   WECHATPAY_APP_ID, WECHATPAY_SERIAL, WECHATPAY_PRIVATE_KEY, WECHATPAY_API_V3_KEY,
 *   WECHATPAY_PLATFORM_CERT.
 *
 * Whatever the provider, the notification's amount must equal the payment's, and the payment
 * becomes paid by a conditional update: a repeated notification changes nothing
 * (server/modules/payments).
 */

/** A payment the server asks a provider to take. */
export interface PaymentRequest {
  /** Our unique number of the payment (payments.out_trade_no). */
  outTradeNo: string
  amountFen: number
  /** What the payer sees: the order's items or 余额充值. */
  subject: string
  way: 'alipay' | 'wechat'
}

/** What a verified notification says: this payment was paid, this much. */
export interface PaidNotice {
  outTradeNo: string
  amountFen: number
  /** The provider's own transaction number. */
  tradeNo: string
}

export type Verdict =
  | { ok: true; notice: PaidNotice }
  /** 401: not signed by the provider; 400: signed but not a payment notification we read. */
  | { ok: false; status: 400 | 401; message: string }

export interface PaymentProvider {
  readonly name: string
  /** Starts a payment: the URL its QR code carries. */
  create(p: PaymentRequest): Promise<{ codeUrl: string }>
  /** Verifies a notification from its raw body and headers, before anything is believed. */
  verify(rawBody: string, header: (name: string) => string | undefined): Verdict
  /**
   * Gives a paid payment's money back to the payer (Alipay alipay.trade.refund, WeChat Pay
   * POST /v3/refund/domestic/refunds, each with our out_trade_no and a refund number of ours);
   * throws when the provider refuses. The sandbox holds no money: it answers at once.
   */
  refund(p: RefundRequest): Promise<{ refundNo: string }>
}

/** A refund the server asks a provider to make: all of one paid payment. */
export interface RefundRequest {
  outTradeNo: string
  amountFen: number
  reason: string
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
    async refund(p) {
      return { refundNo: `RF${p.outTradeNo}` }
    },
    async create(p) {
      return { codeUrl: `${config.siteUrl}${SANDBOX_PAGE}/${encodeURIComponent(p.outTradeNo)}` }
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

/** The provider PAYMENT_PROVIDER selects. */
export function paymentProvider(config: Config): PaymentProvider {
  switch (config.paymentProvider) {
    case 'sandbox':
      return sandboxProvider(config)
  }
}

import { AlipaySdk } from 'alipay-sdk'
import { fenToYuan, yuanToFen } from '../../src/lib/money.ts'
import type { Config } from '../config.ts'
import { refuse } from '../refusal.ts'
import type { PaidNotice, PaymentProvider } from './payment.ts'

/**
 * Alipay itself (ALIPAY=live; README "Going live"), through its official SDK `alipay-sdk`: every
 * request signed RSA2 with the app's private key (应用私钥), every answer and notification checked
 * with Alipay's public key (支付宝公钥) before it is believed.
 * - create: PC page pay (alipay.trade.page.pay, product FAST_INSTANT_TRADE_PAY) answers the signed
 *   form the payer's browser submits to the gateway, coming back to returnUrl; on a phone (`phone`)
 *   the same for the WAP cashier (alipay.trade.wap.pay, QUICK_WAP_WAY) with quit_url, where its
 *   返回商家 leads (the order); otherwise 当面付
 *   alipay.trade.precreate answers the qr_code. Both carry time_expire, the order's deadline, so
 *   Alipay itself refuses a payment after the order expired.
 * - verify: the async notification (form-encoded) by checkNotifySignV2 (every parameter but sign
 *   and sign_type, sorted, k=v&…, RSA-SHA256), then app_id must be ours, and seller_id our
 *   ALIPAY_SELLER_ID when set (Alipay's list of the merchant's checks); TRADE_SUCCESS and
 *   TRADE_FINISHED are payments, any other status (a refunded trade closing) is acknowledged.
 * - query, close, refund: alipay.trade.query / close / refund, the refund numbered RF<out_trade_no>
 *   (out_request_no) so that asking again never pays back twice.
 * The notification URL, SITE_URL/pay/notify/alipay, goes with each request (notify_url).
 * Failures are logged for the operator (method, trade number and Alipay's codes: never a key) and
 * refused with Alipay's own reason.
 */

type AlipayConfig = NonNullable<Config['alipay']>

/** An answer of the gateway (camelcase off: Alipay's own field names). */
interface Answer {
  code: string
  msg?: string
  sub_code?: string
  sub_msg?: string
  qr_code?: string
  trade_status?: string
  total_amount?: string
  trade_no?: string
}

const OK = '10000'
/** The trade states in which the money arrived. */
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED'])
/** Alipay's own limit for subject, and the characters its docs ask to keep out of it. */
const subjectOf = (s: string) => s.replace(/[/=&<>"'\\]/g, ' ').slice(0, 128)
const yuan = (fen: number) => fenToYuan(fen).toFixed(2)

/** Alipay's provider; `notifyUrl` is where this server takes its notifications (SITE_URL/pay/notify/alipay). */
export function alipayProvider(config: AlipayConfig, notifyUrl: string): PaymentProvider {
  const sdk = new AlipaySdk({
    appId: config.appId,
    privateKey: config.privateKey,
    keyType: 'PKCS8',
    alipayPublicKey: config.publicKey,
    gateway: config.gateway,
    camelcase: false,
  })

  /** `what` failed: logged with Alipay's codes, refused with its reason. */
  const failed = (what: string, outTradeNo: string, r: Answer) => {
    console.warn(
      `[alipay] ${what} ${outTradeNo}: ${r.code} ${r.msg ?? ''} ${r.sub_code ?? ''} ${r.sub_msg ?? ''}`,
    )
    return refuse(`${what}失败：${r.sub_msg || r.msg || r.code}`)
  }

  /** One signed request; its answer's signature checked. Unreachable or unsigned: refused. */
  async function call(
    what: string,
    method: string,
    biz: Record<string, string>,
    extra: { notifyUrl?: string } = {},
  ): Promise<Answer> {
    try {
      return (await sdk.exec(
        method,
        { bizContent: biz, ...extra },
        { validateSign: true },
      )) as unknown as Answer
    } catch (e) {
      console.warn(`[alipay] ${method} ${biz.out_trade_no}: ${e instanceof Error ? e.message : e}`)
      const unsigned = e instanceof Error && e.message.includes('验签')
      throw refuse(`${what}失败：${unsigned ? '支付宝应答的签名无效' : '支付宝暂时无法连接，请稍后再试'}`)
    }
  }

  /** A paid trade's notice, from a query answer or a notification. */
  const paid = (
    outTradeNo: string,
    r: { trade_status?: string; total_amount?: string; trade_no?: string },
  ) => {
    const fen = yuanToFen(r.total_amount ?? '')
    if (!PAID.has(r.trade_status ?? '') || fen === null || !r.trade_no) return undefined
    return { outTradeNo, amountFen: fen, tradeNo: r.trade_no } satisfies PaidNotice
  }

  const query = async (outTradeNo: string) => {
    const r = await call('支付宝查询', 'alipay.trade.query', { out_trade_no: outTradeNo })
    if (r.sub_code === 'ACQ.TRADE_NOT_EXIST') return undefined
    if (r.code !== OK) throw failed('支付宝查询', outTradeNo, r)
    return paid(outTradeNo, r)
  }

  return {
    name: 'alipay',
    pagePay: true,
    phonePay: true,
    ack: 'success',

    async create(p) {
      const biz = {
        out_trade_no: p.outTradeNo,
        total_amount: yuan(p.amountFen),
        subject: subjectOf(p.subject),
        ...(p.expiresAt ? { time_expire: p.expiresAt } : {}),
      }
      if (p.returnUrl && p.phone) {
        const form = sdk.pageExecute('alipay.trade.wap.pay', 'POST', {
          bizContent: { ...biz, product_code: 'QUICK_WAP_WAY', quit_url: p.phone.quitUrl },
          notifyUrl,
          returnUrl: p.returnUrl,
        })
        return { form }
      }
      if (p.returnUrl) {
        const form = sdk.pageExecute('alipay.trade.page.pay', 'POST', {
          bizContent: { ...biz, product_code: 'FAST_INSTANT_TRADE_PAY' },
          notifyUrl,
          returnUrl: p.returnUrl,
        })
        return { form }
      }
      const r = await call('支付宝下单', 'alipay.trade.precreate', biz, { notifyUrl })
      if (r.code !== OK || !r.qr_code) throw failed('支付宝下单', p.outTradeNo, r)
      return { codeUrl: r.qr_code }
    },

    verify(rawBody) {
      const params = Object.fromEntries(new URLSearchParams(rawBody))
      let signed = false
      try {
        signed = Boolean(params.sign) && sdk.checkNotifySignV2(params)
      } catch {}
      if (!signed) return { ok: false, status: 401, message: '通知签名无效' }
      if (params.app_id !== config.appId) return { ok: false, status: 400, message: '通知不是发给本应用的' }
      if (config.sellerId && params.seller_id !== config.sellerId)
        return { ok: false, status: 400, message: '通知的收款方不是本商家' }
      if (!params.out_trade_no || !params.trade_status)
        return { ok: false, status: 400, message: '通知内容格式不正确' }
      if (!PAID.has(params.trade_status)) return { ok: true, notice: null }
      const notice = paid(params.out_trade_no, params)
      return notice ? { ok: true, notice } : { ok: false, status: 400, message: '通知内容格式不正确' }
    },

    query,

    async close(outTradeNo) {
      const r = await call('支付宝关闭交易', 'alipay.trade.close', { out_trade_no: outTradeNo })
      // Never opened (a payment page not visited): nothing to pay, and time_expire keeps it so.
      if (r.code === OK || r.sub_code === 'ACQ.TRADE_NOT_EXIST') return undefined
      // Paid meanwhile, or closed already: the trade's own state says which.
      if (r.sub_code === 'ACQ.TRADE_STATUS_ERROR') return query(outTradeNo)
      throw failed('支付宝关闭交易', outTradeNo, r)
    },

    async refund(p) {
      const refundNo = p.refundNo ?? `RF${p.outTradeNo}`
      const r = await call('支付宝退款', 'alipay.trade.refund', {
        out_trade_no: p.outTradeNo,
        refund_amount: yuan(p.amountFen),
        out_request_no: refundNo,
        refund_reason: p.reason.slice(0, 256),
      })
      if (r.code !== OK) throw failed('支付宝退款', p.outTradeNo, r)
      return { refundNo }
    },
  }
}

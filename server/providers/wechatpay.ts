import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto'
import type { Config } from '../config.ts'
import { refuse } from '../refusal.ts'
import type { JsapiParams, PaidNotice, PaymentProvider, Verdict } from './payment.ts'

/**
 * WeChat Pay API v3 itself (WECHATPAY=live; README "Going live"), Native pay: the order's QR code
 * carries WeChat's own `code_url` (weixin://wxpay/bizpayurl?pr=…), which the payer scans.
 *
 * Written on node:crypto rather than a library: the protocol is four small pieces (sign a
 * request, verify an answer, decrypt a notification, JSON over HTTPS) and the registry's v3
 * clients are community ones that bring an HTTP client of their own (wechatpay-axios-plugin:
 * axios and an XML parser for v2, still 0.x; wechatpay-node-v3: superagent and an X.509 parser
 * pinned to exact old versions) for what fetch and node:crypto's X509Certificate already do.
 * Each piece is exported and tested against vectors the test computes on its own
 * (wechatpay.test.ts), and end to end against a peer that checks as WeChat does.
 *
 * - Every request carries `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,
 *   signature=…,timestamp=…,serial_no=…`: RSA-SHA256 with the merchant's API key over
 *   `METHOD\npath?query\ntimestamp\nnonce\nbody\n`.
 * - Every answer and notification is believed only when its Wechatpay-Signature verifies:
 *   RSA-SHA256 over `timestamp\nnonce\nbody\n` with the platform key named by Wechatpay-Serial (a
 *   platform certificate's serial, or the 微信支付公钥's PUB_KEY_ID_…), its timestamp within
 *   5 minutes of ours (an old one replayed is refused). Error answers are checked when signed.
 * - A notification's resource is AES-256-GCM encrypted with the APIv3 key (nonce and
 *   associated_data beside it, the last 16 bytes of the ciphertext the tag); its appid and mchid
 *   must be ours, and settle compares its amount.total (fen) with the payment's.
 * - close: ORDERPAID means the payer was quicker, so the trade's query decides; refund numbers
 *   are RF<out_trade_no> (out_refund_no), so asking again never pays back twice.
 * Failures are logged for the operator (what, trade number, WeChat's code and message: never a
 * key) and refused with WeChat's own message.
 */

type WechatpayConfig = NonNullable<Config['wechatpay']>

export const WECHATPAY_SCHEMA = 'WECHATPAY2-SHA256-RSA2048'
/** How far a signed timestamp may be from our clock. */
const SKEW_SECONDS = 300
const TIMEOUT_MS = 10_000

/** The string a request is signed over: method, path with its query, timestamp, nonce, body; each line ends in \n. */
export const requestMessage = (
  method: string,
  path: string,
  timestamp: string,
  nonce: string,
  body: string,
) => `${method}\n${path}\n${timestamp}\n${nonce}\n${body}\n`

/** The string WeChat signs an answer or notification over. */
export const answerMessage = (timestamp: string, nonce: string, body: string) =>
  `${timestamp}\n${nonce}\n${body}\n`

/** The Authorization header of a request: signed with the merchant's API key, named by its certificate's serial. */
export function authorization(
  c: Pick<WechatpayConfig, 'mchId' | 'serial' | 'privateKey'>,
  method: string,
  path: string,
  body: string,
  timestamp = String(Math.floor(Date.now() / 1000)),
  nonce = randomBytes(16).toString('hex'),
): string {
  const signature = createSign('RSA-SHA256')
    .update(requestMessage(method, path, timestamp, nonce, body), 'utf8')
    .sign(c.privateKey, 'base64')
  return `${WECHATPAY_SCHEMA} mchid="${c.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${c.serial}"`
}

/**
 * Whether `body` with these Wechatpay-* headers was signed by one of the platform keys, at most
 * 5 minutes from `nowSeconds`: undefined when it was, else why not.
 */
export function checkSigned(
  keys: WechatpayConfig['platformKeys'],
  header: (name: string) => string | undefined | null,
  body: string,
  nowSeconds = Date.now() / 1000,
): string | undefined {
  const serial = header('Wechatpay-Serial')
  const timestamp = header('Wechatpay-Timestamp') ?? ''
  const nonce = header('Wechatpay-Nonce') ?? ''
  const signature = header('Wechatpay-Signature') ?? ''
  if (!signature) return '未签名'
  const key = keys.find((k) => k.id === serial)
  if (!key) return `平台证书或公钥 ${serial ?? ''} 未配置`
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > SKEW_SECONDS)
    return '签名时间与本机时间相差超过 5 分钟'
  let ok = false
  try {
    ok = createVerify('RSA-SHA256')
      .update(answerMessage(timestamp, nonce, body), 'utf8')
      .verify(key.pem, signature, 'base64')
  } catch {}
  return ok ? undefined : '签名无效'
}

/** The string JSAPI's paySign is over: appId, timeStamp, nonceStr, package; each line ends in \n. */
export const paySignMessage = (appId: string, timeStamp: string, nonceStr: string, pkg: string) =>
  `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`

/** WeChat's pay sheet's parameters for `prepayId`, paySign RSA-SHA256 with the merchant's API key. */
export function jsapiParams(
  privateKey: string,
  appId: string,
  prepayId: string,
  timeStamp = String(Math.floor(Date.now() / 1000)),
  nonceStr = randomBytes(16).toString('hex'),
): JsapiParams {
  const pkg = `prepay_id=${prepayId}`
  const paySign = createSign('RSA-SHA256')
    .update(paySignMessage(appId, timeStamp, nonceStr, pkg), 'utf8')
    .sign(privateKey, 'base64')
  return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign }
}

/** A notification's encrypted resource. */
export interface EncryptedResource {
  algorithm?: string
  ciphertext: string
  nonce: string
  associated_data?: string
}

/** The plaintext of a notification's resource: AEAD_AES_256_GCM with the APIv3 key; throws when it does not decrypt. */
export function decryptResource(apiV3Key: string, r: EncryptedResource): string {
  if (r.algorithm !== undefined && r.algorithm !== 'AEAD_AES_256_GCM') throw new Error('unknown algorithm')
  const data = Buffer.from(r.ciphertext, 'base64')
  if (data.length < 16) throw new Error('too short')
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(r.nonce, 'utf8'),
  )
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'))
  decipher.setAuthTag(data.subarray(data.length - 16))
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  )
}

/** A trade as WeChat tells it (query answer, decrypted notification). */
interface Transaction {
  appid?: string
  mchid?: string
  out_trade_no?: string
  transaction_id?: string
  trade_state?: string
  amount?: { total?: number }
}

/** WeChat's answer: its HTTP status and JSON ({} for none). */
interface Answer {
  http: number
  body: Record<string, unknown> &
    Transaction & { code?: string; message?: string; code_url?: string; prepay_id?: string; h5_url?: string }
}

/** China time (yyyy-mm-dd hh:mm:ss) as WeChat's time_expire: 2026-01-02T03:04:05+08:00. */
export const rfc3339China = (chinaTime: string) => `${chinaTime.replace(' ', 'T')}+08:00`

/**
 * The longest start of `s` that fits `bytes` bytes of UTF-8, cut between characters (a Chinese
 * character is 3 bytes, an emoji 4): cutUtf8('牙科综合治疗机', 7) → '牙科'
 */
export function cutUtf8(s: string, bytes: number): string {
  let used = 0
  let out = ''
  for (const ch of s) {
    used += Buffer.byteLength(ch, 'utf8')
    if (used > bytes) break
    out += ch
  }
  return out
}

/** WeChat's limit for description is 127 bytes of UTF-8 (42 Chinese characters), not characters. */
const descriptionOf = (s: string) => cutUtf8(s, 127)

/** The trade states in which the money arrived (REFUND: it did, and some went back since). */
const PAID = new Set(['SUCCESS', 'REFUND'])

/**
 * WeChat Pay's provider; `notifyUrl` is where this server takes its notifications
 * (SITE_URL/pay/notify/wechat); `mpAppId` the 公众号 whose openids pay by JSAPI (none: no JSAPI).
 */
export function wechatpayProvider(
  config: WechatpayConfig,
  notifyUrl: string,
  mpAppId?: string,
): PaymentProvider {
  /** `what` failed: logged with WeChat's code, refused with its message. */
  const failed = (what: string, outTradeNo: string, r: Answer) => {
    console.warn(
      `[wechatpay] ${what} ${outTradeNo}: HTTP ${r.http} ${r.body.code ?? ''} ${r.body.message ?? ''}`,
    )
    return refuse(`${what}失败：${r.body.message || r.body.code || `HTTP ${r.http}`}`)
  }

  /** One signed request; its answer's signature checked. Unreachable or unsigned: refused. */
  async function call(what: string, method: 'GET' | 'POST', path: string, payload?: object): Promise<Answer> {
    const body = payload === undefined ? '' : JSON.stringify(payload)
    let res: Response
    let text: string
    try {
      res = await fetch(`${config.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: authorization(config, method, path, body),
          Accept: 'application/json',
          // WeChat refuses requests without a User-Agent.
          'User-Agent': 'dental-portal (wechatpay-v3; node)',
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: payload === undefined ? undefined : body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      text = await res.text()
    } catch (e) {
      console.warn(`[wechatpay] ${what} ${path}: ${e instanceof Error ? e.message : e}`)
      throw refuse(`${what}失败：微信支付暂时无法连接，请稍后再试`)
    }
    // A success must be signed; an error answer is believed unsigned only (it changes nothing we hold).
    const ok = res.status >= 200 && res.status < 300
    if (ok || res.headers.get('Wechatpay-Signature')) {
      const why = checkSigned(config.platformKeys, (n) => res.headers.get(n), text)
      if (why) {
        console.warn(`[wechatpay] ${what} ${path}: HTTP ${res.status}，应答验签失败：${why}`)
        throw refuse(`${what}失败：微信支付应答的签名无效（${why}）`)
      }
    }
    let json: Answer['body'] = {}
    try {
      json = text ? (JSON.parse(text) as Answer['body']) : {}
    } catch {}
    return { http: res.status, body: json }
  }

  /** A paid trade's notice, when it is one of ours and paid. */
  const paid = (t: Transaction): PaidNotice | undefined => {
    if (!PAID.has(t.trade_state ?? '') || !t.out_trade_no || !t.transaction_id) return undefined
    if (!Number.isSafeInteger(t.amount?.total)) return undefined
    return { outTradeNo: t.out_trade_no, amountFen: t.amount?.total as number, tradeNo: t.transaction_id }
  }
  // A JSAPI trade carries the 公众号's appid, the others the merchant's.
  const ours = (t: Transaction) =>
    t.mchid === config.mchId && (t.appid === config.appId || (!!mpAppId && t.appid === mpAppId))

  const tradePath = (outTradeNo: string) =>
    `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`

  async function query(outTradeNo: string) {
    const r = await call(
      '微信支付查询',
      'GET',
      `${tradePath(outTradeNo)}?mchid=${encodeURIComponent(config.mchId)}`,
    )
    if (r.http === 404 && r.body.code === 'ORDER_NOT_EXIST') return undefined
    if (r.http !== 200) throw failed('微信支付查询', outTradeNo, r)
    if (!ours(r.body))
      throw failed('微信支付查询', outTradeNo, { ...r, body: { message: '应答不是本商户的订单' } })
    return paid(r.body)
  }

  return {
    name: 'wechat',
    pagePay: false,
    jsapi: !!mpAppId,
    // HTTP 200 with no body is WeChat's success word; a refusal is 4xx/5xx with { code: 'FAIL', message }.
    ack: '',
    refusal: (message) => ({ code: 'FAIL', message }),

    async create(p) {
      const common = {
        mchid: config.mchId,
        description: descriptionOf(p.subject),
        out_trade_no: p.outTradeNo,
        // WeChat itself refuses the payment once the order expired.
        ...(p.expiresAt ? { time_expire: rfc3339China(p.expiresAt) } : {}),
        notify_url: notifyUrl,
        amount: { total: p.amountFen, currency: 'CNY' },
      }
      if (p.scene === 'jsapi') {
        if (!mpAppId) throw refuse('微信内支付未开通（未配置公众号），请选择其他支付方式')
        if (!p.openid) throw refuse('微信内支付需要先取得您的微信身份，请在微信中重新打开支付页')
        const r = await call('微信支付下单', 'POST', '/v3/pay/transactions/jsapi', {
          appid: mpAppId,
          ...common,
          payer: { openid: p.openid },
        })
        if (r.http !== 200 || typeof r.body.prepay_id !== 'string')
          throw failed('微信支付下单', p.outTradeNo, r)
        return { jsapi: jsapiParams(config.privateKey, mpAppId, r.body.prepay_id) }
      }
      if (p.scene === 'h5') {
        const r = await call('微信支付下单', 'POST', '/v3/pay/transactions/h5', {
          appid: config.appId,
          ...common,
          scene_info: { payer_client_ip: p.clientIp || '127.0.0.1', h5_info: { type: 'Wap' } },
        })
        if (r.http !== 200 || typeof r.body.h5_url !== 'string') throw failed('微信支付下单', p.outTradeNo, r)
        // WeChat sends the payer back to redirect_url (url-encoded) after its page; none: it stays there.
        return {
          h5Url: p.returnUrl
            ? `${r.body.h5_url}&redirect_url=${encodeURIComponent(p.returnUrl)}`
            : r.body.h5_url,
        }
      }
      const r = await call('微信支付下单', 'POST', '/v3/pay/transactions/native', {
        appid: config.appId,
        ...common,
      })
      if (r.http !== 200 || typeof r.body.code_url !== 'string') throw failed('微信支付下单', p.outTradeNo, r)
      return { codeUrl: r.body.code_url }
    },

    verify(rawBody, header): Verdict {
      if (checkSigned(config.platformKeys, header, rawBody))
        return { ok: false, status: 401, message: '通知签名无效' }
      let event: { event_type?: string; resource?: EncryptedResource }
      let t: Transaction & { original_type?: string }
      try {
        event = JSON.parse(rawBody)
        t = JSON.parse(decryptResource(config.apiV3Key, event.resource as EncryptedResource))
      } catch {
        return { ok: false, status: 400, message: '通知内容格式不正确或无法解密（核对 APIv3 密钥）' }
      }
      // A refund's outcome: REFUND.SUCCESS changes nothing; REFUND.ABNORMAL (the payer's card
      // closed …) and REFUND.CLOSED are a refund that did not reach the payer, for finance.
      if (event.event_type?.startsWith('REFUND.')) {
        const r = t as {
          out_trade_no?: string
          out_refund_no?: string
          refund_status?: string
          mchid?: string
        }
        if (r.mchid !== config.mchId) return { ok: false, status: 400, message: '通知不是发给本商户的' }
        if (typeof r.out_trade_no !== 'string' || typeof r.out_refund_no !== 'string')
          return { ok: false, status: 400, message: '通知内容格式不正确' }
        const succeeded = r.refund_status === 'SUCCESS'
        const summary = (event as { summary?: string }).summary
        return {
          ok: true,
          notice: null,
          refund: {
            outTradeNo: r.out_trade_no,
            refundNo: r.out_refund_no,
            succeeded,
            message: `微信支付退款${r.refund_status === 'CLOSED' ? '关闭' : succeeded ? '成功' : '异常'}（${r.refund_status ?? event.event_type}）${summary ? `：${summary}` : ''}`,
          },
        }
      }
      if (event.event_type !== 'TRANSACTION.SUCCESS') return { ok: true, notice: null }
      if (!ours(t)) return { ok: false, status: 400, message: '通知不是发给本商户的' }
      const notice = paid(t)
      return notice ? { ok: true, notice } : { ok: false, status: 400, message: '通知内容格式不正确' }
    },

    query,

    async close(outTradeNo) {
      const r = await call('微信支付关闭订单', 'POST', `${tradePath(outTradeNo)}/close`, {
        mchid: config.mchId,
      })
      if (
        r.http === 204 ||
        r.http === 200 ||
        r.body.code === 'ORDER_NOT_EXIST' ||
        r.body.code === 'ORDER_CLOSED'
      )
        return undefined
      // Paid meanwhile: the trade's own state says so.
      if (r.body.code === 'ORDERPAID') return query(outTradeNo)
      throw failed('微信支付关闭订单', outTradeNo, r)
    },

    async refund(p) {
      const refundNo = p.refundNo ?? `RF${p.outTradeNo}`
      const r = await call('微信支付退款', 'POST', '/v3/refund/domestic/refunds', {
        out_trade_no: p.outTradeNo,
        out_refund_no: refundNo,
        reason: [...p.reason].slice(0, 80).join(''),
        notify_url: notifyUrl,
        amount: { refund: p.amountFen, total: p.totalFen ?? p.amountFen, currency: 'CNY' },
      })
      // Accepted: WeChat pays back within moments (PROCESSING), or already did (SUCCESS).
      if (r.http === 200 && (r.body.status === 'SUCCESS' || r.body.status === 'PROCESSING'))
        return { refundNo }
      throw failed('微信支付退款', p.outTradeNo, r)
    },
  }
}

/**
 * A local WeChat Pay API v3 endpoint for the tests (issue 22). It holds a platform key pair and
 * its self-signed platform certificate (or, in `publicKey` mode, a 微信支付公钥 with its
 * PUB_KEY_ID_…), the merchant's API key pair and the APIv3 key, all generated here, and checks
 * what our server sends as WeChat does, with code of its own (no line of
 * server/providers/wechatpay.ts is used here):
 * - every request's Authorization: schema WECHATPAY2-SHA256-RSA2048, our mchid, the merchant
 *   certificate's serial_no, a timestamp within 5 minutes and the RSA-SHA256 signature over
 *   `METHOD\npath?query\ntimestamp\nnonce\nbody\n` with the merchant's public key; a bad one is
 *   answered 401 SIGN_ERROR, as WeChat answers it;
 * - every answer (errors too) signed with the platform key: Wechatpay-Timestamp, -Nonce, -Serial
 *   and -Signature over `timestamp\nnonce\nbody\n`;
 * - Native pay (code_url weixin://wxpay/bizpayurl?pr=…), query by out_trade_no, close and
 *   domestic refunds (out_refund_no idempotent, never more than was paid) on trades it keeps
 *   (NOTPAY, SUCCESS, CLOSED, REFUND), with WeChat's error codes (ORDER_NOT_EXIST, ORDERPAID …);
 * - JSAPI (/v3/pay/transactions/jsapi: payer.openid one this peer's 网页授权 gave, prepay_id) and
 *   H5 pay (/v3/pay/transactions/h5: scene_info.payer_client_ip and h5_info required, h5_url);
 * - the 公众号's 网页授权 (issue 41): GET /connect/oauth2/authorize (snsapi_base: straight back to
 *   redirect_uri with code and state) and GET /sns/oauth2/access_token (appid, secret, a code
 *   used once → openid; WeChat's errcode otherwise);
 * - WeChat's pay sheet's stand-in: POST /test/pay-sheet with getBrandWCPayRequest's parameters
 *   verifies paySign (RSA-SHA256 over appId\ntimeStamp\nnonceStr\npackage\n) with the merchant's
 *   public key and pays the trade of that prepay_id; GET of an h5_url pays and goes to its
 *   redirect_url, as the payer confirming on WeChat's page;
 * - paying a trade (`pay`, `scan`, or POST /test/scan {code_url} for the e2e journey) sends the
 *   signed notification with the AES-256-GCM encrypted transaction to the trade's notify_url
 *   (unless told to lose it); a refund sends REFUND.SUCCESS in the background.
 * Every call is recorded in `calls`.
 */
import { createCipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { AsnConvert } from '@peculiar/asn1-schema'
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  Name,
  RelativeDistinguishedName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from '@peculiar/asn1-x509'
import {
  background,
  type Delivered,
  post,
  readBody,
  rsaPair,
  serve,
  tradeBook,
  writeFiles,
} from './peer-kit.ts'

export { type Delivered, rsaPair } from './peer-kit.ts'

export type TradeState = 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND'

export interface PeerTrade {
  outTradeNo: string
  appid: string
  mchid: string
  description: string
  total: number
  state: TradeState
  transactionId: string
  notifyUrl: string
  codeUrl: string
  /** NATIVE, JSAPI or MWEB (H5), as WeChat's trade_type says it. */
  tradeType: 'NATIVE' | 'JSAPI' | 'MWEB'
  prepayId: string
  /** The JSAPI payer. */
  openid: string
  /** RFC 3339 time after which the trade can no longer be paid ('' none). */
  timeExpire: string
  successTime: string
  refundedFen: number
  /** out_refund_no → the refund's answer. */
  refunds: Map<string, Record<string, unknown>>
}

export interface PeerCall {
  method: string
  path: string
  body: Record<string, unknown>
}

/** A notification as WeChat POSTs it: JSON body and its signature headers. */
export interface Notification {
  body: string
  headers: Record<string, string>
}

const b64 = (b: Buffer) => b.toString('base64')
const ab = (b: Buffer) => new Uint8Array(b).buffer

/** A self-signed X.509 certificate of `publicKey`, as WeChat's platform certificates are X.509 (RSA, SHA256). */
export function selfSignedCert(privateKey: KeyObject, publicKey: KeyObject, serialHex: string, cn: string) {
  const sha256rsa = () => new AlgorithmIdentifier({ algorithm: '1.2.840.113549.1.1.11', parameters: null })
  const name = new Name([
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({ type: '2.5.4.3', value: new AttributeValue({ utf8String: cn }) }),
    ]),
  ])
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: ab(Buffer.from(serialHex, 'hex')),
    signature: sha256rsa(),
    issuer: name,
    subject: name,
    validity: new Validity({
      notBefore: new Date(Date.now() - 86_400_000),
      notAfter: new Date(Date.now() + 5 * 365 * 86_400_000),
    }),
    subjectPublicKeyInfo: AsnConvert.parse(
      publicKey.export({ type: 'spki', format: 'der' }),
      SubjectPublicKeyInfo,
    ),
  })
  const signature = createSign('RSA-SHA256')
    .update(Buffer.from(AsnConvert.serialize(tbs)))
    .sign(privateKey)
  const der = Buffer.from(
    AsnConvert.serialize(
      new Certificate({
        tbsCertificate: tbs,
        signatureAlgorithm: sha256rsa(),
        signatureValue: ab(signature),
      }),
    ),
  )
  return `-----BEGIN CERTIFICATE-----\n${b64(der)
    .match(/.{1,64}/g)
    ?.join('\n')}\n-----END CERTIFICATE-----\n`
}

/** A serial number as WeChat's certificates have them: 40 hex digits, upper case, the first below 8. */
const serialHex = () => {
  const b = randomBytes(20)
  b[0] = ((b[0] as number) & 0x6f) | 0x10 // positive, and no leading zero for DER to drop
  return b.toString('hex').toUpperCase()
}
/** An APIv3 key: 32 characters, as the 商户平台 asks for. */
const apiV3KeyOf = () => randomBytes(24).toString('base64').replace(/[+/]/g, 'x').slice(0, 32)

/** AEAD_AES_256_GCM as WeChat encrypts a notification's resource: ciphertext ‖ 16-byte tag, base64. */
export function encryptResource(apiV3Key: string, plaintext: string, associatedData: string, nonce: string) {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce))
  cipher.setAAD(Buffer.from(associatedData))
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return b64(sealed)
}

/** RFC 3339 in China time, as WeChat writes times: 2026-01-02T03:04:05+08:00. */
export const chinaRfc3339 = (d = new Date()) =>
  `${new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`

/** The parameters of an Authorization header: WECHATPAY2-SHA256-RSA2048 k="v",k="v". */
function authParams(value: string): Record<string, string> | undefined {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(value)
  if (!m) return undefined
  return Object.fromEntries([...(m[1] as string).matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]))
}

/** A trade as WeChat answers a query of it (and seals it into a notification). */
const transaction = (t: PeerTrade) => ({
  appid: t.appid,
  mchid: t.mchid,
  out_trade_no: t.outTradeNo,
  ...(t.state === 'NOTPAY' || t.state === 'CLOSED' ? {} : { transaction_id: t.transactionId }),
  trade_type: t.tradeType,
  trade_state: t.state,
  trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', REFUND: '转入退款' }[t.state],
  ...(t.successTime
    ? {
        bank_type: 'OTHERS',
        success_time: t.successTime,
        payer: { openid: t.openid || 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      }
    : {}),
  amount: {
    total: t.total,
    currency: 'CNY',
    ...(t.successTime ? { payer_total: t.total, payer_currency: 'CNY' } : {}),
  },
})

/** Closed by its time_expire? Then it is CLOSED, as WeChat shows it. */
function age(t: PeerTrade) {
  if (t.state === 'NOTPAY' && t.timeExpire && Date.now() > Date.parse(t.timeExpire)) t.state = 'CLOSED'
  return t
}

/** What WeChat knows of the merchant: its number, its certificate's serial and public key. */
interface Merchant {
  mchId: string
  serial: string
  publicKey: KeyObject
}

/** Checks a request's Authorization as WeChat does: undefined when it is ours and signed, else why not. */
function refusal(merchant: Merchant, req: IncomingMessage, path: string, body: string): string | undefined {
  const p = authParams(String(req.headers.authorization ?? ''))
  if (!p) return '缺少或错误的 Authorization 头'
  if (p.mchid !== merchant.mchId) return '商户号不存在'
  if (p.serial_no !== merchant.serial) return '商户证书序列号有误'
  if (!p.timestamp || Math.abs(Date.now() / 1000 - Number(p.timestamp)) > 300) return '签名时间戳过期'
  const message = `${req.method}\n${path}\n${p.timestamp}\n${p.nonce_str}\n${body}\n`
  const ok =
    Boolean(p.signature) &&
    createVerify('RSA-SHA256')
      .update(message)
      .verify(merchant.publicKey, p.signature as string, 'base64')
  return ok ? undefined : '签名错误'
}

/** What a trade type answers: Native's code_url, JSAPI's prepay_id, H5's h5_url. */
const opened = (t: PeerTrade): Record<string, string> =>
  t.tradeType === 'NATIVE'
    ? { code_url: t.codeUrl }
    : t.tradeType === 'JSAPI'
      ? { prepay_id: t.prepayId }
      : { h5_url: t.codeUrl }

/**
 * POST /v3/pay/transactions/native|jsapi|h5: the trade opened (or the same one again, unless it
 * differs or closed), its code_url, prepay_id or h5_url; or the refusal as [http, code, message].
 */
function openTrade(
  trades: Map<string, PeerTrade>,
  ids: { mchId: string; appId: string; base: string; openids: Set<string> },
  body: Record<string, unknown>,
  tradeType: PeerTrade['tradeType'] = 'NATIVE',
): Record<string, string> | [number, string, string] {
  const amount = body.amount as { total?: unknown; currency?: unknown } | undefined
  if (body.mchid !== ids.mchId || body.appid !== ids.appId)
    return [400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配']
  const openid = String((body.payer as { openid?: unknown } | undefined)?.openid ?? '')
  if (tradeType === 'JSAPI' && !openid)
    return [
      400,
      'PARAM_ERROR',
      '输入源“/body/payer/openid”映射到字段“用户标识”必填性规则校验失败，此字段为必填项',
    ]
  // An openid is per appid: one this 公众号's 网页授权 never gave is not its user's.
  if (tradeType === 'JSAPI' && !ids.openids.has(openid)) return [400, 'PARAM_ERROR', 'openid和appid不匹配']
  if (tradeType === 'MWEB') {
    const scene = body.scene_info as { payer_client_ip?: unknown; h5_info?: { type?: unknown } } | undefined
    if (!scene?.payer_client_ip) return [400, 'PARAM_ERROR', '输入源“/body/scene_info/payer_client_ip”必填']
    if (!scene.h5_info?.type) return [400, 'PARAM_ERROR', '输入源“/body/scene_info/h5_info/type”必填']
  }
  const no = String(body.out_trade_no ?? '')
  if (
    !/^[A-Za-z0-9_\-|*]{6,32}$/.test(no) ||
    !Number.isSafeInteger(amount?.total) ||
    (amount?.total as number) <= 0 ||
    !body.description ||
    !String(body.notify_url ?? '').startsWith('http')
  )
    return [400, 'PARAM_ERROR', '参数错误']
  const known = trades.get(no)
  if (known) {
    if (
      known.total !== amount?.total ||
      known.description !== body.description ||
      known.tradeType !== tradeType ||
      (tradeType === 'JSAPI' && known.openid !== openid)
    )
      return [400, 'INVALID_REQUEST', '201 商户订单号重复']
    if (age(known).state === 'CLOSED') return [400, 'ORDER_CLOSED', '订单已关闭']
    return opened(known)
  }
  const prepayId = `wx${randomBytes(16).toString('hex')}`
  const t: PeerTrade = {
    outTradeNo: no,
    appid: ids.appId,
    mchid: ids.mchId,
    description: String(body.description),
    total: amount?.total as number,
    state: 'NOTPAY',
    transactionId: `4200${randomBytes(12).toString('hex').slice(0, 24)}`,
    notifyUrl: String(body.notify_url),
    codeUrl:
      tradeType === 'MWEB'
        ? `${ids.base}/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepayId}&package=${randomBytes(4).readUInt32BE()}`
        : `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}`,
    tradeType,
    prepayId,
    openid: tradeType === 'JSAPI' ? openid : '',
    timeExpire: String(body.time_expire ?? ''),
    successTime: '',
    refundedFen: 0,
    refunds: new Map(),
  }
  trades.set(no, t)
  return opened(t)
}

/** POST /v3/refund/domestic/refunds of `t`, numbered `no`: the refund's answer, or the refusal as [http, code, message]. */
function refundTrade(
  t: PeerTrade,
  no: string,
  body: Record<string, unknown>,
): Record<string, unknown> | [number, string, string] {
  const amount = body.amount as { refund?: number; total?: number; currency?: string } | undefined
  if (t.state !== 'SUCCESS' && t.state !== 'REFUND')
    return [400, 'INVALID_REQUEST', '订单未支付或已关闭，不能退款']
  if (amount?.total !== t.total) return [400, 'INVALID_REQUEST', '订单金额与原订单不符']
  const want = Number(amount?.refund)
  if (!Number.isSafeInteger(want) || want <= 0 || t.refundedFen + want > t.total)
    return [403, 'NOT_ENOUGH', '退款金额超过可退金额']
  t.refundedFen += want
  t.state = 'REFUND'
  const refund = {
    refund_id: `5030${randomBytes(12).toString('hex').slice(0, 24)}`,
    out_refund_no: no,
    transaction_id: t.transactionId,
    out_trade_no: t.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    create_time: chinaRfc3339(),
    status: 'PROCESSING',
    amount: { total: t.total, refund: want, payer_total: t.total, payer_refund: want, currency: 'CNY' },
  }
  t.refunds.set(no, refund)
  return refund
}

/** What WeChat signs and seals with: the platform key, its id in Wechatpay-Serial, the APIv3 key. */
interface Platform {
  id: string
  privateKey: KeyObject
  apiV3Key: string
}

/** How a notification differs from the true one (a test's forgery), or what it tells of. */
interface NotificationOptions {
  overrides?: Record<string, unknown>
  key?: KeyObject | string
  timestamp?: number
  event?: 'TRANSACTION.SUCCESS' | 'REFUND.SUCCESS' | 'REFUND.ABNORMAL' | 'REFUND.CLOSED'
  resource?: object
  apiV3Key?: string
}

/** The Wechatpay-* headers of `body`, signed with `key` at `timestamp`. */
function signedBy(
  platform: Platform,
  body: string,
  key: KeyObject | string = platform.privateKey,
  timestamp = Date.now() / 1000,
) {
  const ts = String(Math.floor(timestamp))
  const nonce = randomBytes(16).toString('hex').toUpperCase()
  return {
    'Wechatpay-Timestamp': ts,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Serial': platform.id,
    'Wechatpay-Signature': createSign('RSA-SHA256').update(`${ts}\n${nonce}\n${body}\n`).sign(key, 'base64'),
  }
}

/** A notification of `t` as WeChat posts it: its transaction (with `overrides`) encrypted, signed with `key`. */
function notificationOf(platform: Platform, t: PeerTrade, o: NotificationOptions = {}): Notification {
  const event = o.event ?? 'TRANSACTION.SUCCESS'
  const original = event === 'TRANSACTION.SUCCESS' ? 'transaction' : 'refund'
  const plain = o.resource ?? { ...transaction(t), ...o.overrides }
  const nonce = randomBytes(6).toString('hex')
  const body = JSON.stringify({
    id: `EV-${randomBytes(10).toString('hex')}`,
    create_time: chinaRfc3339(),
    resource_type: 'encrypt-resource',
    event_type: event,
    summary: {
      'TRANSACTION.SUCCESS': '支付成功',
      'REFUND.SUCCESS': '退款成功',
      'REFUND.ABNORMAL': '退款异常',
      'REFUND.CLOSED': '退款关闭',
    }[event],
    resource: {
      original_type: original,
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: encryptResource(o.apiV3Key ?? platform.apiV3Key, JSON.stringify(plain), original, nonce),
      associated_data: original,
      nonce,
    },
  })
  return {
    body,
    headers: { 'Content-Type': 'application/json', ...signedBy(platform, body, o.key, o.timestamp) },
  }
}

export async function startWechatpayPeer(opts: { port?: number; mode?: 'cert' | 'publicKey' } = {}) {
  const mode = opts.mode ?? 'cert'
  const mchId = '1900000109'
  const appId = 'wxd678efh567hg6787'
  /** The 公众号's AppSecret (its appid is appId: the merchant's bound 公众号). */
  const mpSecret = randomBytes(16).toString('hex')
  /** The payer's openid in this 公众号, and the 网页授权 codes not yet exchanged (code → openid). */
  let payerOpenid = `o${randomBytes(14).toString('base64url')}`
  const openids = new Set<string>([payerOpenid])
  const codes = new Map<string, string>()
  const apiV3Key = apiV3KeyOf()
  const merchant = rsaPair()
  const merchantSerial = serialHex()
  const platform = rsaPair()
  const platformSerial = serialHex()
  const platformCert = selfSignedCert(
    platform.privateKey,
    platform.publicKey,
    platformSerial,
    'Tenpay.com Root CA',
  )
  const publicKeyId = `PUB_KEY_ID_0${mchId}${randomBytes(8).toString('hex').toUpperCase()}`
  /** What names the platform key in Wechatpay-Serial. */
  const platformId = mode === 'cert' ? platformSerial : publicKeyId

  const { trades, trade } = tradeBook<PeerTrade>()
  const calls: PeerCall[] = []
  const sent = background()
  const delivered: { outTradeNo: string; event: string; answer: Delivered }[] = []
  let base = ''
  /** Sign answers with another key: what a man in the middle would do. */
  let answerKey: KeyObject = platform.privateKey
  const signer: Platform = { id: platformId, privateKey: platform.privateKey, apiV3Key }
  const signed = (body: string, key?: KeyObject | string) => signedBy(signer, body, key)
  const notification = (t: PeerTrade, o?: NotificationOptions) => notificationOf(signer, t, o)

  const answer = (res: ServerResponse, http: number, body?: object) => {
    const text = body === undefined ? '' : JSON.stringify(body)
    res.writeHead(http, {
      ...(text ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
      'Request-ID': randomBytes(12).toString('hex'),
      ...signed(text, answerKey),
    })
    res.end(text)
  }
  const error = (res: ServerResponse, http: number, code: string, message: string) =>
    answer(res, http, { code, message })

  const deliver = post

  async function notifyTrade(t: PeerTrade, n = notification(t)): Promise<Delivered> {
    const got = await deliver(t.notifyUrl, n)
    delivered.push({ outTradeNo: t.outTradeNo, event: JSON.parse(n.body).event_type, answer: got })
    return got
  }

  /** The payer pays `t`: refused once it expired or closed; then notified (unless lost). */
  async function payTrade(t: PeerTrade, notify: boolean): Promise<Delivered | undefined | string> {
    age(t)
    if (t.state === 'SUCCESS' || t.state === 'REFUND') return '订单已支付'
    if (t.state !== 'NOTPAY') return '订单已关闭'
    t.state = 'SUCCESS'
    t.successTime = chinaRfc3339()
    return notify ? notifyTrade(t) : undefined
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const raw = await readBody(req)
    let body: Record<string, unknown> = {}
    try {
      body = raw ? JSON.parse(raw) : {}
    } catch {}
    const path = url.pathname
    calls.push({ method: req.method ?? '', path: `${path}${url.search}`, body })
    const refused = refusal(
      { mchId, serial: merchantSerial, publicKey: merchant.publicKey },
      req,
      `${path}${url.search}`,
      raw,
    )
    if (refused) return error(res, 401, 'SIGN_ERROR', refused)
    if (!req.headers['user-agent']) return error(res, 400, 'PARAM_ERROR', '缺少 User-Agent')

    const open = /^\/v3\/pay\/transactions\/(native|jsapi|h5)$/.exec(path)
    if (req.method === 'POST' && open) {
      const types = { native: 'NATIVE', jsapi: 'JSAPI', h5: 'MWEB' } as const
      const type = types[open[1] as keyof typeof types]
      const made = openTrade(trades, { mchId, appId, base, openids }, body, type)
      return Array.isArray(made) ? error(res, ...made) : answer(res, 200, made)
    }

    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path)
    if (byNo) {
      const t = trades.get(decodeURIComponent(byNo[1] as string))
      if (!byNo[2] && req.method === 'GET') {
        if (url.searchParams.get('mchid') !== mchId) return error(res, 400, 'PARAM_ERROR', 'mchid 参数错误')
        if (!t) return error(res, 404, 'ORDER_NOT_EXIST', '订单不存在')
        return answer(res, 200, transaction(age(t)))
      }
      if (byNo[2] && req.method === 'POST') {
        if (body.mchid !== mchId) return error(res, 400, 'PARAM_ERROR', 'mchid 参数错误')
        if (!t) return error(res, 404, 'ORDER_NOT_EXIST', '订单不存在')
        if (t.state === 'SUCCESS' || t.state === 'REFUND') return error(res, 400, 'ORDERPAID', '订单已支付')
        t.state = 'CLOSED'
        return answer(res, 204)
      }
    }

    if (req.method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const t = trades.get(String(body.out_trade_no ?? ''))
      if (!t) return error(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在')
      const no = String(body.out_refund_no ?? '')
      const known = t.refunds.get(no)
      if (known) return answer(res, 200, known)
      const refund = refundTrade(t, no, body)
      if (Array.isArray(refund)) return error(res, ...refund)
      // WeChat tells the refund's notify_url that the money went back: in the background, as it does.
      const url2 = String(body.notify_url ?? t.notifyUrl)
      const n = notification(t, {
        event: 'REFUND.SUCCESS',
        resource: { ...refund, mchid: mchId, refund_status: 'SUCCESS', success_time: chinaRfc3339() },
      })
      sent.add(
        deliver(url2, n).then((answer) =>
          delivered.push({ outTradeNo: t.outTradeNo, event: 'REFUND.SUCCESS', answer }),
        ),
      )
      return answer(res, 200, refund)
    }
    return error(res, 404, 'NOT_FOUND', `不支持的接口 ${req.method} ${path}`)
  }

  const tradeOfCode = (codeUrl: string) => [...trades.values()].find((t) => t.codeUrl === codeUrl)
  const tradeOfPrepay = (prepayId: string) => [...trades.values()].find((t) => t.prepayId === prepayId)

  /** The pay sheet: whether paySign over the parameters verifies with the merchant's public key. */
  const paySignValid = (p: Record<string, unknown>) => {
    const message = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`
    try {
      return (
        p.signType === 'RSA' &&
        p.appId === appId &&
        typeof p.paySign === 'string' &&
        createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, p.paySign, 'base64')
      )
    } catch {
      return false
    }
  }

  /** getBrandWCPayRequest: WeChat's answer (err_msg), the trade paid and notified when all holds. */
  async function paySheet(p: Record<string, unknown>) {
    if (!paySignValid(p)) return { err_msg: 'get_brand_wcpay_request:fail', err_desc: '支付验证签名失败' }
    const t = tradeOfPrepay(String(p.package ?? '').replace(/^prepay_id=/, ''))
    if (t?.tradeType !== 'JSAPI')
      return { err_msg: 'get_brand_wcpay_request:fail', err_desc: 'prepay_id 无效' }
    const paid = await payTrade(t, true)
    return typeof paid === 'string'
      ? { err_msg: 'get_brand_wcpay_request:fail', err_desc: paid }
      : { err_msg: 'get_brand_wcpay_request:ok' }
  }

  /** The 公众号's 网页授权 (open.weixin.qq.com and api.weixin.qq.com on one port). */
  function oauth(res: ServerResponse, url: URL): boolean {
    const q = url.searchParams
    const json = (body: object) =>
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))
    if (url.pathname === '/connect/oauth2/authorize') {
      const back = q.get('redirect_uri') ?? ''
      if (q.get('appid') !== appId || q.get('response_type') !== 'code' || !back.startsWith('http'))
        return Boolean(res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('参数错误'))
      if (q.get('scope') !== 'snsapi_base')
        return Boolean(
          res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('scope 参数错误'),
        )
      const code = randomBytes(16).toString('hex')
      codes.set(code, payerOpenid)
      const to = `${back}${back.includes('?') ? '&' : '?'}code=${code}&state=${encodeURIComponent(q.get('state') ?? '')}`
      res.writeHead(302, { Location: to }).end()
      return true
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      calls.push({ method: 'GET', path: url.pathname, body: Object.fromEntries(q) })
      if (q.get('appid') !== appId) return Boolean(json({ errcode: 40013, errmsg: 'invalid appid' }))
      if (q.get('secret') !== mpSecret) return Boolean(json({ errcode: 40125, errmsg: 'invalid appsecret' }))
      if (q.get('grant_type') !== 'authorization_code')
        return Boolean(json({ errcode: 40002, errmsg: 'invalid grant_type' }))
      const openid = codes.get(q.get('code') ?? '')
      // A code is good once.
      if (!openid) return Boolean(json({ errcode: 40029, errmsg: 'invalid code' }))
      codes.delete(q.get('code') ?? '')
      return Boolean(
        json({
          access_token: randomBytes(24).toString('hex'),
          expires_in: 7200,
          refresh_token: randomBytes(24).toString('hex'),
          openid,
          scope: 'snsapi_base',
        }),
      )
    }
    return false
  }

  const server = await serve(async (req, res, url) => {
    if (url.pathname.startsWith('/v3/')) return api(req, res, url)
    // The payer's phone scans the QR code and pays (the e2e journey's "scan").
    if (url.pathname === '/test/scan' && req.method === 'POST') {
      const { code_url } = JSON.parse((await readBody(req)) || '{}') as { code_url?: string }
      const t = tradeOfCode(code_url ?? '')
      if (!t) return res.writeHead(404).end('二维码无效')
      const paid = await payTrade(t, true)
      res.writeHead(typeof paid === 'string' ? 409 : 200, { 'Content-Type': 'text/plain; charset=utf-8' })
      return res.end(typeof paid === 'string' ? paid : '支付成功')
    }
    if (req.method === 'GET' && oauth(res, url)) return
    // The e2e's WeixinJSBridge stand-in posts getBrandWCPayRequest's parameters from the page.
    if (url.pathname === '/test/pay-sheet') {
      const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Content-Type' }
      if (req.method === 'OPTIONS') return res.writeHead(204, cors).end()
      let p: Record<string, unknown> = {}
      try {
        p = JSON.parse((await readBody(req)) || '{}')
      } catch {}
      return res
        .writeHead(200, { ...cors, 'Content-Type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(await paySheet(p)))
    }
    // H5 pay's page: the payer confirms, then WeChat goes to redirect_url (none: stays).
    if (url.pathname === '/cgi-bin/mmpayweb-bin/checkmweb' && req.method === 'GET') {
      const t = [...trades.values()].find(
        (x) => x.tradeType === 'MWEB' && x.prepayId === url.searchParams.get('prepay_id'),
      )
      if (!t) return res.writeHead(404).end('商家参数格式有误')
      const paid = await payTrade(t, true)
      const back = url.searchParams.get('redirect_url')
      if (back && typeof paid !== 'string') return res.writeHead(302, { Location: back }).end()
      res.writeHead(typeof paid === 'string' ? 409 : 200, { 'Content-Type': 'text/plain; charset=utf-8' })
      return res.end(typeof paid === 'string' ? paid : '支付成功')
    }
    res.writeHead(404).end()
  }, opts.port)
  base = server.base

  return {
    base,
    mode,
    mchId,
    appId,
    apiV3Key,
    merchantSerial,
    /** The merchant's API key (apiclient_key.pem): WECHATPAY_PRIVATE_KEY. */
    merchantPrivateKey: merchant.privatePem,
    merchantPublicKey: merchant.publicKey,
    /** The merchant's API certificate (apiclient_cert.pem): its public key checks paySign. */
    merchantCert: selfSignedCert(merchant.privateKey, merchant.publicKey, merchantSerial, mchId),
    platformCert,
    platformPublicKey: platform.publicPem,
    platformSerial,
    publicKeyId,
    /** The variables that point our server at this peer, its notifications coming to `siteUrl`. */
    env: (siteUrl: string): Record<string, string> => ({
      WECHATPAY: 'live',
      WECHATPAY_MCH_ID: mchId,
      WECHATPAY_APP_ID: appId,
      WECHATPAY_SERIAL: merchantSerial,
      WECHATPAY_PRIVATE_KEY: merchant.privatePem,
      WECHATPAY_API_V3_KEY: apiV3Key,
      ...(mode === 'cert'
        ? { WECHATPAY_PLATFORM_CERT: platformCert }
        : {
            WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicPem,
            WECHATPAY_PLATFORM_PUBLIC_KEY_ID: publicKeyId,
          }),
      WECHATPAY_BASE_URL: base,
      WECHAT_MP_APP_ID: appId,
      WECHAT_MP_APP_SECRET: mpSecret,
      WECHAT_OPEN_BASE_URL: base,
      WECHAT_API_BASE_URL: base,
      SITE_URL: siteUrl,
    }),
    calls,
    trades,
    delivered,
    trade,
    /** The calls to one path (its query left out), optionally of one method. */
    callsTo: (path: RegExp, method?: string) =>
      calls.filter((c) => path.test(c.path.split('?')[0] as string) && (!method || c.method === method)),
    /** The payer pays; the notification follows unless `lost`. */
    pay: (outTradeNo: string, o: { lost?: boolean } = {}) => payTrade(trade(outTradeNo), !o.lost),
    /** The payer scans a QR code: the trade whose code_url it carries. */
    tradeOfCode,
    tradeOfPrepay,
    /** The 公众号's AppSecret and the payer's openid in it (`newPayer`: another WeChat user). */
    mpSecret,
    openid: () => payerOpenid,
    newPayer() {
      payerOpenid = `o${randomBytes(14).toString('base64url')}`
      openids.add(payerOpenid)
      return payerOpenid
    },
    /** A 网页授权 code as WeChat gives one (the authorize redirect's), for the payer. */
    oauthCode() {
      const code = randomBytes(16).toString('hex')
      codes.set(code, payerOpenid)
      return code
    },
    /** The pay sheet (getBrandWCPayRequest) with these parameters: WeChat's err_msg. */
    paySheet,
    paySignValid,
    notification: (outTradeNo: string, o?: Parameters<typeof notification>[1]) =>
      notification(trade(outTradeNo), o),
    /**
     * WeChat tells that refund `refundNo` of a trade failed after it took it: REFUND.ABNORMAL (the
     * payer's card was closed …) or REFUND.CLOSED; delivered to the trade's notify_url.
     */
    refundFails: (outTradeNo: string, refundNo: string, status: 'ABNORMAL' | 'CLOSED') => {
      const t = trade(outTradeNo)
      const r = t.refunds.get(refundNo)
      if (!r) throw new Error(`no refund ${refundNo}`)
      return deliver(
        t.notifyUrl,
        notification(t, {
          event: `REFUND.${status}`,
          resource: {
            ...r,
            mchid: mchId,
            refund_status: status,
            user_received_account: '招商银行信用卡0403',
          },
        }),
      )
    },
    /** Posts a notification to the trade's notify_url. */
    deliver: (outTradeNo: string, n: Notification) => deliver(trade(outTradeNo).notifyUrl, n),
    signAnswersWith(key?: KeyObject) {
      answerKey = key ?? platform.privateKey
    },
    /** Waits for the notifications sent in the background. */
    idle: sent.idle,
    close: server.close,
  }
}

export type WechatpayPeer = Awaited<ReturnType<typeof startWechatpayPeer>>

/**
 * By hand, to look at the live path on one machine:
 *   node tests/peers/wechatpay-peer.ts 4652 /tmp/wechatpay-peer
 * starts the endpoint on that port, writes the keys and the platform certificate into the folder
 * and prints the variables that point `npm start` at it; POST /test/scan {"code_url": …} pays.
 */
if (import.meta.main) {
  const { join } = await import('node:path')
  const [port = '4652', dir = 'data/wechatpay-peer'] = process.argv.slice(2)
  const peer = await startWechatpayPeer({ port: Number(port) })
  writeFiles(dir, {
    'apiclient_key.pem': peer.merchantPrivateKey,
    'wechatpay_platform.pem': peer.platformCert,
  })
  const env = {
    ...peer.env('http://127.0.0.1:4321'),
    WECHATPAY_PRIVATE_KEY: join(dir, 'apiclient_key.pem'),
    WECHATPAY_PLATFORM_CERT: join(dir, 'wechatpay_platform.pem'),
  }
  console.log(`WeChat Pay v3 test endpoint on ${peer.base}. Start the portal with:
${Object.entries(env)
  .map(([k, v]) => `${k}=${v}`)
  .join(' \\\n  ')} npm start`)
}

/**
 * A local Alipay gateway for the tests (issue 22): it holds an RSA key pair of its own
 * ("支付宝公钥" is its public half) and knows the app's public key, both generated here, and
 * checks what our server sends as the open platform does:
 * - every request (the SDK's POST with common parameters in the query, biz_content in the body,
 *   and the browser's submitted page-pay form alike): app_id ours, sign_type RSA2, and the RSA2
 *   signature over every parameter but `sign`, sorted, `k=v` joined by `&`, empty values left out;
 *   a bad one is answered isv.invalid-signature, as Alipay answers it;
 * - answers signed with its own key: `{"<method>_response": {…}, "sign": "…"}`, the signature over
 *   the response object's exact text;
 * - alipay.trade.precreate (a QR code opening /qr/<no>), alipay.trade.page.pay and
 *   alipay.trade.wap.pay (the PC or phone cashier page with 确认付款; the WAP one requires product
 *   QUICK_WAP_WAY and a quit_url, its 返回商家 link), alipay.trade.query, alipay.trade.close and alipay.trade.refund (refund numbers
 *   idempotent, never more than was paid) on trades it keeps, with Alipay's error codes
 *   (ACQ.TRADE_NOT_EXIST, ACQ.TRADE_STATUS_ERROR, ACQ.CONTEXT_INCONSISTENT …);
 * - paying a trade (the cashier's 确认付款, or `pay`) sends the signed async notification to the
 *   notify_url of the request, as Alipay does (unless told to lose it), and a full refund sends
 *   the TRADE_CLOSED one; the page-pay payer is sent back to return_url with the signed return
 *   parameters.
 * Every call is recorded in `calls`.
 */
import { createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
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

type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED'
type Kind = 'qr' | 'page' | 'wap'
/** The cashier methods: each with the product code Alipay requires of it. */
const CASHIERS: Record<string, { kind: Kind; product: string }> = {
  'alipay.trade.page.pay': { kind: 'page', product: 'FAST_INSTANT_TRADE_PAY' },
  'alipay.trade.wap.pay': { kind: 'wap', product: 'QUICK_WAP_WAY' },
}

export interface PeerTrade {
  outTradeNo: string
  totalAmount: string
  subject: string
  kind: Kind
  status: TradeStatus
  tradeNo: string
  notifyUrl: string
  returnUrl: string
  /** WAP: where the cashier's 返回商家 leads. */
  quitUrl: string
  /** China time after which the trade can no longer be paid ('' none). */
  timeExpire: string
  gmtCreate: string
  gmtPayment: string
  refundedFen: number
  refundNos: Set<string>
}

export interface PeerCall {
  method: string
  biz: Record<string, string>
  params: Record<string, string>
}

/** China time, Alipay's format: 2026-01-02 03:04:05. */
export function chinaTime(d = new Date()): string {
  return new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')
}

const fen = (yuan: string) => Math.round(Number(yuan) * 100)
const yuan = (f: number) => (f / 100).toFixed(2)

/** The string Alipay signs: every parameter but those left out, non-empty, sorted, k=v&…. */
export function signContent(params: Record<string, string>, leaveOut: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !leaveOut.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
}

export const rsa2 = (key: KeyObject | string, text: string) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64')

const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&#39;': "'",
}
const fromHtml = (s: string) => s.replace(/&(?:quot|amp|lt|gt|#39);/g, (e) => ENTITIES[e] ?? e)

/** A form in an HTML text as a browser reads it: its action and its named inputs' values. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*\saction="([^"]*)"/.exec(html)?.[1]
  if (action === undefined) throw new Error(`no form in: ${html.slice(0, 200)}`)
  const fields: Record<string, string> = {}
  for (const m of html.matchAll(/<input[^>]*\sname="([^"]*)"[^>]*\svalue="([^"]*)"/g))
    fields[fromHtml(m[1] as string)] = fromHtml(m[2] as string)
  return { action: fromHtml(action), fields }
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const error = (code: string, msg: string, subCode: string, subMsg: string) => ({
  code,
  msg,
  sub_code: subCode,
  sub_msg: subMsg,
})
const notExist = () => error('40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', '交易不存在')

/** A notification of `t` as Alipay posts it (form-encoded), signed with `key` (the peer's own by default). */
function notificationOf(
  appId: string,
  peerKey: KeyObject,
  t: PeerTrade,
  overrides: Record<string, string> = {},
  key: KeyObject | string = peerKey,
) {
  const params: Record<string, string> = {
    notify_time: chinaTime(),
    notify_type: 'trade_status_sync',
    notify_id: randomBytes(16).toString('hex'),
    charset: 'utf-8',
    version: '1.0',
    app_id: appId,
    auth_app_id: appId,
    trade_no: t.tradeNo,
    out_trade_no: t.outTradeNo,
    trade_status: t.status,
    total_amount: t.totalAmount,
    receipt_amount: t.totalAmount,
    buyer_pay_amount: t.totalAmount,
    subject: t.subject,
    gmt_create: t.gmtCreate,
    gmt_payment: t.gmtPayment,
    seller_id: '2088000000000001',
    buyer_id: '2088000000000002',
    buyer_logon_id: 'tes***@example.com',
    ...(t.refundedFen ? { refund_fee: yuan(t.refundedFen), gmt_refund: chinaTime() } : {}),
    ...overrides,
  }
  params.sign = rsa2(key, signContent(params, ['sign', 'sign_type']))
  params.sign_type = 'RSA2'
  return new URLSearchParams(params).toString()
}

function cashier(t: PeerTrade, note = '') {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>支付宝收银台（测试网关）</title></head>
<body><h1>支付宝收银台（测试网关）</h1>
<p class="subject">${escapeHtml(t.subject)}</p><p class="amount">¥${t.totalAmount}</p>
${note ? `<p class="note">${escapeHtml(note)}</p>` : ''}
<form method="post" action="/cashier/${encodeURIComponent(t.outTradeNo)}"><button type="submit">确认付款</button></form>
${t.quitUrl ? `<p><a class="quit" href="${escapeHtml(t.quitUrl)}">返回商家</a></p>` : ''}
</body></html>`
}

/** A trade a precreate or page pay asks for: the same number again must carry the same order. */
function openTrade(
  trades: Map<string, PeerTrade>,
  biz: Record<string, string>,
  params: Record<string, string>,
  kind: Kind,
) {
  const known = trades.get(biz.out_trade_no ?? '')
  if (known) {
    if (known.kind !== kind || known.totalAmount !== biz.total_amount || known.subject !== biz.subject)
      return error('40004', 'Business Failed', 'ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改')
    return known
  }
  if (!biz.out_trade_no || !/^\d+\.\d{2}$/.test(biz.total_amount ?? '') || !biz.subject)
    return error('40002', 'Invalid Arguments', 'isv.missing-parameter', '缺少必选参数')
  const t: PeerTrade = {
    outTradeNo: biz.out_trade_no,
    totalAmount: biz.total_amount as string,
    subject: biz.subject,
    kind,
    status: 'WAIT_BUYER_PAY',
    tradeNo: `2026${randomBytes(12).toString('hex')}`,
    notifyUrl: params.notify_url ?? '',
    returnUrl: params.return_url ?? '',
    quitUrl: biz.quit_url ?? '',
    timeExpire: biz.time_expire ?? '',
    gmtCreate: chinaTime(),
    gmtPayment: '',
    refundedFen: 0,
    refundNos: new Set(),
  }
  trades.set(t.outTradeNo, t)
  return t
}

/** What the open platform checks of every request before its method. */
function refusal(appId: string, appKey: KeyObject, params: Record<string, string>) {
  if (params.app_id !== appId)
    return error('40002', 'Invalid Arguments', 'isv.invalid-app-id', '无效的AppID参数')
  if (params.sign_type !== 'RSA2' || params.charset !== 'utf-8' || !params.timestamp)
    return error('40002', 'Invalid Arguments', 'isv.invalid-signature-type', '无效签名类型')
  const ok =
    Boolean(params.sign) &&
    createVerify('RSA-SHA256')
      .update(signContent(params, ['sign']), 'utf8')
      .verify(appKey, params.sign as string, 'base64')
  if (!ok)
    return error(
      '40002',
      'Invalid Arguments',
      'isv.invalid-signature',
      '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配',
    )
  return undefined
}

/**
 * alipay.trade.refund of `t`: refund numbers idempotent, never more than was paid; `closed` is
 * called when the whole of it went back (Alipay then tells of the closed trade).
 */
function refundTrade(t: PeerTrade, biz: Record<string, string>, closed: () => void) {
  const no = biz.out_request_no ?? t.outTradeNo
  const repeat = t.refundNos.has(no)
  const want = fen(biz.refund_amount ?? '0')
  if (!repeat) {
    if (t.status !== 'TRADE_SUCCESS')
      return error('40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法')
    if (want <= 0 || t.refundedFen + want > fen(t.totalAmount))
      return error('40004', 'Business Failed', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限')
    t.refundNos.add(no)
    t.refundedFen += want
    if (t.refundedFen === fen(t.totalAmount)) {
      t.status = 'TRADE_CLOSED'
      closed()
    }
  }
  return {
    code: '10000',
    msg: 'Success',
    out_trade_no: t.outTradeNo,
    trade_no: t.tradeNo,
    refund_fee: yuan(t.refundedFen),
    fund_change: repeat ? 'N' : 'Y',
  }
}

/** Where the cashier sends a page-pay payer back: return_url with the signed return parameters. */
function returnTo(t: PeerTrade, appId: string, peerKey: KeyObject) {
  const back: Record<string, string> = {
    charset: 'utf-8',
    out_trade_no: t.outTradeNo,
    method: `alipay.trade.${t.kind}.pay.return`,
    total_amount: t.totalAmount,
    trade_no: t.tradeNo,
    auth_app_id: appId,
    version: '1.0',
    app_id: appId,
    seller_id: '2088000000000001',
    timestamp: chinaTime(),
  }
  back.sign = rsa2(peerKey, signContent(back, ['sign', 'sign_type']))
  back.sign_type = 'RSA2'
  const to = new URL(t.returnUrl)
  for (const [k, v] of Object.entries(back)) to.searchParams.set(k, v)
  return to.toString()
}

export async function startAlipayPeer(opts: { port?: number; appId?: string } = {}) {
  const appId = opts.appId ?? '2021000000000001'
  const alipay = rsaPair()
  const app = rsaPair()
  const { trades, trade } = tradeBook<PeerTrade>()
  const calls: PeerCall[] = []
  /** Notifications sent in the background (refunds): awaited by `idle`. */
  const sent = background()
  const delivered: { outTradeNo: string; status: TradeStatus; answer: Delivered }[] = []
  let base = ''
  /** Sign answers with another key: what a man in the middle would do. */
  let answerKey: KeyObject = alipay.privateKey

  const answer = (res: ServerResponse, method: string, body: Record<string, unknown>) => {
    const inner = JSON.stringify(body)
    const key = `${method.replaceAll('.', '_')}_response`
    res.writeHead(200, { 'Content-Type': 'application/json;charset=utf-8' })
    res.end(`{"${key}":${inner},"sign":"${rsa2(answerKey, inner)}"}`)
  }

  const notification = (t: PeerTrade, overrides?: Record<string, string>, key?: KeyObject | string) =>
    notificationOf(appId, alipay.privateKey, t, overrides, key)
  const deliver = (url: string, raw: string) =>
    post(url, { body: raw, headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' } })

  /** Sends `t`'s notification to its notify_url and records our answer. */
  async function notifyTrade(t: PeerTrade): Promise<Delivered> {
    const got = await deliver(t.notifyUrl, notification(t))
    delivered.push({ outTradeNo: t.outTradeNo, status: t.status, answer: got })
    return got
  }

  /** The payer pays `t`: refused once it expired or closed; then notified (unless lost). */
  async function payTrade(t: PeerTrade, notify: boolean): Promise<Delivered | undefined | string> {
    if (t.status === 'TRADE_SUCCESS') return '交易已支付'
    if (t.timeExpire && chinaTime() > t.timeExpire) t.status = 'TRADE_CLOSED'
    if (t.status !== 'WAIT_BUYER_PAY') return '交易已关闭'
    t.status = 'TRADE_SUCCESS'
    t.gmtPayment = chinaTime()
    return notify && t.notifyUrl ? notifyTrade(t) : undefined
  }

  async function gateway(req: IncomingMessage, res: ServerResponse, url: URL) {
    const params: Record<string, string> = Object.fromEntries(url.searchParams)
    Object.assign(params, Object.fromEntries(new URLSearchParams(await readBody(req))))
    const method = params.method ?? ''
    let biz: Record<string, string> = {}
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>
    } catch {}
    calls.push({ method, biz, params })
    const refused = refusal(appId, app.publicKey, params)
    const cashierOf = CASHIERS[method]
    if (cashierOf) {
      res.writeHead(refused ? 400 : 200, { 'Content-Type': 'text/html;charset=utf-8' })
      if (refused) return res.end(`<p class="error">错误代码 ${refused.sub_code}：${refused.sub_msg}</p>`)
      if (biz.product_code !== cashierOf.product) return res.end('<p class="error">产品码错误</p>')
      if (cashierOf.kind === 'wap' && !/^https?:\/\//.test(biz.quit_url ?? ''))
        return res.end('<p class="error">缺少 quit_url</p>')
      const t = openTrade(trades, biz, params, cashierOf.kind)
      return res.end('outTradeNo' in t ? cashier(t) : `<p class="error">${t.sub_msg}</p>`)
    }
    if (refused) return answer(res, method, refused)
    const t = trades.get(biz.out_trade_no ?? '')
    switch (method) {
      case 'alipay.trade.precreate': {
        const opened = openTrade(trades, biz, params, 'qr')
        if (!('outTradeNo' in opened)) return answer(res, method, opened)
        return answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: opened.outTradeNo,
          qr_code: `${base}/qr/${encodeURIComponent(opened.outTradeNo)}`,
        })
      }
      case 'alipay.trade.query':
        if (!t) return answer(res, method, notExist())
        return answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: t.outTradeNo,
          trade_no: t.tradeNo,
          trade_status: t.status,
          total_amount: t.totalAmount,
          buyer_logon_id: 'tes***@example.com',
        })
      case 'alipay.trade.close':
        if (!t) return answer(res, method, notExist())
        if (t.status !== 'WAIT_BUYER_PAY')
          return answer(
            res,
            method,
            error('40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法'),
          )
        t.status = 'TRADE_CLOSED'
        return answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: t.outTradeNo,
          trade_no: t.tradeNo,
        })
      case 'alipay.trade.refund':
        if (!t) return answer(res, method, notExist())
        // Alipay tells the notify_url of the trade that it closed: in the background, as it does.
        return answer(
          res,
          method,
          refundTrade(t, biz, () => sent.add(notifyTrade(t))),
        )
      default:
        return answer(
          res,
          method,
          error('40004', 'Business Failed', 'isv.invalid-method', `不支持的方法 ${method}`),
        )
    }
  }

  const server = await serve(async (req, res, url) => {
    const path = decodeURIComponent(url.pathname)
    if (path === '/gateway.do') return gateway(req, res, url)
    // The QR code's page: the payer's phone.
    const shown = /^\/qr\/(.+)$/.exec(path)
    if (shown && req.method === 'GET') {
      const t = trades.get(shown[1] as string)
      res.writeHead(t ? 200 : 404, { 'Content-Type': 'text/html;charset=utf-8' })
      return res.end(t ? cashier(t) : '交易不存在')
    }
    // 确认付款 on the cashier: pay, notify, and send a page-pay payer back to return_url.
    const confirm = /^\/cashier\/(.+)$/.exec(path)
    if (confirm && req.method === 'POST') {
      const t = trades.get(confirm[1] as string)
      if (!t) return res.writeHead(404).end('交易不存在')
      const paid = await payTrade(t, true)
      if (typeof paid === 'string') {
        res.writeHead(409, { 'Content-Type': 'text/html;charset=utf-8' })
        return res.end(cashier(t, paid))
      }
      if (t.kind !== 'qr' && t.returnUrl)
        return res.writeHead(302, { Location: returnTo(t, appId, alipay.privateKey) }).end()
      res.writeHead(200, { 'Content-Type': 'text/html;charset=utf-8' })
      return res.end('<p class="done">付款成功</p>')
    }
    res.writeHead(404).end()
  }, opts.port)
  base = server.base

  return {
    base,
    gateway: `${base}/gateway.do`,
    appId,
    /** What our server is configured with: ALIPAY_PRIVATE_KEY (the app's) and ALIPAY_PUBLIC_KEY (the peer's). */
    appPrivateKey: app.privatePem,
    alipayPublicKey: alipay.publicPem,
    /** The variables that point our server at this peer, the site (its notify URL) at `siteUrl`. */
    env: (siteUrl: string): Record<string, string> => ({
      ALIPAY: 'live',
      ALIPAY_APP_ID: appId,
      ALIPAY_PRIVATE_KEY: app.privatePem,
      ALIPAY_PUBLIC_KEY: alipay.publicPem,
      ALIPAY_GATEWAY: `${base}/gateway.do`,
      SITE_URL: siteUrl,
    }),
    calls,
    trades,
    delivered,
    trade,
    /** The calls of one method. */
    callsOf: (method: string) => calls.filter((c) => c.method === method),
    /** The payer pays (scanning the QR, or on the cashier); the notification follows unless `lost`. */
    pay: (outTradeNo: string, o: { lost?: boolean } = {}) => payTrade(trade(outTradeNo), !o.lost),
    /** A notification of a trade as it stands, with `overrides`, signed by `key` (the peer's own by default). */
    notification: (outTradeNo: string, overrides?: Record<string, string>, key?: KeyObject | string) =>
      notification(trade(outTradeNo), overrides, key),
    /** Posts a notification body to the trade's notify_url. */
    deliver: (outTradeNo: string, raw: string) => deliver(trade(outTradeNo).notifyUrl, raw),
    /** Answers signed with `key` from now on (undefined: the peer's own again). */
    signAnswersWith(key?: KeyObject) {
      answerKey = key ?? alipay.privateKey
    },
    /** Waits for the notifications sent in the background. */
    idle: sent.idle,
    close: server.close,
  }
}

export type AlipayPeer = Awaited<ReturnType<typeof startAlipayPeer>>

/**
 * By hand, to look at the live path on one machine:
 *   node tests/peers/alipay-peer.ts 4651 /tmp/alipay-peer
 * starts the gateway on that port, writes the two keys into the folder and prints the variables
 * that point `npm start` at it.
 */
if (import.meta.main) {
  const { join } = await import('node:path')
  const [port = '4651', dir = 'data/alipay-peer'] = process.argv.slice(2)
  const peer = await startAlipayPeer({ port: Number(port) })
  writeFiles(dir, {
    'app_private_key.pem': peer.appPrivateKey,
    'alipay_public_key.pem': peer.alipayPublicKey,
  })
  console.log(`Alipay test gateway on ${peer.gateway}. Start the portal with:
ALIPAY=live ALIPAY_APP_ID=${peer.appId} ALIPAY_PRIVATE_KEY=${join(dir, 'app_private_key.pem')} \\
  ALIPAY_PUBLIC_KEY=${join(dir, 'alipay_public_key.pem')} ALIPAY_GATEWAY=${peer.gateway} SITE_URL=http://127.0.0.1:4321 npm start`)
}

/**
 * A local stand-in for Aliyun SMS (dysmsapi 2017-05-25) for tests and trials: it checks each
 * request's ACS3-HMAC-SHA256 signature as the real gateway does (V3 request signing: the
 * canonical request over method, path, query, the signed headers and the body's SHA-256, HMAC'd
 * with the AccessKey secret), refuses a stale date or a reused nonce, and answers SendSms,
 * GetSmsSign and GetSmsTemplate in Aliyun's JSON. Sent messages are recorded; a test can make
 * the next send fail with a given Code, or drop its connection.
 *
 *   npx node tests/peers/sms-peer.ts [port]   (prints the variables that point npm start at it)
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SentSms {
  phone: string
  signName: string
  templateCode: string
  params: Record<string, string>
}

/** A request as it arrived, to replay or tamper with. */
export interface RawRequest {
  method: string
  path: string
  headers: Record<string, string>
  body: string
}

export interface SmsPeer {
  url: string
  accessKeyId: string
  accessKeySecret: string
  signName: string
  templateCode: string
  /** Messages accepted, oldest first. */
  sent: SentSms[]
  /** Every request, signed or not, oldest first. */
  requests: RawRequest[]
  /** The next SendSms answers this Code, as Aliyun answers its refusals: HTTP 200, nothing sent. */
  failNext(code: string, message: string): void
  /** The next request's connection is closed unanswered (a network failure). */
  dropNext(): void
  /** The environment that points the portal at this peer (SMS_PROVIDER=aliyun …). */
  env(): Record<string, string>
  close(): Promise<void>
}

const VERSION = '2017-05-25'
const ALGORITHM = 'ACS3-HMAC-SHA256'
/** How far x-acs-date may be from the peer's clock, and how long a nonce is remembered. */
const WINDOW_MS = 15 * 60_000

/** RFC 3986 percent-encoding, as V3 signing asks: enc("a b*") → 'a%20b%2A'. */
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

/** A request to check: its query decoded, its headers with lower-case names. */
export interface SignedRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  body: string
}

/**
 * The signature V3 signing gives a request under `secret`, the peer's own implementation of the
 * documented algorithm (not the SDK's). Only the headers the request says it signed take part;
 * the payload hash is the body's own, so a changed body fails whatever header it carries.
 */
export function acs3Signature(req: SignedRequest, signedHeaders: string[], secret: string): string {
  const query = Object.keys(req.query)
    .sort()
    .map((k) => `${enc(k)}=${enc(req.query[k] ?? '')}`)
    .join('&')
  const headers = signedHeaders.map((h) => `${h}:${(req.headers[h] ?? '').trim()}\n`).join('')
  const canonical = [req.method, req.path, query, headers, signedHeaders.join(';'), sha256(req.body)].join(
    '\n',
  )
  return createHmac('sha256', secret)
    .update(`${ALGORITHM}\n${sha256(canonical)}`)
    .digest('hex')
}

type Refusal = { status: number; code: string; message: string }

/**
 * Checks a request's Authorization as the gateway does; null when it holds. Every x-acs-* header,
 * host and content-type present must be signed (Aliyun: all common headers but Authorization).
 */
export function checkSignature(
  req: SignedRequest,
  keys: Record<string, string>,
  nonces: Map<string, number>,
  now: number,
): Refusal | null {
  const m = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
    req.headers.authorization ?? '',
  )
  if (!m) return { status: 400, code: 'IncompleteSignature', message: 'The request signature is incomplete.' }
  const [, keyId = '', signedList = '', signature = ''] = m
  const secret = keys[keyId]
  if (secret === undefined)
    return { status: 404, code: 'InvalidAccessKeyId.NotFound', message: 'Specified access key is not found.' }
  const signed = signedList.split(';')
  const mustSign = Object.keys(req.headers).filter(
    (h) => h.startsWith('x-acs-') || h === 'host' || h === 'content-type',
  )
  const unsigned = mustSign.filter((h) => !signed.includes(h))
  if (unsigned.length || !signed.includes('x-acs-date') || !signed.includes('x-acs-signature-nonce'))
    return {
      status: 400,
      code: 'IncompleteSignature',
      message: `Headers must be signed: ${unsigned.join(', ') || 'x-acs-date, x-acs-signature-nonce'}`,
    }
  const date = Date.parse(req.headers['x-acs-date'] ?? '')
  if (
    !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(req.headers['x-acs-date'] ?? '') ||
    Math.abs(now - date) > WINDOW_MS
  )
    return {
      status: 400,
      code: 'InvalidTimeStamp.Expired',
      message: 'Specified time stamp or date value is expired.',
    }
  const expected = Buffer.from(acs3Signature(req, signed, secret))
  if (!timingSafeEqual(expected, Buffer.from(signature)))
    return {
      status: 400,
      code: 'SignatureDoesNotMatch',
      message: 'Specified signature does not match our calculation.',
    }
  // Only a valid request spends its nonce, as a forged one must not lock out the real sender.
  const nonce = req.headers['x-acs-signature-nonce'] ?? ''
  for (const [n, at] of nonces) if (now - at > WINDOW_MS) nonces.delete(n)
  if (nonces.has(nonce))
    return { status: 400, code: 'SignatureNonceUsed', message: 'Specified signature nonce was used already.' }
  nonces.set(nonce, now)
  return null
}

/** A mainland mobile number as the carriers hand them out (13x–19x): others are "illegal". */
const MOBILE = /^1[3-9]\d{9}$/

export async function startSmsPeer(
  opts: { port?: number; signName?: string; templateCode?: string; template?: string } = {},
): Promise<SmsPeer> {
  const accessKeyId = `LTAI${randomUUID().replace(/-/g, '').slice(0, 16)}`
  const accessKeySecret = randomUUID().replace(/-/g, '')
  const signName = opts.signName ?? '口腔器械商城'
  const templateCode = opts.templateCode ?? 'SMS_480000001'
  // Aliyun's own verification-code wording; ${code} is the template's variable, not ours.
  const template = opts.template ?? `您的验证码为：\${code}，5分钟内有效，请勿泄露于他人！`
  const nonces = new Map<string, number>()
  const sent: SentSms[] = []
  const requests: RawRequest[] = []
  let failure: { code: string; message: string } | null = null
  let drop = false

  const answer = (res: ServerResponse, status: number, body: Record<string, unknown>) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' })
    res.end(JSON.stringify({ RequestId: randomUUID().toUpperCase(), ...body }))
  }
  const refuse = (res: ServerResponse, r: Refusal) =>
    answer(res, r.status, { Code: r.code, Message: r.message, HostId: 'dysmsapi.aliyuncs.com' })
  /** A call the service carried out: Code and Message OK, with what the call answers. */
  const accepted = (res: ServerResponse, fields: Record<string, unknown>) =>
    answer(res, 200, { Code: 'OK', Message: 'OK', ...fields })

  /** The actions this peer knows, each given the request's parameters (query and form body). */
  const actions: Record<string, (p: Record<string, string>, res: ServerResponse) => void> = {
    SendSms(p, res) {
      const refusal = (Code: string, Message: string) => answer(res, 200, { Code, Message })
      if (failure) {
        const f = failure
        failure = null
        return refusal(f.code, f.message)
      }
      if (!MOBILE.test(p.PhoneNumbers ?? '')) return refusal('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号')
      if (p.SignName !== signName) return refusal('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名')
      if (p.TemplateCode !== templateCode)
        return refusal('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板')
      let params: Record<string, unknown>
      try {
        params = JSON.parse(p.TemplateParam ?? '{}')
      } catch {
        return refusal('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值')
      }
      if (Object.values(params).some((v) => typeof v !== 'string'))
        return refusal('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值')
      const missing = [...template.matchAll(/\$\{(\w+)\}/g)]
        .map((x) => x[1] ?? '')
        .filter((v) => !(v in params))
      if (missing.length)
        return refusal('isv.TEMPLATE_MISSING_PARAMETERS', `模版缺少变量：${missing.join(',')}`)
      sent.push({
        phone: p.PhoneNumbers ?? '',
        signName: p.SignName,
        templateCode: p.TemplateCode,
        params: params as Record<string, string>,
      })
      accepted(res, { BizId: `${Date.now()}^0` })
    },
    GetSmsSign(p, res) {
      if (p.SignName !== signName)
        return answer(res, 200, { Code: 'isv.SMS_SIGN_ILLEGAL', Message: '签名不存在' })
      accepted(res, {
        SignName: signName,
        SignStatus: 1,
        AuditInfo: { AuditDate: '2026-01-05 10:00:00', RejectInfo: '无' },
      })
    },
    GetSmsTemplate(p, res) {
      if (p.TemplateCode !== templateCode)
        return answer(res, 200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '模板不存在' })
      accepted(res, {
        TemplateCode: templateCode,
        TemplateName: '验证码',
        TemplateStatus: '1',
        TemplateContent: template,
      })
    },
  }

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    )
    requests.push({ method: req.method ?? '', path: req.url ?? '/', headers, body })
    if (drop) {
      drop = false
      req.socket.destroy()
      return
    }
    const url = new URL(req.url ?? '/', 'http://peer')
    const query = Object.fromEntries(url.searchParams)
    const refusal = checkSignature(
      { method: req.method ?? '', path: url.pathname, query, headers, body },
      { [accessKeyId]: accessKeySecret },
      nonces,
      Date.now(),
    )
    if (refusal) return refuse(res, refusal)
    if (headers['x-acs-version'] !== VERSION)
      return refuse(res, {
        status: 400,
        code: 'InvalidVersion',
        message: 'Specified parameter Version is not valid.',
      })
    const action = actions[headers['x-acs-action'] ?? '']
    if (!action)
      return refuse(res, {
        status: 404,
        code: 'InvalidAction.NotFound',
        message: 'Specified api is not found.',
      })
    const form = headers['content-type']?.startsWith('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(body))
      : {}
    action({ ...query, ...form }, res)
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    accessKeyId,
    accessKeySecret,
    signName,
    templateCode,
    sent,
    requests,
    failNext(code, message) {
      failure = { code, message }
    },
    dropNext() {
      drop = true
    },
    env: () => ({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: signName,
      ALIYUN_SMS_TEMPLATE_CODE: templateCode,
      ALIYUN_SMS_ENDPOINT: url,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

if (import.meta.main) {
  const peer = await startSmsPeer({ port: Number(process.argv[2] ?? 0) })
  console.log(`阿里云短信本地替身：${peer.url}\n用这些变量启动门户：`)
  for (const [k, v] of Object.entries(peer.env())) console.log(`${k}=${v}`)
  let shown = 0
  setInterval(() => {
    for (const m of peer.sent.slice(shown))
      console.log(`[peer] ${m.phone} ${m.templateCode} ${JSON.stringify(m.params)}`)
    shown = peer.sent.length
  }, 500)
}

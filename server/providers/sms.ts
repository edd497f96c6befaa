import { createRequire } from 'node:module'
import type { Config } from '../config.ts'
import type { CheckResult } from './check.ts'

/**
 * Text messages to phones, chosen by SMS_PROVIDER (server/config.ts, README "Going live"): the
 * server log by default, Aliyun SMS (阿里云短信服务) when it is set to `aliyun`. Whoever sends, the
 * sms_codes table stays the outbox: a code is written there only once its message left
 * (server/modules/accounts/sms-codes.ts).
 */
export interface SmsProvider {
  /** Who sends, for the operator: 本地日志, 阿里云 https://dysmsapi.aliyuncs.com. */
  readonly name: string
  /** Sends a verification code; throws SmsFailure when the message did not leave. */
  send(tel: string, message: CodeMessage): Promise<void>
  /** Asks the provider something harmless (no message sent) and says what answered. */
  check(): Promise<CheckResult>
  /**
   * Sends a 到货通知 (issue 24); throws SmsFailure when it did not leave. Absent where the
   * provider has no template for it (Aliyun without ALIYUN_SMS_STOCK_TEMPLATE_CODE): the alert
   * then reaches the customer in /message only.
   */
  sendStockAlert?(tel: string, message: StockAlertMessage): Promise<void>
  /**
   * Tells a customer of the order staff placed for them (代客下单, issue 40); throws SmsFailure
   * when it did not leave. Absent where the provider has no template for it (Aliyun without
   * ALIYUN_SMS_ORDER_TEMPLATE_CODE): the customer is told in /message only.
   */
  sendOrderNotice?(tel: string, message: OrderNoticeMessage): Promise<void>
}

/** An order placed for the customer: its code (the template's ${order}) and the whole text. */
export interface OrderNoticeMessage {
  order: string
  text: string
}

/** A back-in-stock alert: the product's name (the template's ${product}) and the whole text. */
export interface StockAlertMessage {
  product: string
  text: string
}

/** A verification code, and the whole text of it that a provider without templates sends. */
export interface CodeMessage {
  code: string
  text: string
}

/**
 * Why a message did not leave, in our terms: what the user is told depends on it (SMS_MESSAGES
 * in sms-codes.ts), whichever provider said it.
 * - tooFrequent: the provider's own flow control for this phone (1 a minute, 5 an hour …)
 * - badPhone: the provider says no phone has this number
 * - failed: anything else — our configuration, the account, the network — for the operator to fix
 */
export type SmsFailureReason = 'tooFrequent' | 'badPhone' | 'failed'

/** The provider did not take the message. Holds nothing secret: it is written to the log. */
export class SmsFailure extends Error {
  readonly reason: SmsFailureReason
  /** The provider's code (isv.BUSINESS_LIMIT_CONTROL, SignatureDoesNotMatch …) or 'network'. */
  readonly code: string
  readonly requestId: string
  /** What the operator can do about it, where we know. */
  readonly hint: string
  constructor(reason: SmsFailureReason, code: string, requestId: string, message: string, hint = '') {
    super(message)
    this.reason = reason
    this.code = code
    this.requestId = requestId
    this.hint = hint
  }
}

/** Development and tests: the message goes to the server log, where the developer reads the code. */
export const logSms: SmsProvider = {
  name: '本地日志',
  async send(tel, message) {
    console.log(`[sms] ${tel}: ${message.text}`)
  },
  async sendStockAlert(tel, message) {
    console.log(`[sms] ${tel}: ${message.text}`)
  },
  async sendOrderNotice(tel, message) {
    console.log(`[sms] ${tel}: ${message.text}`)
  },
  async check() {
    return {
      ok: true,
      lines: ['未接入短信服务商：验证码只写入服务日志与 sms_codes 表（SMS_PROVIDER=aliyun 接入阿里云短信）'],
    }
  },
}

/** The provider SMS_PROVIDER names, with its settings. */
export function smsProvider(settings: Config['sms']): SmsProvider {
  return settings.provider === 'aliyun' ? aliyunSms(settings) : logSms
}

export type AliyunSmsSettings = Extract<Config['sms'], { provider: 'aliyun' }>

// The SDK is CommonJS with `exports.default = Client`: required, so that `default` is the client
// class under Node and under TypeScript alike (an ESM default import would be module.exports).
const dysms = createRequire(import.meta.url)(
  '@alicloud/dysmsapi20170525',
) as typeof import('@alicloud/dysmsapi20170525')

/** The template variable the code fills: the template must read like 您的验证码为${code}… */
export const ALIYUN_CODE_PARAM = 'code'

/** The 到货通知 template's variable: 您订阅的${product}已到货… */
export const ALIYUN_STOCK_PARAM = 'product'

/** The 代客下单 template's variable: 业务人员已为您下单（订单号${order}）… */
export const ALIYUN_ORDER_PARAM = 'order'

/**
 * Aliyun's answer codes we know what to do with. Every other code (and a network failure) is
 * 'failed', told to the user as 短信发送失败，请稍后再试 and logged with its code for the operator.
 */
const ALIYUN_CODES: Record<string, { reason: SmsFailureReason; hint?: string }> = {
  // 1 a minute, 5 an hour, 10 a day per phone and sign: the phone asked too often.
  'isv.BUSINESS_LIMIT_CONTROL': { reason: 'tooFrequent' },
  'isv.MOBILE_NUMBER_ILLEGAL': { reason: 'badPhone' },
  'isv.SMS_SIGNATURE_ILLEGAL': {
    reason: 'failed',
    hint: '签名不可用：核对 ALIYUN_SMS_SIGN_NAME 与控制台中签名的审核状态',
  },
  'isv.SMS_SIGN_ILLEGAL': {
    reason: 'failed',
    hint: '签名不可用：核对 ALIYUN_SMS_SIGN_NAME 与控制台中签名的审核状态',
  },
  'isv.SMS_TEMPLATE_ILLEGAL': {
    reason: 'failed',
    hint: '模板不可用：核对 ALIYUN_SMS_TEMPLATE_CODE 与控制台中模板的审核状态',
  },
  'isv.TEMPLATE_MISSING_PARAMETERS': {
    reason: 'failed',
    hint: `模板只能有一个变量 \${${ALIYUN_CODE_PARAM}}（验证码）`,
  },
  'isv.AMOUNT_NOT_ENOUGH': { reason: 'failed', hint: '阿里云账户余额不足，请充值' },
  'isv.OUT_OF_SERVICE': { reason: 'failed', hint: '阿里云账户已停机（欠费），请充值' },
  'isv.DAY_LIMIT_CONTROL': { reason: 'failed', hint: '已达到控制台设置的日发送量上限' },
  'InvalidAccessKeyId.NotFound': {
    reason: 'failed',
    hint: 'AccessKey 不存在：核对 ALIYUN_SMS_ACCESS_KEY_ID',
  },
  'InvalidAccessKeyId.Inactive': { reason: 'failed', hint: 'AccessKey 已禁用：在 RAM 控制台启用或换一个' },
  SignatureDoesNotMatch: {
    reason: 'failed',
    hint: '签名校验失败：核对 ALIYUN_SMS_ACCESS_KEY_SECRET 是否与 AccessKey ID 配对',
  },
  'isp.RAM_PERMISSION_DENY': {
    reason: 'failed',
    hint: 'RAM 用户无短信权限：为其授予 AliyunDysmsFullAccess（或发送与查询的自定义权限）',
  },
  'Forbidden.RAM': {
    reason: 'failed',
    hint: 'RAM 用户无短信权限：为其授予 AliyunDysmsFullAccess（或发送与查询的自定义权限）',
  },
}

/** An answer code as a failure: aliyunFailure('isv.BUSINESS_LIMIT_CONTROL', 'F6…', '触发分钟级流控') → tooFrequent. */
function aliyunFailure(code: string, requestId: string, message: string) {
  const known = ALIYUN_CODES[code]
  const reason = known?.reason ?? (code.startsWith('Throttling') ? 'tooFrequent' : 'failed')
  return new SmsFailure(reason, code, requestId, message, known?.hint)
}

/**
 * What the SDK threw: an error answer of the gateway (HTTP 4xx/5xx: a bad signature, an unknown
 * key, throttling) carries the code and request id; anything else never reached Aliyun.
 */
function thrownFailure(e: unknown): SmsFailure {
  const err = e as { code?: unknown; requestId?: unknown; statusCode?: unknown; data?: { Message?: unknown } }
  if (typeof err?.statusCode === 'number' && typeof err.code === 'string') {
    const message = typeof err.data?.Message === 'string' ? err.data.Message : String((e as Error).message)
    return aliyunFailure(err.code, typeof err.requestId === 'string' ? err.requestId : '', message)
  }
  // A timeout's message quotes the URL, whose query holds the phone and the code: cut it off.
  const message = (e instanceof Error ? e.message : String(e)).replace(/\?\S*/g, '?…')
  return new SmsFailure(
    'failed',
    'network',
    '',
    message,
    '未能连到阿里云短信服务：检查网络与 ALIYUN_SMS_ENDPOINT',
  )
}

/** The check's words for a sign's or template's review state (GetSmsSign / GetSmsTemplate). */
const REVIEW = { '0': '审核中', '1': '审核通过', '2': '未通过审核', '10': '已取消审核' } as Record<
  string,
  string
>

/**
 * Aliyun SMS through its official SDK (SendSms of dysmsapi 2017-05-25, signed ACS3-HMAC-SHA256
 * by the SDK). The code goes into the template ALIYUN_SMS_TEMPLATE_CODE as ${code}, under the
 * approved sign ALIYUN_SMS_SIGN_NAME; one template serves every purpose, since the send call
 * (Account/GetAccountCodes) does not say which dialog asked. Never retried: SendSms is not
 * idempotent, and a second message for one click would count against the phone's limits.
 */
export function aliyunSms(s: AliyunSmsSettings): SmsProvider {
  const endpoint = new URL(s.endpoint)
  const client = new dysms.default({
    accessKeyId: s.accessKeyId,
    accessKeySecret: s.accessKeySecret,
    endpoint: endpoint.host,
    protocol: endpoint.protocol.replace(':', ''),
    regionId: 'cn-hangzhou',
    // Aliyun advises at least a second; the user waits on the answer, so not much longer.
    connectTimeout: 5_000,
    readTimeout: 10_000,
  } as ConstructorParameters<typeof dysms.default>[0])
  const call = async <T extends { code?: string; requestId?: string; message?: string }>(
    work: () => Promise<{ body?: T }>,
  ): Promise<T> => {
    let body: T | undefined
    try {
      body = (await work()).body
    } catch (e) {
      throw thrownFailure(e)
    }
    // Business refusals (flow control, a bad number, the sign …) come as HTTP 200 with their Code.
    if (body?.code !== 'OK')
      throw aliyunFailure(body?.code ?? 'unknown', body?.requestId ?? '', body?.message ?? '')
    return body
  }
  const sendWith = (tel: string, templateCode: string, params: Record<string, string>) =>
    call(() =>
      client.sendSms(
        new dysms.SendSmsRequest({
          phoneNumbers: tel,
          signName: s.signName,
          templateCode,
          templateParam: JSON.stringify(params),
        }),
      ),
    )
  return {
    name: `阿里云 ${endpoint.origin}`,
    async send(tel, message) {
      await sendWith(tel, s.templateCode, { [ALIYUN_CODE_PARAM]: message.code })
    },
    ...(s.stockTemplateCode
      ? {
          async sendStockAlert(tel: string, message: StockAlertMessage) {
            // A template variable holds at most 35 characters (Aliyun's limit for a plain value).
            const product = message.product.length > 35 ? `${message.product.slice(0, 34)}…` : message.product
            await sendWith(tel, s.stockTemplateCode, { [ALIYUN_STOCK_PARAM]: product })
          },
        }
      : {}),
    ...(s.orderTemplateCode
      ? {
          async sendOrderNotice(tel: string, message: OrderNoticeMessage) {
            await sendWith(tel, s.orderTemplateCode, { [ALIYUN_ORDER_PARAM]: message.order })
          },
        }
      : {}),
    async check() {
      try {
        const sign = await call(() =>
          client.getSmsSign(new dysms.GetSmsSignRequest({ signName: s.signName })),
        )
        const template = await call(() =>
          client.getSmsTemplate(new dysms.GetSmsTemplateRequest({ templateCode: s.templateCode })),
        )
        const signOk = sign.signStatus === 1
        const templateOk = template.templateStatus === '1'
        const content = template.templateContent ?? ''
        const hasCode = content.includes(`\${${ALIYUN_CODE_PARAM}}`)
        const reject = (info?: { rejectInfo?: string }) => (info?.rejectInfo ? `：${info.rejectInfo}` : '')
        return {
          ok: signOk && templateOk && hasCode,
          lines: [
            `AccessKey ${s.accessKeyId} 签名校验通过（RequestId ${sign.requestId ?? ''}）`,
            `签名「${s.signName}」：${REVIEW[String(sign.signStatus)] ?? `状态 ${sign.signStatus}`}${signOk ? '' : reject(sign.auditInfo)}`,
            `模板 ${s.templateCode}「${template.templateName ?? ''}」：${REVIEW[template.templateStatus ?? ''] ?? `状态 ${template.templateStatus}`}${templateOk ? '' : reject(template.auditInfo)}：${content}`,
            ...(hasCode ? [] : [`模板内容缺少变量 \${${ALIYUN_CODE_PARAM}}：验证码无处可填`]),
          ],
        }
      } catch (e) {
        if (!(e instanceof SmsFailure)) throw e
        return { ok: false, lines: [describeFailure(e)] }
      }
    },
  }
}

/**
 * A failure as the operator reads it, without the phone or any secret:
 * 'isv.BUSINESS_LIMIT_CONTROL（RequestId F65…）：触发分钟级流控Permits:1'
 */
export function describeFailure(f: SmsFailure): string {
  return `${f.code}${f.requestId ? `（RequestId ${f.requestId}）` : ''}：${f.message}${f.hint ? `；${f.hint}` : ''}`
}

import { createPrivateKey, createPublicKey, randomBytes, X509Certificate } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { z } from 'zod'
import { ALIPAY_GATEWAY } from '../src/lib/csp.ts'
import { DEV_SIGN_IV, DEV_SIGN_KEY } from '../src/lib/sign.ts'

const secret16 = (name: string) =>
  z.string().length(16, `${name} 必须为 16 个字符 (${name} must be 16 characters)`)
const flag = (on: string) =>
  z
    .string()
    .optional()
    .transform((v) => v === on)
const int = (def: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(def)
/** A setting pasted from a console: surrounding spaces dropped, empty as unset. */
const pasted = () =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)

/** What SMS_PROVIDER=aliyun cannot start without (README "Going live"). */
/** The sandbox's notification key outside production: in the source, so anyone can sign with it. */
const DEV_SANDBOX_SECRET = 'dev-sandbox-payment-secret'

const ALIYUN_SMS_REQUIRED = [
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
] as const

/** An optional value: unset and '' are the same. */
const optional = () =>
  z
    .string()
    .optional()
    .transform((v) => v || undefined)

/**
 * A provider's RSA key as configured: PEM text, the path of a file holding it, or the bare base64
 * line the providers' consoles show (Alipay's 应用私钥 and 支付宝公钥 come so). Answers it as PEM
 * (PKCS#8 private, SPKI public), or why it is not one. readKey('/no/such.pem', 'private') →
 * { error: '找不到密钥文件 /no/such.pem' }
 */
export function readKey(value: string, kind: 'private' | 'public'): { pem: string } | { error: string } {
  const bare = /^[A-Za-z0-9+/=\s]{200,}$/.test(value)
  let text = value
  if (!value.includes('-----BEGIN') && !bare) {
    try {
      text = readFileSync(value, 'utf8')
    } catch {
      return { error: `找不到密钥文件 ${value}` }
    }
  }
  const body = text.includes('-----BEGIN') ? undefined : Buffer.from(text.replace(/\s+/g, ''), 'base64')
  // A bare body says nothing of its layout: PKCS#8 or PKCS#1 private, SPKI or PKCS#1 public.
  const tries = body
    ? (kind === 'private' ? ['pkcs8', 'pkcs1'] : ['spki', 'pkcs1']).map(
        (type) => ({ key: body, format: 'der', type }) as const,
      )
    : [text]
  for (const t of tries) {
    try {
      const key = kind === 'private' ? createPrivateKey(t as never) : createPublicKey(t as never)
      if (key.asymmetricKeyType !== 'rsa') return { error: '不是 RSA 密钥（RSA2 签名需要 RSA 密钥）' }
      const pem = key.export({ type: kind === 'private' ? 'pkcs8' : 'spki', format: 'pem' })
      return { pem: String(pem) }
    } catch {}
  }
  return { error: kind === 'private' ? '不是有效的 RSA 私钥' : '不是有效的 RSA 公钥' }
}

/** A key variable: undefined when unset; a value that is no key of its kind stops the start. */
const key = (kind: 'private' | 'public') =>
  optional().transform((v, ctx) => {
    if (!v) return undefined
    const r = readKey(v, kind)
    if ('error' in r) {
      // Only the reason (the issue's path names the variable): the value may be the secret itself.
      ctx.addIssue({ code: 'custom', message: r.error })
      return z.NEVER
    }
    return r.pem
  })

/**
 * The certificates of a variable (PEM text, or the path of a file holding them): one or more, so
 * that WeChat Pay's platform certificate can be rotated with the old and new both configured.
 * Answers each one's serial number (hex, as the Wechatpay-Serial header names it) and public key
 * as PEM, or why they are not certificates.
 */
export function readCertificates(
  value: string,
): { certs: { id: string; pem: string }[] } | { error: string } {
  let text = value
  if (!value.includes('-----BEGIN')) {
    try {
      text = readFileSync(value, 'utf8')
    } catch {
      return { error: `找不到证书文件 ${value}` }
    }
  }
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
  if (!blocks.length) return { error: '不是有效的证书（应为 PEM 格式的 X.509 证书）' }
  const certs: { id: string; pem: string }[] = []
  for (const block of blocks) {
    try {
      const cert = new X509Certificate(block)
      if (cert.publicKey.asymmetricKeyType !== 'rsa') return { error: '证书的公钥不是 RSA 公钥' }
      certs.push({
        id: cert.serialNumber.toUpperCase(),
        pem: String(cert.publicKey.export({ type: 'spki', format: 'pem' })),
      })
    } catch {
      return { error: '不是有效的证书（应为 PEM 格式的 X.509 证书）' }
    }
  }
  return { certs }
}

/** What each way's live provider needs; a missing one names itself and stops the start. */
const LIVE_NEEDS = {
  ALIPAY: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'SITE_URL'],
  // And the platform's key: WECHATPAY_PLATFORM_CERT or WECHATPAY_PLATFORM_PUBLIC_KEY (superRefine).
  WECHATPAY: [
    'WECHATPAY_MCH_ID',
    'WECHATPAY_APP_ID',
    'WECHATPAY_SERIAL',
    'WECHATPAY_PRIVATE_KEY',
    'WECHATPAY_API_V3_KEY',
    'SITE_URL',
  ],
} as const

/** What COURIER=kuaidi100 cannot start without (README "Going live"). */
const KUAIDI100_REQUIRED = ['KUAIDI100_CUSTOMER', 'KUAIDI100_KEY'] as const

/** What STORAGE=s3 cannot start without (README "Going live"). */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

/**
 * Every environment variable the server reads, with README's defaults. Parsed once at start
 * (loadConfig); nothing else reads process.env (the linter holds that), so every setting
 * reaches the code through `deps.config`.
 */
const schema = z
  .object({
    PORT: int(4321, 1, 65535),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    SQLITE_FILE: z.string().default('data/portal.db'),
    PG_POOL: int(10, 1, 1000),
    UPLOAD_DIR: z.string().default('data/uploads'),
    /** Certification scans and paid course files: never served as they lie (issue 13). */
    PRIVATE_DIR: z.string().optional(),
    /** HMAC key of the short-lived links to paid course files; unset: a random one per process. */
    FILE_URL_SECRET: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.string().min(16, 'FILE_URL_SECRET 至少 16 个字符 (at least 16 characters)').optional()),
    DIST_DIR: z.string().default('dist'),
    /** Canonical links, sitemap and footer QR codes; by default the address npm start serves. */
    SITE_URL: z.url().optional(),
    /** `production`: no demo data by default, and the development sign secret is refused. */
    NODE_ENV: z.string().optional(),
    /** Demo accounts (published password demo1234), balances, orders and catalogue on first start. */
    DEMO_DATA: z.enum(['on', 'off'], { error: 'DEMO_DATA 只能是 on 或 off' }).optional(),
    SIGN_KEY: secret16('SIGN_KEY').default(DEV_SIGN_KEY),
    SIGN_IV: secret16('SIGN_IV').default(DEV_SIGN_IV),
    /** The sign secret compiled into the browser bundle by npm start's builds; by default the server's. */
    PUBLIC_SIGN_KEY: secret16('PUBLIC_SIGN_KEY').optional(),
    PUBLIC_SIGN_IV: secret16('PUBLIC_SIGN_IV').optional(),
    SIGN_CHECK: z
      .string()
      .optional()
      .transform((v) => v !== 'off'),
    /** Other sites whose pages may call this API from a browser (comma-separated origins). */
    CORS_ORIGINS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const origins: string[] = []
        for (const raw of (v ?? '')
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)) {
          const u = URL.parse(raw)
          if (!u || !/^https?:$/.test(u.protocol)) {
            ctx.addIssue({ code: 'custom', message: `CORS_ORIGINS 中的地址无效：${raw}` })
            return z.NEVER
          }
          origins.push(u.origin)
        }
        return origins
      }),
    /** X-Forwarded-For is anyone's to write: only believed behind a proxy that sets it. */
    TRUST_PROXY: flag('1'),
    /**
     * API processes `npm start` runs on its one port (node:cluster, server/main.ts); more than one
     * needs PostgreSQL (README "Scaling out").
     */
    WORKERS: int(1, 1, 64),
    /**
     * Seconds the lease of the site builder and the background jobs lasts (server/lease.ts): a
     * process that died is replaced by another this long (at most a third more) after its last renewal.
     */
    LEASE_SECONDS: int(15, 2, 600),
    /** Seconds an anonymous public read answer is kept in memory (server/read-cache.ts); 0 turns it off. */
    READ_CACHE: int(30, 0, 3600),
    /** API calls past the read cache started per turn of the event loop (server/admission.ts). */
    API_CONCURRENCY: int(4, 1, 1000),
    /** Where many people share one address (an office, the e2e suite), raise the per-IP cap. */
    SMS_IP_DAILY_CAP: int(30, 1, 1_000_000),
    /**
     * SMS codes one phone may be sent per day from all addresses together (the SMS budget); from
     * one address it gets 10 (SMS.perPhonePerDay), so a stranger cannot spend the owner's allowance.
     */
    SMS_PHONE_DAILY_CAP: int(30, 1, 1_000_000),
    /**
     * Failed passwords per account per hour from all addresses together; past it the password alone
     * no longer signs in (the SMS code or the second factor does), instead of a lock anyone could set.
     */
    LOGIN_ACCOUNT_HOURLY_CAP: int(50, 1, 1_000_000),
    /** Unpaid orders older than this are cancelled and their stock given back. */
    ORDER_EXPIRY_MINUTES: int(30, 1, 525_600),
    /** An unpaid order whose payer chose the corporate transfer expires this long after it was made. */
    TRANSFER_EXPIRY_HOURS: int(72, 1, 8760),
    /** Unpaid goods orders one account may hold at once (issue 39): each holds stock from others. */
    UNPAID_ORDERS_CAP: int(5, 1, 1000),
    /** Units of one SKU an unpaid order may hold (issue 39); a product's own order limit may be lower. */
    UNPAID_SKU_HOLD_CAP: int(10, 1, 99_999),
    /** Hours after a 对公转账 order expired unpaid before its buyer may choose 对公转账 for that SKU again. */
    TRANSFER_RETRY_HOURS: int(24, 0, 8760),
    /** Orders shipped this many days ago and still awaiting receipt complete by themselves. */
    RECEIPT_DAYS: int(10, 1, 365),
    /**
     * Yuan an operator may refund alone per order (issue 38), earlier refunds of it counted: above it an approval waits as
     * 待财务审批 until finance or admin, another person, approves it.
     */
    REFUND_APPROVAL_LIMIT: int(2000, 0, 100_000_000),
    /**
     * Yuan finance may adjust a balance by alone (issue 39): above it (either sign) the adjustment
     * waits until another finance or admin account approves it.
     */
    BALANCE_ADJUST_LIMIT: int(5000, 0, 100_000_000),
    /** A listed SKU with less stock than this shows in the back office's 待办 list (issue 40). */
    LOW_STOCK_THRESHOLD: int(5, 0, 1_000_000),
    /** Where buyers send goods back (退货退款, 换货): shown once their request is approved. */
    RETURN_ADDRESS: z
      .string()
      .min(1)
      .default('江苏省苏州市工业园区星湖街 328 号 医械商城售后部 收，0512-6288 0000'),
    /** Who takes the online ways not switched live below (server/providers/payment.ts): the local sandbox. */
    // Unset means the sandbox too, except in production, where it must be chosen by name.
    PAYMENT_PROVIDER: z.enum(['sandbox'], { error: 'PAYMENT_PROVIDER 只能是 sandbox' }).optional(),
    /** `live`: Alipay itself takes way alipay (server/providers/alipay.ts), with the ALIPAY_* keys. */
    ALIPAY: z.enum(['sandbox', 'live'], { error: 'ALIPAY 只能是 sandbox 或 live' }).default('sandbox'),
    ALIPAY_APP_ID: optional(),
    /** The app's private key (应用私钥): signs every request. */
    ALIPAY_PRIVATE_KEY: key('private'),
    /** Alipay's public key (支付宝公钥): checks every answer and notification. */
    ALIPAY_PUBLIC_KEY: key('public'),
    ALIPAY_GATEWAY: z.url('ALIPAY_GATEWAY 必须是网址').default(ALIPAY_GATEWAY),
    /** The merchant's 支付宝账号 UID (2088…): a notification for another seller is refused when set. */
    ALIPAY_SELLER_ID: z
      .string()
      .trim()
      .regex(/^2088\d{12}$/, 'ALIPAY_SELLER_ID 应为 2088 开头的 16 位数字（商家 PID）')
      .optional(),
    /** `live`: WeChat Pay API v3 takes way wechat (server/providers/wechatpay.ts), with the WECHATPAY_* below. */
    WECHATPAY: z.enum(['sandbox', 'live'], { error: 'WECHATPAY 只能是 sandbox 或 live' }).default('sandbox'),
    /** 商户号 (mchid). */
    WECHATPAY_MCH_ID: pasted(),
    /** The APPID bound to the merchant (公众号, 小程序 or 移动应用): Native pay needs one. */
    WECHATPAY_APP_ID: pasted(),
    /** The serial number of the merchant's API certificate (商户API证书序列号): names our key to WeChat. */
    WECHATPAY_SERIAL: pasted(),
    /** The merchant's API certificate key (apiclient_key.pem): signs every request. */
    WECHATPAY_PRIVATE_KEY: key('private'),
    /** The APIv3 key (32 characters, set in the 商户平台): decrypts notifications (AES-256-GCM). */
    WECHATPAY_API_V3_KEY: pasted().pipe(
      z
        .string()
        .refine((v) => Buffer.byteLength(v, 'utf8') === 32, 'APIv3 密钥必须为 32 个字符')
        .optional(),
    ),
    /** The platform certificate(s) (平台证书): check answers and notifications; or the public key below. */
    WECHATPAY_PLATFORM_CERT: optional().transform((v, ctx) => {
      if (!v) return undefined
      const r = readCertificates(v)
      if ('error' in r) {
        ctx.addIssue({ code: 'custom', message: r.error })
        return z.NEVER
      }
      return r.certs
    }),
    /** 微信支付公钥 and its ID (PUB_KEY_ID_…): what WeChat issues new merchants instead of platform certificates. */
    WECHATPAY_PLATFORM_PUBLIC_KEY: key('public'),
    WECHATPAY_PLATFORM_PUBLIC_KEY_ID: pasted(),
    /** The API's address: its own, or a test endpoint's. */
    WECHATPAY_BASE_URL: z
      .url({
        protocol: /^https?$/,
        error: 'WECHATPAY_BASE_URL 应为 http(s) 地址，如 https://api.mch.weixin.qq.com',
      })
      .default('https://api.mch.weixin.qq.com'),
    /**
     * The 公众号 (service account) whose 网页授权 signs buyers in inside WeChat's browser
     * (snsapi_userinfo) and gives the pay page their openid for JSAPI pay (snsapi_base). Unset: no
     * in-app sign-in, and WeChat's browser pays by H5 pay's way instead.
     */
    WECHAT_MP_APP_ID: pasted(),
    WECHAT_MP_APP_SECRET: pasted(),
    /** WeChat's OAuth API (/sns/…) and its authorize page (/connect/oauth2/authorize): theirs, or a test peer's. */
    WECHAT_API_BASE_URL: z
      .url({
        protocol: /^https?$/,
        error: 'WECHAT_API_BASE_URL 应为 http(s) 地址，如 https://api.weixin.qq.com',
      })
      .default('https://api.weixin.qq.com'),
    WECHAT_OPEN_BASE_URL: z
      .url({
        protocol: /^https?$/,
        error: 'WECHAT_OPEN_BASE_URL 应为 http(s) 地址，如 https://open.weixin.qq.com',
      })
      .default('https://open.weixin.qq.com'),
    /** The sandbox's notification key (HMAC-SHA256); set a long random one wherever others can reach the server. */
    PAYMENT_SANDBOX_SECRET: z
      .string()
      .min(16, 'PAYMENT_SANDBOX_SECRET 至少 16 个字符 (at least 16 characters)')
      .default(DEV_SANDBOX_SECRET),
    /** Who sends SMS codes (server/providers/sms.ts): the server log, or Aliyun SMS with the ALIYUN_SMS_* below. */
    SMS_PROVIDER: z.enum(['log', 'aliyun'], { error: 'SMS_PROVIDER 只能是 log 或 aliyun' }).default('log'),
    /** A RAM user's AccessKey with permission to send SMS (AliyunDysmsFullAccess). */
    ALIYUN_SMS_ACCESS_KEY_ID: pasted(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: pasted(),
    /** The approved sign (签名) the messages carry, e.g. 口腔器械商城. */
    ALIYUN_SMS_SIGN_NAME: pasted(),
    /** The approved verification-code template (SMS_…), whose one variable is ${code}. */
    ALIYUN_SMS_TEMPLATE_CODE: pasted(),
    /** Optional: the approved 到货通知 template (SMS_…), whose one variable is ${product}; unset, alerts go to /message only. */
    ALIYUN_SMS_STOCK_TEMPLATE_CODE: pasted(),
    /** Optional: the approved 代客下单 template (SMS_…), whose one variable is ${order}; unset, the customer is told in /message only. */
    ALIYUN_SMS_ORDER_TEMPLATE_CODE: pasted(),
    /** Scheme and host of the SMS API; the tests point it at their local peer. */
    ALIYUN_SMS_ENDPOINT: z
      .url({
        protocol: /^https?$/,
        error: 'ALIYUN_SMS_ENDPOINT 应为 http(s) 地址，如 https://dysmsapi.aliyuncs.com',
      })
      .default('https://dysmsapi.aliyuncs.com'),
    /** Who tracks waybills (server/providers/courier.ts): the simulated courier, or 快递100's real-time query. */
    COURIER: z
      .enum(['simulated', 'kuaidi100'], { error: 'COURIER 只能是 simulated 或 kuaidi100' })
      .default('simulated'),
    /** 快递100 企业版 授权信息: the customer id (公司编号) and the key (授权key). */
    KUAIDI100_CUSTOMER: pasted(),
    KUAIDI100_KEY: pasted(),
    /** Scheme and host of 快递100's query API; the tests point it at their local peer. */
    KUAIDI100_URL: z
      .url({ protocol: /^https?$/, error: 'KUAIDI100_URL 应为 http(s) 地址，如 https://poll.kuaidi100.com' })
      .default('https://poll.kuaidi100.com'),
    /** The waybill `npm run ops -- providers check` asks about, as 公司 单号 (zto 73100012345678); unset: one that cannot exist. */
    KUAIDI100_CHECK_WAYBILL: pasted(),
    /** Where uploads and private files are kept: `local` (UPLOAD_DIR, PRIVATE_DIR) or `s3` (the S3_* below). */
    STORAGE: z.enum(['local', 's3'], { error: 'STORAGE 只能是 local 或 s3' }).default('local'),
    /** The S3 API's scheme and host: Aliyun OSS, Tencent COS, MinIO or AWS (README "Going live"). */
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT 应为 http(s) 地址' }).optional(),
    /** The signing region: OSS oss-cn-hangzhou, COS ap-guangzhou, MinIO any (us-east-1). */
    S3_REGION: pasted(),
    S3_BUCKET: pasted(),
    S3_ACCESS_KEY_ID: pasted(),
    S3_SECRET_ACCESS_KEY: pasted(),
    /** `on`: bucket in the path (MinIO, local peers); off: in the host name (OSS and COS require it). */
    S3_FORCE_PATH_STYLE: flag('on'),
    /** Where browsers read public files (a CDN, or the bucket's own address); default: the bucket's address. */
    S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'S3_PUBLIC_URL 应为 http(s) 地址' }).optional(),
    /** HMAC-SHA256 key of POST /hooks/rebuild (server/site-hooks.ts); unset turns the webhook off (503). */
    REBUILD_SECRET: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.string().min(16, 'REBUILD_SECRET 至少 16 个字符 (at least 16 characters)').optional()),
    /** Strict-Transport-Security on every answer (browsers heed it only over HTTPS); off where a host must stay reachable over plain HTTP. */
    HSTS: z.enum(['on', 'off'], { error: 'HSTS 只能是 on 或 off' }).default('on'),
    /**
     * The Secure attribute of the back office's session cookie (issue 39): auto sets it in
     * production and on HTTPS requests (X-Forwarded-Proto behind TRUST_PROXY), so e2e on
     * http://127.0.0.1 still gets the cookie; on always, off never (a plain-HTTP intranet host).
     */
    STAFF_COOKIE_SECURE: z
      .enum(['auto', 'on', 'off'], { error: 'STAFF_COOKIE_SECURE 只能是 auto、on 或 off' })
      .default('auto'),
  })
  .refine((e) => e.NODE_ENV !== 'production' || (e.SIGN_KEY !== DEV_SIGN_KEY && e.SIGN_IV !== DEV_SIGN_IV), {
    path: ['SIGN_KEY'],
    message: '生产环境 (NODE_ENV=production) 不能使用开发用的签名密钥，请设置 SIGN_KEY 与 SIGN_IV',
  })
  .superRefine((e, ctx) => {
    // Several processes on one SQLite file would wait for its write lock inside node:sqlite's
    // synchronous calls, each wait freezing a whole process: slower than one process, not faster.
    if (e.WORKERS > 1 && !e.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message: 'WORKERS 大于 1 需要 PostgreSQL：请设置 DATABASE_URL (README「Scaling out」)',
      })
    // A way the sandbox takes is paid by anyone who presses 确认支付 on its page, and its
    // notifications are signed with a key in this file: production takes it only by name, for a
    // demo or staging site, and never with that key.
    const sandboxed = (['ALIPAY', 'WECHATPAY'] as const).filter((way) => e[way] !== 'live')
    if (e.NODE_ENV === 'production' && sandboxed.length) {
      if (!e.PAYMENT_PROVIDER)
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENT_PROVIDER'],
          message: `生产环境 (NODE_ENV=production) 中 ${sandboxed.join('、')} 仍由支付沙箱代收，任何人都能在沙箱页面免费“支付”：请设置 ${sandboxed.map((w) => `${w}=live`).join('、')} (README「上线」)；演示或预发布站点确需沙箱时，显式设置 PAYMENT_PROVIDER=sandbox`,
        })
      if (e.PAYMENT_SANDBOX_SECRET === DEV_SANDBOX_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENT_SANDBOX_SECRET'],
          message:
            '生产环境 (NODE_ENV=production) 不能使用开发用的 PAYMENT_SANDBOX_SECRET：任何人都能伪造沙箱的支付通知',
        })
    }
    // Named, never shown: the message says which variable is missing, not what the others hold.
    if (e.SMS_PROVIDER === 'aliyun')
      for (const name of ALIYUN_SMS_REQUIRED)
        if (!e[name])
          ctx.addIssue({ code: 'custom', path: [name], message: `SMS_PROVIDER=aliyun 时必须设置 ${name}` })
    if (e.COURIER === 'kuaidi100')
      for (const name of KUAIDI100_REQUIRED)
        if (!e[name])
          ctx.addIssue({ code: 'custom', path: [name], message: `COURIER=kuaidi100 时必须设置 ${name}` })
    if (e.STORAGE === 's3')
      for (const name of S3_REQUIRED)
        if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: `STORAGE=s3 时必须设置 ${name}` })
    for (const [live, needs] of Object.entries(LIVE_NEEDS)) {
      if (e[live as keyof typeof LIVE_NEEDS] !== 'live') continue
      for (const name of needs)
        if (!e[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `${live}=live 需要 ${name}，未设置 (README「上线」)`,
          })
    }
    // The 公众号's id and secret go together: one alone would quietly turn 微信登录 off.
    for (const [name, other] of [
      ['WECHAT_MP_APP_ID', 'WECHAT_MP_APP_SECRET'],
      ['WECHAT_MP_APP_SECRET', 'WECHAT_MP_APP_ID'],
    ] as const)
      if (e[other] && !e[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `设置了 ${other} 也需要 ${name} (README「上线」)`,
        })
    if (e.WECHATPAY === 'live') {
      const message = (name: string) => `WECHATPAY=live 需要 ${name}，未设置 (README「上线」)`
      if (e.WECHATPAY_PLATFORM_PUBLIC_KEY && !e.WECHATPAY_PLATFORM_PUBLIC_KEY_ID)
        ctx.addIssue({
          code: 'custom',
          path: ['WECHATPAY_PLATFORM_PUBLIC_KEY_ID'],
          message: message('WECHATPAY_PLATFORM_PUBLIC_KEY_ID'),
        })
      if (!e.WECHATPAY_PLATFORM_CERT && !e.WECHATPAY_PLATFORM_PUBLIC_KEY)
        ctx.addIssue({
          code: 'custom',
          path: ['WECHATPAY_PLATFORM_CERT'],
          message: message(
            'WECHATPAY_PLATFORM_CERT（平台证书）或 WECHATPAY_PLATFORM_PUBLIC_KEY（微信支付公钥）',
          ),
        })
    }
  })
  .transform((e) => ({
    demoData: (e.DEMO_DATA ?? (e.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    /** Every staff account needs its second factor (TOTP) before it may act: in production (issue 20). */
    staffTotpRequired: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    sqliteFile: e.SQLITE_FILE,
    pgPool: e.PG_POOL,
    uploadDir: e.UPLOAD_DIR,
    privateDir: e.PRIVATE_DIR ?? privateDirBeside(e.UPLOAD_DIR),
    // Random when unset: links it signed stop working at a restart, which short-lived links may.
    fileUrlSecret: e.FILE_URL_SECRET ?? randomBytes(32).toString('hex'),
    distDir: e.DIST_DIR,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    /** Browser origins allowed to call the API across sites: the site's own and CORS_ORIGINS. */
    corsOrigins: [new URL(e.SITE_URL ?? `http://localhost:${e.PORT}`).origin, ...e.CORS_ORIGINS],
    signKey: e.SIGN_KEY,
    signIv: e.SIGN_IV,
    /** What the browser signs with: PUBLIC_SIGN_*, else the server's own secret (one secret, issue 13). */
    bundleSign: { key: e.PUBLIC_SIGN_KEY ?? e.SIGN_KEY, iv: e.PUBLIC_SIGN_IV ?? e.SIGN_IV },
    signCheck: e.SIGN_CHECK,
    trustProxy: e.TRUST_PROXY,
    readCacheSeconds: e.READ_CACHE,
    apiConcurrency: e.API_CONCURRENCY,
    workers: e.WORKERS,
    leaseSeconds: e.LEASE_SECONDS,
    smsIpDailyCap: e.SMS_IP_DAILY_CAP,
    smsPhoneDailyCap: e.SMS_PHONE_DAILY_CAP,
    loginAccountHourlyCap: e.LOGIN_ACCOUNT_HOURLY_CAP,
    orderExpiryMinutes: e.ORDER_EXPIRY_MINUTES,
    transferExpiryHours: e.TRANSFER_EXPIRY_HOURS,
    holds: {
      unpaidOrders: e.UNPAID_ORDERS_CAP,
      skuUnits: e.UNPAID_SKU_HOLD_CAP,
      transferRetryHours: e.TRANSFER_RETRY_HOURS,
    },
    receiptDays: e.RECEIPT_DAYS,
    refundApprovalLimitFen: e.REFUND_APPROVAL_LIMIT * 100,
    balanceAdjustLimitFen: e.BALANCE_ADJUST_LIMIT * 100,
    lowStockThreshold: e.LOW_STOCK_THRESHOLD,
    returnAddress: e.RETURN_ADDRESS,
    paymentProvider: e.PAYMENT_PROVIDER ?? 'sandbox',
    /** Alipay itself (ALIPAY=live), or undefined: the sandbox takes way alipay. */
    alipay:
      e.ALIPAY === 'live'
        ? {
            appId: e.ALIPAY_APP_ID as string,
            privateKey: e.ALIPAY_PRIVATE_KEY as string,
            publicKey: e.ALIPAY_PUBLIC_KEY as string,
            gateway: e.ALIPAY_GATEWAY,
            sellerId: e.ALIPAY_SELLER_ID,
          }
        : undefined,
    paymentSandboxSecret: e.PAYMENT_SANDBOX_SECRET,
    /** WeChat Pay itself (WECHATPAY=live), or undefined: the sandbox takes way wechat. */
    wechatpay:
      e.WECHATPAY === 'live'
        ? {
            mchId: e.WECHATPAY_MCH_ID as string,
            appId: e.WECHATPAY_APP_ID as string,
            serial: e.WECHATPAY_SERIAL as string,
            privateKey: e.WECHATPAY_PRIVATE_KEY as string,
            apiV3Key: e.WECHATPAY_API_V3_KEY as string,
            /** The keys that may sign WeChat's answers and notifications, by the Wechatpay-Serial naming them. */
            platformKeys: [
              ...(e.WECHATPAY_PLATFORM_CERT ?? []),
              ...(e.WECHATPAY_PLATFORM_PUBLIC_KEY && e.WECHATPAY_PLATFORM_PUBLIC_KEY_ID
                ? [{ id: e.WECHATPAY_PLATFORM_PUBLIC_KEY_ID, pem: e.WECHATPAY_PLATFORM_PUBLIC_KEY }]
                : []),
            ],
            baseUrl: e.WECHATPAY_BASE_URL.replace(/\/+$/, ''),
          }
        : undefined,
    /** The 公众号's 网页授权 (WECHAT_MP_*): 微信登录 and JSAPI pay in WeChat's browser; undefined: neither. */
    wechatMp:
      e.WECHAT_MP_APP_ID && e.WECHAT_MP_APP_SECRET
        ? {
            appId: e.WECHAT_MP_APP_ID,
            appSecret: e.WECHAT_MP_APP_SECRET,
            apiBase: e.WECHAT_API_BASE_URL.replace(/\/+$/, ''),
            openBase: e.WECHAT_OPEN_BASE_URL.replace(/\/+$/, ''),
          }
        : undefined,
    rebuildSecret: e.REBUILD_SECRET,
    sms:
      e.SMS_PROVIDER === 'aliyun'
        ? {
            provider: 'aliyun' as const,
            accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
            accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
            signName: e.ALIYUN_SMS_SIGN_NAME ?? '',
            templateCode: e.ALIYUN_SMS_TEMPLATE_CODE ?? '',
            stockTemplateCode: e.ALIYUN_SMS_STOCK_TEMPLATE_CODE ?? '',
            orderTemplateCode: e.ALIYUN_SMS_ORDER_TEMPLATE_CODE ?? '',
            endpoint: e.ALIYUN_SMS_ENDPOINT,
          }
        : { provider: 'log' as const },
    /** Who tracks waybills: the simulated courier, or 快递100 (COURIER=kuaidi100) with its account. */
    courier:
      e.COURIER === 'kuaidi100'
        ? {
            provider: 'kuaidi100' as const,
            customer: e.KUAIDI100_CUSTOMER ?? '',
            key: e.KUAIDI100_KEY ?? '',
            url: e.KUAIDI100_URL.replace(/\/+$/, ''),
            checkWaybill: e.KUAIDI100_CHECK_WAYBILL,
          }
        : { provider: 'simulated' as const },
    hsts: e.HSTS === 'on',
    /** When the staff session cookie is Secure: always, never, or on HTTPS requests only. */
    staffCookieSecure: (e.STAFF_COOKIE_SECURE === 'on' ||
    (e.STAFF_COOKIE_SECURE === 'auto' && e.NODE_ENV === 'production')
      ? 'always'
      : e.STAFF_COOKIE_SECURE === 'off'
        ? 'never'
        : 'https') as 'always' | 'never' | 'https',
    /** Object storage through the S3 API (STORAGE=s3), or undefined: files on local disk. */
    s3:
      e.STORAGE === 's3'
        ? {
            endpoint: (e.S3_ENDPOINT as string).replace(/\/+$/, ''),
            region: e.S3_REGION ?? 'us-east-1',
            bucket: e.S3_BUCKET as string,
            accessKeyId: e.S3_ACCESS_KEY_ID as string,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          }
        : undefined,
  }))

export type Config = z.output<typeof schema>

/**
 * The private folder's default: beside the uploads, outside what /uploads serves.
 * privateDirBeside('data/uploads') → 'data/private'
 */
export const privateDirBeside = (uploadDir: string) => join(dirname(uploadDir), 'private')

/** The configuration of `env`; a bad value throws one message naming every broken variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const r = schema.safeParse(env)
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`配置错误 (invalid configuration):\n${lines.join('\n')}`)
  }
  return r.data
}

/** The configuration with every default: tests and tools that set only what they need. */
export const defaultConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({}),
  // A test's own upload folder brings its own private folder, as UPLOAD_DIR does.
  ...(overrides.uploadDir ? { privateDir: privateDirBeside(overrides.uploadDir) } : {}),
  ...overrides,
})

/** The environment of a child process (the site build): this one's, plus `extra`. */
export const childEnv = (extra: Record<string, string>) => ({ ...process.env, ...extra })

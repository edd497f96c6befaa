/**
 * The Content-Security-Policy of the site, in one place (issue 13). Two parts:
 * - in each page's <meta> (astro.config.mjs `security.csp`): Astro adds script-src and style-src
 *   with the hashes of every script and style it emits, so no 'unsafe-inline' for scripts; these
 *   directives go beside them;
 * - as an HTTP header on every answer (server/server.ts): a page goes out with its own <meta>
 *   policy plus what a <meta> cannot carry (frame-ancestors), read from the very file served
 *   (server/delivery.ts), so header and meta can never disagree; a static host gets the same from
 *   the `_headers` file the build writes (src/lib/build/headers.ts). Other answers carry
 *   HEADER_POLICY, the API's refuse all framing (API_POLICY).
 * A browser enforces both the meta and the header; a resource must pass each.
 */

/** Alipay's production gateway (开放平台网关); ALIPAY_GATEWAY points elsewhere (its sandbox, a test peer). */
export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do'

/** The origin of another API the pages call (PUBLIC_API_BASE), if any: apiOrigin('https://api.x.cn/v1') → 'https://api.x.cn'. */
const apiOrigin = (base: string | undefined) => (base ? (URL.parse(base)?.origin ?? '') : '')

/**
 * Where the pay page's form may go besides this site: a live payment gateway (Alipay's PC page pay
 * submits the form GetOrdersPay answers to it), with its own domain's cashier pages, which the
 * gateway forwards the form to. Nothing for no gateway (the sandbox).
 * payFormTargets('https://openapi.alipay.com/gateway.do') → ['https://openapi.alipay.com', 'https://*.alipay.com']
 * payFormTargets('http://127.0.0.1:4651/gateway.do') → ['http://127.0.0.1:4651']
 */
export function payFormTargets(gateway: string | undefined): string[] {
  const url = gateway ? URL.parse(gateway) : null
  if (!url) return []
  const cashier = /(?:^|\.)(alipay(?:dev)?\.com)$/.exec(url.hostname)?.[1]
  return [url.origin, ...(cashier ? [`https://*.${cashier}`] : [])]
}

/**
 * Where the browser PUTs resumable upload parts when STORAGE=s3 (presigned links, issue 22): the
 * bucket's own S3 address (a CDN in S3_PUBLIC_URL only serves reads); undefined on local disk,
 * where parts go to our API. The same variables the server reads (server/config.ts).
 * partOrigin({ STORAGE: 's3', S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com', S3_BUCKET: 'shop' }) → 'https://shop.oss-cn-hangzhou.aliyuncs.com'
 */
export function partOrigin(env: Record<string, string | undefined>): string | undefined {
  const url = env.STORAGE === 's3' && env.S3_ENDPOINT ? URL.parse(env.S3_ENDPOINT) : null
  if (!url) return undefined
  return env.S3_FORCE_PATH_STYLE === 'on' ? url.origin : `${url.protocol}//${env.S3_BUCKET}.${url.host}`
}

/**
 * Directives of the pages' <meta> besides script-src and style-src.
 * img: uploads and seed files, QR codes (data:), local previews before upload (blob:);
 * media/frame: course videos and the PDF viewer (same origin, blob: previews);
 * form-action: this site, and a live payment gateway's (payFormTargets);
 * connect-src: this site, another API's origin, and the bucket that takes upload parts (partOrigin).
 */
export function pageDirectives(publicApiBase?: string, payGateway?: string, uploadParts?: string): string[] {
  const api = apiOrigin(publicApiBase)
  return [
    "default-src 'self'",
    ["connect-src 'self'", api, uploadParts].filter(Boolean).join(' '),
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "frame-src 'self' blob:",
    "font-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...payFormTargets(payGateway)].join(' '),
  ]
}

/**
 * style-src besides Astro's hashes: its own files; style attributes (rich text carries colour,
 * size and indent as style attributes, and React renders style props as attributes); and <style>
 * elements that libraries insert at run time (radix's scroll lock, the editor). A hash in a
 * directive makes the browser ignore 'unsafe-inline' in it, so these go to style-src-attr and
 * style-src-elem. Styles cannot run code: scripts stay hash-only.
 */
export const STYLE_RESOURCES = [
  "'self'",
  { resource: "'unsafe-inline'", kind: 'attribute' as const },
  { resource: "'self'", kind: 'element' as const },
  { resource: "'unsafe-inline'", kind: 'element' as const },
]

/**
 * The header every answer of the site carries (server/server.ts): no framing by other sites (our
 * own PDF viewer frames our files), no plugins, no <base> hijack.
 */
export const HEADER_POLICY = "frame-ancestors 'self'; object-src 'none'; base-uri 'self'"

/**
 * The API's answers: JSON loads nothing and nothing frames it, not even the site (ASVS V3.4.6);
 * short, for it goes out with every answer. Its one page, /api/reference, sets DOC_PAGE_POLICY.
 */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'"

/** /api/reference (server/contract/reference.ts): Swagger UI from its own files, no inline script, never framed. */
export const DOC_PAGE_POLICY =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

/**
 * HSTS, on every answer of the server (unless HSTS=off: server/server.ts) and in the build's
 * `_headers` for a static host (src/lib/build/headers.ts).
 */
export const HSTS = ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const
/** Headers every answer carries besides its policy and HSTS, on the server and in `_headers`. */
export const SITE_HEADERS = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
] as const

const META = /<meta http-equiv="content-security-policy" content="([^"]*)"/i
const ENTITIES: Record<string, string> = { '&amp;': '&', '&#39;': "'", '&#x27;': "'", '&quot;': '"' }

/**
 * The policy in a built page's <meta> (Astro writes it in <head>), or undefined for none.
 * metaPolicy(`<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'sha256-…';">`)
 *   → "default-src 'self'; script-src 'sha256-…'"
 */
export function metaPolicy(html: string): string | undefined {
  const raw = META.exec(html)?.[1]
  if (raw === undefined) return undefined
  const policy = raw
    .replace(/&(?:amp|#39|#x27|quot);/g, (e) => ENTITIES[e] ?? e)
    .trim()
    .replace(/\s*;\s*$/, '')
  // A header value is printable ASCII (Astro's policies are); anything else would fail the answer.
  return policy && /^[\x20-\x7e]+$/.test(policy) ? policy : undefined
}

/**
 * For an HTML page without a <meta> policy (none is built so, but a file may be dropped into
 * the site): the pages' directives with scripts from files of the site only.
 */
const NO_META_POLICY = [...pageDirectives(), "script-src 'self'", "style-src 'self' 'unsafe-inline'"].join(
  '; ',
)

/**
 * The header of a built page: its <meta> policy (undefined: a strict one) and the header-only part.
 * pagePolicyHeader("default-src 'self'; script-src 'sha256-…'")
 *   → "default-src 'self'; script-src 'sha256-…'; frame-ancestors 'self'"
 */
export const pagePolicyHeader = (meta: string | undefined) =>
  `${meta ?? NO_META_POLICY}; frame-ancestors 'self'`

/**
 * The server's own small pages (the WeChat confirmation, the payment sandbox, the page before the
 * first build, server/site-pending.ts): a form and a <style>, no script at all, so none is allowed.
 */
export const FORM_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

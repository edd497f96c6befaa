/**
 * How the staff session travels (issue 39). The browser's back office keeps its token where page
 * scripts cannot read it: an HttpOnly, SameSite=Strict cookie scoped to /api/admin, set by the
 * sign-in and cleared by the sign-out. API clients (scripts, `npm run live`, checks) keep the
 * token of the sign-in's JSON answer and send `Authorization: Bearer …`, which wins over a cookie.
 *
 * We chose the cookie over a back office on its own origin (ADMIN_ORIGIN) because the deployment
 * is one origin: one build, one host, no second certificate or CORS list to keep in step.
 *
 * CSRF: a write authenticated by the cookie must carry the `sign` header our client puts on every
 * call. A page of another site cannot send a custom header here without a CORS preflight, which
 * only the site's own origins pass (server/app.ts), and SameSite=Strict keeps the cookie off
 * cross-site requests anyway: the header is the second lock. Bearer calls need no proof, as a
 * browser never adds an Authorization header by itself.
 */
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Config } from '../../config.ts'
import { type Ctx, refuse } from '../../http.ts'
import { signJudge } from '../../sign-check.ts'

/** The cookie's name and path: only the back office's calls carry it, never a page or a customer call. */
export const STAFF_COOKIE = { name: 'staff_session', path: '/api/admin' } as const

/** The 403 of a cookie-authenticated write without the sign header (a cross-site request). */
export const CSRF_REFUSED = '请求来源无法确认，请刷新页面后重试'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** One judge per configuration, made on first use (its AES key is imported once). */
const judges = new WeakMap<Config, ReturnType<typeof signJudge>>()

/**
 * Whether the request came over HTTPS, as far as we may know: its own URL, or the first
 * X-Forwarded-Proto when the proxy in front is trusted (TRUST_PROXY).
 */
function overHttps(c: Context, config: Config): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true
  return config.trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
}

const secureFor = (c: Context, config: Config) =>
  config.staffCookieSecure === 'always' || (config.staffCookieSecure === 'https' && overHttps(c, config))

/**
 * The credential of an /api/admin/ call as an Authorization header value: the header itself when
 * sent, else the session cookie read as one ('Bearer <cookie>'), else undefined. A write on the
 * cookie without the sign header is refused 403 请求来源无法确认，请刷新页面后重试.
 */
export function staffCredential(c: Ctx): string | undefined {
  const header = c.req.header('Authorization')
  if (header) return header
  const token = getCookie(c, STAFF_COOKIE.name)
  if (!token) return undefined
  if (!SAFE_METHODS.has(c.req.method)) {
    const config = c.get('deps').config
    let judge = judges.get(config)
    if (!judge) {
      // What our browser client signs with (PUBLIC_SIGN_*, by default the server's secret).
      judge = signJudge(config.bundleSign)
      judges.set(config, judge)
    }
    // An expired sign still proves the header was set by our script; the clock is the sign check's business.
    const verdict = judge(c.req.header('sign'), c.get('deps').now().getTime())
    if (verdict === 'missing' || verdict === 'invalid') throw refuse(CSRF_REFUSED, 403)
  }
  return `Bearer ${token}`
}

/** Hands the browser its session: the cookie lives as long as the session may (maxAgeMs). */
export function setStaffCookie(c: Ctx, token: string, maxAgeMs: number) {
  setCookie(c, STAFF_COOKIE.name, token, {
    path: STAFF_COOKIE.path,
    httpOnly: true,
    sameSite: 'Strict',
    secure: secureFor(c, c.get('deps').config),
    maxAge: Math.floor(maxAgeMs / 1000),
  })
}

/** Takes the session cookie back (sign-out): the browser drops it at once. */
export function clearStaffCookie(c: Ctx) {
  deleteCookie(c, STAFF_COOKIE.name, {
    path: STAFF_COOKIE.path,
    httpOnly: true,
    sameSite: 'Strict',
    secure: secureFor(c, c.get('deps').config),
  })
}

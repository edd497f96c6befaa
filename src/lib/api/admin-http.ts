/**
 * The back office's HTTP layer (issue 20): the one HTTP client of the site (http.ts: sign,
 * headers, error toasts) with the staff session instead of the customer's. The staff token lives
 * under its own localStorage key, so signing in or out of /admin/ never touches a customer
 * session in the same browser, and a 401 goes back to /admin/login/ instead of the home page.
 * Imported by admin islands only: no public page loads it.
 */
import { STAFF_DISABLED } from '../rules/staff.ts'
import { DEV_SIGN_IV, DEV_SIGN_KEY } from '../sign.ts'
import { toast } from '../toast.ts'
import { createHttp, type Http, MSG_EXPIRED, STORAGE_TOKENS } from './http.ts'

/** localStorage key of the staff token. */
export const STAFF_TOKEN = 'staff-token'
export const LOGIN_PATH = '/admin/login/'

const env: Partial<Record<'PUBLIC_API_BASE' | 'PUBLIC_SIGN_KEY' | 'PUBLIC_SIGN_IV', string>> =
  (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {}

/** localStorage, or null where there is none (the site build, a privacy mode that refuses it). */
export function staffStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** http.ts reads and clears the session under 'tokens'; here that name means the staff token, and nothing else is cleared. */
const staffStorage = {
  getItem: (key: string) => (key === STORAGE_TOKENS ? (staffStore()?.getItem(STAFF_TOKEN) ?? null) : null),
  removeItem: (key: string) => {
    if (key === STORAGE_TOKENS) staffStore()?.removeItem(STAFF_TOKEN)
  },
}

const onLoginPage = () => typeof location !== 'undefined' && location.pathname.startsWith(LOGIN_PATH)

/**
 * To the sign-in, then back here. `expired`: a call was refused 401 (the session timed out, or
 * was ended elsewhere), which the sign-in page says, so the work not done is not a mystery.
 */
export function toLogin(why?: 'expired' | 'disabled') {
  if (typeof location === 'undefined' || onLoginPage()) return
  const next = encodeURIComponent(location.pathname + location.search)
  location.assign(`${LOGIN_PATH}?next=${next}${why ? `&why=${why}` : ''}`)
}

let http: Http | undefined

/** The admin client's HTTP layer, made on first use. */
export function adminHttp(): Http {
  http ??= createHttp({
    baseURL: env.PUBLIC_API_BASE ?? '',
    signSecret: { key: env.PUBLIC_SIGN_KEY || DEV_SIGN_KEY, iv: env.PUBLIC_SIGN_IV || DEV_SIGN_IV },
    storage: staffStorage,
    // The sign-in form shows its own refusal (a wrong password is a 401 too).
    notify: (kind, message) => {
      if (!(message === MSG_EXPIRED && onLoginPage())) toast(kind, message)
    },
    onUnauthorized: (message) => toLogin(message === STAFF_DISABLED ? 'disabled' : 'expired'),
  })
  return http
}

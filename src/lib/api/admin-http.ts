/**
 * The back office's HTTP layer (issue 20): the one HTTP client of the site (http.ts: sign,
 * headers, error toasts) with the staff session instead of the customer's, and a 401 going back
 * to /admin/login/ instead of the home page. Imported by admin islands only: no public page loads it.
 *
 * The staff token never reaches page scripts (issue 39): the sign-in sets an HttpOnly cookie on
 * /api/admin that the browser sends by itself, and the sign header every call carries is the
 * cookie's CSRF proof (server/modules/staff/staff-cookie.ts). All this side keeps is a marker
 * that someone signed in here, which is no secret: it only spares a visitor who never signed in
 * the round trip of a refused /admin/me and the words 登录已过期.
 */
import { STAFF_DISABLED } from '../rules/staff.ts'
import { DEV_SIGN_IV, DEV_SIGN_KEY } from '../sign.ts'
import { toast } from '../toast.ts'
import { ApiRequestError, createHttp, type Http, MSG_EXPIRED, STORAGE_TOKENS } from './http.ts'

/** localStorage key of the marker "signed in to the back office in this browser" ('1'); not a credential. */
export const STAFF_SIGNED_IN = 'staff-signed-in'
/** Where the token was kept before issue 39: removed wherever it is still found. */
const LEGACY_TOKEN = 'staff-token'
export const LOGIN_PATH = '/admin/login/'

const env: Partial<Record<'PUBLIC_API_BASE' | 'PUBLIC_SIGN_KEY' | 'PUBLIC_SIGN_IV', string>> =
  (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {}

/** localStorage, or null where there is none (the site build, a privacy mode that refuses it). */
function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** Whether someone signed in to the back office in this browser and has not signed out (the server decides the rest). */
export const markedSignedIn = () => store()?.getItem(STAFF_SIGNED_IN) === '1'

/** Sets or clears the marker: on a sign-in, a sign-out, a 401. */
export function markSignedIn(yes: boolean) {
  const s = store()
  if (yes) s?.setItem(STAFF_SIGNED_IN, '1')
  else s?.removeItem(STAFF_SIGNED_IN)
}

/**
 * What http.ts reads as the session: never a token (no Authorization header goes out; the cookie
 * does the work), and clearing it after a 401 clears the marker, so nothing else is touched (a
 * customer session in the same browser stays).
 */
const staffStorage = {
  getItem: () => null,
  removeItem: (key: string) => {
    if (key === STORAGE_TOKENS) markSignedIn(false)
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

/**
 * Asks the signed-in staff member for their password again (issue 40): resolves true once the
 * same account signed in anew, false when they declined. The AdminShell registers it while a
 * screen is open; on the sign-in page there is none, and a 401 goes to the sign-in as before.
 */
export type SessionRenewer = () => Promise<boolean>
let renewer: SessionRenewer | null = null
/** The question under way: calls refused together wait for one answer, not one dialog each. */
let renewal: Promise<boolean> | null = null

/** Registers (or, with null, removes) the screen's renewer: setSessionRenewer(() => askPassword()). */
export function setSessionRenewer(r: SessionRenewer | null) {
  renewer = r
}

const disabledRefusal = (e: ApiRequestError) =>
  (e.body as { data?: unknown } | undefined)?.data === STAFF_DISABLED

/**
 * Runs a back-office call; when it is refused 401 because the session expired (idle, ended
 * elsewhere), asks for the password in a dialog and, once signed in again, makes the same call
 * once more, so the screen and its typed work stay (no navigation). Declined, the call fails as
 * it would have, still without leaving the page. A disabled account goes to the sign-in page.
 */
export async function renewingSession<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (e) {
    const asker = renewer
    if (!(e instanceof ApiRequestError && e.status === 401 && asker) || disabledRefusal(e)) throw e
    renewal ??= asker().finally(() => {
      renewal = null
    })
    if (!(await renewal)) throw e
    return call()
  }
}

let http: Http | undefined

/** The admin client's HTTP layer, made on first use. */
export function adminHttp(): Http {
  if (!http) store()?.removeItem(LEGACY_TOKEN)
  http ??= createHttp({
    baseURL: env.PUBLIC_API_BASE ?? '',
    signSecret: { key: env.PUBLIC_SIGN_KEY || DEV_SIGN_KEY, iv: env.PUBLIC_SIGN_IV || DEV_SIGN_IV },
    storage: staffStorage,
    // The sign-in form shows its own refusal (a wrong password is a 401 too).
    // An expired session on a screen is asked about in its dialog, not toasted (renewingSession).
    notify: (kind, message) => {
      if (!(message === MSG_EXPIRED && (onLoginPage() || renewer))) toast(kind, message)
    },
    onUnauthorized: (message) => {
      if (message === STAFF_DISABLED) toLogin('disabled')
      else if (!renewer) toLogin('expired')
    },
  })
  return http
}

/**
 * The back office's API client (issue 20): the one HTTP client of the site (http.ts: sign,
 * headers, error toasts) with the staff session instead of the customer's. The staff token lives
 * under its own localStorage key, so signing in or out of /admin/ never touches a customer
 * session in the same browser, and a 401 goes back to /admin/login/ instead of the home page.
 * Imported by admin islands only: no public page loads it.
 */
import type { Paged } from '../../../server/db/sql.ts'
import type { DashboardCount } from '../../../server/modules/dashboard/dashboard.routes.ts'
import type { DashboardCharts } from '../../../server/modules/dashboard/dashboard-charts.ts'
import type {
  AuditRow,
  StaffAccount,
  StaffMe,
  StaffSession,
} from '../../../server/modules/staff/staff.routes.ts'
import { STAFF_DISABLED } from '../rules/staff.ts'
import { DEV_SIGN_IV, DEV_SIGN_KEY } from '../sign.ts'
import { toast } from '../toast.ts'
import {
  ApiRequestError,
  createHttp,
  type Http,
  MSG_EXPIRED,
  type QueryParams,
  STORAGE_TOKENS,
} from './http.ts'

export type { AuditRow, DashboardCharts, DashboardCount, StaffAccount, StaffMe, StaffSession }

/** localStorage key of the staff token. */
export const STAFF_TOKEN = 'staff-token'
export const LOGIN_PATH = '/admin/login/'

const env: Partial<Record<'PUBLIC_API_BASE' | 'PUBLIC_SIGN_KEY' | 'PUBLIC_SIGN_IV', string>> =
  (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {}

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** http.ts reads and clears the session under 'tokens'; here that name means the staff token, and nothing else is cleared. */
const staffStorage = {
  getItem: (key: string) => (key === STORAGE_TOKENS ? (store()?.getItem(STAFF_TOKEN) ?? null) : null),
  removeItem: (key: string) => {
    if (key === STORAGE_TOKENS) store()?.removeItem(STAFF_TOKEN)
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

/** The server's message of a refusal: the body's data (a 401 is reported as 登录信息已经过期 otherwise). */
export function refusalMessage(e: unknown): string {
  if (e instanceof ApiRequestError) {
    const body = e.body as { data?: unknown } | undefined
    return typeof body?.data === 'string' ? body.data : e.message
  }
  return e instanceof Error ? e.message : String(e)
}

export const hasStaffToken = () => !!store()?.getItem(STAFF_TOKEN)

const get = <T>(path: string, query?: QueryParams) => adminHttp().get<T>(path, query)
const post = async <T>(path: string, body: unknown = {}) => (await adminHttp().post<T>(path, body)).data

/** Every call of the staff module; other domains add theirs beside (src/lib/api/admin-<domain>.ts) on adminHttp(). */
export const adminApi = {
  async signIn(body: { username: string; password: string; totp?: string }): Promise<StaffSession> {
    const r = await adminHttp().post<StaffSession>('/api/admin/session', body, { silent: true })
    store()?.setItem(STAFF_TOKEN, r.data.token)
    return r.data
  },
  async signOut(): Promise<void> {
    try {
      await adminHttp().fetch('/api/admin/session', { method: 'DELETE', silent: true } as object)
    } finally {
      store()?.removeItem(STAFF_TOKEN)
    }
  },
  me: () => get<StaffMe>('/api/admin/me'),
  dashboard: () => get<DashboardCount[]>('/api/admin/dashboard'),
  charts: () => get<DashboardCharts>('/api/admin/dashboard/charts'),
  changePassword: (body: { password: string; newPassword: string; okPassword: string }) =>
    post<string>('/api/admin/me/password', body),
  startTotp: () => post<{ secret: string; uri: string; svg: string }>('/api/admin/me/totp'),
  confirmTotp: (code: string) => post<string>('/api/admin/me/totp/confirm', { code }),
  audit: (query: QueryParams) => get<Paged<AuditRow>>('/api/admin/audit', query),
  staff: () => get<StaffAccount[]>('/api/admin/staff'),
  addStaff: (body: { username: string; roles: string[] }) =>
    post<{ staff: StaffAccount; password: string }>('/api/admin/staff', body),
  setRoles: (id: number, roles: string[]) => post<StaffAccount>(`/api/admin/staff/${id}/roles`, { roles }),
  setEnabled: (id: number, enabled: boolean) =>
    post<StaffAccount>(`/api/admin/staff/${id}/enabled`, { enabled }),
  resetPassword: (id: number) => post<{ password: string }>(`/api/admin/staff/${id}/reset-password`),
}

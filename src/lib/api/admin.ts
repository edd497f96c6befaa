/**
 * The back office's API client (issue 20): the staff module's calls, typed from its routes
 * (admin-call.ts), on the staff session of admin-http.ts. Other domains add theirs beside
 * (src/lib/api/admin-<domain>.ts). Imported by admin islands only: no public page loads it.
 */
import type { DashboardCount } from '../../../server/modules/dashboard/dashboard.routes.ts'
import type { DashboardCharts } from '../../../server/modules/dashboard/dashboard-charts.ts'
import type {
  AuditRow,
  StaffAccount,
  StaffMe,
  StaffSession,
} from '../../../server/modules/staff/staff.routes.ts'
import type { Reauth } from '../rules/staff.ts'
import { adminCall } from './admin-call.ts'
import { markSignedIn } from './admin-http.ts'
import { ApiRequestError, type CallOptions, type QueryParams } from './http.ts'

export { adminHttp, LOGIN_PATH, markedSignedIn, toLogin } from './admin-http.ts'
export type { AuditRow, DashboardCharts, DashboardCount, Reauth, StaffAccount, StaffMe, StaffSession }

/** The server's message of a refusal: the body's data (a 401 is reported as 登录信息已经过期 otherwise). */
export function refusalMessage(e: unknown): string {
  if (e instanceof ApiRequestError) {
    const body = e.body as { data?: unknown } | undefined
    return typeof body?.data === 'string' ? body.data : e.message
  }
  return e instanceof Error ? e.message : String(e)
}

// The sign-in form shows its own refusal (a wrong password is a 401 too), and signing out needs no toast.
const silent = { silent: true }

export const adminApi = {
  /**
   * Signs in: the server sets the HttpOnly session cookie; the token of the answer (for API
   * clients) is dropped here, so no page script ever holds it (issue 39). Answers who signed in.
   */
  async signIn(body: { username: string; password: string; totp?: string }): Promise<StaffSession['staff']> {
    const { staff } = await adminCall('post', '/admin/session')({ json: body }, silent)
    markSignedIn(true)
    return staff
  },
  /** Signs out: the server revokes the session and expires its cookie; the marker goes here. */
  async signOut(): Promise<void> {
    try {
      await adminCall('delete', '/admin/session')({}, silent)
    } finally {
      markSignedIn(false)
    }
  },
  me: () => adminCall('get', '/admin/me')(),
  dashboard: () => adminCall('get', '/admin/dashboard')(),
  charts: () => adminCall('get', '/admin/dashboard/charts')(),
  /** The menu's badges; polled, so a failure stays quiet (the next poll tries again). */
  queues: () => adminCall('get', '/admin/queues')({}, silent),
  todo: () => adminCall('get', '/admin/todo')(),
  changePassword: (body: { password: string; newPassword: string; okPassword: string }) =>
    adminCall('post', '/admin/me/password')({ json: body }),
  startTotp: () => adminCall('post', '/admin/me/totp')(),
  confirmTotp: (code: string) => adminCall('post', '/admin/me/totp/confirm')({ json: { code } }),
  audit: (query: QueryParams) => adminCall('get', '/admin/audit')({ query }),
  staff: () => adminCall('get', '/admin/staff')(),
  /** username → display name of the accounts that have one (every staff member may read it). */
  staffNames: () => adminCall('get', '/admin/staff/names')({}, silent),
  /** `confirm`: the acting admin's password or code, needed when the roles include admin (issue 39). */
  addStaff: (
    body: { username: string; roles: string[]; name?: string; phone?: string; confirm?: Reauth },
    opts?: CallOptions,
  ) => adminCall('post', '/admin/staff')({ json: body }, opts),
  setRoles: (id: number, roles: string[], confirm: Reauth, opts?: CallOptions) =>
    adminCall('post', '/admin/staff/{id}/roles')({ param: { id }, json: { roles, confirm } }, opts),
  /** An account's display name and phone (admin). */
  setProfile: (id: number, body: { name: string; phone: string }, opts?: CallOptions) =>
    adminCall('put', '/admin/staff/{id}/profile')({ param: { id }, json: body }, opts),
  /** The signed-in staff member's own name and phone. */
  setMyProfile: (body: { name: string; phone: string }, opts?: CallOptions) =>
    adminCall('put', '/admin/me/profile')({ json: body }, opts),
  setEnabled: (id: number, enabled: boolean) =>
    adminCall('post', '/admin/staff/{id}/enabled')({ param: { id }, json: { enabled } }),
  resetPassword: (id: number, confirm: Reauth, opts?: CallOptions) =>
    adminCall('post', '/admin/staff/{id}/reset-password')({ param: { id }, json: { confirm } }, opts),
}

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
import { adminCall } from './admin-call.ts'
import { STAFF_TOKEN, staffStore } from './admin-http.ts'
import { ApiRequestError, type QueryParams } from './http.ts'

export { adminHttp, LOGIN_PATH, STAFF_TOKEN, toLogin } from './admin-http.ts'
export type { AuditRow, DashboardCharts, DashboardCount, StaffAccount, StaffMe, StaffSession }

/** The server's message of a refusal: the body's data (a 401 is reported as 登录信息已经过期 otherwise). */
export function refusalMessage(e: unknown): string {
  if (e instanceof ApiRequestError) {
    const body = e.body as { data?: unknown } | undefined
    return typeof body?.data === 'string' ? body.data : e.message
  }
  return e instanceof Error ? e.message : String(e)
}

export const hasStaffToken = () => !!staffStore()?.getItem(STAFF_TOKEN)

// The sign-in form shows its own refusal (a wrong password is a 401 too), and signing out needs no toast.
const silent = { silent: true }

export const adminApi = {
  async signIn(body: { username: string; password: string; totp?: string }): Promise<StaffSession> {
    const session = await adminCall('post', '/admin/session')({ json: body }, silent)
    staffStore()?.setItem(STAFF_TOKEN, session.token)
    return session
  },
  async signOut(): Promise<void> {
    try {
      await adminCall('delete', '/admin/session')({}, silent)
    } finally {
      staffStore()?.removeItem(STAFF_TOKEN)
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
  addStaff: (body: { username: string; roles: string[] }) =>
    adminCall('post', '/admin/staff')({ json: body }),
  setRoles: (id: number, roles: string[]) =>
    adminCall('post', '/admin/staff/{id}/roles')({ param: { id }, json: { roles } }),
  setEnabled: (id: number, enabled: boolean) =>
    adminCall('post', '/admin/staff/{id}/enabled')({ param: { id }, json: { enabled } }),
  resetPassword: (id: number) => adminCall('post', '/admin/staff/{id}/reset-password')({ param: { id } }),
}

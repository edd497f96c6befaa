/**
 * How an admin call is declared (issue 20; README "Back office"): like any call, with
 * createRoute and zod, but through adminRoute, which
 * - keeps it under /api/admin/ with the tag `admin` in /api/doc (the conformance runner leaves
 *   that tag out: it is not part of the specs' contract),
 * - records its permission in the document (`x-permission`), where the permission-matrix test
 *   reads every admin call from, and
 * - puts the staff gate in front of it: 401 请先登录后台 without a staff session (a customer's
 *   token is not one), 403 没有权限 when no role of the staff member holds the permission —
 *   before the request body is even read.
 */
import { createRoute, type RouteConfig } from '@hono/zod-openapi'
import { createMiddleware } from 'hono/factory'
import { can, type Permission } from '../../src/lib/permissions.ts'
import type { CallConfig } from '../contract/index.ts'
import { ApiError, type Ctx, clientIp, type Env, type StaffContext } from '../http.ts'
import type { Actor } from './audit.ts'

export const ADMIN_TAG = 'admin'

/** The gate's refusals (the staff module's STAFF_MESSAGES include them). */
export const GATE_MESSAGES = {
  signIn: '请先登录后台',
  forbidden: '没有权限',
  mustChange: '请先修改初始密码',
  mustEnrol: '请先绑定动态验证码',
} as const

/**
 * What a staff member may do now: nothing but their own account (`self`) until the one-time
 * password is changed and, where a second factor is required, until it is enrolled.
 * Answers null when allowed, else the refusal's message.
 */
export function refusalFor(
  staff: StaffContext,
  permission: Permission,
  totpRequired: boolean,
): string | null {
  if (permission !== 'self') {
    if (staff.mustChangePassword) return GATE_MESSAGES.mustChange
    if (totpRequired && !staff.hasTotp) return GATE_MESSAGES.mustEnrol
  }
  return can(staff.roles, permission) ? null : GATE_MESSAGES.forbidden
}

/**
 * The staff gate of one permission. The session itself is resolved for every /api/admin/ call by
 * the staff module's middleware, which the app mounts (server/app.ts): this floor reads
 * c.get('staff') (or c.get('staffRefusal'), why there is none) and needs nothing of that module.
 */
export const staffGate = (permission: Permission) =>
  createMiddleware<Env>(async (c, next) => {
    const staff = c.get('staff')
    if (!staff) throw new ApiError(401, (await c.get('staffRefusal')?.()) ?? GATE_MESSAGES.signIn)
    const refused = refusalFor(staff, permission, c.get('deps').config.staffTotpRequired)
    if (refused) throw new ApiError(403, refused)
    await next()
  })

type AdminPath = `/admin/${string}`

/**
 * An admin call: adminRoute('post', '/admin/orders/{code}/ship', 'orders.fulfil', { summary,
 * request, responses }). `'public'` only for the sign-in.
 */
export function adminRoute<
  const M extends RouteConfig['method'],
  const P extends AdminPath,
  const C extends Omit<CallConfig, 'middleware'>,
>(method: M, path: P, permission: Permission | 'public', config: C) {
  return createRoute({
    ...config,
    method,
    path,
    tags: [ADMIN_TAG],
    'x-permission': permission,
    ...(permission === 'public' ? {} : { middleware: [staffGate(permission)] as const }),
  })
}

/** The signed-in staff member of an admin call (its gate has run): requireStaff(c).username. */
export function requireStaff(c: Ctx): StaffContext {
  const staff = c.get('staff')
  if (!staff) throw new ApiError(401, GATE_MESSAGES.signIn)
  return staff
}

/** Who acts, for audit(): the staff member and the IP of the call. */
export const actorOf = (c: Ctx): Actor => {
  const s = requireStaff(c)
  return { staffId: s.id, username: s.username, ip: clientIp(c) }
}

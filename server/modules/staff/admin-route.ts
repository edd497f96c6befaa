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
import { ApiError, type Ctx, clientIp, type Env, type StaffContext } from '../../http.ts'
import type { Actor } from './audit.ts'
import type { Permission } from './permissions.ts'
import { refusalFor, STAFF_MESSAGES, sessionRefusal, staffFromHeader } from './staff.service.ts'

export const ADMIN_TAG = 'admin'

/** The staff gate of one permission: resolves the session, checks the role, sets c.get('staff'). */
export const staffGate = (permission: Permission) =>
  createMiddleware<Env>(async (c, next) => {
    const { db, now, config } = c.get('deps')
    const staff = await staffFromHeader(db, c.req.header('Authorization'), now())
    if (!staff) throw new ApiError(401, await sessionRefusal(db, c.req.header('Authorization')))
    const refused = refusalFor(staff, permission, config.staffTotpRequired)
    if (refused) throw new ApiError(403, refused)
    c.set('staff', staff)
    await next()
  })

type AdminPath = `/admin/${string}`

/**
 * An admin call: adminRoute({ method: 'post', path: '/admin/orders/{code}/ship', permission:
 * 'orders.fulfil', summary, request, responses }). `permission: 'public'` only for the sign-in.
 */
export function adminRoute<
  const R extends Omit<RouteConfig, 'path' | 'tags' | 'middleware'> & {
    path: AdminPath
    permission: Permission | 'public'
  },
>(r: R) {
  const { permission, ...route } = r
  return createRoute({
    ...route,
    tags: [ADMIN_TAG],
    'x-permission': permission,
    ...(permission === 'public' ? {} : { middleware: [staffGate(permission)] as const }),
  } as Omit<R, 'permission'> & { tags: string[] })
}

/** The signed-in staff member of an admin call (its gate has run): requireStaff(c).username. */
export function requireStaff(c: Ctx): StaffContext {
  const staff = c.get('staff')
  if (!staff) throw new ApiError(401, STAFF_MESSAGES.signIn)
  return staff
}

/** Who acts, for audit(): the staff member and the IP of the call. */
export const actorOf = (c: Ctx): Actor => {
  const s = requireStaff(c)
  return { staffId: s.id, username: s.username, ip: clientIp(c) }
}

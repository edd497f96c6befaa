import { createMiddleware } from 'hono/factory'
import { actorOf, requireStaff } from '../../admin/admin-route.ts'
import { searchAudit } from '../../admin/audit.ts'
import { ok, router } from '../../contract/index.ts'
import { clientIp, type Env } from '../../http.ts'
import { loginSource } from '../accounts/login-limits.ts'
import * as routes from './staff.routes.ts'
import {
  addStaff,
  changeOwnPassword,
  confirmTotp,
  listStaff,
  permissionsOf,
  resetStaffPassword,
  STAFF_SESSION,
  sessionRefusal,
  setStaffEnabled,
  setStaffProfile,
  setStaffRoles,
  signInStaff,
  signOutStaff,
  staffFromHeader,
  staffRow,
  startTotp,
} from './staff.service.ts'
import { clearStaffCookie, setStaffCookie, staffCredential } from './staff-cookie.ts'
import { confirmActor, makesAdmin } from './staff-reauth.ts'

/**
 * The staff session of an /api/admin/ call, resolved once before its route's gate
 * (server/admin/admin-route.ts), which reads c.get('staff') and, on a 401, c.get('staffRefusal').
 * The token comes from the Authorization header or the browser's cookie (staff-cookie.ts).
 */
export const staffSession = createMiddleware<Env>(async (c, next) => {
  const { db, now } = c.get('deps')
  const header = staffCredential(c)
  const staff = await staffFromHeader(db, header, now())
  if (staff) c.set('staff', staff)
  else c.set('staffRefusal', () => sessionRefusal(db, header))
  await next()
})

/** Staff sessions, their own account, the audit log and staff management (issue 20). */
export const staffAdmin = router()
  .openapi(routes.postSession, async (c) => {
    const { db, now } = c.get('deps')
    const session = await signInStaff(db, c.req.valid('json'), loginSource(c), now())
    // The browser keeps the cookie and drops the token of the body; API clients keep the token.
    setStaffCookie(c, session.token, STAFF_SESSION.maxMs)
    return ok(c, session)
  })
  .openapi(routes.deleteSession, async (c) => {
    const { db, now } = c.get('deps')
    await signOutStaff(db, actorOf(c), requireStaff(c).sessionId, now())
    clearStaffCookie(c)
    return ok(c, '已退出登录')
  })
  .openapi(routes.getMe, async (c) => {
    const s = requireStaff(c)
    const { phone } = await staffRow(c.get('deps').db, s.id)
    return ok(c, {
      id: s.id,
      username: s.username,
      name: s.name,
      phone,
      roles: s.roles,
      permissions: permissionsOf(s.roles),
      mustChangePassword: s.mustChangePassword,
      hasTotp: s.hasTotp,
      totpRequired: c.get('deps').config.staffTotpRequired,
    })
  })
  .openapi(routes.postMyPassword, async (c) => {
    const { db, now } = c.get('deps')
    await changeOwnPassword(db, requireStaff(c), c.req.valid('json'), loginSource(c), now())
    return ok(c, '修改密码成功')
  })
  .openapi(routes.putMyProfile, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await setStaffProfile(db, actorOf(c), requireStaff(c).id, c.req.valid('json'), now()))
  })
  .openapi(routes.postMyTotp, async (c) => ok(c, await startTotp(c.get('deps').db, requireStaff(c))))
  .openapi(routes.postMyTotpConfirm, async (c) => {
    const { db, now } = c.get('deps')
    await confirmTotp(db, requireStaff(c), c.req.valid('json').code, clientIp(c), now())
    return ok(c, '动态验证码已绑定')
  })
  .openapi(routes.getAudit, async (c) => ok(c, await searchAudit(c.get('deps').db, c.req.valid('query'))))
  .openapi(routes.getStaff, async (c) => ok(c, await listStaff(c.get('deps').db)))
  .openapi(routes.getStaffNames, async (c) =>
    ok(
      c,
      (await listStaff(c.get('deps').db))
        .filter((s) => s.name)
        .map((s) => ({ username: s.username, name: s.name })),
    ),
  )
  .openapi(routes.postStaff, async (c) => {
    const { db, now } = c.get('deps')
    const v = c.req.valid('json')
    const actor = actorOf(c)
    if (makesAdmin(v.roles))
      await confirmActor(db, requireStaff(c), v.confirm, actor, loginSource(c), 'staff:new', now())
    const { username, roles, name, phone } = v
    return ok(c, await addStaff(db, actor, { username, roles, name, phone }, now()))
  })
  .openapi(routes.postStaffRoles, async (c) => {
    const { db, now } = c.get('deps')
    const { id } = c.req.valid('param')
    const v = c.req.valid('json')
    const actor = actorOf(c)
    await confirmActor(db, requireStaff(c), v.confirm, actor, loginSource(c), `staff:${id}`, now())
    return ok(c, await setStaffRoles(db, actor, id, v.roles, now()))
  })
  .openapi(routes.postStaffEnabled, async (c) => {
    const { db, now } = c.get('deps')
    const { id } = c.req.valid('param')
    return ok(c, await setStaffEnabled(db, actorOf(c), id, c.req.valid('json').enabled, now()))
  })
  .openapi(routes.putStaffProfile, async (c) => {
    const { db, now } = c.get('deps')
    const { id } = c.req.valid('param')
    return ok(c, await setStaffProfile(db, actorOf(c), id, c.req.valid('json'), now()))
  })
  .openapi(routes.postStaffPasswordReset, async (c) => {
    const { db, now } = c.get('deps')
    const { id } = c.req.valid('param')
    const actor = actorOf(c)
    await confirmActor(
      db,
      requireStaff(c),
      c.req.valid('json').confirm,
      actor,
      loginSource(c),
      `staff:${id}`,
      now(),
    )
    return ok(c, await resetStaffPassword(db, actor, id, now()))
  })

import { checkPhone } from '../../../src/lib/rules/phone.ts'
import { markChanged } from '../../changes.ts'
import { ok, router } from '../../contract/index.ts'
import type { Db } from '../../db/index.ts'
import { clientIp, refuse, requireUser } from '../../http.ts'
import { logSms } from '../../providers/sms.ts'
import { dbTime } from '../../time.ts'
import * as q from './accounts.queries.ts'
import * as routes from './accounts.routes.ts'
import { resetCertification, submitCertification } from './certification.ts'
import {
  ceilingWait,
  clearAccountLimit,
  limitedPasswordCheck,
  limitedPasswordUser,
  loginSource,
} from './login-limits.ts'
import { markNoticesSeen, unreadNotices } from './notices.ts'
import { hashPassword, verifyPassword } from './password.ts'
import { changePhone, PHONE_CHANGE } from './phone-change.ts'
import { introducerCustomers, ownProfile, updateProfile } from './profile.queries.ts'
import { BAD_LOGIN, revokeToken, signIn } from './sessions.ts'
import { consumeCode, issueCode, smsCaps } from './sms-codes.ts'
import { createQrLogin, pendingLogin, QR_EXPIRED, takeQrLogin } from './wechat.ts'
import { bindWechat } from './wechat-inapp.ts'

const NOT_REGISTERED = '该手机号尚未注册'

/**
 * The account of a phone whose SMS code is given (password reset, code login). As for
 * registration, the code is checked first, so only the phone's owner learns whether it is
 * registered (该手机号尚未注册).
 */
async function registeredByCode(db: Db, v: { tel: string; code: string }, at: Date): Promise<number> {
  await consumeCode(db, v.tel, v.code, at)
  const id = await q.userIdByTel(db, v.tel)
  if (!id) throw refuse(NOT_REGISTERED)
  return id
}

/**
 * Accounts (accounts §4-§7): SMS codes, registration, login and logout, password and phone
 * changes, WeChat QR login, the own profile, certification and the introducer's customers.
 */
export const accounts = router()
  .openapi(routes.getAccountCodes, async (c) => {
    const { db, now, sms, config } = c.get('deps')
    const tel = checkPhone({ tel: c.req.valid('query').tel })
    if (tel.error !== null) throw refuse(tel.error)
    await issueCode(db, tel.value, clientIp(c), now(), sms ?? logSms, smsCaps(config))
    return ok(c, '短信已经发送到你的手机')
  })
  .openapi(routes.postRegister, async (c) => {
    const { db, now } = c.get('deps')
    const v = c.req.valid('json')
    const at = now()
    // The code is checked before the phone: nobody learns whether a number is registered
    // without receiving its SMS.
    await consumeCode(db, v.tel, v.code, at)
    if (await q.userIdByTel(db, v.tel)) throw refuse('该手机号已注册，请直接登录')
    await q.createUser(db, v.tel, await hashPassword(v.password), at)
    return ok(c, '注册成功')
  })
  .openapi(routes.postPasswordReset, async (c) => {
    const { db, now } = c.get('deps')
    const v = c.req.valid('json')
    const at = now()
    const id = await registeredByCode(db, v, at)
    // Every session ends (whoever knew the old password too); the owner, proven by the SMS, may try passwords again.
    await q.setPassword(db, id, await hashPassword(v.password), at)
    await clearAccountLimit(db, v.tel, clientIp(c))
    return ok(c, '密码重置成功，请登录')
  })
  .openapi(routes.postCodeLogin, async (c) => {
    const { db, now } = c.get('deps')
    const v = c.req.valid('json')
    const at = now()
    const id = await registeredByCode(db, v, at)
    // The phone's owner is back: the ceiling someone's guesses reached, and a lock at this address, end.
    await clearAccountLimit(db, v.tel, clientIp(c))
    return ok(c, await signIn(db, id, at))
  })
  .openapi(routes.postPasswordLogin, async (c) => {
    const { db, now } = c.get('deps')
    const v = c.req.valid('json')
    const at = now()
    const id = await limitedPasswordUser(db, v.tel, v.password, loginSource(c), at)
    if (!id) throw refuse(BAD_LOGIN)
    return ok(c, await signIn(db, id, at))
  })
  /** Not in the spec: the client calls it on logout so the token dies with the session. */
  .openapi(routes.postLogout, async (c) => {
    const { db, now } = c.get('deps')
    await revokeToken(db, requireUser(c).tokenId, now())
    return ok(c, '已退出登录')
  })
  .openapi(routes.postPassword, async (c) => {
    const { db, now } = c.get('deps')
    const user = requireUser(c)
    const v = c.req.valid('json')
    const at = now()
    // Counted like a login: a stolen session must not guess the password here without limit.
    const right = await limitedPasswordCheck(
      db,
      { tel: (await q.telOf(db, user.id)) ?? `user:${user.id}`, ...loginSource(c) },
      at,
      async () => (await verifyPassword(v.password, await q.passwordHashOf(db, user.id))) || null,
      { lock: '', ceiling: ceilingWait },
    )
    if (!right) throw refuse('原密码错误')
    await q.setPassword(db, user.id, await hashPassword(v.newPassword), at)
    return ok(c, '修改密码成功')
  })
  .openapi(routes.postTel, async (c) => {
    const { db, now } = c.get('deps')
    await changePhone(db, requireUser(c), c.req.valid('json'), loginSource(c), now())
    return ok(c, PHONE_CHANGE.done)
  })
  .openapi(routes.getWeChatQr, async (c) => {
    const { db, now, config } = c.get('deps')
    const str = await createQrLogin(db, now())
    // The phone opens this URL, so it is absolute: on the configured site (SITE_URL), never on
    // whatever Host header the request carried (issue 13: a forged one would send the phone away).
    const url = `${config.siteUrl}/wechat/confirm?str=${encodeURIComponent(str)}`
    return ok(c, { url, str })
  })
  .openapi(routes.getWeChatResult, async (c) => {
    const { db, now } = c.get('deps')
    const at = now()
    const row = await pendingLogin(db, c.req.valid('query').str, at)
    if (!row) throw refuse(QR_EXPIRED)
    if (row.user_id === null) return ok(c, null)
    if (!(await takeQrLogin(db, row.id))) throw refuse(QR_EXPIRED)
    return ok(c, await signIn(db, row.user_id, at))
  })
  .openapi(routes.postWeChatBind, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await bindWechat(db, c.req.valid('query').str, c.req.valid('json'), now()))
  })
  .openapi(routes.getUnreadNotices, async (c) =>
    ok(c, await unreadNotices(c.get('deps').db, requireUser(c).id)),
  )
  .openapi(routes.postNoticesRead, async (c) => {
    await markNoticesSeen(c.get('deps').db, requireUser(c).id, c.req.valid('json'))
    return ok(c, '已读')
  })
  .openapi(routes.getOwnProfile, async (c) => ok(c, await ownProfile(c.get('deps').db, requireUser(c).id)))
  .openapi(routes.postOwnProfile, async (c) => {
    const { db, now } = c.get('deps')
    const userId = requireUser(c).id
    await updateProfile(db, userId, c.req.valid('json'))
    // The name, avatar and introduction show on the person's instructor page.
    await markChanged(db, [`teacher:${userId}`], dbTime(now()))
    return ok(c, '修改成功')
  })
  .openapi(routes.postCertification, async (c) => {
    const { db, now } = c.get('deps')
    await submitCertification(db, requireUser(c).id, c.req.valid('json'), now())
    return ok(c, '提交成功')
  })
  .openapi(routes.postCertificationReset, async (c) => {
    await resetCertification(c.get('deps').db, requireUser(c).id)
    return ok(c, '已撤回，请修改资料后重新提交')
  })
  .openapi(routes.getCustomers, async (c) =>
    ok(c, await introducerCustomers(c.get('deps').db, requireUser(c).id, c.req.valid('query'))),
  )

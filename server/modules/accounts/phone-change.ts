import { maskPhone } from '../../../src/lib/format.ts'
import type { PhoneChange } from '../../../src/lib/rules/phone.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, type AuthUser, refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import * as q from './accounts.queries.ts'
import { type LoginSource, limitedPasswordCheck } from './login-limits.ts'
import { verifyPassword } from './password.ts'
import { consumeCode } from './sms-codes.ts'

export const PHONE_CHANGE = {
  wrongTel: '原手机号不正确',
  wrongPassword: '登录密码错误',
  taken: '该手机号已注册',
  done: '修改手机号成功',
  /** What a locked password check offers instead. */
  alternative: '或使用原手机号验证码',
  /** Past the account's hourly ceiling the password is no proof: the old phone's code is. */
  ceiling: '该账号密码错误次数过多，请使用原手机号验证码',
  noticeTitle: '绑定手机号已更换',
} as const

/**
 * The owner's proof: the login password (under the login limits: a stolen session must not
 * become a password oracle) or the newest code sent to the old phone, whose refusals name it
 * (请先获取原手机号验证码, 原手机号验证码错误 …) so they are told apart from the new phone's.
 */
async function proveOwner(
  db: Db,
  userId: number,
  oldTel: string,
  v: PhoneChange,
  source: LoginSource,
  now: Date,
) {
  if (v.password) {
    const ok = await limitedPasswordCheck(
      db,
      { tel: oldTel, ...source },
      now,
      async () => (await verifyPassword(v.password, await q.passwordHashOf(db, userId))) || null,
      { lock: PHONE_CHANGE.alternative, ceiling: () => PHONE_CHANGE.ceiling },
    )
    if (!ok) throw refuse(PHONE_CHANGE.wrongPassword)
    return
  }
  await consumeCode(db, oldTel, v.oldCode, now).catch((e: unknown) => {
    throw e instanceof ApiError ? new ApiError(e.status, e.message.replace('验证码', '原手机号验证码')) : e
  })
}

/**
 * Users/PostUsersTels: checks the old phone, the owner's proof, then the new phone's code; binds
 * the new phone, ends every other session of the account (whoever else held a token must sign
 * in again) and leaves a notice in its messages — one transaction, conditional on the old phone,
 * so two changes at once cannot both apply.
 */
export async function changePhone(db: Db, user: AuthUser, v: PhoneChange, source: LoginSource, now: Date) {
  const oldTel = await q.telOf(db, user.id)
  if (!oldTel || oldTel !== v.tel) throw refuse(PHONE_CHANGE.wrongTel)
  await proveOwner(db, user.id, oldTel, v, source, now)
  await consumeCode(db, v.newTel, v.code, now)
  if (await q.userIdByTel(db, v.newTel)) throw refuse(PHONE_CHANGE.taken)
  await db.transaction().execute(async (t) => {
    const moved = await t
      .updateTable('users')
      .set({ tel: v.newTel })
      .where('id', '=', user.id)
      .where('tel', '=', oldTel)
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) === 0) throw refuse(PHONE_CHANGE.wrongTel)
    await t
      .updateTable('tokens')
      .set({ revoked_at: now.getTime() })
      .where('user_id', '=', user.id)
      .where('id', '!=', user.tokenId)
      .where('revoked_at', 'is', null)
      .execute()
    await notify(
      t,
      user.id,
      PHONE_CHANGE.noticeTitle,
      `您的账号绑定手机号已由${maskPhone(oldTel)}更换为${maskPhone(v.newTel)}，其他设备上的登录已全部退出。如非本人操作，请立即修改密码并联系客服。`,
      now,
    )
  })
}

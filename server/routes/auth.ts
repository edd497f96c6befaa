import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { checkCodeLogin, checkPasswordLogin } from '../../src/lib/rules/login.ts'
import { checkPasswordChange } from '../../src/lib/rules/password.ts'
import { checkPhone, checkPhoneChange } from '../../src/lib/rules/phone.ts'
import { checkRegister } from '../../src/lib/rules/register.ts'
import { hashPassword, verifyPassword } from '../auth/password.ts'
import { consumeCode, issueCode } from '../auth/sms-codes.ts'
import { issueToken } from '../auth/tokens.ts'
import type { Db } from '../db/legacy.ts'
import { body, clientIp, type Env, ok, refuse, requireUser, valid } from '../legacy-http.ts'
import { logSms } from '../providers/sms.ts'
import { dbTime } from '../time.ts'
import { ownProfile } from './profile.ts'

export const authRoutes = new Hono<Env>()

export const BAD_LOGIN = '手机号或密码错误'

const userIdByTel = async (db: Db, tel: string) =>
  (await db.get<{ id: number }>('SELECT id FROM users WHERE tel = ?', [tel]))?.id

/** A hash to verify against when the phone is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined

/** The user id when `password` is the password of the account of `tel`, else null. */
export async function passwordUser(db: Db, tel: string, password: string): Promise<number | null> {
  const row = await db.get<{ id: number; password_hash: string | null }>(
    'SELECT id, password_hash FROM users WHERE tel = ?',
    [tel],
  )
  decoyHash ??= hashPassword('decoy-password')
  const good = await verifyPassword(password, row?.password_hash ?? (await decoyHash))
  return row && good ? Number(row.id) : null
}

/** A new session: the login answer of accounts §7, { user, owinToken: { access_token } }. */
export async function signIn(db: Db, userId: number, now: Date) {
  const token = await issueToken(db, userId, now)
  return { user: await ownProfile(db, userId), owinToken: { access_token: token } }
}

authRoutes.get('/Account/GetAccountCodes', async (c) => {
  const { db, now, sms, config } = c.get('deps')
  const tel = valid(checkPhone({ tel: c.req.query('tel') }))
  await issueCode(db, tel, clientIp(c), now(), sms ?? logSms, config.smsIpDailyCap)
  return ok(c, '短信已经发送到你的手机')
})

authRoutes.post('/Users/PostUsersRegistTel', async (c) => {
  const { db, now } = c.get('deps')
  const v = valid(checkRegister(await body(c)))
  const at = now()
  // The code is checked before the phone: nobody learns whether a number is registered
  // without receiving its SMS.
  await consumeCode(db, v.tel, v.code, at)
  if (await userIdByTel(db, v.tel)) throw refuse('该手机号已注册，请直接登录')
  const hash = await hashPassword(v.password)
  await db.tx(async (t) => {
    // users.code is U + the zero-padded id, known only after the insert; a random one holds
    // the unique column until then.
    const id = await t.insert(
      'INSERT INTO users (code, tel, password_hash, nick_name, create_time) VALUES (?, ?, ?, ?, ?)',
      [`new-${randomBytes(12).toString('hex')}`, v.tel, hash, `用户${v.tel.slice(-4)}`, dbTime(at)],
    )
    await t.run('UPDATE users SET code = ? WHERE id = ?', [`U${String(id).padStart(6, '0')}`, id])
  })
  return ok(c, '注册成功')
})

authRoutes.post('/Users/PostUsersCode', async (c) => {
  const { db, now } = c.get('deps')
  const v = valid(checkCodeLogin(await body(c)))
  const at = now()
  await consumeCode(db, v.tel, v.code, at)
  const id = await userIdByTel(db, v.tel)
  if (!id) throw refuse('该手机号尚未注册')
  return ok(c, await signIn(db, Number(id), at))
})

authRoutes.post('/Users/PostUsersPsw', async (c) => {
  const { db, now } = c.get('deps')
  const v = valid(checkPasswordLogin(await body(c)))
  // One message for an unknown phone and a wrong password: the answer tells no one who is registered.
  const id = await passwordUser(db, v.tel, v.password)
  if (!id) throw refuse(BAD_LOGIN)
  return ok(c, await signIn(db, id, now()))
})

/** Not in the spec: the client calls it on logout so the token dies with the session. */
authRoutes.post('/Users/PostUsersLogout', async (c) => {
  const { db, now } = c.get('deps')
  const user = requireUser(c)
  await db.run('UPDATE tokens SET revoked_at = ? WHERE id = ?', [now().getTime(), user.tokenId])
  return ok(c, '已退出登录')
})

authRoutes.post('/Users/PostUsersPassword', async (c) => {
  const { db, now } = c.get('deps')
  const user = requireUser(c)
  const v = valid(checkPasswordChange(await body(c)))
  const row = await db.get<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = ?', [
    user.id,
  ])
  if (!(await verifyPassword(v.password, row?.password_hash))) throw refuse('原密码错误')
  const hash = await hashPassword(v.newPassword)
  await db.tx(async (t) => {
    await t.run('UPDATE users SET password_hash = ? WHERE id = ?', [hash, user.id])
    // Every session ends, this one included: whoever knew the old password is signed out too.
    await t.run('UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [
      now().getTime(),
      user.id,
    ])
  })
  return ok(c, '修改密码成功')
})

authRoutes.post('/Users/PostUsersTels', async (c) => {
  const { db, now } = c.get('deps')
  const user = requireUser(c)
  const v = valid(checkPhoneChange(await body(c)))
  const row = await db.get<{ tel: string | null }>('SELECT tel FROM users WHERE id = ?', [user.id])
  if (row?.tel !== v.tel) throw refuse('原手机号不正确')
  await consumeCode(db, v.newTel, v.code, now())
  if (await userIdByTel(db, v.newTel)) throw refuse('该手机号已注册')
  await db.run('UPDATE users SET tel = ? WHERE id = ?', [v.newTel, user.id])
  return ok(c, '修改手机号成功')
})

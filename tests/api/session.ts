import { randomInt } from 'node:crypto'
import { expect } from 'vitest'
import type { LoginAnswer } from '../../server/modules/accounts/accounts.routes.ts'
import { SMS_RESEND_SECONDS } from '../../src/lib/constants.ts'
import type { Harness, TestClock } from './harness.ts'

export type { LoginAnswer } from '../../server/modules/accounts/accounts.routes.ts'

/** A phone no other test uses: test files share one database per run. */
export const uniqueTel = () => `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`

/** A made-up client IP (honoured through x-forwarded-for), so tests never share the per-IP cap. */
export const someIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** The newest code sent to `tel`, read from the outbox. */
export async function latestCode(h: Harness, tel: string): Promise<string> {
  const row = await h.db
    .selectFrom('sms_codes')
    .select('code')
    .where('tel', '=', tel)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!row) throw new Error(`no code sent to ${tel}`)
  return row.code
}

/** Sends a code to `tel` as the login dialog does and answers it. */
export async function sendCode(h: Harness, tel: string): Promise<string> {
  const r = await h.get('/api/Account/GetAccountCodes', { tel }, { 'x-forwarded-for': someIp() })
  expect(r.data).toBe('短信已经发送到你的手机')
  return latestCode(h, tel)
}

/** Moves the server's clock past the resend wait, so the next code may be sent. */
export function allowResend(clock: TestClock) {
  clock.advance((SMS_RESEND_SECONDS + 1) * 1000)
}

export async function register(h: Harness, tel = uniqueTel(), password = 'secret123') {
  const code = await sendCode(h, tel)
  const r = await h.post('/api/Users/PostUsersRegistTel', { tel, code, password, okPassword: password })
  expect(r.data).toBe('注册成功')
  return { tel, password }
}

export async function loginByPassword(h: Harness, tel: string, password: string): Promise<LoginAnswer> {
  const r = await h.post<LoginAnswer>('/api/Users/PostUsersPsw', { tel, password })
  expect(r.status).toBe(200)
  return r.data
}

/** A freshly registered, signed-in user. */
export async function newUser(h: Harness) {
  const { tel, password } = await register(h)
  const login = await loginByPassword(h, tel, password)
  return {
    tel,
    password,
    id: login.user.id,
    token: login.owinToken.access_token,
    auth: bearer(login.owinToken.access_token),
  }
}

/** A signed-in demo account of the seed (all have password demo1234). */
export async function demoUser(h: Harness, tel: string) {
  const login = await loginByPassword(h, tel, 'demo1234')
  return { id: login.user.id, auth: bearer(login.owinToken.access_token) }
}

import { describe, expect, it } from 'vitest'
import { startServer, testClock } from '../../../tests/api/harness.ts'
import { allowResend, bearer, newUser, sendCode, uniqueTel } from '../../../tests/api/session.ts'
import { SMS, SMS_MESSAGES } from './sms-codes.ts'

// 忘记密码 (issue 19): Users/PostUsersPswReset sets a new password with an SMS code.
const clock = testClock()
const h = startServer({ now: clock.now })
const RESET = '/api/Users/PostUsersPswReset'
const info = (token: string) => h.get('/api/Users/GetUsersInfo', {}, bearer(token))

describe('Users/PostUsersPswReset', () => {
  it('sets the new password, ends every session of the account and lets the new password in', async () => {
    const u = await newUser(h)
    const other = await h.post<{ owinToken: { access_token: string } }>('/api/Users/PostUsersPsw', {
      tel: u.tel,
      password: 'secret123',
    })
    const tokens = [u.token, other.data.owinToken.access_token]
    for (const t of tokens) expect((await info(t)).http).toBe(200)

    allowResend(clock)
    const code = await sendCode(h, u.tel)
    const r = await h.post(RESET, { tel: u.tel, code, password: 'newpass99', okPassword: 'newpass99' })
    expect([r.http, r.data]).toEqual([200, '密码重置成功，请登录'])

    for (const t of tokens) expect((await info(t)).http).toBe(401)
    const old = await h.post('/api/Users/PostUsersPsw', { tel: u.tel, password: 'secret123' })
    expect(old.data).toBe('手机号或密码错误')
    const fresh = await h.post('/api/Users/PostUsersPsw', { tel: u.tel, password: 'newpass99' })
    expect(fresh.status).toBe(200)
    // The code was used up.
    const again = await h.post(RESET, { tel: u.tel, code, password: 'other999', okPassword: 'other999' })
    expect([again.http, again.data]).toEqual([400, SMS_MESSAGES.used])
  })

  it('checks the form with the registration rule, before spending the code', async () => {
    const u = await newUser(h)
    allowResend(clock)
    const code = await sendCode(h, u.tel)
    const cases: [Record<string, unknown>, string][] = [
      [{ code, password: 'newpass99', okPassword: 'newpass99' }, '请填写手机号'],
      [{ tel: u.tel, password: 'newpass99', okPassword: 'newpass99' }, '请填写验证码'],
      [{ tel: u.tel, code, okPassword: 'newpass99' }, '请设置密码'],
      [{ tel: u.tel, code, password: 'newpass99' }, '请填写确认密码'],
      [{ tel: u.tel, code, password: '12345', okPassword: '12345' }, '密码至少6位'],
      [{ tel: u.tel, code, password: 'newpass99', okPassword: 'newpass98' }, '两次输入密码不一致'],
    ]
    for (const [body, message] of cases) {
      const r = await h.post(RESET, body)
      expect([r.http, r.data]).toEqual([400, message])
    }
    const r = await h.post(RESET, { tel: u.tel, code, password: 'newpass99', okPassword: 'newpass99' })
    expect(r.data).toBe('密码重置成功，请登录')
  })

  it('refuses a wrong code and counts it: after 5 tries even the right code is refused', async () => {
    const u = await newUser(h)
    allowResend(clock)
    const code = await sendCode(h, u.tel)
    const wrong = code === '000000' ? '111111' : '000000'
    const body = { tel: u.tel, password: 'newpass99', okPassword: 'newpass99' }
    for (let i = 0; i < SMS.maxAttempts; i++) {
      const r = await h.post(RESET, { ...body, code: wrong })
      expect([r.http, r.data]).toEqual([400, SMS_MESSAGES.wrong])
    }
    const r = await h.post(RESET, { ...body, code })
    expect([r.http, r.data]).toEqual([429, SMS_MESSAGES.tooMany])
    // Nothing changed: the old password still works, the session too.
    expect((await h.post('/api/Users/PostUsersPsw', { tel: u.tel, password: 'secret123' })).status).toBe(200)
    expect((await info(u.token)).http).toBe(200)
  })

  it('tells an unregistered phone apart only after its code, as registration does', async () => {
    const tel = uniqueTel()
    const body = { tel, password: 'newpass99', okPassword: 'newpass99' }
    // Without a code nobody learns anything: the same answer as for a registered phone.
    const none = await h.post(RESET, { ...body, code: '123456' })
    expect([none.http, none.data]).toEqual([400, SMS_MESSAGES.missing])
    const code = await sendCode(h, tel)
    const wrong = await h.post(RESET, { ...body, code: code === '000000' ? '111111' : '000000' })
    expect([wrong.http, wrong.data]).toEqual([400, SMS_MESSAGES.wrong])
    const right = await h.post(RESET, { ...body, code })
    expect([right.http, right.data]).toEqual([400, '该手机号尚未注册'])
    expect(
      await h.db.selectFrom('users').select('id').where('tel', '=', tel).executeTakeFirst(),
    ).toBeUndefined()
  })
})

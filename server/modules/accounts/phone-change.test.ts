import { describe, expect, it } from 'vitest'
import { maskPhone } from '../../../src/lib/format.ts'
import { startServer, testClock } from '../../../tests/api/harness.ts'
import {
  allowResend,
  bearer,
  loginByPassword,
  newUser,
  sendCode,
  someIp,
  uniqueTel,
} from '../../../tests/api/session.ts'
import { LOGIN_LIMITS } from './login-limits.ts'

const clock = testClock()
const h = startServer({ now: clock.now })

type Note = { title: string; content: string }
const info = (auth: Record<string, string>) => h.get<{ tel: string }>('/api/Users/GetUsersInfo', {}, auth)
const notes = async (auth: Record<string, string>) =>
  (await h.get<Note[]>('/api/Article/GetArticleQuery', { status: 200 }, auth)).data

/** A user signed in twice: `auth` changes the phone, `other` is another device's session. */
async function twoSessions() {
  const u = await newUser(h)
  const other = bearer((await loginByPassword(h, u.tel, u.password)).owinToken.access_token)
  // The registration's code went to this phone moments ago; the next may go after the wait.
  allowResend(clock)
  return { ...u, other }
}

/** A user of twoSessions who asked for a code on a new phone: the user, that phone and its code. */
async function codeSentToNewPhone() {
  const u = await twoSessions()
  const newTel = uniqueTel()
  return { u, newTel, code: await sendCode(h, newTel) }
}

const change = (auth: Record<string, string>, body: Record<string, string>, ip = someIp()) =>
  h.post('/api/Users/PostUsersTels', body, { ...auth, 'x-forwarded-for': ip })

/** Nothing moved: the phone, both sessions, no notice. */
async function expectUnchanged(u: Awaited<ReturnType<typeof twoSessions>>) {
  expect((await info(u.auth)).data.tel).toBe(u.tel)
  expect((await info(u.other)).http).toBe(200)
  expect((await notes(u.auth)).map((n) => n.title)).not.toContain('绑定手机号已更换')
}

/** Changed: the new phone bound, this session alive, the other ended, a notice in the messages. */
async function expectChanged(u: Awaited<ReturnType<typeof twoSessions>>, newTel: string) {
  expect((await info(u.auth)).data.tel).toBe(newTel)
  expect(await info(u.other)).toMatchObject({ http: 401, data: '请登录' })
  const [notice] = await notes(u.auth)
  expect(notice?.title).toBe('绑定手机号已更换')
  expect(notice?.content).toContain(`由${maskPhone(u.tel)}更换为${maskPhone(newTel)}`)
  expect((await loginByPassword(h, newTel, u.password)).user.tel).toBe(newTel)
}

describe('changing the bound phone needs the owner’s proof (Users/PostUsersTels)', () => {
  it('refuses without a password or old-phone code, and changes nothing', async () => {
    const { u, newTel, code } = await codeSentToNewPhone()
    const r = await change(u.auth, { tel: u.tel, newTel, code })
    expect([r.http, r.data]).toEqual([400, '请填写登录密码或原手机号验证码'])
    await expectUnchanged(u)
    // The new phone's code was not even looked at: it still works with a proof.
    expect((await change(u.auth, { tel: u.tel, newTel, code, password: u.password })).data).toBe(
      '修改手机号成功',
    )
  })

  it('refuses a wrong password and changes nothing', async () => {
    const { u, newTel, code } = await codeSentToNewPhone()
    const r = await change(u.auth, { tel: u.tel, newTel, code, password: 'not-my-password' })
    expect([r.http, r.data]).toEqual([400, '登录密码错误'])
    await expectUnchanged(u)
  })

  it('changes with the right password: other sessions end, this one stays, a notice is left', async () => {
    const u = await twoSessions()
    const newTel = uniqueTel()
    const r = await change(u.auth, {
      tel: u.tel,
      newTel,
      code: await sendCode(h, newTel),
      password: u.password,
    })
    expect([r.http, r.data]).toEqual([200, '修改手机号成功'])
    await expectChanged(u, newTel)
  })

  it('changes with a code sent to the old phone, and names that code in its refusals', async () => {
    const { u, newTel, code } = await codeSentToNewPhone()
    // The newest code of the old phone is the registration's, already used.
    expect((await change(u.auth, { tel: u.tel, newTel, code, oldCode: '123456' })).data).toBe(
      '原手机号验证码已使用，请重新获取',
    )
    const oldCode = await sendCode(h, u.tel)
    const wrong = oldCode === '000000' ? '111111' : '000000'
    expect((await change(u.auth, { tel: u.tel, newTel, code, oldCode: wrong })).data).toBe(
      '原手机号验证码错误',
    )
    await expectUnchanged(u)
    const r = await change(u.auth, { tel: u.tel, newTel, code, oldCode })
    expect([r.http, r.data]).toEqual([200, '修改手机号成功'])
    await expectChanged(u, newTel)
  })

  it('limits password guesses through a stolen session like logins; the old-phone code still works', async () => {
    const { u, newTel, code } = await codeSentToNewPhone()
    // From one address: the lock is of the account at that address.
    const ip = someIp()
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++)
      expect((await change(u.auth, { tel: u.tel, newTel, code, password: `guess-${i}` }, ip)).data).toBe(
        '登录密码错误',
      )
    const locked = await change(u.auth, { tel: u.tel, newTel, code, password: u.password }, ip)
    expect([locked.http, locked.data]).toEqual([429, '密码错误次数过多，请15分钟后再试或使用原手机号验证码'])
    await expectUnchanged(u)
    const r = await change(u.auth, { tel: u.tel, newTel, code, oldCode: await sendCode(h, u.tel) })
    expect(r.data).toBe('修改手机号成功')
  })
})

describe('the password change is limited too (Users/PostUsersPassword)', () => {
  it('answers 429 after 5 wrong old passwords, the right one included', async () => {
    const u = await newUser(h)
    const ip = { ...u.auth, 'x-forwarded-for': someIp() }
    const body = (password: string) => ({ password, newPassword: 'newpass1', okPassword: 'newpass1' })
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++)
      expect((await h.post('/api/Users/PostUsersPassword', body(`guess-${i}`), ip)).data).toBe('原密码错误')
    const locked = await h.post('/api/Users/PostUsersPassword', body(u.password), ip)
    expect([locked.http, locked.data]).toEqual([429, '密码错误次数过多，请15分钟后再试'])
    clock.advance(LOGIN_LIMITS.lockMs)
    expect((await h.post('/api/Users/PostUsersPassword', body(u.password), ip)).data).toBe('修改密码成功')
  })
})

import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { stars } from '../../../src/lib/rules/stars.ts'
import { startServer, testClock } from '../../../tests/api/harness.ts'
import { ops } from '../../../tests/api/ops.ts'
import {
  allowResend,
  bearer,
  type LoginAnswer,
  loginByPassword,
  newUser,
  register,
  sendCode,
  someIp,
  uniqueTel,
} from '../../../tests/api/session.ts'
import { defaultConfig } from '../../config.ts'
import { certify, OpsError, runOps, USAGE } from '../../ops.ts'
import { logSms } from '../../providers/sms.ts'
import { chinaDayStart } from '../../time.ts'
import type { OwnProfile } from './accounts.routes.ts'
import { issueCode, SMS, SMS_MESSAGES, smsCaps } from './sms-codes.ts'
import { QR_TTL_MS } from './wechat.ts'

// Time moves on this clock (the server's deps.now), not by rewriting stored times.
const clock = testClock()
const h = startServer({ now: clock.now })
const info = (auth: Record<string, string>) => h.get<OwnProfile>('/api/Users/GetUsersInfo', {}, auth)

describe('SMS codes (Account/GetAccountCodes)', () => {
  it('checks the phone, sends a 6-digit code living 5 minutes, and refuses a resend within 60 s', async () => {
    expect((await h.get('/api/Account/GetAccountCodes', {})).data).toBe('请填写手机号')
    const bad = await h.get('/api/Account/GetAccountCodes', { tel: '1380000000' })
    expect([bad.http, bad.data]).toEqual([400, '手机号格式不正确'])

    const tel = uniqueTel()
    const before = clock.now().getTime()
    const code = await sendCode(h, tel)
    expect(code).toMatch(/^\d{6}$/)
    const row = await h.db
      .selectFrom('sms_codes')
      .select(['expires_at', 'sent_at'])
      .where('tel', '=', tel)
      .executeTakeFirstOrThrow()
    expect(row.expires_at - row.sent_at).toBe(5 * 60_000)
    expect(row.sent_at).toBeGreaterThanOrEqual(before)

    const again = await h.get('/api/Account/GetAccountCodes', { tel }, { 'x-forwarded-for': someIp() })
    expect(again.http).toBe(429)
    expect(again.status).toBe(429)
    const seconds = Number(/^请(\d+)秒后再获取验证码$/.exec(String(again.data))?.[1])
    expect(seconds).toBeGreaterThan(50)
    expect(seconds).toBeLessThanOrEqual(60)
  })

  it('caps sends per phone from one address (10), per phone from all (30) and per IP (30) each day, with 429', async () => {
    const caps = smsCaps(defaultConfig())
    const sent: string[] = []
    const outbox = { ...logSms, send: async (tel: string) => void sent.push(tel) }
    // 00:10 of today in China, whatever the host's zone: the caps count China days.
    const base = chinaDayStart(clock.now()) + 10 * 60_000
    const at = (i: number) => new Date(base + i * (SMS.resendMs + 1000))
    const send = (tel: string, ip: string, i: number) => issueCode(h.db, tel, ip, at(i), outbox, caps)
    const refused = (message: string) => ({ status: 429, message })

    const tel = uniqueTel()
    const stranger = someIp()
    for (let i = 0; i < SMS.perPhonePerDay; i++) await send(tel, stranger, i)
    await expect(send(tel, stranger, 10)).rejects.toMatchObject(refused(SMS_MESSAGES.phoneDaily))
    // The stranger spent the phone's allowance from their address, not the owner's from theirs.
    const owner = someIp()
    await send(tel, owner, 11)
    // Over every address the phone gets SMS_PHONE_DAILY_CAP: the SMS budget holds.
    for (let i = 12; i < caps.perPhonePerDay + 1; i++) await send(tel, someIp(), i)
    await expect(send(tel, someIp(), 40)).rejects.toMatchObject(refused(SMS_MESSAGES.phoneDaily))
    expect(sent.filter((t) => t === tel)).toHaveLength(caps.perPhonePerDay)
    // The next day counts afresh.
    await issueCode(h.db, tel, stranger, new Date(base + 24 * 3600_000), outbox, caps)

    const ip = someIp()
    for (let i = 0; i < caps.perIpPerDay; i++) await send(uniqueTel(), ip, i)
    await expect(send(uniqueTel(), ip, 31)).rejects.toMatchObject(refused(SMS_MESSAGES.ipDaily))
    expect(sent).toHaveLength(caps.perPhonePerDay + 1 + caps.perIpPerDay)
  })

  it('never sends past the phone caps under parallel asks, from one address or many', async () => {
    const caps = smsCaps(defaultConfig())
    const sent: string[] = []
    const outbox = { ...logSms, send: async (tel: string) => void sent.push(tel) }
    const base = chinaDayStart(clock.now()) + 60 * 60_000
    const at = (i: number) => new Date(base + i * (SMS.resendMs + 1000))
    const tel = uniqueTel()
    const ip = someIp()
    // The last send of the address's 10, asked twice at once from it and once from elsewhere.
    for (let i = 0; i < SMS.perPhonePerDay - 1; i++) await issueCode(h.db, tel, ip, at(i), outbox, caps)
    const last = at(SMS.perPhonePerDay)
    const burst = await Promise.allSettled([
      issueCode(h.db, tel, ip, last, outbox, caps),
      issueCode(h.db, tel, ip, last, outbox, caps),
      issueCode(h.db, tel, someIp(), last, outbox, caps),
    ])
    expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(sent).toHaveLength(SMS.perPhonePerDay)
    // The phone's total too: its last allowed send, asked from many addresses at once.
    for (let i = SMS.perPhonePerDay + 1; sent.length < caps.perPhonePerDay - 1; i++)
      await issueCode(h.db, tel, someIp(), at(i), outbox, caps)
    const end = at(caps.perPhonePerDay + 5)
    const many = await Promise.allSettled(
      Array.from({ length: 6 }, () => issueCode(h.db, tel, someIp(), end, outbox, caps)),
    )
    expect(many.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    await expect(
      issueCode(h.db, tel, someIp(), at(caps.perPhonePerDay + 7), outbox, caps),
    ).rejects.toMatchObject({ status: 429, message: SMS_MESSAGES.phoneDaily })
    expect(sent).toHaveLength(caps.perPhonePerDay)
  })
})

describe('register, then log in by code and by password', () => {
  it('checks the registration form in the spec order', async () => {
    const tel = uniqueTel()
    const cases: [Record<string, string>, string][] = [
      [{}, '请填写手机号'],
      [{ tel }, '请填写验证码'],
      [{ tel, code: '123456' }, '请设置密码'],
      [{ tel, code: '123456', password: 'secret123' }, '请填写确认密码'],
      [{ tel: '23800000000', code: '1', password: 'secret123', okPassword: 'x' }, '手机号格式不正确'],
      [{ tel, code: '123456', password: '12345', okPassword: '12345' }, '密码至少6位'],
      [{ tel, code: '123456', password: 'secret123', okPassword: 'secret124' }, '两次输入密码不一致'],
      [{ tel, code: '123456', password: 'secret123', okPassword: 'secret123' }, '请先获取验证码'],
    ]
    for (const [form, message] of cases) {
      const r = await h.post('/api/Users/PostUsersRegistTel', form)
      expect([r.http, r.data]).toEqual([400, message])
    }
  })

  it('registers a phone once and logs it in by code and by password', async () => {
    /** Users/PostUsersRegistTel with `code` and the password pw1234, twice typed. */
    const registerWith = (tel: string, code: string) =>
      h.post('/api/Users/PostUsersRegistTel', { tel, code, password: 'pw1234', okPassword: 'pw1234' })
    const tel = uniqueTel()
    const code = await sendCode(h, tel)
    const wrong = code === '000000' ? '111111' : '000000'
    const bad = await registerWith(tel, wrong)
    expect(bad.data).toBe('验证码错误')
    const r = await registerWith(tel, code)
    expect([r.http, r.data]).toEqual([200, '注册成功'])
    const row = await h.db
      .selectFrom('users')
      .select(['code', 'nick_name', 'password_hash'])
      .where('tel', '=', tel)
      .executeTakeFirstOrThrow()
    expect(row.code).toMatch(/^U\d{6,}$/)
    expect(row.nick_name).toBe(`用户${tel.slice(-4)}`)
    expect(row.password_hash).toMatch(/^scrypt\$/)

    allowResend(clock)
    const again = await sendCode(h, tel)
    const twice = await registerWith(tel, again)
    expect(twice.data).toBe('该手机号已注册，请直接登录')

    allowResend(clock)
    const byCode = await h.post<LoginAnswer>('/api/Users/PostUsersCode', {
      tel,
      code: await sendCode(h, tel),
    })
    expect(byCode.status).toBe(200)
    expect(byCode.data.user.tel).toBe(tel)
    expect(byCode.data.owinToken.access_token.length).toBeGreaterThan(30)
    expect((await info(bearer(byCode.data.owinToken.access_token))).data.tel).toBe(tel)

    const byPassword = await loginByPassword(h, tel, 'pw1234')
    expect(byPassword.user.id).toBe(byCode.data.user.id)
    expect(byPassword.owinToken.access_token).not.toBe(byCode.data.owinToken.access_token)
  })

  it('gives one message for a wrong password and an unknown phone', async () => {
    const wrong = await h.post('/api/Users/PostUsersPsw', { tel: '13800000001', password: 'nope-nope' })
    const unknown = await h.post('/api/Users/PostUsersPsw', { tel: uniqueTel(), password: 'demo1234' })
    expect([wrong.http, wrong.data]).toEqual([400, '手机号或密码错误'])
    expect([unknown.http, unknown.data]).toEqual([400, '手机号或密码错误'])
    expect((await h.post('/api/Users/PostUsersPsw', { tel: '13800000001' })).data).toBe('请填写密码')
  })

  it('logs in by code only a registered phone', async () => {
    const tel = uniqueTel()
    const r = await h.post('/api/Users/PostUsersCode', { tel, code: await sendCode(h, tel) })
    expect([r.http, r.data]).toEqual([400, '该手机号尚未注册'])
  })
})

describe('a code is single-use, short-lived and allows 5 wrong tries', () => {
  const login = (tel: string, code: string) => h.post('/api/Users/PostUsersCode', { tel, code })

  it('refuses a code used once already', async () => {
    const { tel } = await register(h)
    allowResend(clock)
    const code = await sendCode(h, tel)
    expect((await login(tel, code)).status).toBe(200)
    expect((await login(tel, code)).data).toBe('验证码已使用，请重新获取')
  })

  it('refuses an expired code', async () => {
    const { tel } = await register(h)
    allowResend(clock)
    const code = await sendCode(h, tel)
    clock.advance(SMS.ttlMs)
    expect((await login(tel, code)).data).toBe('验证码已过期，请重新获取')
  })

  it('refuses the 6th attempt even with the right code', async () => {
    const { tel } = await register(h)
    allowResend(clock)
    const code = await sendCode(h, tel)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < SMS.maxAttempts; i++) expect((await login(tel, wrong)).data).toBe('验证码错误')
    const sixth = await login(tel, code)
    expect([sixth.http, sixth.data]).toEqual([429, '验证码错误次数过多，请重新获取'])
  })

  it('accepts only the newest code of a phone', async () => {
    const { tel } = await register(h)
    allowResend(clock)
    const first = await sendCode(h, tel)
    // Codes are random: send again until the newest differs from the first (one in a million won't).
    let second: string
    do {
      allowResend(clock)
      second = await sendCode(h, tel)
    } while (second === first)
    expect((await login(tel, first)).data).toBe('验证码错误')
    expect((await login(tel, second)).status).toBe(200)
  })
})

describe('sessions end on logout and on a password change', () => {
  it('answers 401 to a logged-out token', async () => {
    const u = await newUser(h)
    expect((await info(u.auth)).http).toBe(200)
    expect((await h.post('/api/Users/PostUsersLogout', null, u.auth)).status).toBe(200)
    const after = await info(u.auth)
    expect([after.http, after.data]).toEqual([401, '请登录'])
  })

  it('changes the password after checking the old one, and revokes every token', async () => {
    const u = await newUser(h)
    const other = await loginByPassword(h, u.tel, u.password)
    const change = (b: Record<string, string>) => h.post('/api/Users/PostUsersPassword', b, u.auth)
    expect((await change({})).data).toBe('请填写原密码')
    expect((await change({ password: 'x' })).data).toBe('请填写新密码')
    expect((await change({ password: 'x', newPassword: 'newpass1' })).data).toBe('请再次输入新密码')
    expect((await change({ password: u.password, newPassword: 'short', okPassword: 'short' })).data).toBe(
      '密码至少6位',
    )
    expect(
      (await change({ password: u.password, newPassword: 'newpass1', okPassword: 'newpass2' })).data,
    ).toBe('两次输入密码不一致')
    expect(
      (await change({ password: 'wrong-old', newPassword: 'newpass1', okPassword: 'newpass1' })).data,
    ).toBe('原密码错误')
    // The same password again would change nothing yet end every session: refused, sessions kept.
    expect(
      (await change({ password: u.password, newPassword: u.password, okPassword: u.password })).data,
    ).toBe('新密码不能与原密码相同')
    expect((await info(u.auth)).http).toBe(200)
    const ok = await change({ password: u.password, newPassword: 'newpass1', okPassword: 'newpass1' })
    expect([ok.http, ok.data]).toEqual([200, '修改密码成功'])

    expect((await info(u.auth)).http).toBe(401)
    expect((await info(bearer(other.owinToken.access_token))).http).toBe(401)
    expect((await h.post('/api/Users/PostUsersPsw', { tel: u.tel, password: u.password })).data).toBe(
      '手机号或密码错误',
    )
    await loginByPassword(h, u.tel, 'newpass1')
  })

  it('needs a session for account calls', async () => {
    for (const path of [
      '/api/Users/PostUsersPassword',
      '/api/Users/PostUsersTels',
      '/api/Users/PostUsersInfo',
    ]) {
      const r = await h.post(path, {})
      expect([r.http, r.data]).toEqual([401, '请登录'])
    }
    expect((await h.get('/api/Users/GetUsersInfo')).http).toBe(401)
  })
})

describe('change phone (Users/PostUsersTels)', () => {
  it('needs the current phone, the password and a code sent to a free new phone', async () => {
    const u = await newUser(h)
    const newTel = uniqueTel()
    const change = (b: Record<string, string>) => h.post('/api/Users/PostUsersTels', b, u.auth)
    const password = u.password
    expect((await change({})).data).toBe('请填写原手机号')
    expect((await change({ tel: u.tel })).data).toBe('请填写新手机号')
    expect((await change({ tel: u.tel, newTel })).data).toBe('请填写验证码')
    expect((await change({ tel: u.tel, newTel: '123', code: '1' })).data).toBe('手机号格式不正确')
    expect((await change({ tel: u.tel, newTel, code: '1' })).data).toBe('请填写登录密码或原手机号验证码')
    expect((await change({ tel: '13800000001', newTel, code: '123456', password })).data).toBe(
      '原手机号不正确',
    )

    const taken = '13800000002'
    const takenCode = await sendCode(h, taken)
    expect((await change({ tel: u.tel, newTel: taken, code: takenCode, password })).data).toBe(
      '该手机号已注册',
    )

    const code = await sendCode(h, newTel)
    const r = await change({ tel: u.tel, newTel, code, password })
    expect([r.http, r.data]).toEqual([200, '修改手机号成功'])
    expect((await info(u.auth)).data.tel).toBe(newTel)
    await loginByPassword(h, newTel, u.password)
  })
})

describe('own profile (Users/GetUsersInfo, PostUsersInfo)', () => {
  it('never carries the password, in any login or profile answer', async () => {
    const u = await newUser(h)
    const answers = [
      await h.post('/api/Users/PostUsersPsw', { tel: u.tel, password: u.password }),
      await info(u.auth),
      await h.post('/api/Users/PostUsersPsw', { tel: '13800000003', password: 'demo1234' }),
    ]
    for (const a of answers) {
      const json = JSON.stringify(a.data)
      expect(json).not.toMatch(/password|scrypt|hash/i)
      expect(json).not.toContain(u.password)
    }
  })

  it('shows wallet figures, stars from spending, and the introducer flag', async () => {
    const demo = await loginByPassword(h, '13800000001', 'demo1234')
    const me = demo.user
    expect(me.integral).toBeGreaterThan(0)
    expect(me.stars).toBe(stars(me.integral))
    expect(me.balance).toBe(500)
    expect(me.isIntroducer).toBe(0)
    const introducer = await loginByPassword(h, '13800000004', 'demo1234')
    expect(introducer.user.isIntroducer).toBe(1)
    const doctor = await loginByPassword(h, '13800000002', 'demo1234')
    expect(doctor.user).toMatchObject({ level: 10, levelText: '医生', status: 3, discount: 9 })
    expect(doctor.user.recName).toBe('陈立')
    const fresh = await newUser(h)
    expect((await info(fresh.auth)).data).toMatchObject({
      integral: 0,
      stars: 0,
      level: 0,
      status: 0,
      balance: 0,
    })
  })

  it('checks the profile form in order and saves it', async () => {
    const u = await newUser(h)
    const save = (b: Record<string, string>) => h.post('/api/Users/PostUsersInfo', b, u.auth)
    const avatarUrl = '/uploads/seed/avatar-1.png'
    expect((await save({})).data).toBe('请填写昵称')
    expect((await save({ nickName: 'x'.repeat(21) })).data).toBe('昵称不能超过20个字')
    expect((await save({ nickName: '小李' })).data).toBe('请上传头像')
    expect((await save({ nickName: '小李', avatarUrl: 'javascript:alert(1)' })).data).toBe('头像地址不正确')
    expect((await save({ nickName: '小李', avatarUrl })).data).toBe('请填写简介')
    expect((await save({ nickName: '小李', avatarUrl, content: '简'.repeat(151) })).data).toBe(
      '简介不能超过150个字',
    )
    expect((await save({ nickName: '小李', avatarUrl, content: '<script>alert(1)</script>' })).data).toBe(
      '简介不能包含“<”或“>”',
    )
    const r = await save({ nickName: '小李', avatarUrl, content: '种植医生' })
    expect([r.http, r.data]).toEqual([200, '修改成功'])
    expect((await info(u.auth)).data).toMatchObject({ nickName: '小李', avatarUrl, content: '种植医生' })
  })

  it('refuses malformed JSON with a message', async () => {
    const u = await newUser(h)
    const res = await fetch(`${h.base}/api/Users/PostUsersInfo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', sign: h.sign(), ...u.auth },
      body: '{"nickName": ',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ status: 400, data: '请求内容格式不正确' })
  })
})

describe('certification (Users/PostUsersBind) and its review (npm run ops)', () => {
  const img = '/uploads/seed/cert-licence.png'
  const form = {
    recName: '李医生',
    recTel: '13912345678',
    ownerImg: img,
    allowImg: img,
    codeImg: img,
    email: '',
  }

  it('checks the form in the storefront order', async () => {
    const u = await newUser(h)
    const bind = (ext: unknown, level?: number) => h.post('/api/Users/PostUsersBind', { ext, level }, u.auth)
    expect((await bind(JSON.stringify(form))).data).toBe('请选择认证身份')
    expect((await bind(JSON.stringify(form), 30)).data).toBe('请选择认证身份')
    expect((await bind({ ...form, recName: '' }, 10)).data).toBe('请填写联系人')
    expect((await bind({ ...form, recTel: '' }, 10)).data).toBe('请填写联系电话')
    expect((await bind({ ...form, ownerImg: '' }, 10)).data).toBe('请选择营业执照')
    expect((await bind({ ...form, allowImg: '' }, 10)).data).toBe('请选择医疗机构执业许可证')
    expect((await bind({ ...form, codeImg: '' }, 10)).data).toBe('请选择法人身份证盖章')
    expect((await bind({ ...form, ownerImg: [img, img, img, img].join(',') }, 10)).data).toBe(
      '营业执照最多3张',
    )
    expect((await bind('{not json', 10)).data).toBe('认证资料格式不正确')
    expect((await info(u.auth)).data.status).toBe(0)
  })

  it('goes 0 → 2 on submit, back to 0 on modify, and 2 → 3 when the operator approves', async () => {
    const u = await newUser(h)
    const bind = () => h.post('/api/Users/PostUsersBind', { ext: JSON.stringify(form), level: 20 }, u.auth)
    expect((await bind()).data).toBe('提交成功')
    expect((await info(u.auth)).data).toMatchObject({
      status: 2,
      level: 20,
      recName: '李医生',
      ownerImg: img,
    })
    expect((await bind()).data).toBe('资料审核中，请勿重复提交')

    expect((await h.post('/api/Users/PostUsersBindReset', null, u.auth)).status).toBe(200)
    expect((await info(u.auth)).data).toMatchObject({ status: 0, level: 0 })
    expect((await h.post('/api/Users/PostUsersBindReset', null, u.auth)).data).toBe(
      '当前没有审核中的认证资料',
    )
    expect((await bind()).data).toBe('提交成功')

    expect(await certify(h.db, u.id, 'approve', clock.now())).toContain('机构')
    expect((await info(u.auth)).data).toMatchObject({ status: 3, level: 20, levelText: '机构' })
    expect((await bind()).data).toBe('已认证')
    const notes = await h.get<{ title: string }[]>('/api/Article/GetArticleQuery', { status: 200 }, u.auth)
    expect(notes.data[0]?.title).toBe('认证审核通过')
    await expect(certify(h.db, u.id, 'approve', clock.now())).rejects.toBeInstanceOf(OpsError)
  })

  it('sends a rejected form back to editing with level 0 and a notification', async () => {
    const u = await newUser(h)
    await h.post('/api/Users/PostUsersBind', { ext: form, level: 10 }, u.auth)
    await certify(h.db, u.id, 'reject', clock.now(), '执照不清晰')
    expect((await info(u.auth)).data).toMatchObject({ status: 0, level: 0 })
    const notes = await h.get<{ title: string }[]>('/api/Article/GetArticleQuery', { status: 200 }, u.auth)
    expect(notes.data[0]?.title).toBe('认证未通过，请修改资料后重新提交')
    expect((await h.post('/api/Users/PostUsersBind', { ext: form, level: 10 }, u.auth)).data).toBe('提交成功')
  })

  it('refuses a malformed command before opening the database', async () => {
    const never = () => Promise.reject(new Error('opened'))
    for (const args of [
      [],
      ['certify', '5'],
      ['certify', 'x', 'approve'],
      ['certify', '5', 'maybe'],
      ['delete', '5', 'approve'],
    ]) {
      await expect(runOps(args, never)).rejects.toBeInstanceOf(OpsError)
    }
    await expect(ops(h.db, ['certify', '999999', 'approve'])).rejects.toThrow('不存在')
    // The command line itself: a refusal is printed and the exit code is 1.
    const run = promisify(execFile)
    const failed = await run(process.execPath, ['server/ops.ts', 'certify', '5', 'maybe']).catch(
      (e: { code: number; stderr: string }) => e,
    )
    expect(failed).toMatchObject({ code: 1 })
    expect((failed as { stderr: string }).stderr).toContain(USAGE)
  })
})

describe('WeChat QR login', () => {
  const poll = (str: string) => h.get<LoginAnswer | null>('/api/WeChat/GetWeChatQrcodeResultpc', { str })
  const confirm = (fields: Record<string, string>) =>
    fetch(`${h.base}/wechat/confirm`, { method: 'POST', body: new URLSearchParams(fields) }).then(
      async (r) => ({
        http: r.status,
        html: await r.text(),
      }),
    )

  it('waits, is confirmed on the phone page, answers the login once, then refuses the str', async () => {
    const qr = await h.get<{ url: string; str: string }>(
      '/api/WeChat/GetWeChatQrcode',
      {},
      { Host: 'evil.example' },
    )
    expect(qr.status).toBe(200)
    const { url, str } = qr.data
    // On the configured site, whatever Host the request named.
    expect(url).toBe(`${defaultConfig().siteUrl}/wechat/confirm?str=${str}`)
    expect(await poll(str)).toMatchObject({ http: 200, status: 200, data: null })

    const page = await fetch(`${h.base}${new URL(url).pathname}${new URL(url).search}`)
    const text = await page.text()
    expect(page.status).toBe(200)
    expect(text).toContain('微信扫码登录确认')
    expect(text).toContain('确认登录')
    expect(text).toContain(`value="${str}"`)

    const bad = await confirm({ str, tel: '13800000003', password: 'wrong-password' })
    expect(bad.http).toBe(400)
    expect(bad.html).toContain('手机号或密码错误')
    expect((await confirm({ str, tel: '138', password: 'x' })).html).toContain('手机号格式不正确')
    expect((await poll(str)).data).toBeNull()

    const good = await confirm({ str, tel: '13800000003', password: 'demo1234' })
    expect(good.http).toBe(200)
    expect(good.html).toContain('已确认，请回到电脑端')

    const done = await poll(str)
    expect(done.status).toBe(200)
    expect(done.data?.user.tel).toBe('13800000003')
    expect((await info(bearer(done.data!.owinToken.access_token))).data.tel).toBe('13800000003')
    expect(await poll(str)).toMatchObject({ http: 400, data: '二维码已过期，请刷新' })
  })

  it('refuses an unknown or expired str, on the poll and on the page', async () => {
    expect(await poll('made-up')).toMatchObject({ http: 400, data: '二维码已过期，请刷新' })
    const { str } = (await h.get<{ str: string }>('/api/WeChat/GetWeChatQrcode')).data
    clock.advance(QR_TTL_MS)
    expect(await poll(str)).toMatchObject({ http: 400, data: '二维码已过期，请刷新' })
    const page = await confirm({ str, tel: '13800000003', password: 'demo1234' })
    expect(page.html).toContain('二维码已过期')
  })

  it('escapes what it echoes into the page', async () => {
    const { str } = (await h.get<{ str: string }>('/api/WeChat/GetWeChatQrcode')).data
    const page = await confirm({ str, tel: '"><script>alert(1)</script>', password: 'x' })
    expect(page.html).not.toContain('<script>')
    expect(page.html).toContain('&lt;script&gt;')
    const odd = await fetch(`${h.base}/wechat/confirm?str=${encodeURIComponent('<b>x</b>')}`)
    expect(await odd.text()).not.toContain('<b>x</b>')
  })
})

import { describe, expect, it } from 'vitest'
import { startServer, testClock } from '../../../tests/api/harness.ts'
import {
  type LoginAnswer,
  newUser,
  register,
  sendCode,
  someIp,
  uniqueTel,
} from '../../../tests/api/session.ts'
import { LOGIN_LIMITS } from './login-limits.ts'
import { HASH_CONCURRENCY, hashLoad, hashPassword, verifyPassword } from './password.ts'

const clock = testClock()
const h = startServer({ now: clock.now })

const LOCKED = '密码错误次数过多，请15分钟后再试或使用验证码登录'
const IP_LOCKED = '当前网络密码错误次数过多，请15分钟后再试或使用验证码登录'
const from = (ip: string) => ({ 'x-forwarded-for': ip })
const login = (tel: string, password: string, ip: string) =>
  h.post<LoginAnswer | string>('/api/Users/PostUsersPsw', { tel, password }, from(ip))
const stored = (subject: string) =>
  h.db
    .selectFrom('login_limits')
    .select(['failures', 'locked_until'])
    .where('subject', '=', subject)
    .executeTakeFirst()

describe('password attempts per account (Users/PostUsersPsw)', () => {
  it('locks the phone after 5 wrong passwords: 429 even for the right one, until the lock ends', async () => {
    const { tel, password } = await register(h)
    const ip = someIp()
    const hashed = hashLoad().runs
    const answers = []
    for (let i = 0; i < 30; i++) answers.push(await login(tel, 'wrong-password', ip))
    expect(answers.slice(0, 5).map((a) => [a.http, a.data])).toEqual(Array(5).fill([400, '手机号或密码错误']))
    expect(answers.slice(5).map((a) => [a.http, a.status, a.data])).toEqual(
      Array(25).fill([429, 429, LOCKED]),
    )
    const right = await login(tel, password, ip)
    expect([right.http, right.data]).toEqual([429, LOCKED])
    // The limiter answers before scrypt: 31 attempts, 5 hashes.
    expect(hashLoad().runs - hashed).toBe(LOGIN_LIMITS.perAccount)
    const row = await stored(`tel:${tel}`)
    expect(row?.failures).toBe(LOGIN_LIMITS.perAccount)
    expect(row!.locked_until - clock.now().getTime()).toBeGreaterThan(LOGIN_LIMITS.lockMs - 60_000)
    // The IP lost only the 5 attempts that were checked.
    expect((await stored(`ip:${ip}`))?.failures).toBe(LOGIN_LIMITS.perAccount)

    clock.advance(LOGIN_LIMITS.lockMs - 61_000)
    expect((await login(tel, password, ip)).data).toBe('密码错误次数过多，请2分钟后再试或使用验证码登录')
    clock.advance(61_000)
    const after = await login(tel, password, ip)
    expect(after.http).toBe(200)
    expect(await stored(`tel:${tel}`)).toBeUndefined()
  })

  it('counts an unknown phone the same way, so a lock tells nobody who is registered', async () => {
    const tel = uniqueTel()
    const ip = someIp()
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++)
      expect((await login(tel, 'demo1234', ip)).data).toBe('手机号或密码错误')
    expect(await login(tel, 'demo1234', ip)).toMatchObject({ http: 429, data: LOCKED })
  })

  it('forgets the failures after a right password, and starts again once the window is over', async () => {
    const { tel, password } = await register(h)
    const ip = someIp()
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++) await login(tel, 'nope-nope', ip)
    expect((await login(tel, password, ip)).http).toBe(200)
    expect(await stored(`tel:${tel}`)).toBeUndefined()
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++) await login(tel, 'nope-nope', ip)
    clock.advance(LOGIN_LIMITS.windowMs)
    // A new window: this failure is the first of it, not the fifth.
    expect((await login(tel, 'nope-nope', ip)).http).toBe(400)
    expect((await stored(`tel:${tel}`))?.failures).toBe(1)
  })

  it('is lifted by an SMS-code login', async () => {
    const { tel, password } = await register(h)
    const ip = someIp()
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) await login(tel, 'nope-nope', ip)
    expect((await login(tel, password, ip)).http).toBe(429)
    clock.advance(61_000) // the resend wait since registration's code
    const byCode = await h.post('/api/Users/PostUsersCode', { tel, code: await sendCode(h, tel) })
    expect(byCode.http).toBe(200)
    expect(await stored(`tel:${tel}`)).toBeUndefined()
    expect((await login(tel, password, ip)).http).toBe(200)
  })

  it('never counts past the limit under a burst of parallel wrong attempts', async () => {
    const { tel, password } = await register(h)
    const ip = someIp()
    const hashed = hashLoad().runs
    const burst = await Promise.all(Array.from({ length: 30 }, () => login(tel, 'wrong-password', ip)))
    const codes = burst.map((a) => a.http).sort()
    // Each attempt is counted before it is hashed, in one statement: exactly 5 get through.
    expect(codes.filter((c) => c === 400)).toHaveLength(LOGIN_LIMITS.perAccount)
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - LOGIN_LIMITS.perAccount)
    expect((await stored(`tel:${tel}`))?.failures).toBe(LOGIN_LIMITS.perAccount)
    expect(hashLoad().runs - hashed).toBe(LOGIN_LIMITS.perAccount)
    expect((await login(tel, password, ip)).http).toBe(429)
  })
})

describe('password attempts per client IP', () => {
  it('locks an IP after 20 failures over any phones; right logins do not count', async () => {
    const ip = someIp()
    const u = await newUser(h)
    // Successes give their attempt back: an office behind one address is not locked by logging in.
    for (let i = 0; i < LOGIN_LIMITS.perIp + 5; i++)
      expect((await login(u.tel, u.password, ip)).http).toBe(200)
    expect((await stored(`ip:${ip}`))?.failures ?? 0).toBe(0)

    const burst = await Promise.all(
      Array.from({ length: LOGIN_LIMITS.perIp + 10 }, () => login(uniqueTel(), 'guess-1234', ip)),
    )
    const codes = burst.map((a) => a.http)
    expect(codes.filter((c) => c === 400)).toHaveLength(LOGIN_LIMITS.perIp)
    expect(burst.filter((a) => a.http === 429).map((a) => a.data)).toEqual(Array(10).fill(IP_LOCKED))
    expect((await stored(`ip:${ip}`))?.failures).toBe(LOGIN_LIMITS.perIp)

    expect(await login(u.tel, u.password, ip)).toMatchObject({ http: 429, data: IP_LOCKED })
    // Refused for the IP, the attempt is not held against the account.
    expect(await stored(`tel:${u.tel}`)).toBeUndefined()
    expect((await login(u.tel, u.password, someIp())).http).toBe(200)
    clock.advance(LOGIN_LIMITS.lockMs)
    expect((await login(u.tel, u.password, ip)).http).toBe(200)
  })
})

describe('/wechat/confirm shares the limits', () => {
  const confirm = (fields: Record<string, string>, ip: string) =>
    fetch(`${h.base}/wechat/confirm`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: from(ip),
    }).then(async (r) => ({ http: r.status, html: await r.text() }))
  const qr = async () => (await h.get<{ str: string }>('/api/WeChat/GetWeChatQrcode')).data.str

  it('answers 429 on the page after 5 wrong passwords, counted with the API, and lets the owner in after the lock', async () => {
    const { tel, password } = await register(h)
    const ip = someIp()
    const str = await qr()
    const hashed = hashLoad().runs
    // Two through the API, the rest on the page: one count.
    for (let i = 0; i < 2; i++) expect((await login(tel, 'wrong-password', ip)).http).toBe(400)
    const pages = []
    for (let i = 0; i < 28; i++) pages.push(await confirm({ str, tel, password: 'wrong-password' }, ip))
    expect(pages.slice(0, 3).every((p) => p.http === 400 && p.html.includes('手机号或密码错误'))).toBe(true)
    expect(pages.slice(3).every((p) => p.http === 429 && p.html.includes(LOCKED))).toBe(true)
    const right = await confirm({ str, tel, password }, ip)
    expect(right.http).toBe(429)
    expect(right.html).toContain(LOCKED)
    expect(right.html).not.toContain('已确认')
    expect(hashLoad().runs - hashed).toBe(LOGIN_LIMITS.perAccount)
    expect((await stored(`tel:${tel}`))?.failures).toBe(LOGIN_LIMITS.perAccount)
    expect(await login(tel, password, someIp())).toMatchObject({ http: 429, data: LOCKED })

    clock.advance(LOGIN_LIMITS.lockMs)
    const fresh = await qr()
    const ok = await confirm({ str: fresh, tel, password }, ip)
    expect(ok.http).toBe(200)
    expect(ok.html).toContain('已确认，请回到电脑端')
  })
})

describe('hashing has a line of its own', () => {
  it(`runs at most ${HASH_CONCURRENCY} hashes at once and queues the rest`, async () => {
    const stored = await hashPassword('secret123')
    const checks = Array.from({ length: 6 }, (_, i) =>
      verifyPassword(i === 0 ? 'secret123' : 'other', stored),
    )
    // Started synchronously: two run, four wait their turn.
    expect(hashLoad()).toMatchObject({ active: HASH_CONCURRENCY, waiting: 6 - HASH_CONCURRENCY })
    expect(await Promise.all(checks)).toEqual([true, false, false, false, false, false])
    expect(hashLoad()).toMatchObject({ active: 0, waiting: 0 })
    expect(hashLoad().peak).toBeLessThanOrEqual(HASH_CONCURRENCY)
  })

  it('answers a locked account without waiting behind a queue of hashes', async () => {
    const { tel } = await register(h)
    const ip = someIp()
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) await login(tel, 'nope-nope', ip)
    const queue = Array.from({ length: 12 }, () =>
      verifyPassword('x', `scrypt$${'a'.repeat(32)}$${'b'.repeat(128)}`),
    )
    const started = performance.now()
    expect((await login(tel, 'nope-nope', ip)).http).toBe(429)
    const lockedMs = performance.now() - started
    expect(hashLoad().waiting).toBeGreaterThan(0)
    await Promise.all(queue)
    const queueMs = performance.now() - started
    expect(lockedMs).toBeLessThan(queueMs)
  })
})

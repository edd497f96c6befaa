import { describe, expect, it } from 'vitest'
import { PASSWORD_CEILING } from '../../../src/lib/rules/login.ts'
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
// A low ceiling (LOGIN_ACCOUNT_HOURLY_CAP, 50 by default) keeps its tests' hashing short.
const CEILING = 15
const h = startServer({ now: clock.now, config: () => ({ loginAccountHourlyCap: CEILING }) })

const LOCKED = '密码错误次数过多，请15分钟后再试或使用验证码登录'
const IP_LOCKED = '当前网络密码错误次数过多，请15分钟后再试或使用验证码登录'
const from = (ip: string) => ({ 'x-forwarded-for': ip })
const login = (tel: string, password: string, ip: string) =>
  h.post<LoginAnswer | string>('/api/Users/PostUsersPsw', { tel, password }, from(ip))
/** The row of the phone at one address. */
const pair = (tel: string, ip: string) => `pair:${ip}|tel:${tel}`
const stored = (subject: string) =>
  h.db
    .selectFrom('login_limits')
    .select(['failures', 'locked_until'])
    .where('subject', '=', subject)
    .executeTakeFirst()

describe('password attempts per account and address (Users/PostUsersPsw)', () => {
  it('locks the phone at an address after 5 wrong passwords: 429 even for the right one, until the lock ends', async () => {
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
    expect(hashLoad().runs - hashed).toBe(LOGIN_LIMITS.perAccountAndIp)
    const row = await stored(pair(tel, ip))
    expect(row?.failures).toBe(LOGIN_LIMITS.perAccountAndIp)
    expect(row!.locked_until - clock.now().getTime()).toBeGreaterThan(LOGIN_LIMITS.lockMs - 60_000)
    // The IP and the phone's hourly ceiling lost only the 5 attempts that were checked.
    expect((await stored(`ip:${ip}`))?.failures).toBe(LOGIN_LIMITS.perAccountAndIp)
    expect(await stored(`tel:${tel}`)).toMatchObject({
      failures: LOGIN_LIMITS.perAccountAndIp,
      locked_until: 0,
    })

    // 90 s before the lock ends, however long the attempts above took: 2 minutes to wait.
    clock.advance(row!.locked_until - clock.now().getTime() - 90_000)
    expect((await login(tel, password, ip)).data).toBe('密码错误次数过多，请2分钟后再试或使用验证码登录')
    clock.advance(90_000)
    const after = await login(tel, password, ip)
    expect(after.http).toBe(200)
    expect(await stored(pair(tel, ip))).toBeUndefined()
    expect(await stored(`tel:${tel}`)).toBeUndefined()
  })

  it('does not lock the owner out from another address: guesses at A leave B signing in', async () => {
    const { tel, password } = await register(h)
    const stranger = someIp()
    for (let i = 0; i < 10; i++) await login(tel, 'wrong-password', stranger)
    expect(await login(tel, password, stranger)).toMatchObject({ http: 429, data: LOCKED })
    const owner = someIp()
    expect((await login(tel, password, owner)).http).toBe(200)
    // The owner's success forgets the hourly count, not the stranger's lock at their address.
    expect(await stored(`tel:${tel}`)).toBeUndefined()
    expect((await stored(pair(tel, stranger)))?.failures).toBe(LOGIN_LIMITS.perAccountAndIp)
    expect(await login(tel, password, stranger)).toMatchObject({ http: 429, data: LOCKED })
  })

  it('counts an unknown phone the same way, so a lock tells nobody who is registered', async () => {
    const tel = uniqueTel()
    const ip = someIp()
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++)
      expect((await login(tel, 'demo1234', ip)).data).toBe('手机号或密码错误')
    expect(await login(tel, 'demo1234', ip)).toMatchObject({ http: 429, data: LOCKED })
  })

  it('forgets the failures after a right password, and starts again once the window is over', async () => {
    const { tel, password } = await register(h)
    const ip = someIp()
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp - 1; i++) await login(tel, 'nope-nope', ip)
    expect((await login(tel, password, ip)).http).toBe(200)
    expect(await stored(pair(tel, ip))).toBeUndefined()
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp - 1; i++) await login(tel, 'nope-nope', ip)
    clock.advance(LOGIN_LIMITS.windowMs)
    // A new window: this failure is the first of it, not the fifth.
    expect((await login(tel, 'nope-nope', ip)).http).toBe(400)
    expect((await stored(pair(tel, ip)))?.failures).toBe(1)
  })

  it('is lifted at that address by an SMS-code login from it', async () => {
    const { tel, password } = await register(h)
    const ip = someIp()
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++) await login(tel, 'nope-nope', ip)
    expect((await login(tel, password, ip)).http).toBe(429)
    clock.advance(61_000) // the resend wait since registration's code
    const byCode = await h.post('/api/Users/PostUsersCode', { tel, code: await sendCode(h, tel) }, from(ip))
    expect(byCode.http).toBe(200)
    expect(await stored(pair(tel, ip))).toBeUndefined()
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
    expect(codes.filter((c) => c === 400)).toHaveLength(LOGIN_LIMITS.perAccountAndIp)
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - LOGIN_LIMITS.perAccountAndIp)
    expect((await stored(pair(tel, ip)))?.failures).toBe(LOGIN_LIMITS.perAccountAndIp)
    expect((await stored(`tel:${tel}`))?.failures).toBe(LOGIN_LIMITS.perAccountAndIp)
    expect(hashLoad().runs - hashed).toBe(LOGIN_LIMITS.perAccountAndIp)
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
  }, 60_000)
})

describe('the hourly ceiling per phone (LOGIN_ACCOUNT_HOURLY_CAP)', () => {
  /** `each` wrong passwords from each of `n` fresh addresses, all at once: no pair reaches its lock. */
  const spread = (tel: string, n: number, each: number) =>
    Promise.all(
      Array.from({ length: n }, () => someIp()).flatMap((ip) =>
        Array.from({ length: each }, () => login(tel, 'wrong-password', ip)),
      ),
    )

  it('asks for the SMS code instead of locking, never past the ceiling under parallel guesses; the code login lifts it', async () => {
    const { tel, password } = await register(h)
    const hashed = hashLoad().runs
    // Three at once from each of 9 addresses: no pair reaches its lock, the ceiling binds.
    const burst = await spread(tel, 9, 3)
    expect(burst.filter((a) => a.http === 400)).toHaveLength(CEILING)
    expect(burst.filter((a) => a.http === 429).map((a) => [a.status, a.data])).toEqual(
      Array(27 - CEILING).fill([429, PASSWORD_CEILING]),
    )
    expect(hashLoad().runs - hashed).toBe(CEILING)
    expect((await stored(`tel:${tel}`))?.failures).toBe(CEILING)

    // The right password from a fresh address is refused as well, before any hashing, and counts
    // neither against that address nor the phone there.
    const owner = someIp()
    expect(await login(tel, password, owner)).toMatchObject({ http: 429, data: PASSWORD_CEILING })
    expect(hashLoad().runs - hashed).toBe(CEILING)
    expect((await stored(pair(tel, owner)))?.failures ?? 0).toBe(0)
    expect((await stored(`ip:${owner}`))?.failures ?? 0).toBe(0)

    clock.advance(61_000) // the resend wait since registration's code
    const byCode = await h.post(
      '/api/Users/PostUsersCode',
      { tel, code: await sendCode(h, tel) },
      from(owner),
    )
    expect(byCode.http).toBe(200)
    expect(await stored(`tel:${tel}`)).toBeUndefined()
    expect((await login(tel, password, owner)).http).toBe(200)
  }, 60_000)

  it('holds on the WeChat page too, and ends by itself after the hour', async () => {
    const { tel, password } = await register(h)
    await spread(tel, CEILING / 5, 5)
    expect(await login(tel, password, someIp())).toMatchObject({ http: 429, data: PASSWORD_CEILING })
    const str = (await h.get<{ str: string }>('/api/WeChat/GetWeChatQrcode')).data.str
    const page = await fetch(`${h.base}/wechat/confirm`, {
      method: 'POST',
      body: new URLSearchParams({ str, tel, password }),
      headers: from(someIp()),
    })
    expect(page.status).toBe(429)
    expect(await page.text()).toContain(PASSWORD_CEILING)
    clock.advance(LOGIN_LIMITS.ceilingMs)
    expect((await login(tel, password, someIp())).http).toBe(200)
  }, 60_000)
})

describe('the client address (TRUST_PROXY)', () => {
  // A server reached directly: X-Forwarded-For is whatever the client wrote.
  const direct = startServer({ now: clock.now, config: () => ({ trustProxy: false }) })
  const directLogin = (tel: string, password: string, ip: string) =>
    direct.post<LoginAnswer | string>('/api/Users/PostUsersPsw', { tel, password }, from(ip))

  it('ignores X-Forwarded-For unless TRUST_PROXY=1: naming other addresses neither dodges a lock nor spends theirs', async () => {
    const { tel, password } = await register(h)
    const named = someIp()
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++)
      expect((await directLogin(tel, 'wrong-password', someIp())).http).toBe(400)
    expect(await directLogin(tel, password, someIp())).toMatchObject({ http: 429, data: LOCKED })
    // Counted at the socket's address, not at any address the header named.
    expect((await stored(pair(tel, '127.0.0.1')))?.failures).toBe(LOGIN_LIMITS.perAccountAndIp)
    const named2 = await h.db
      .selectFrom('login_limits')
      .select('subject')
      .where('subject', 'like', `pair:10.%|tel:${tel}`)
      .execute()
    expect(named2).toEqual([])
    // Behind the proxy (TRUST_PROXY=1) the same phone from an address of its own still signs in.
    expect((await login(tel, password, named)).http).toBe(200)
  })

  it('believes the entry the proxy added (the last), not one the client sent ahead of it', async () => {
    const { tel, password } = await register(h)
    const real = someIp()
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++)
      expect((await login(tel, 'wrong-password', `${someIp()}, ${real}`)).http).toBe(400)
    expect(await login(tel, password, `${someIp()}, ${real}`)).toMatchObject({ http: 429, data: LOCKED })
    expect(await login(tel, password, real)).toMatchObject({ http: 429, data: LOCKED })
    // A client claiming the owner's address ahead of its own does not lock the owner there.
    const owner = someIp()
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++)
      await login(tel, 'wrong-password', `${owner}, ${real}`)
    expect((await login(tel, password, owner)).http).toBe(200)
    // No address at all in the header: the socket's.
    expect((await login(tel, 'wrong-password', 'not-an-address')).http).toBe(400)
    expect((await stored(pair(tel, '127.0.0.1')))?.failures).toBe(1)
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
    expect(hashLoad().runs - hashed).toBe(LOGIN_LIMITS.perAccountAndIp)
    expect((await stored(pair(tel, ip)))?.failures).toBe(LOGIN_LIMITS.perAccountAndIp)
    expect(await login(tel, password, ip)).toMatchObject({ http: 429, data: LOCKED })

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
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++) await login(tel, 'nope-nope', ip)
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

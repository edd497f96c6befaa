/**
 * Staff sign-in under the login limits (issue 39): a lock is of a name at one address, so guesses
 * from elsewhere never shut the staff member out; past the name's hourly ceiling the second factor
 * is asked first, and without one the answer says to have the password reset.
 */
import { describe, expect, it } from 'vitest'
import { STAFF_CEILING } from '../../../src/lib/rules/staff.ts'
import { startServer, testClock } from '../../../tests/api/harness.ts'
import { someIp } from '../../../tests/api/session.ts'
import { newStaff, staffSignIn } from '../../../tests/api/staff.ts'
import { staffCommand } from '../../ops.ts'
import { LOGIN_LIMITS } from '../accounts/login-limits.ts'
import { hashLoad } from '../accounts/password.ts'
import { totpNow } from './staff.service.ts'

const clock = testClock()
// A low ceiling (LOGIN_ACCOUNT_HOURLY_CAP, 50 by default) keeps the hashing short.
const CEILING = 10
const h = startServer({ now: clock.now, config: () => ({ loginAccountHourlyCap: CEILING }) })
// Reached directly, not through a proxy: X-Forwarded-For is whatever the client wrote.
const direct = startServer({ now: clock.now, config: () => ({ trustProxy: false }) })
const LOCKED = '密码错误次数过多，请15分钟后再试'

const from = (ip: string) => ({ 'x-forwarded-for': ip })
const signIn = (body: Record<string, string>, ip: string, server = h) =>
  server.post<unknown>('/api/admin/session', body, from(ip))
/** `each` wrong passwords for `username` from each of `n` fresh addresses, all at once. */
const spread = (username: string, n: number, each: number) =>
  Promise.all(
    Array.from({ length: n }, () => someIp()).flatMap((ip) =>
      Array.from({ length: each }, () => signIn({ username, password: 'wrong-pass1' }, ip)),
    ),
  )
const ceilingRow = (username: string) =>
  h.db
    .selectFrom('login_limits')
    .select('failures')
    .where('subject', '=', `staff:${username}`)
    .executeTakeFirst()

describe('staff sign-in: locks per name and address', () => {
  it('5 wrong passwords from address A lock A only; the staff member signs in from B', async () => {
    const s = await newStaff(h, ['operator'])
    const a = someIp()
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => signIn({ username: s.username, password: 'wrong-pass1' }, a)),
    )
    // Counted before hashing, in one statement each: exactly 5 are checked, however parallel.
    expect(burst.filter((r) => r.http === 401)).toHaveLength(LOGIN_LIMITS.perAccountAndIp)
    expect(burst.filter((r) => r.http === 429).map((r) => r.data)).toEqual(Array(7).fill(LOCKED))
    expect(await signIn({ username: s.username, password: s.password }, a)).toMatchObject({
      http: 429,
      data: LOCKED,
    })
    expect((await signIn({ username: s.username, password: s.password }, someIp())).http).toBe(200)
  })

  it('ignores X-Forwarded-For without TRUST_PROXY=1: naming other addresses does not dodge the lock', async () => {
    const s = await newStaff(h, ['marketing'])
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++)
      expect((await signIn({ username: s.username, password: 'wrong-pass1' }, someIp(), direct)).http).toBe(
        401,
      )
    expect(await signIn({ username: s.username, password: s.password }, someIp(), direct)).toMatchObject({
      http: 429,
      data: LOCKED,
    })
    const rows = await h.db
      .selectFrom('login_limits')
      .select(['subject', 'failures'])
      .where('subject', 'like', `pair:%|staff:${s.username}`)
      .execute()
    expect(rows).toEqual([{ subject: `pair:127.0.0.1|staff:${s.username}`, failures: 5 }])
    // Through the proxy (TRUST_PROXY=1) the address it names is believed: another one signs in.
    expect((await signIn({ username: s.username, password: s.password }, someIp())).http).toBe(200)
  })
})

describe('staff sign-in: the hourly ceiling of a name', () => {
  it('without a second factor: past the ceiling 429 STAFF_CEILING, nothing hashed; an admin reset lifts it', async () => {
    const s = await newStaff(h, ['finance'])
    // Unknown names are checked against a decoy hash, made once per process: made before counting.
    await signIn({ username: `warm${Date.now()}`, password: 'x1234567' }, someIp())
    const hashed = hashLoad().runs
    // Three at once from each of 8 addresses: no pair reaches its lock, the ceiling binds.
    const burst = await spread(s.username, 8, 3)
    expect(burst.filter((r) => r.http === 401)).toHaveLength(CEILING)
    expect(burst.filter((r) => r.http === 429).map((r) => r.data)).toEqual(
      Array(24 - CEILING).fill(STAFF_CEILING),
    )
    expect(hashLoad().runs - hashed).toBe(CEILING)
    expect((await ceilingRow(s.username))?.failures).toBe(CEILING)
    // The right password from a new address too: the password is what is being guessed.
    expect(await signIn({ username: s.username, password: s.password }, someIp())).toMatchObject({
      http: 429,
      data: STAFF_CEILING,
    })
    // An unknown name answers the same, so the text tells nobody who exists.
    const ghost = `ghost${Date.now()}`
    await spread(ghost, CEILING / 5, 5)
    expect((await signIn({ username: ghost, password: 'x1234567' }, someIp())).data).toBe(STAFF_CEILING)
    expect(hashLoad().runs - hashed).toBe(2 * CEILING)

    const reset = await staffCommand(h.db, ['reset-password', s.username], clock.now())
    const password = /一次性密码：(\w+)/.exec(reset)?.[1] ?? ''
    expect(await ceilingRow(s.username)).toBeUndefined()
    await staffSignIn(h, s.username, password)
  })

  it('with a second factor: past the ceiling the code is checked first, then the password', async () => {
    const s = await newStaff(h, ['operator'])
    const { secret } = (await h.post<{ secret: string }>('/api/admin/me/totp', {}, s.auth)).data
    clock.advance(30_000 - (clock.now().getTime() % 30_000))
    await h.post('/api/admin/me/totp/confirm', { code: totpNow(secret, clock.now()) }, s.auth)
    await spread(s.username, CEILING / 5, 5)
    expect((await ceilingRow(s.username))?.failures).toBe(CEILING)
    const ip = someIp()
    const hashed = hashLoad().runs
    expect(await signIn({ username: s.username, password: s.password }, ip)).toMatchObject({
      http: 429,
      data: STAFF_CEILING,
    })
    // A wrong code: refused before the password is hashed, and counted at this address.
    expect(await signIn({ username: s.username, password: s.password, totp: '000000' }, ip)).toMatchObject({
      http: 401,
      data: '动态验证码错误',
    })
    expect(hashLoad().runs - hashed).toBe(0)
    clock.advance(30_000)
    const code = totpNow(secret, clock.now())
    // The right code with a wrong password: the code is not spent, the password is refused.
    expect(await signIn({ username: s.username, password: 'wrong-pass1', totp: code }, ip)).toMatchObject({
      http: 401,
      data: '用户名或密码错误',
    })
    expect((await signIn({ username: s.username, password: s.password, totp: code }, ip)).http).toBe(200)
    // Both factors proved the owner: the ceiling is forgotten.
    expect(await ceilingRow(s.username)).toBeUndefined()
  })
})

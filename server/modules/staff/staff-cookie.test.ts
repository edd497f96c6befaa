/**
 * The staff session's transport (issue 39): the browser's HttpOnly cookie beside the API
 * clients' Bearer token, the CSRF proof a cookie write needs, and sign-out taking both back.
 */
import { describe, expect, it } from 'vitest'
import { startServer } from '../../../tests/api/harness.ts'
import { someIp } from '../../../tests/api/session.ts'
import { newStaff, STAFF_PASSWORD, staffSignIn } from '../../../tests/api/staff.ts'
import { loadConfig } from '../../config.ts'
import type { StaffMe } from './staff.routes.ts'
import { STAFF_SESSION } from './staff.service.ts'
import { CSRF_REFUSED, STAFF_COOKIE } from './staff-cookie.ts'

// The API's own sign check off (SIGN_CHECK=off), as a host may run it: the cookie's CSRF proof
// must hold by itself. With the check on, an unsigned call is refused before the session anyway.
const h = startServer({ config: () => ({ signCheck: false }) })

/** A sign-in as the browser makes it: the raw answer, to read its Set-Cookie. */
async function browserSignIn(username: string, password: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${h.base}/api/admin/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', sign: h.sign(), 'x-forwarded-for': someIp(), ...headers },
    body: JSON.stringify({ username, password }),
  })
  const body = (await res.json()) as { status: number; data: { token: string } }
  return { res, body, setCookie: res.headers.get('set-cookie') ?? '' }
}

/** The cookie's value of a Set-Cookie header: staff_session=<this>; Path=… */
const cookieValue = (setCookie: string) =>
  new RegExp(`${STAFF_COOKIE.name}=([^;]*)`).exec(setCookie)?.[1] ?? null
const withCookie = (token: string, extra: Record<string, string> = {}) => ({
  Cookie: `${STAFF_COOKIE.name}=${token}`,
  ...extra,
})

describe('the staff session cookie (issue 39)', () => {
  it('is set by the sign-in HttpOnly, SameSite=Strict, on /api/admin, for the session’s 8 hours; the body keeps the token', async () => {
    const s = await newStaff(h, ['operator'])
    const { res, body, setCookie } = await browserSignIn(s.username, s.password)
    expect(res.status).toBe(200)
    const attrs = setCookie.split(';').map((a) => a.trim())
    expect(attrs).toEqual(
      expect.arrayContaining([
        'Path=/api/admin',
        'HttpOnly',
        'SameSite=Strict',
        `Max-Age=${STAFF_SESSION.maxMs / 1000}`,
      ]),
    )
    // Plain HTTP here (the e2e's http://127.0.0.1 too): a Secure cookie would never come back.
    expect(attrs).not.toContain('Secure')
    // The same session both ways: API clients keep signing in and calling with Bearer.
    expect(cookieValue(setCookie)).toBe(body.data.token)
  })

  it('is Secure over HTTPS (X-Forwarded-Proto behind a trusted proxy), and always in production', async () => {
    const { setCookie } = await browserSignIn('marketing', STAFF_PASSWORD, { 'x-forwarded-proto': 'https' })
    expect(setCookie.split(';').map((a) => a.trim())).toContain('Secure')
    const prod = {
      NODE_ENV: 'production',
      SIGN_KEY: 'k'.repeat(16),
      SIGN_IV: 'i'.repeat(16),
      PAYMENT_SANDBOX_SECRET: 's'.repeat(32),
    }
    expect(loadConfig({ ...prod, PAYMENT_PROVIDER: 'sandbox' }).staffCookieSecure).toBe('always')
    expect(loadConfig({}).staffCookieSecure).toBe('https')
    expect(loadConfig({ STAFF_COOKIE_SECURE: 'off' }).staffCookieSecure).toBe('never')
    expect(() => loadConfig({ STAFF_COOKIE_SECURE: 'yes' })).toThrow(
      'STAFF_COOKIE_SECURE 只能是 auto、on 或 off',
    )
  })

  it('alone signs a read in, with no Authorization header', async () => {
    const s = await newStaff(h, ['finance'])
    const { body } = await browserSignIn(s.username, s.password)
    const me = await h.get<StaffMe>('/api/admin/me', {}, withCookie(body.data.token))
    expect([me.http, me.data.username]).toEqual([200, s.username])
    // A made-up cookie is no session.
    const fake = await h.get('/api/admin/me', {}, withCookie('made-up'))
    expect([fake.http, fake.data]).toEqual([401, '请先登录后台'])
  })

  it('refuses a write on the cookie without the sign header (403), and changes nothing', async () => {
    const s = await newStaff(h, ['operator'])
    const { body } = await browserSignIn(s.username, s.password)
    const token = body.data.token
    // A cross-site form post carries no custom header: the sign-out it tries is refused and the session lives.
    const forged = await h.send('DELETE', '/api/admin/session', undefined, withCookie(token, { sign: '' }))
    expect([forged.http, forged.data]).toEqual([403, CSRF_REFUSED])
    const junk = await h.send('DELETE', '/api/admin/session', undefined, withCookie(token, { sign: 'abc' }))
    expect([junk.http, junk.data]).toEqual([403, CSRF_REFUSED])
    expect((await h.get('/api/admin/me', {}, withCookie(token))).http).toBe(200)
    // Our client's sign is the proof: the same write goes through.
    const out = await h.send('DELETE', '/api/admin/session', undefined, withCookie(token))
    expect([out.http, out.data]).toEqual([200, '已退出登录'])
  })

  it('needs no CSRF proof for Bearer calls, and the header wins over a cookie', async () => {
    const a = await staffSignIn(h, 'operator')
    const b = await newStaff(h, ['finance'])
    // No sign at all: a browser never adds an Authorization header by itself, so no forgery to fear.
    const out = await h.send('DELETE', '/api/admin/session', undefined, { ...b.auth, sign: '' })
    expect([out.http, out.data]).toEqual([200, '已退出登录'])
    const both = await h.get<StaffMe>('/api/admin/me', {}, { ...a.auth, ...withCookie(b.token) })
    expect(both.data.username).toBe('operator')
  })

  it('is taken back by the sign-out: the answer expires the cookie and the session is revoked', async () => {
    const s = await newStaff(h, ['marketing'])
    const { body } = await browserSignIn(s.username, s.password)
    const token = body.data.token
    const res = await fetch(`${h.base}/api/admin/session`, {
      method: 'DELETE',
      headers: { sign: h.sign(), ...withCookie(token) },
    })
    expect(res.status).toBe(200)
    const cleared = res.headers.get('set-cookie') ?? ''
    expect(cookieValue(cleared)).toBe('')
    expect(cleared).toMatch(/Max-Age=0/)
    expect(cleared).toMatch(/Path=\/api\/admin/)
    // A browser that kept it anyway (or a copy of the token) signs in to nothing.
    expect((await h.get('/api/admin/me', {}, withCookie(token))).data).toBe('请先登录后台')
    expect((await h.get('/api/admin/me', {}, { Authorization: `Bearer ${token}` })).http).toBe(401)
  })
})

/**
 * Re-authentication for the sensitive staff changes (issue 39): adding an admin, changing roles
 * and resetting a password need the acting admin's password or TOTP code again, and a wrong one
 * counts like a failed sign-in.
 */
import { describe, expect, it } from 'vitest'
import { REAUTH_NEEDED, REAUTH_WRONG } from '../../../src/lib/rules/staff.ts'
import { startServer, testClock } from '../../../tests/api/harness.ts'
import { someIp } from '../../../tests/api/session.ts'
import { auditOf, newStaff, staffSignIn, uniqueUsername } from '../../../tests/api/staff.ts'
import type { StaffAccount } from './staff.routes.ts'
import { totpNow } from './staff.service.ts'

const clock = testClock()
const h = startServer({ now: clock.now })

const USED = '动态验证码已使用，请等待下一个'

/** The roles of an account as stored. */
async function rolesOf(id: number) {
  const row = await h.db.selectFrom('staff').select('roles').where('id', '=', id).executeTakeFirstOrThrow()
  return row.roles
}

/** A new admin with a second factor bound, and the clock at the start of a fresh 30-second step. */
async function adminWithTotp() {
  const a = await newStaff(h, ['admin'])
  const enrol = await h.post<{ secret: string }>('/api/admin/me/totp', {}, a.auth)
  clock.advance(30_000 - (clock.now().getTime() % 30_000))
  const bound = await h.post(
    '/api/admin/me/totp/confirm',
    { code: totpNow(enrol.data.secret, clock.now()) },
    a.auth,
  )
  expect(bound.data).toBe('动态验证码已绑定')
  // The confirming code is spent: the next step's is the first that proves anything.
  clock.advance(30_000)
  return { ...a, code: () => totpNow(enrol.data.secret, clock.now()) }
}

describe('changing roles asks for the acting admin’s password again', () => {
  it('refuses without it and with a wrong one (403), changing nothing; the right one goes through', async () => {
    const admin = await newStaff(h, ['admin'])
    const s = await newStaff(h, ['marketing'], 'theirs-123')
    const url = `/api/admin/staff/${s.id}/roles`
    const none = await h.post(url, { roles: ['admin'] }, admin.auth)
    expect([none.http, none.data]).toEqual([403, REAUTH_NEEDED])
    const empty = await h.post(url, { roles: ['admin'], confirm: { password: '' } }, admin.auth)
    expect([empty.http, empty.data]).toEqual([403, REAUTH_NEEDED])
    const wrong = await h.post(url, { roles: ['admin'], confirm: { password: 'not-mine1' } }, admin.auth)
    expect([wrong.http, wrong.data]).toEqual([403, REAUTH_WRONG])
    expect(await rolesOf(s.id)).toBe('marketing')
    // Someone else's password (the target's, say) is no proof of who acts.
    const theirs = await h.post(url, { roles: ['admin'], confirm: { password: s.password } }, admin.auth)
    expect(theirs.data).toBe(REAUTH_WRONG)

    const done = await h.post<StaffAccount>(
      url,
      { roles: ['operator'], confirm: { password: admin.password } },
      admin.auth,
    )
    expect([done.http, done.data.roles]).toEqual([200, ['operator']])
    const log = await auditOf(h, `staff:${s.id}`)
    expect(log.slice(0, 3).map((r) => [r.staff, r.action, r.after])).toEqual([
      [admin.username, 'staff.roles', { roles: ['operator'] }],
      [admin.username, 'staff.confirm-failed', { reason: REAUTH_WRONG }],
      [admin.username, 'staff.confirm-failed', { reason: REAUTH_WRONG }],
    ])
  })

  it('counts a wrong password like a failed sign-in: five, and even the right one is locked out (429)', async () => {
    const admin = await newStaff(h, ['admin'])
    const s = await newStaff(h, ['marketing'])
    const ip = someIp()
    const from = { ...admin.auth, 'x-forwarded-for': ip }
    const tries = []
    for (let i = 0; i < 5; i++)
      tries.push(
        await h.post(
          `/api/admin/staff/${s.id}/roles`,
          { roles: ['admin'], confirm: { password: 'guess-1234' } },
          from,
        ),
      )
    expect(tries.map((t) => t.http)).toEqual([403, 403, 403, 403, 403])
    const locked = await h.post(
      `/api/admin/staff/${s.id}/roles`,
      { roles: ['admin'], confirm: { password: admin.password } },
      from,
    )
    expect([locked.http, locked.data]).toEqual([429, '密码错误次数过多，请15分钟后再试'])
    // The sign-in shares the count: the account is locked there too, from that address (another
    // address still signs in: a stranger's guesses do not lock the owner out).
    const signIn = (ip: string) =>
      h.post(
        '/api/admin/session',
        { username: admin.username, password: admin.password },
        { 'x-forwarded-for': ip },
      )
    expect((await signIn(ip)).http).toBe(429)
    expect((await signIn(someIp())).http).toBe(200)
    expect(await rolesOf(s.id)).toBe('marketing')
  })

  it('takes a TOTP code instead, once: of two changes sent with the same code at once, one goes through', async () => {
    const admin = await adminWithTotp()
    const a = await newStaff(h, ['marketing'])
    const b = await newStaff(h, ['marketing'])
    const code = admin.code()
    const [ra, rb] = await Promise.all([
      h.post(`/api/admin/staff/${a.id}/roles`, { roles: ['finance'], confirm: { totp: code } }, admin.auth),
      h.post(`/api/admin/staff/${b.id}/roles`, { roles: ['finance'], confirm: { totp: code } }, admin.auth),
    ])
    expect([ra.http, rb.http].sort()).toEqual([200, 403])
    expect([ra.data, rb.data]).toContain(USED)
    expect([await rolesOf(a.id), await rolesOf(b.id)].sort()).toEqual(['finance', 'marketing'])
    const wrong = await h.post(
      `/api/admin/staff/${a.id}/roles`,
      { roles: ['operator'], confirm: { totp: '000000' } },
      admin.auth,
    )
    expect([wrong.http, wrong.data]).toEqual([403, '动态验证码错误'])
    const badFormat = await h.post(
      `/api/admin/staff/${a.id}/roles`,
      { roles: ['operator'], confirm: { totp: '12ab' } },
      admin.auth,
    )
    expect([badFormat.http, badFormat.data]).toEqual([400, '动态验证码为 6 位数字'])
  })
})

describe('adding an admin asks for the password again; adding other staff does not', () => {
  it('refuses an admin without the proof and adds nobody; an operator needs none', async () => {
    const admin = await newStaff(h, ['admin'])
    const username = uniqueUsername('boss')
    const none = await h.post('/api/admin/staff', { username, roles: ['operator', 'admin'] }, admin.auth)
    expect([none.http, none.data]).toEqual([403, REAUTH_NEEDED])
    const wrong = await h.post(
      '/api/admin/staff',
      { username, roles: ['admin'], confirm: { password: 'wrong-123' } },
      admin.auth,
    )
    expect([wrong.http, wrong.data]).toEqual([403, REAUTH_WRONG])
    const taken = await h.db.selectFrom('staff').select('id').where('username', '=', username).execute()
    expect(taken).toEqual([])

    const added = await h.post<{ staff: StaffAccount }>(
      '/api/admin/staff',
      { username, roles: ['admin'], confirm: { password: admin.password } },
      admin.auth,
    )
    expect([added.http, added.data.staff.roles]).toEqual([200, ['admin']])
    const operator = await h.post<{ staff: StaffAccount }>(
      '/api/admin/staff',
      { username: uniqueUsername('op'), roles: ['operator'] },
      admin.auth,
    )
    expect([operator.http, operator.data.staff.roles]).toEqual([200, ['operator']])
  })
})

describe('resetting a staff member’s password asks for the acting admin’s password or code', () => {
  it('refuses without it and keeps the target’s password, second factor and sessions', async () => {
    const admin = await adminWithTotp()
    const s = await newStaff(h, ['finance'])
    const url = `/api/admin/staff/${s.id}/reset-password`
    const none = await h.post(url, {}, admin.auth)
    expect([none.http, none.data]).toEqual([403, REAUTH_NEEDED])
    const wrong = await h.post(url, { confirm: { password: 'wrong-123' } }, admin.auth)
    expect([wrong.http, wrong.data]).toEqual([403, REAUTH_WRONG])
    // Nothing happened to the target: their session lives and their password still signs in.
    expect((await h.get('/api/admin/me', {}, s.auth)).http).toBe(200)
    await staffSignIn(h, s.username, s.password)

    const done = await h.post<{ password: string }>(url, { confirm: { totp: admin.code() } }, admin.auth)
    expect(done.http).toBe(200)
    expect(done.data.password).toMatch(/^\w{12}$/)
    expect((await h.get('/api/admin/me', {}, s.auth)).http).toBe(401)
  })
})

import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { UNDECIDED_AFTER_STATUSES } from '../../../src/lib/order-states.ts'
import { startServer, testClock } from '../../../tests/api/harness.ts'
import { demoUser, someIp } from '../../../tests/api/session.ts'
import { auditOf, newStaff, STAFF_PASSWORD, staffSignIn, uniqueUsername } from '../../../tests/api/staff.ts'
import { refusalFor } from '../../admin/admin-route.ts'
import { isPg } from '../../db/index.ts'
import { staffCommand } from '../../ops.ts'
import { dbTime } from '../../time.ts'
import { LOGIN_LIMITS } from '../accounts/login-limits.ts'
import { hashLoad } from '../accounts/password.ts'
import type { StaffAccount, StaffMe } from './staff.routes.ts'
import { STAFF_SESSION, type StaffMember, totpNow } from './staff.service.ts'

const clock = testClock()
const h = startServer({ now: clock.now })

const BAD = '用户名或密码错误'
const SIGN_IN = '请先登录后台'
const from = (ip: string) => ({ 'x-forwarded-for': ip })
const signIn = (body: Record<string, string>, ip = someIp()) =>
  h.post<unknown>('/api/admin/session', body, from(ip))
const me = (auth: Record<string, string>) => h.get<StaffMe | string>('/api/admin/me', {}, auth)

describe('staff sign-in (POST /api/admin/session)', () => {
  it('signs a demo staff member in: a token and {id, username, roles}; the token reads /api/admin/me', async () => {
    const r = await signIn({ username: 'operator', password: STAFF_PASSWORD })
    expect(r.http).toBe(200)
    const data = r.data as { token: string; staff: unknown }
    expect(data.staff).toEqual({ id: expect.any(Number), username: 'operator', roles: ['operator'] })
    const m = await me({ Authorization: `Bearer ${data.token}` })
    expect(m.data).toMatchObject({ username: 'operator', roles: ['operator'], mustChangePassword: false })
    expect((m.data as StaffMe).permissions).toContain('orders.fulfil')
    expect((m.data as StaffMe).permissions).not.toContain('audit.read')
  })

  it('answers 401 用户名或密码错误 alike for a wrong password, an unknown name and a disabled account', async () => {
    const off = await newStaff(h, ['operator'])
    await staffCommand(h.db, ['disable', off.username], clock.now())
    for (const body of [
      { username: 'operator', password: 'wrong-password1' },
      { username: uniqueUsername(), password: STAFF_PASSWORD },
      { username: off.username, password: off.password },
    ]) {
      const r = await signIn(body)
      expect([r.http, r.status, r.data]).toEqual([401, 401, BAD])
    }
  })

  it('locks a username at an address after 5 failures (429, before any hashing), and an IP after 20', async () => {
    const s = await newStaff(h, ['finance'])
    const ip = someIp()
    const hashed = hashLoad().runs
    const answers = []
    for (let i = 0; i < 8; i++)
      answers.push(await signIn({ username: s.username, password: 'wrong-pass1' }, ip))
    expect(answers.map((a) => a.http)).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
    expect(answers[5]?.data).toBe('密码错误次数过多，请15分钟后再试')
    expect(hashLoad().runs - hashed).toBe(LOGIN_LIMITS.perAccountAndIp)
    // Each counted failure is in the audit log for an admin to see; the refused (429) ones are not.
    const failures = (await auditOf(h, `staff:${s.id}`)).filter((r) => r.action === 'staff.sign-in-failed')
    expect(failures.map((r) => [r.staff, r.ip, r.after])).toEqual(
      Array(LOGIN_LIMITS.perAccountAndIp).fill([s.username, ip, { reason: '用户名或密码错误' }]),
    )
    // The right password too, from that address, until the lock ends.
    expect((await signIn({ username: s.username, password: s.password }, ip)).http).toBe(429)
    // Customers' limits are apart: the same name as a phone is not locked.
    const limits = await h.db
      .selectFrom('login_limits')
      .select(['subject', 'failures'])
      .where('subject', 'like', `%${s.username}`)
      .orderBy('subject')
      .execute()
    expect(limits).toEqual([
      { subject: `pair:${ip}|staff:${s.username}`, failures: 5 },
      { subject: `staff:${s.username}`, failures: 5 },
    ])
    // The owner elsewhere is not locked out by someone's guesses at that address.
    expect((await signIn({ username: s.username, password: s.password })).http).toBe(200)

    const flood = someIp()
    const tries = []
    for (let i = 0; i < LOGIN_LIMITS.perIp + 1; i++)
      tries.push(await signIn({ username: uniqueUsername(), password: 'wrong-pass1' }, flood))
    expect(tries.slice(0, LOGIN_LIMITS.perIp).every((t) => t.http === 401)).toBe(true)
    expect([tries.at(-1)?.http, tries.at(-1)?.data]).toEqual([
      429,
      '当前网络密码错误次数过多，请15分钟后再试',
    ])
  })

  it('ends a session after 30 idle minutes, and after 8 hours however busy', async () => {
    const idle = await staffSignIn(h, 'finance')
    clock.advance(STAFF_SESSION.idleMs - 60_000)
    expect((await me(idle.auth)).http).toBe(200)
    clock.advance(STAFF_SESSION.idleMs - 60_000)
    // Used a minute before the idle limit: the clock of idleness started again.
    expect((await me(idle.auth)).http).toBe(200)
    clock.advance(STAFF_SESSION.idleMs + 1000)
    expect([(await me(idle.auth)).http, (await me(idle.auth)).data]).toEqual([401, SIGN_IN])

    const busy = await staffSignIn(h, 'finance')
    for (let t = 0; t < STAFF_SESSION.maxMs - 20 * 60_000; t += 20 * 60_000) {
      clock.advance(20 * 60_000)
      expect((await me(busy.auth)).http).toBe(200)
    }
    clock.advance(20 * 60_000)
    expect((await me(busy.auth)).data).toBe(SIGN_IN)
  })

  it('signs out: the token is dead at once, and the log says who left', async () => {
    const s = await newStaff(h, ['marketing'])
    const out = await h.send('DELETE', '/api/admin/session', undefined, s.auth)
    expect([out.http, out.data]).toEqual([200, '已退出登录'])
    expect((await me(s.auth)).data).toBe(SIGN_IN)
    const log = await auditOf(h, `staff:${s.id}`)
    expect(log.map((r) => [r.staff, r.action])).toEqual([
      [s.username, 'staff.sign-out'],
      [s.username, 'staff.sign-in'],
      ['ops', 'staff.add'],
    ])
  })

  it('keeps customers and staff apart: neither token opens the other side', async () => {
    const customer = await demoUser(h, '13800000001')
    const r = await me(customer.auth)
    expect([r.http, r.data]).toEqual([401, SIGN_IN])
    const staff = await staffSignIn(h, 'admin')
    const own = await h.get('/api/Users/GetUsersInfo', {}, staff.auth)
    expect([own.http, own.data]).toEqual([401, '请登录'])
  })
})

describe('a new staff account', () => {
  it('gets a one-time password that must be changed before anything else', async () => {
    const admin = await staffSignIn(h, 'admin')
    const username = uniqueUsername('li')
    const added = await h.post<{ staff: StaffAccount; password: string }>(
      '/api/admin/staff',
      { username, roles: ['operator', 'finance'] },
      admin.auth,
    )
    expect(added.data.staff).toMatchObject({
      username,
      roles: ['operator', 'finance'],
      mustChangePassword: true,
    })
    const s = await staffSignIn(h, username, added.data.password)
    const blocked = await h.get('/api/admin/audit', {}, s.auth)
    expect([blocked.http, blocked.data]).toEqual([403, '请先修改初始密码'])
    expect(await me(s.auth)).toMatchObject({ http: 200, data: { mustChangePassword: true } })

    const weak = await h.post(
      '/api/admin/me/password',
      { password: added.data.password, newPassword: 'short' },
      s.auth,
    )
    expect(weak.data).toBe('新密码至少8位')
    const changed = await h.post(
      '/api/admin/me/password',
      { password: added.data.password, newPassword: 'new-secret-1' },
      s.auth,
    )
    expect(changed.data).toBe('修改密码成功')
    // Operator and finance may read orders, not the audit log.
    const still = await h.get('/api/admin/audit', {}, s.auth)
    expect([still.http, still.data]).toEqual([403, '没有权限'])
    await staffSignIn(h, username, 'new-secret-1')

    const log = await auditOf(h, `staff:${added.data.staff.id}`)
    expect(log.map((r) => r.action)).toEqual([
      'staff.sign-in',
      'staff.password',
      'staff.sign-in',
      'staff.add',
    ])
    expect(log.at(-1)).toMatchObject({ staff: 'admin', after: { username, roles: ['operator', 'finance'] } })
    expect(log[1]).toMatchObject({
      staff: username,
      before: { mustChangePassword: true },
      after: { mustChangePassword: false },
    })
  })

  it('enrols a second factor; from then on sign-in asks for the code', async () => {
    const s = await newStaff(h, ['operator'])
    const enrol = await h.post<{ secret: string; uri: string; svg: string }>('/api/admin/me/totp', {}, s.auth)
    expect(enrol.data.uri).toMatch(/^otpauth:\/\/totp\//)
    expect(enrol.data.svg).toMatch(/^<svg/)
    const wrong = await h.post('/api/admin/me/totp/confirm', { code: '000000' }, s.auth)
    expect(wrong.data).toBe('动态验证码错误')
    const ok = await h.post(
      '/api/admin/me/totp/confirm',
      { code: totpNow(enrol.data.secret, clock.now()) },
      s.auth,
    )
    expect(ok.data).toBe('动态验证码已绑定')
    // Bound, it is not replaced by the session alone (a stolen one would take the account over):
    // neither a new enrolment nor a confirm of one started before.
    const BOUND = '已绑定动态验证码；更换手机请联系管理员重置密码后重新绑定'
    const again = await h.post('/api/admin/me/totp', {}, s.auth)
    expect([again.status, again.data]).toEqual([409, BOUND])
    await h.db.updateTable('staff').set({ totp_pending: 'JBSWY3DPEHPK3PXP' }).where('id', '=', s.id).execute()
    const confirmAgain = await h.post(
      '/api/admin/me/totp/confirm',
      { code: totpNow('JBSWY3DPEHPK3PXP', clock.now()) },
      s.auth,
    )
    expect([confirmAgain.status, confirmAgain.data]).toEqual([409, BOUND])

    const ip = someIp()
    expect((await signIn({ username: s.username, password: s.password }, ip)).data).toBe('请输入动态验证码')
    expect((await signIn({ username: s.username, password: s.password, totp: '123456' }, ip)).data).toBe(
      '动态验证码错误',
    )
    // The next step's code: the one that confirmed is spent (see below).
    clock.advance(30_000)
    await staffSignIn(h, s.username, s.password, totpNow(enrol.data.secret, clock.now()))

    // A reset (lost phone) removes it: the one-time password alone signs in again.
    const reset = await staffCommand(h.db, ['reset-password', s.username], clock.now())
    const password = /一次性密码：(\w+)/.exec(reset)?.[1] ?? ''
    expect((await me(s.auth)).data).toBe(SIGN_IN)
    expect(await me((await staffSignIn(h, s.username, password)).auth)).toMatchObject({
      data: { hasTotp: false, mustChangePassword: true },
    })
  })

  it('takes each code once (RFC 6238 §5.2), even from sign-ins at the same moment', async () => {
    const s = await newStaff(h, ['operator'])
    const enrol = await h.post<{ secret: string }>('/api/admin/me/totp', {}, s.auth)
    // The clock runs on from real time: start at the top of a 30-second step, so the test's own
    // few hundred milliseconds never carry `first` two steps back (out of the drift window).
    clock.advance(30_000 - (clock.now().getTime() % 30_000))
    const first = totpNow(enrol.data.secret, clock.now())
    expect((await h.post('/api/admin/me/totp/confirm', { code: first }, s.auth)).data).toBe(
      '动态验证码已绑定',
    )
    const USED = '动态验证码已使用，请等待下一个'
    const withCode = (totp: string) => signIn({ username: s.username, password: s.password, totp })
    // The code that confirmed the secret signs no one in.
    expect((await withCode(first)).data).toBe(USED)

    clock.advance(30_000)
    const next = totpNow(enrol.data.secret, clock.now())
    const tries = await Promise.all([withCode(next), withCode(next), withCode(next)])
    expect(tries.filter((r) => r.status === 200)).toHaveLength(1)
    expect(tries.filter((r) => r.status !== 200).map((r) => r.data)).toEqual([USED, USED])
    // A code of an earlier step than the one spent is refused too, though still within the drift window.
    expect((await withCode(first)).data).toBe(USED)
    const sessions = await h.db
      .selectFrom('staff_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('staff_id', '=', s.id)
      .executeTakeFirstOrThrow()
    expect(Number(sessions.n)).toBe(2) // newStaff's own, and the one code's
  })

  it('needs the second factor before any work where it is required (NODE_ENV=production)', () => {
    const s: StaffMember = {
      id: 1,
      username: 'x',
      roles: ['operator'],
      sessionId: 1,
      name: '',
      mustChangePassword: false,
      hasTotp: false,
    }
    expect(refusalFor(s, 'orders.fulfil', true)).toBe('请先绑定动态验证码')
    expect(refusalFor(s, 'self', true)).toBeNull()
    expect(refusalFor(s, 'orders.fulfil', false)).toBeNull()
    expect(refusalFor({ ...s, hasTotp: true }, 'orders.fulfil', true)).toBeNull()
  })
})

describe('staff management by ops and by the admin', () => {
  it('adds, changes roles, disables and resets through one service, every write audited', async () => {
    const username = uniqueUsername('wang')
    const added = await staffCommand(h.db, ['add', username, '--role', 'marketing'], clock.now())
    expect(added).toMatch(new RegExp(`已新增后台账号 ${username}（marketing），一次性密码：\\w{12}`))
    expect(await staffCommand(h.db, ['roles', username, 'operator,finance'], clock.now())).toBe(
      `后台账号 ${username} 的角色：operator,finance`,
    )
    await expect(staffCommand(h.db, ['roles', username, 'boss'], clock.now())).rejects.toThrow(
      '角色不正确：boss',
    )
    await expect(staffCommand(h.db, ['add', username, '--role', 'operator'], clock.now())).rejects.toThrow(
      '用户名已存在',
    )

    const admin = await staffSignIn(h, 'admin')
    const list = await h.get<StaffAccount[]>('/api/admin/staff', {}, admin.auth)
    const row = list.data.find((s) => s.username === username)!
    const off = await h.post<StaffAccount>(
      `/api/admin/staff/${row.id}/enabled`,
      { enabled: false },
      admin.auth,
    )
    expect(off.data.enabled).toBe(false)
    const log = await auditOf(h, `staff:${row.id}`)
    expect(log.map((r) => [r.staff, r.action, r.before, r.after])).toEqual([
      ['admin', 'staff.disable', { enabled: true }, { enabled: false }],
      ['ops', 'staff.roles', { roles: ['marketing'] }, { roles: ['operator', 'finance'] }],
      ['ops', 'staff.add', null, { username, roles: ['marketing'] }],
    ])
    expect(log[0]?.ip).not.toBe('')
  })

  it('tells a session of an account disabled meanwhile why it ended, and nobody else anything', async () => {
    const s = await newStaff(h, ['operator'])
    const admin = await staffSignIn(h, 'admin')
    expect((await me(s.auth)).http).toBe(200)
    await h.post(`/api/admin/staff/${s.id}/enabled`, { enabled: false }, admin.auth)
    const ended = await me(s.auth)
    expect([ended.http, ended.data]).toEqual([401, '账号已停用，请联系管理员'])
    expect((await me({ Authorization: 'Bearer not-a-token' })).data).toBe(SIGN_IN)
    // Enabled again, the ended session stays ended: a sign-in is what it needs now.
    await h.post(`/api/admin/staff/${s.id}/enabled`, { enabled: true }, admin.auth)
    expect((await me(s.auth)).data).toBe(SIGN_IN)
  })

  it('never leaves the portal without an enabled admin', async () => {
    const admin = await staffSignIn(h, 'admin')
    const list = await h.get<StaffAccount[]>('/api/admin/staff', {}, admin.auth)
    for (const a of list.data.filter((s) => s.roles.includes('admin') && s.username !== 'admin'))
      await h.post(`/api/admin/staff/${a.id}/enabled`, { enabled: false }, admin.auth)
    // Not by themselves, whoever else there is: a slip would lock them out of staff management.
    const drop = await h.post(
      `/api/admin/staff/${admin.id}/roles`,
      { roles: ['operator'], confirm: { password: STAFF_PASSWORD } },
      admin.auth,
    )
    expect([drop.http, drop.data]).toEqual([400, '不能取消自己的管理员角色'])
    const off = await h.post(`/api/admin/staff/${admin.id}/enabled`, { enabled: false }, admin.auth)
    expect([off.http, off.data]).toEqual([400, '不能停用自己的账号'])
    // Nor by ops, when it is the last one.
    await expect(staffCommand(h.db, ['roles', 'admin', 'operator'], clock.now())).rejects.toThrow(
      '至少保留一个启用的管理员',
    )
    await expect(staffCommand(h.db, ['disable', 'admin'], clock.now())).rejects.toThrow(
      '至少保留一个启用的管理员',
    )
    expect(await me(admin.auth)).toMatchObject({ data: { username: 'admin', roles: ['admin'] } })
  })
})

describe('the audit log (GET /api/admin/audit)', () => {
  it('finds rows by staff, action prefix, target and date, newest first', async () => {
    const s = await newStaff(h, ['operator'])
    const admin = await staffSignIn(h, 'admin')
    const q = (query: Record<string, string | number>) =>
      h.get<{ pageData: { staff: string; action: string }[]; pageTotal: number }>(
        '/api/admin/audit',
        query,
        admin.auth,
      )
    const mine = await q({ staff: s.username })
    expect(mine.data.pageData.map((r) => r.action)).toEqual(['staff.sign-in'])
    expect((await q({ staff: s.username, action: 'staff.' })).data.pageTotal).toBe(1)
    expect((await q({ staff: s.username, action: 'order.' })).data.pageTotal).toBe(0)
    // The day in China time, as the log stores it.
    const day = dbTime(clock.now()).slice(0, 10)
    expect((await q({ staff: s.username, from: day, to: day })).data.pageTotal).toBe(1)
    expect((await q({ staff: s.username, to: '2000-01-01' })).data.pageTotal).toBe(0)
    const bad = await q({ from: '2026-02-30' })
    expect([bad.http, bad.data]).toEqual([400, '开始日期格式不正确，应为yyyy-mm-dd'])
  })

  it('is append-only: the database itself refuses to change or delete a row', async () => {
    const before = await h.db
      .selectFrom('audit_log')
      .select(['id', 'action'])
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await expect(
      h.db.updateTable('audit_log').set({ action: 'x' }).where('id', '=', before.id).execute(),
    ).rejects.toThrow()
    await expect(h.db.deleteFrom('audit_log').where('id', '=', before.id).execute()).rejects.toThrow()
    const after = await h.db
      .selectFrom('audit_log')
      .select(['id', 'action'])
      .where('id', '=', before.id)
      .executeTakeFirst()
    expect(after).toEqual(before)
  })

  it('is append-only against a REPLACE over a row and a TRUNCATE (issue 39, migration 35)', async () => {
    const first = await h.db.selectFrom('audit_log').selectAll().orderBy('id').executeTakeFirstOrThrow()
    const row = () => h.db.selectFrom('audit_log').selectAll().where('id', '=', first.id).executeTakeFirst()
    const count = async () =>
      Number(
        (
          await h.db
            .selectFrom('audit_log')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const rows = await count()
    // SQLite's REPLACE deletes the old row without firing its DELETE trigger; PostgreSQL's
    // ON CONFLICT DO UPDATE is an update.
    const rewrite = isPg(h.db)
      ? sql`INSERT INTO audit_log (id, at, staff_username, action) VALUES (${first.id}, ${first.at}, 'forger', 'x') ON CONFLICT (id) DO UPDATE SET staff_username = 'forger', action = 'x'`
      : sql`INSERT OR REPLACE INTO audit_log (id, at, staff_username, action) VALUES (${first.id}, ${first.at}, 'forger', 'x')`
    await expect(rewrite.execute(h.db)).rejects.toThrow(/append-only/)
    expect(await row()).toEqual(first)
    if (isPg(h.db)) {
      await expect(sql`TRUNCATE audit_log`.execute(h.db)).rejects.toThrow(/append-only/)
      await expect(sql`TRUNCATE staff CASCADE`.execute(h.db)).rejects.toThrow(/append-only/)
    }
    expect(await count()).toBeGreaterThanOrEqual(rows)
    expect(await row()).toEqual(first)
    // A new row is still written as before.
    const written = await sql<{
      id: number
    }>`INSERT INTO audit_log (at, staff_username, action) VALUES (${first.at}, 'ops', 'test.append') RETURNING id`.execute(
      h.db,
    )
    expect(Number(written.rows[0]?.id)).toBeGreaterThan(first.id)
  })
})

describe('the dashboard (GET /api/admin/dashboard)', () => {
  it('shows each role the counts of what it may act on', async () => {
    const keys = async (role: string) =>
      (
        await h.get<{ key: string; count: number }[]>(
          '/api/admin/dashboard',
          {},
          (
            await staffSignIn(h, role)
          ).auth,
        )
      ).data.map((d) => d.key)
    expect(await keys('admin')).toEqual([
      'toShip',
      'transfers',
      'afterSales',
      'refundApprovals',
      'refundDue',
      'invoices',
      'adjustments',
      'certifications',
      'complaints',
    ])
    expect(await keys('operator')).toEqual(['toShip', 'afterSales', 'certifications', 'complaints'])
    expect(await keys('finance')).toEqual([
      'toShip',
      'transfers',
      'afterSales',
      'refundApprovals',
      'refundDue',
      'invoices',
      'adjustments',
    ])
    expect(await keys('marketing')).toEqual([])
    const admin = await staffSignIn(h, 'admin')
    const counts = await h.get<{ key: string; count: number }[]>('/api/admin/dashboard', {}, admin.auth)
    const toShip = await h.db
      .selectFrom('orders')
      .select((e) => e.fn.countAll().as('n'))
      .where('status', '=', 20)
      // Not while a request waits for a decision (申请中, 待财务审批): the ship queue's rule.
      .where('after_status', 'not in', UNDECIDED_AFTER_STATUSES)
      .executeTakeFirst()
    expect(counts.data.find((d) => d.key === 'toShip')?.count).toBe(Number(toShip?.n))
  })
})

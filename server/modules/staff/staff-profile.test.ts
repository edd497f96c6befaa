/**
 * Staff display names and phones, and the audit log's pickers (issue 40 part 6), on a real
 * server and database: an admin sets them at creation and edits them, a staff member edits
 * their own, ops adds them; the log names its actors and targets and is searched by what staff
 * know (an actor's id, a target's kind with a phone, a product name, an order code).
 */
import { describe, expect, it } from 'vitest'
import { product } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { newStaff, staffSignIn, uniqueUsername } from '../../../tests/api/staff.ts'
import { audit } from '../../admin/audit.ts'
import { staffCommand } from '../../ops.ts'
import type { AuditRow, StaffAccount, StaffMe } from './staff.routes.ts'

const h = startServer()
type Page = { pageData: AuditRow[]; pageTotal: number }

describe('staff display names and phones', () => {
  it('are set at creation, edited by an admin and by oneself, checked, and audited', async () => {
    const admin = await staffSignIn(h, 'admin')
    const username = uniqueUsername('zhang')
    const added = await h.post<{ staff: StaffAccount; password: string }>(
      '/api/admin/staff',
      { username, roles: ['operator'], name: ' 赵 磊 ', phone: '13911112222' },
      admin.auth,
    )
    expect(added.http).toBe(200)
    expect(added.data.staff).toMatchObject({ username, name: '赵 磊', phone: '13911112222' })

    // A bad phone or an overlong name is refused in Chinese, and nothing is added.
    for (const [body, message] of [
      [{ phone: '1391111' }, '手机号格式不正确'],
      [{ name: '名'.repeat(21) }, '姓名不能超过20个字符'],
    ] as const) {
      const other = uniqueUsername('bad')
      const r = await h.post(
        '/api/admin/staff',
        { username: other, roles: ['operator'], ...body },
        admin.auth,
      )
      expect([r.http, r.data]).toEqual([400, message])
      expect(
        await h.db.selectFrom('staff').select('id').where('username', '=', other).executeTakeFirst(),
      ).toBe(undefined)
    }

    const id = added.data.staff.id
    const edited = await h.send<StaffAccount>(
      'PUT',
      `/api/admin/staff/${id}/profile`,
      { name: '赵磊', phone: '' },
      admin.auth,
    )
    expect([edited.http, edited.data.name, edited.data.phone]).toEqual([200, '赵磊', ''])
    const list = await h.get<StaffAccount[]>('/api/admin/staff', {}, admin.auth)
    expect(list.data.find((s) => s.id === id)).toMatchObject({ name: '赵磊', phone: '' })

    // The staff member edits their own; the menu's account (/admin/me) answers it.
    const self = await staffSignIn(h, username, added.data.password)
    const own = await h.send(
      'PUT',
      '/api/admin/me/profile',
      { name: '赵大磊', phone: '13933334444' },
      self.auth,
    )
    expect(own.http).toBe(200)
    const me = await h.get<StaffMe>('/api/admin/me', {}, self.auth)
    expect(me.data).toMatchObject({ username, name: '赵大磊', phone: '13933334444' })
    // …but not another's.
    const theirs = await h.send('PUT', `/api/admin/staff/${admin.id}/profile`, { name: 'x' }, self.auth)
    expect(theirs.http).toBe(403)

    const log = await h.get<Page>('/api/admin/audit', { kind: 'staff', q: String(id) }, admin.auth)
    const changes = log.data.pageData.filter((r) => r.action === 'staff.profile')
    expect(changes.map((r) => [r.staffName, r.before, r.after])).toEqual([
      ['赵大磊', { name: '赵磊', phone: '' }, { name: '赵大磊', phone: '13933334444' }],
      ['张敏', { name: '赵 磊', phone: '13911112222' }, { name: '赵磊', phone: '' }],
    ])
    expect(changes[0]?.targetName).toBe('赵大磊')
  })

  it('the demo staff have names, and ops adds one with --name and --phone', async () => {
    const admin = await staffSignIn(h, 'admin')
    const list = await h.get<StaffAccount[]>('/api/admin/staff', {}, admin.auth)
    expect(list.data.find((s) => s.username === 'admin')?.name).toBe('张敏')
    // Every staff member reads the names the screens show beside a username (order notes, timeline).
    const op = await staffSignIn(h, 'operator')
    const names = await h.get<{ username: string; name: string }[]>('/api/admin/staff/names', {}, op.auth)
    expect(names.http).toBe(200)
    expect(names.data).toEqual(
      expect.arrayContaining([
        { username: 'admin', name: '张敏' },
        { username: 'operator', name: '李强' },
      ]),
    )
    expect(names.data.every((n) => n.name !== '')).toBe(true)
    const username = uniqueUsername('li')
    const out = await staffCommand(
      h.db,
      ['add', username, '--role', 'finance', '--name', '李娜', '--phone', '13955556666'],
      h.now(),
    )
    expect(out).toContain(`已新增后台账号 ${username}（李娜）（finance）`)
    await expect(
      staffCommand(h.db, ['add', uniqueUsername(), '--role', 'finance', '--phone', '123'], h.now()),
    ).rejects.toThrow('手机号格式不正确')
  })
})

describe('the audit log searched by pickers (GET /api/admin/audit)', () => {
  it('finds rows by actor id, and by a target kind with a phone, a product name or an order code', async () => {
    const admin = await staffSignIn(h, 'admin')
    const actor = await newStaff(h, ['operator'])
    await h.send('PUT', '/api/admin/me/profile', { name: '孙悦' }, actor.auth)
    const buyer = await newUser(h)
    const p = await product(h.db, [{ priceFen: 1000, stock: 1 }])
    const code = `2099${Date.now()}`.slice(0, 16)
    const who = { staffId: actor.id, username: actor.username, ip: '' }
    await audit(h.db, who, h.now(), {
      action: 'wallet.adjust',
      target: `user:${buyer.id}`,
      after: { delta: 5 },
    })
    await audit(h.db, who, h.now(), { action: 'product.edit', target: `product:${p.spuId}` })
    await audit(h.db, who, h.now(), { action: 'order.ship', target: `order:${code}` })
    const find = (q: Record<string, string | number>) =>
      h.get<Page>('/api/admin/audit', { ...q, pageSize: 100 }, admin.auth)

    const byActor = await find({ staffId: actor.id })
    expect(byActor.data.pageData.map((r) => [r.action, r.staffName, r.targetName])).toEqual([
      ['order.ship', '孙悦', code],
      ['product.edit', '孙悦', p.title],
      ['wallet.adjust', '孙悦', buyer.tel],
      ['staff.profile', '孙悦', '孙悦'],
      ['staff.sign-in', '孙悦', '孙悦'],
    ])
    const targets = async (q: Record<string, string | number>) =>
      (await find({ staffId: actor.id, ...q })).data.pageData.map((r) => r.target)
    expect(await targets({ kind: 'user', q: buyer.tel })).toEqual([`user:${buyer.id}`])
    expect(await targets({ kind: 'user', q: buyer.tel.slice(-6) })).toEqual([`user:${buyer.id}`])
    expect(await targets({ kind: 'product', q: p.title.slice(0, 12) })).toEqual([`product:${p.spuId}`])
    expect(await targets({ kind: 'order', q: code.slice(0, 10) })).toEqual([`order:${code}`])
    expect(await targets({ kind: 'order' })).toEqual([`order:${code}`])
    expect(await targets({ actionIs: 'product.edit' })).toEqual([`product:${p.spuId}`])
    expect(await targets({ actionIs: 'product.' })).toEqual([])
    expect(await targets({ kind: 'user', q: '19999999999' })).toEqual([])
    // A kind the server does not know is refused in Chinese.
    const bad = await find({ kind: 'planet' })
    expect([bad.http, bad.data]).toEqual([400, '对象种类不正确'])
  })
})

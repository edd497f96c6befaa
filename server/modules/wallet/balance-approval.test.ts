/**
 * Balance adjustments above BALANCE_ADJUST_LIMIT (issue 39): finance adjusts by at most ¥5,000
 * alone; above it the adjustment waits, nothing moved, until another finance or admin account
 * approves it (once, even with two approvers at once), or its requester withdraws it.
 */
import { describe, expect, it } from 'vitest'
import { balanceOf } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, newStaff, staffSignIn } from '../../../tests/api/staff.ts'
import type { BalanceAdjustment } from './wallet.admin.ts'
import type { Transaction } from './wallet.routes.ts'

const h = startServer()

type Auth = Record<string, string>
type Adjusted = { balance: number; record: Transaction }
type Pending = { pending: true; adjustmentId: number }
type Queue = { pageData: BalanceAdjustment[]; pageTotal: number; limit: number }

const adjust = (userId: number, body: unknown, auth: Auth) =>
  h.post<Adjusted | Pending | string>(`/api/admin/customers/${userId}/balance`, body, auth)
const approve = (id: number, auth: Auth) =>
  h.post<Adjusted | string>(`/api/admin/balance-adjustments/${id}/approve`, {}, auth)
const withdraw = (id: number, auth: Auth) =>
  h.post<BalanceAdjustment | string>(`/api/admin/balance-adjustments/${id}/withdraw`, {}, auth)
const queue = async (query: Record<string, string | number>, auth: Auth) => {
  const r = await h.get<Queue>('/api/admin/balance-adjustments', { pageSize: 100, ...query }, auth)
  expect(r.http).toBe(200)
  return r.data
}
const records = async (auth: Auth) =>
  (await h.get<{ pageData: Transaction[] }>('/api/Recharge/GetRechargePage', { pageSize: 100 }, auth)).data
    .pageData

describe('balance adjustments above the limit (wallet.adjust, issue 39)', () => {
  it('at the limit moves at once; above it waits with nothing moved; the requester cannot approve; another finance applies it once', async () => {
    const u = await newUser(h)
    const a = await newStaff(h, ['finance'])
    const b = await newStaff(h, ['finance'])
    const at = await adjust(u.id, { amount: '5000', reason: '年度返利补发' }, a.auth)
    expect([at.http, at.data]).toMatchObject([200, { balance: 5000, record: { price: 5000 } }])

    const above = await adjust(u.id, { amount: '6000', reason: '大客户返利补发' }, a.auth)
    expect(above.http).toBe(200)
    const { adjustmentId } = above.data as Pending
    expect(above.data).toEqual({ pending: true, adjustmentId: expect.any(Number) })
    expect(await balanceOf(h.db, u.id)).toBe(500_000)
    expect(await records(u.auth)).toHaveLength(1)

    const mine = await queue({ userId: u.id }, a.auth)
    expect(mine.limit).toBe(5000)
    expect(mine.pageData).toMatchObject([
      {
        id: adjustmentId,
        userId: u.id,
        amount: 6000,
        reason: '大客户返利补发',
        status: 'pending',
        statusText: '待审批',
        requestedBy: a.id,
        requester: a.username,
        decidedBy: null,
      },
    ])
    expect((await queue({ status: 'pending' }, b.auth)).pageData.map((r) => r.id)).toContain(adjustmentId)

    expect(await approve(adjustmentId, a.auth)).toMatchObject({
      http: 403,
      data: '须由另一位财务或管理员审批',
    })
    for (const role of ['operator', 'marketing'])
      expect((await approve(adjustmentId, (await staffSignIn(h, role)).auth)).http).toBe(403)
    expect(await balanceOf(h.db, u.id)).toBe(500_000)

    const done = await approve(adjustmentId, b.auth)
    expect([done.http, done.data]).toMatchObject([
      200,
      { balance: 11_000, record: { tag: 2, price: 6000, title: '余额调整：大客户返利补发' } },
    ])
    expect(await approve(adjustmentId, b.auth)).toMatchObject({
      http: 409,
      data: '该余额调整已批准，不能再处理',
    })
    expect(await withdraw(adjustmentId, a.auth)).toMatchObject({ http: 409 })
    expect(await balanceOf(h.db, u.id)).toBe(1_100_000)
    expect(await records(u.auth)).toHaveLength(2)
    expect((await queue({ userId: u.id }, a.auth)).pageData[0]).toMatchObject({
      status: 'approved',
      decidedBy: b.id,
      decider: b.username,
      record: (done.data as Adjusted).record.ext,
    })

    const rows = await auditOf(h, `user:${u.id}`)
    expect(rows.map((r) => [r.staff, r.action, r.before, r.after])).toEqual([
      [
        b.username,
        'wallet.adjust.approve',
        { balance: 5000 },
        {
          balance: 11_000,
          adjustment: adjustmentId,
          amount: 6000,
          reason: '大客户返利补发',
          record: (done.data as Adjusted).record.ext,
        },
      ],
      [
        a.username,
        'wallet.adjust.request',
        null,
        { adjustment: adjustmentId, amount: 6000, reason: '大客户返利补发' },
      ],
      [a.username, 'wallet.adjust', { balance: 0 }, expect.objectContaining({ balance: 5000, amount: 5000 })],
    ])
  })

  it('two approvers at once: one applies it, the other is told it was approved; the balance moves once', async () => {
    const u = await newUser(h)
    const a = await newStaff(h, ['finance'])
    const [b, c] = [await newStaff(h, ['finance']), await staffSignIn(h, 'admin')]
    const requestId = crypto.randomUUID()
    const body = { amount: '-7000', reason: '退回重复充值', requestId }
    // A debit the balance does not cover is refused even as a request.
    expect(await adjust(u.id, body, a.auth)).toMatchObject({
      http: 400,
      data: '余额不足，扣减后余额不能为负数',
    })
    await h.db.updateTable('users').set({ balance_fen: 1_000_000 }).where('id', '=', u.id).execute()
    const twice = await Promise.all([adjust(u.id, body, a.auth), adjust(u.id, body, a.auth)])
    const ids = twice.map((r) => (r.data as Pending).adjustmentId)
    expect(ids[0]).toBe(ids[1])
    const id = ids[0] as number

    const both = await Promise.all([approve(id, b.auth), approve(id, c.auth)])
    expect(both.map((r) => r.http).sort()).toEqual([200, 409])
    expect(both.find((r) => r.http === 409)?.data).toBe('该余额调整已批准，不能再处理')
    expect(await balanceOf(h.db, u.id)).toBe(300_000)
    expect(await records(u.auth)).toMatchObject([{ tag: 1, price: 7000 }])
    expect((await auditOf(h, `user:${u.id}`)).map((r) => r.action)).toEqual([
      'wallet.adjust.approve',
      'wallet.adjust.request',
    ])
  })

  it('a debit the balance no longer covers is refused at approval and stays pending', async () => {
    const u = await newUser(h)
    await h.db.updateTable('users').set({ balance_fen: 800_000 }).where('id', '=', u.id).execute()
    const [a, b] = [await newStaff(h, ['finance']), await newStaff(h, ['finance'])]
    const r = await adjust(u.id, { amount: '-8000', reason: '扣回错误充值' }, a.auth)
    const id = (r.data as Pending).adjustmentId
    await h.db.updateTable('users').set({ balance_fen: 100_000 }).where('id', '=', u.id).execute()
    expect(await approve(id, b.auth)).toMatchObject({ http: 400, data: '余额不足，扣减后余额不能为负数' })
    expect(await balanceOf(h.db, u.id)).toBe(100_000)
    expect((await queue({ userId: u.id }, a.auth)).pageData[0]?.status).toBe('pending')
    expect(await records(u.auth)).toEqual([])
  })

  it('the requester or an admin withdraws a pending one; nobody else; then it cannot be approved', async () => {
    const u = await newUser(h)
    const [a, b] = [await newStaff(h, ['finance']), await newStaff(h, ['finance'])]
    const admin = await staffSignIn(h, 'admin')
    const first = (
      (await adjust(u.id, { amount: '5000.01', reason: '超过限额的补贴' }, a.auth)).data as Pending
    ).adjustmentId
    const second = (
      (await adjust(u.id, { amount: '9000', reason: '另一笔大额补贴' }, a.auth)).data as Pending
    ).adjustmentId
    expect(await withdraw(first, b.auth)).toMatchObject({ http: 403, data: '只有申请人或管理员可以撤回' })
    const w = await withdraw(first, a.auth)
    expect([w.http, w.data]).toMatchObject([
      200,
      { id: first, status: 'withdrawn', statusText: '已撤回', decidedBy: a.id },
    ])
    expect(await withdraw(first, a.auth)).toMatchObject({ http: 409, data: '该余额调整已撤回，不能再处理' })
    expect(await approve(first, b.auth)).toMatchObject({ http: 409, data: '该余额调整已撤回，不能再处理' })
    expect((await withdraw(second, admin.auth)).http).toBe(200)
    expect(await approve(999_999_999, b.auth)).toMatchObject({ http: 404, data: '余额调整申请不存在' })
    expect(await balanceOf(h.db, u.id)).toBe(0)
    expect((await queue({ userId: u.id, status: 'pending' }, a.auth)).pageData).toEqual([])
    expect((await auditOf(h, `user:${u.id}`)).map((r) => [r.staff, r.action])).toEqual([
      ['admin', 'wallet.adjust.withdraw'],
      [a.username, 'wallet.adjust.withdraw'],
      [a.username, 'wallet.adjust.request'],
      [a.username, 'wallet.adjust.request'],
    ])
    // The reason rule holds above the limit too.
    expect(await adjust(u.id, { amount: '9000', reason: '大额补贴' }, a.auth)).toMatchObject({
      http: 400,
      data: '调整原因至少5个字',
    })
  })
})

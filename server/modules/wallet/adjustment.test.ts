/**
 * Balance adjustments in the back office (issue 20): finance adjusts a
 * balance with a reason, written as a wallet record the customer sees, in one transaction with
 * the conditional change and its audit row.
 */
import { describe, expect, it } from 'vitest'
import { balanceOf } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, newStaff, staffSignIn } from '../../../tests/api/staff.ts'
import type { Transaction } from './wallet.routes.ts'

const h = startServer()

type Paged<T> = { pageData: T[]; pageTotal: number }
type Adjusted = { balance: number; record: Transaction }

const adjust = (userId: number, body: unknown, auth: Record<string, string>) =>
  h.post<Adjusted | string>(`/api/admin/customers/${userId}/balance`, body, auth)
const records = async (auth: Record<string, string>) =>
  (await h.get<Paged<Transaction>>('/api/Recharge/GetRechargePage', { pageSize: 100 }, auth)).data.pageData

describe('balance adjustment (wallet.adjust, POST /api/admin/customers/{userId}/balance)', () => {
  it('credits and debits with a reason: a wallet record on /wo, the new balance, an audit row with before/after', async () => {
    const u = await newUser(h)
    const fin = await staffSignIn(h, 'finance')
    const up = await adjust(u.id, { amount: '+100.50', reason: '活动补贴发放' }, fin.auth)
    expect([up.http, up.data]).toMatchObject([
      200,
      { balance: 100.5, record: { tag: 2, price: 100.5, title: '余额调整：活动补贴发放' } },
    ])
    const down = await adjust(u.id, { amount: '-0.5', reason: '多补了要扣回' }, fin.auth)
    expect(down.data).toMatchObject({
      balance: 100,
      record: { tag: 1, price: 0.5, title: '余额调整：多补了要扣回' },
    })
    expect(await balanceOf(h.db, u.id)).toBe(10000)
    const mine = await records(u.auth)
    expect(mine.map((r) => [r.tag, r.price, r.title])).toEqual([
      [1, 0.5, '余额调整：多补了要扣回'],
      [2, 100.5, '余额调整：活动补贴发放'],
    ])
    expect((await h.get<{ balance: number }>('/api/Users/GetUsersInfo', {}, u.auth)).data.balance).toBe(100)
    const rows = await auditOf(h, `user:${u.id}`)
    expect(rows.map((r) => [r.staff, r.action, r.before, r.after])).toEqual([
      [
        'finance',
        'wallet.adjust',
        { balance: 100.5 },
        { balance: 100, amount: -0.5, reason: '多补了要扣回', record: mine[0]?.ext },
      ],
      [
        'finance',
        'wallet.adjust',
        { balance: 0 },
        { balance: 100.5, amount: 100.5, reason: '活动补贴发放', record: mine[1]?.ext },
      ],
    ])
  })

  it('checks the amount with the price rule and requires a reason; a refusal changes nothing', async () => {
    const u = await newUser(h)
    const fin = await staffSignIn(h, 'finance')
    for (const [body, message] of [
      [{ reason: '补贴发放测试' }, '请填写调整金额'],
      [{ amount: '1.234', reason: '补贴发放测试' }, '调整金额最多两位小数'],
      [{ amount: '12元', reason: '补贴发放测试' }, '调整金额须为数字'],
      [{ amount: '0', reason: '补贴发放测试' }, '调整金额不能为0'],
      [{ amount: '123456789', reason: '补贴发放测试' }, '调整金额不能超过8位'],
      [{ amount: '5' }, '请填写调整原因'],
      [{ amount: '5', reason: '活动补贴' }, '调整原因至少5个字'],
      [{ amount: '5', reason: '长'.repeat(101) }, '调整原因不能超过100个字'],
    ] as const)
      expect(await adjust(u.id, body, fin.auth)).toMatchObject({ http: 400, data: message })
    expect(await adjust(u.id, { amount: '-0.01', reason: '扣减测试余额' }, fin.auth)).toMatchObject({
      http: 400,
      data: '余额不足，扣减后余额不能为负数',
    })
    expect(await adjust(999999999, { amount: '1', reason: '补贴发放测试' }, fin.auth)).toMatchObject({
      http: 404,
    })
    for (const role of ['operator', 'marketing'])
      expect(
        await adjust(u.id, { amount: '1', reason: '补贴发放测试' }, (await staffSignIn(h, role)).auth),
      ).toMatchObject({
        http: 403,
        data: '没有权限',
      })
    expect(await balanceOf(h.db, u.id)).toBe(0)
    expect(await records(u.auth)).toEqual([])
    expect(await auditOf(h, `user:${u.id}`)).toEqual([])
  })

  it('applies two adjustments at once exactly once each; a debit larger than the balance is refused and changes nothing', async () => {
    const u = await newUser(h)
    const [a, b] = [await staffSignIn(h, 'finance'), await newStaff(h, ['finance'])]
    const both = await Promise.all([
      adjust(u.id, { amount: '30', reason: '第一笔补贴发放' }, a.auth),
      adjust(u.id, { amount: '12.5', reason: '第二笔补贴发放' }, b.auth),
    ])
    expect(both.map((r) => r.http)).toEqual([200, 200])
    expect(await balanceOf(h.db, u.id)).toBe(4250)
    expect((await records(u.auth)).map((r) => r.price).sort()).toEqual([12.5, 30])

    // Two debits that each fit but not together: one applies, the other is refused.
    const debits = await Promise.all([
      adjust(u.id, { amount: '-30', reason: '第一笔扣减余额' }, a.auth),
      adjust(u.id, { amount: '-30', reason: '第二笔扣减余额' }, b.auth),
    ])
    expect(debits.map((r) => r.http).sort()).toEqual([200, 400])
    expect(await balanceOf(h.db, u.id)).toBe(1250)
    const tooMuch = await adjust(u.id, { amount: '-12.51', reason: '超额扣减测试' }, a.auth)
    expect(tooMuch).toMatchObject({ http: 400, data: '余额不足，扣减后余额不能为负数' })
    expect(await balanceOf(h.db, u.id)).toBe(1250)
    expect(await records(u.auth)).toHaveLength(3)
    expect(await auditOf(h, `user:${u.id}`)).toHaveLength(3)
  })

  it('one adjustment sent three times at once (its form’s requestId) credits once, and each answer is that one record', async () => {
    const u = await newUser(h)
    const fin = await staffSignIn(h, 'finance')
    const requestId = crypto.randomUUID()
    const body = { amount: '100', reason: '活动补贴发放', requestId }
    const three = await Promise.all([
      adjust(u.id, body, fin.auth),
      adjust(u.id, body, fin.auth),
      adjust(u.id, body, fin.auth),
    ])
    expect(three.map((r) => r.http)).toEqual([200, 200, 200])
    const ids = three.map((r) => (r.data as Adjusted).record.id)
    expect(new Set(ids).size).toBe(1)
    expect(three.map((r) => (r.data as Adjusted).balance)).toEqual([100, 100, 100])
    expect(await balanceOf(h.db, u.id)).toBe(10_000)
    expect(await records(u.auth)).toHaveLength(1)
    expect(await auditOf(h, `user:${u.id}`)).toHaveLength(1)

    // Later, again: still nothing more. A refused one (too large a debit) keeps no id, so it can be sent corrected.
    expect((await adjust(u.id, body, fin.auth)).http).toBe(200)
    expect(await balanceOf(h.db, u.id)).toBe(10_000)
    const debitId = crypto.randomUUID()
    const refused = await adjust(
      u.id,
      { amount: '-200', reason: '扣回多发金额', requestId: debitId },
      fin.auth,
    )
    expect(refused).toMatchObject({ http: 400, data: '余额不足，扣减后余额不能为负数' })
    expect(
      (await adjust(u.id, { amount: '-20', reason: '扣回多发金额', requestId: debitId }, fin.auth)).http,
    ).toBe(200)
    expect(await balanceOf(h.db, u.id)).toBe(8_000)

    const other = await newUser(h)
    expect(await adjust(other.id, body, fin.auth)).toMatchObject({
      http: 409,
      data: '请求编号已用于另一位客户的调整',
    })
    expect(await balanceOf(h.db, other.id)).toBe(0)
    expect(await adjust(u.id, { ...body, requestId: 'x' }, fin.auth)).toMatchObject({
      http: 400,
      data: '请求编号格式不正确',
    })
    expect((await adjust(999_999_999, { amount: '1', reason: '无此人测试用' }, fin.auth)).http).toBe(404)
  })
})

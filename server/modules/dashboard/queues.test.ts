/**
 * Staff are told (issue 40 item 5): GET /api/admin/queues counts what each queue's list holds,
 * by role, and GET /api/admin/todo names transfers about to expire, refunds waiting for finance
 * and stock under the threshold, to the roles that act on them. Real server, real database.
 */
import { describe, expect, it } from 'vitest'
import { WORK_QUEUES } from '../../../src/lib/work-queues.ts'
import { product } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { placeOrder } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { staffSignIn } from '../../../tests/api/staff.ts'
import { dbTime } from '../../time.ts'
import type { TodoItem } from './todo.ts'

const h = startServer()
type Staff = Awaited<ReturnType<typeof staffSignIn>>
type Counts = Record<string, number>

const queues = async (who: Staff) => (await h.get<Counts>('/api/admin/queues', {}, who.auth)).data
const todo = async (who: Staff) => (await h.get<TodoItem[]>('/api/admin/todo', {}, who.auth)).data

/** What a queue's own page lists: the orders list's total, or the pending adjustments' total. */
async function listed(who: Staff, href: string): Promise<number> {
  const query = Object.fromEntries(new URL(href, 'http://x').searchParams)
  const path = href.startsWith('/admin/orders/') ? '/api/admin/orders' : '/api/admin/balance-adjustments'
  const q = path === '/api/admin/orders' ? query : { status: 'pending' }
  return (await h.get<{ pageTotal: number }>(path, { ...q, pageSize: 1 }, who.auth)).data.pageTotal
}

describe('the badges', () => {
  it('answer each role the queues it may see, by key', async () => {
    const keys = async (role: string) => Object.keys(await queues(await staffSignIn(h, role))).sort()
    expect(await keys('admin')).toEqual(WORK_QUEUES.map((q) => q.key).sort())
    expect(await keys('finance')).toEqual(
      ['adjustments', 'afterSales', 'invoices', 'refundApprovals', 'refundDue', 'toShip', 'transfers'].sort(),
    )
    expect(await keys('operator')).toEqual(['afterSales', 'certifications', 'complaints', 'toShip'].sort())
    expect(await keys('marketing')).toEqual([])
    expect((await h.get('/api/admin/queues')).http).toBe(401)
  })

  it('count what the lists they link to hold, and follow a new order', async () => {
    const admin = await staffSignIn(h, 'admin')
    const me = await newUser(h)
    const before = await queues(admin)
    await placeOrder(h, me, { pay: 'union' })
    // Other test files write meanwhile: compare the lists with two equal readings around them.
    for (let tries = 0; ; tries++) {
      const a = await queues(admin)
      const lists = await Promise.all(
        WORK_QUEUES.filter((q) => q.href.includes('queue=') || q.key === 'adjustments').map(
          async (q) => [q.key, await listed(admin, q.href)] as const,
        ),
      )
      const b = await queues(admin)
      if (JSON.stringify(a) !== JSON.stringify(b) && tries < 5) continue
      for (const [key, n] of lists) expect([key, a[key]]).toEqual([key, n])
      expect(a.transfers).toBeGreaterThanOrEqual((before.transfers ?? 0) + 1)
      break
    }
  })
})

describe('the 待办 list', () => {
  it('names a transfer about to expire and a low stock to the roles that act on them', async () => {
    const me = await newUser(h)
    const soon = await placeOrder(h, me, { pay: 'union' })
    const later = await placeOrder(h, me, { pay: 'union' })
    const at = (hours: number) => dbTime(new Date(Date.now() + hours * 3600_000))
    // One deadline 3 hours away, one 30: only the first is due within 12 hours.
    await h.db
      .updateTable('orders')
      .set({ transfer_deadline: at(3) })
      .where('id', '=', soon.id)
      .execute()
    await h.db
      .updateTable('orders')
      .set({ transfer_deadline: at(30) })
      .where('id', '=', later.id)
      .execute()
    const low = await product(h.db, [
      { priceFen: 1000, stock: 0 },
      { priceFen: 1000, stock: 50 },
    ])

    const finance = await todo(await staffSignIn(h, 'finance'))
    const transfers = finance.filter((t) => t.kind === 'transfer').map((t) => t.text)
    expect(transfers.some((t) => t.startsWith(`订单 ${soon.code} 的对公转账将于 `))).toBe(true)
    expect(transfers.some((t) => t.includes(later.code))).toBe(false)
    expect(finance.find((t) => t.text.includes(soon.code))?.href).toBe(
      `/admin/orders/detail/?code=${soon.code}`,
    )
    expect(finance.some((t) => t.kind === 'stock')).toBe(false)

    const marketing = await todo(await staffSignIn(h, 'marketing'))
    expect(marketing.filter((t) => t.text.startsWith(low.title))).toEqual([
      {
        kind: 'stock',
        text: `${low.title}（规格0）库存 0，低于预警值 5`,
        href: `/admin/products/detail/?id=${low.spuId}`,
      },
    ])
    expect(marketing.some((t) => t.kind === 'transfer')).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import type { OrderDetail } from '../../../src/lib/api/types.ts'
import { OFF_SHELF } from '../../../src/lib/constants.ts'
import { BAD_TAKEDOWN_CHOICE } from '../../../src/lib/rules/moderation.ts'
import { balanceOf } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { boughtBy, paidItem } from '../../../tests/api/paid-items.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import { OPS_ACTOR } from '../../admin/audit.ts'
import { dbTime } from '../../time.ts'
import { refundTakedownBuyers } from '../payments/takedown-refunds.ts'
import { ALREADY_UNLISTED } from './moderation.ts'

// Issue 39 part 7: a takedown of paid content either keeps it readable for its buyers (the
// default) or, with 违规下架并退款, refunds every buyer to their balance once and takes it back.
const h = startServer()

type Quote = { buyers: number; orders: number; amount: number }
const quote = (id: number, auth: Record<string, string>) =>
  h.get<Quote>(`/api/admin/articles/${id}/takedown`, {}, auth)
const unlist = (id: number, body: object, auth: Record<string, string>) =>
  h.post<{ listed: boolean; moderated: boolean; refunded?: Quote }>(
    `/api/admin/articles/${id}/unlist`,
    body,
    auth,
  )
const read = (id: number, auth: Record<string, string> = {}) => h.get('/api/Article/GetArticle', { id }, auth)
const notices = async (auth: Record<string, string>) =>
  (await h.get<{ title: string; content: string }[]>('/api/Article/GetArticleQuery', { status: 200 }, auth))
    .data
const order = async (id: number, auth: Record<string, string>) =>
  (await h.get<OrderDetail>('/api/Orders/GetOrders', { id }, auth)).data
const takedownRefunds = (orderId: number) =>
  h.db.selectFrom('refunds').select(['amount_fen', 'way', 'cause']).where('order_id', '=', orderId).execute()

/** A paid task with two buyers; the second already got 1.00 of their 9.90 back earlier. */
async function soldTwice() {
  const t = await paidItem(h, { status: 20, priceFen: 990 })
  const a = await boughtBy(h, t.id, 990)
  const b = await boughtBy(h, t.id, 990)
  await h.db
    .insertInto('refunds')
    .values({
      order_id: b.orderId,
      way: 'balance',
      amount_fen: 100,
      status: 40,
      create_time: dbTime(h.now()),
    })
    .execute()
  return { t, a, b }
}

describe('takedowns with a choice (issue 39 part 7)', () => {
  it('by default its buyers keep reading what they bought; everyone else finds it gone; nobody is refunded', async () => {
    const op = await staffSignIn(h, 'operator')
    const { t, a } = await soldTwice()
    const r = await unlist(t.id, { reason: '内容不实' }, op.auth)
    expect([r.http, r.data.moderated, r.data.refunded]).toEqual([200, true, undefined])
    expect((await read(t.id, a.auth)).http).toBe(200)
    expect((await h.get('/api/Article/GetArticleContact', { id: t.id }, a.auth)).data).toMatchObject({
      tel: t.tel,
    })
    const other = await newUser(h)
    expect((await read(t.id, other.auth)).data).toBe(OFF_SHELF)
    expect((await read(t.id)).data).toBe(OFF_SHELF)
    expect(await balanceOf(h.db, a.id)).toBe(0)
    expect((await order(a.orderId, a.auth)).status).toBe(40)
  })

  it('违规下架并退款: the dialog’s figures, each buyer refunded what is left to their balance with a notice, the orders 已退款 and audited, the buyers lose it', async () => {
    const op = await staffSignIn(h, 'operator')
    const { t, a, b } = await soldTwice()
    expect((await quote(t.id, op.auth)).data).toEqual({ buyers: 2, orders: 2, amount: 18.8 })

    const r = await unlist(t.id, { reason: '虚假招聘', refund: true }, op.auth)
    expect([r.http, r.data.refunded]).toEqual([200, { buyers: 2, orders: 2, amount: 18.8 }])
    expect([await balanceOf(h.db, a.id), await balanceOf(h.db, b.id)]).toEqual([990, 890])
    expect(await takedownRefunds(a.orderId)).toEqual([{ amount_fen: 990, way: 'balance', cause: 'takedown' }])
    for (const [u, amount] of [
      [a, '9.90'],
      [b, '8.90'],
    ] as const) {
      expect((await notices(u.auth))[0]).toEqual(
        expect.objectContaining({
          title: '内容下架退款',
          content: expect.stringContaining(`「${t.title}」已被平台违规下架，`),
        }),
      )
      expect((await notices(u.auth))[0]?.content).toContain(`的 ${amount} 元已退回您的余额。原因：虚假招聘`)
      const o = await order(u.orderId, u.auth)
      expect([o.status, o.statusText]).toEqual([100, '已退款'])
      const [row] = await auditOf(h, `order:${o.code}`)
      expect(row).toMatchObject({ staff: 'operator', action: 'order.takedown-refund', after: { amount } })
      expect((await read(t.id, u.auth)).data).toBe(OFF_SHELF)
    }
    // The author hears how many were refunded; the takedown's audit keeps the figures.
    expect((await notices(t.author.auth))[0]?.content).toContain('已向 2 位购买者退款共 18.80 元。')
    expect((await auditOf(h, `article:${t.id}`))[0]).toMatchObject({
      action: 'article.unlist',
      after: { refund: { buyers: 2, orders: 2, amount: 18.8 } },
    })
    // Nothing is left to refund.
    expect((await quote(t.id, op.auth)).data).toEqual({ buyers: 0, orders: 0, amount: 0 })
  })

  it('two operators at once: one takedown, every buyer refunded once', async () => {
    const op = await staffSignIn(h, 'operator')
    const admin = await staffSignIn(h, 'admin')
    const { t, a, b } = await soldTwice()
    const both = await Promise.all([
      unlist(t.id, { reason: '违规', refund: true }, op.auth),
      unlist(t.id, { reason: '违规', refund: true }, admin.auth),
    ])
    expect(both.map((r) => r.http).sort()).toEqual([200, 409])
    expect(both.find((r) => r.http === 409)?.data).toBe(ALREADY_UNLISTED)
    expect([await balanceOf(h.db, a.id), await balanceOf(h.db, b.id)]).toEqual([990, 890])
    expect((await notices(a.auth)).filter((n) => n.title === '内容下架退款')).toHaveLength(1)
  })

  it('the refund job run twice at once, then again, refunds each order once', async () => {
    const { t, a, b } = await soldTwice()
    const item = { id: t.id, title: t.title, noun: '任务' }
    const run = () =>
      h.db.transaction().execute((tx) => refundTakedownBuyers(tx, OPS_ACTOR, item, '违规', h.now()))
    const [one, two] = await Promise.all([run(), run()])
    expect(one.orders + two.orders).toBe(2)
    expect(one.amountFen + two.amountFen).toBe(1880)
    expect(await run()).toEqual({ buyers: 0, orders: 0, amountFen: 0 })
    expect([await balanceOf(h.db, a.id), await balanceOf(h.db, b.id)]).toEqual([990, 890])
    for (const id of [a.orderId, b.orderId])
      expect(await takedownRefunds(id)).toHaveLength(id === a.orderId ? 1 : 2)
    const wallet = await h.db
      .selectFrom('wallet_transactions')
      .select('price_fen')
      .where('order_id', 'in', [a.orderId, b.orderId])
      .where('title', '=', '订单退款')
      .execute()
    expect(wallet.map((w) => Number(w.price_fen)).sort()).toEqual([890, 990])
  })

  it('a bad choice or no reason is refused with its message and changes nothing', async () => {
    const op = await staffSignIn(h, 'operator')
    const { t, a } = await soldTwice()
    expect(await unlist(t.id, { reason: '违规', refund: 'yes' }, op.auth)).toMatchObject({
      http: 400,
      data: BAD_TAKEDOWN_CHOICE,
    })
    expect(await unlist(t.id, { refund: true }, op.auth)).toMatchObject({ http: 400, data: '请填写原因' })
    expect((await read(t.id)).http).toBe(200)
    expect(await balanceOf(h.db, a.id)).toBe(0)
    expect((await quote(999_999_999, op.auth)).http).toBe(404)
  })
})

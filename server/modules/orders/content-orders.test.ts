import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ArticleStatus } from '../../../src/lib/constants.ts'
import { listedArticle } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { ops } from '../../../tests/api/ops.ts'
import { newUser } from '../../../tests/api/session.ts'
import { defaultConfig } from '../../config.ts'
import type { Db } from '../../db/index.ts'
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature } from '../../providers/payment.ts'
import { dbTime } from '../../time.ts'
import { CONTENT_NO_AFTER_SALES } from './after-sales.ts'
import type { OrderCard, OrderDetail } from './orders.routes.ts'

// Issue 19: content (a course, paid post or task) is delivered when paid, so its order completes
// at payment on every way of paying; it can get an invoice and has no after-sales.
const h = startServer()
type User = Awaited<ReturnType<typeof newUser>>
/** The parts of Orders/GetOrdersPay's answer read here (the harness checks the rest). */
type PayAnswer = { status: number; code_url?: string }

/** A listed paid course of its own: its id. */
const course = (db: Db, priceFen: number) =>
  listedArticle(db, { status: ArticleStatus.course, priceFen, content: '课程介绍' })

async function invoiceInfo(db: Db, u: User) {
  const r = await db
    .insertInto('invoice_infos')
    .values({
      user_id: u.id,
      types: '增值税普通发票',
      company_name: '深圳微笑口腔门诊部',
      company_code: '91440300MA5XXXXX2Y',
      create_time: dbTime(new Date()),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return r.id
}

const order = async (u: User, id: number) =>
  (await h.get<OrderDetail>('/api/Orders/GetOrders', { id }, u.auth)).data
const buy = async (u: User, articleId: number) => {
  const r = await h.post<number>('/api/Orders/PostOrdersAppend', { list: [{ articleId }] }, u.auth)
  expect(r.status).toBe(200)
  return r.data
}

/** What a completed content order allows: an invoice (申请成功), no after-sales, no receipt. */
async function expectCompletedContent(u: User, id: number) {
  const o = await order(u, id)
  expect([o.status, o.statusText, o.kind, o.payDeadline]).toEqual([40, '已完成', 'article', ''])
  expect(o.finishTime).toBe(o.payTime)
  expect(o.finishTime).not.toBe('')
  const card = (
    await h.get<{ pageData: OrderCard[] }>('/api/Orders/GetOrdersPage', { status: 40 }, u.auth)
  ).data.pageData.find((c) => c.id === id)
  expect(card).toMatchObject({ status: 40, kind: 'article', articleId: o.articleId })
  const refund = await h.post<string>(
    '/api/Orders/PostOrdersRefund',
    { id, afterRemarks: '不想学了', extMore: '' },
    u.auth,
  )
  expect([refund.http, refund.data]).toEqual([400, CONTENT_NO_AFTER_SALES])
  const receipt = await h.post<string>('/api/Orders/PostOrdersStatus', { id, status: 40 }, u.auth)
  expect(receipt.data).toBe('当前订单状态不能确认收货')
  const invoice = await h.post<string>(
    '/api/Orders/PostOrdersInvoice',
    { id, invoiceId: await invoiceInfo(h.db, u) },
    u.auth,
  )
  expect(invoice.data).toBe('申请成功')
  expect(await order(u, id)).toMatchObject({ invoiceStatus: 10, invoiceStatusText: '申请中', types: 0 })
  const unlocked = await h.get<{ unlock: number }>(
    '/api/Article/GetArticle',
    { id: o.articleId ?? 0 },
    u.auth,
  )
  expect(unlocked.data.unlock).toBe(1)
}

describe('a content order completes when paid (issue 19)', () => {
  it('the demo data has content orders, none of them awaiting shipment', async () => {
    const content = await h.db
      .selectFrom('orders as o')
      .select(['o.status'])
      .where((e) =>
        e.exists(
          e
            .selectFrom('order_items as i')
            .select('i.id')
            .whereRef('i.order_id', '=', 'o.id')
            .where('i.article_id', 'is not', null),
        ),
      )
      .execute()
    expect(content.length).toBeGreaterThan(0)
    expect(content.filter((o) => o.status === 20)).toEqual([])
  })

  it('balance: 待付款 → 已完成 at once; the answer still says paid (20)', async () => {
    const me = await newUser(h)
    const id = await buy(me, await course(h.db, 9900))
    await h.db.updateTable('users').set({ balance_fen: 10_000 }).where('id', '=', me.id).execute()
    const paid = await h.get<PayAnswer>('/api/Orders/GetOrdersPay', { id, way: 'balance' }, me.auth)
    expect([paid.http, paid.data]).toEqual([200, { status: 20 }])
    expect((await h.get<number>('/api/Orders/GetOrdersStatus', { id }, me.auth)).data).toBe(40)
    await expectCompletedContent(me, id)
  })

  it('a provider notification: the same, once', async () => {
    const me = await newUser(h)
    const id = await buy(me, await course(h.db, 4500))
    const qr = await h.get<PayAnswer>('/api/Orders/GetOrdersPay', { id, way: 'alipay' }, me.auth)
    const outTradeNo = qr.data.code_url?.split('/').pop() ?? ''
    const raw = JSON.stringify({
      out_trade_no: outTradeNo,
      amount_fen: 4500,
      trade_no: `S${randomInt(1_000_000)}`,
      trade_status: 'SUCCESS',
    })
    const secret = defaultConfig().paymentSandboxSecret
    const send = () =>
      fetch(`${h.base}/pay/notify/sandbox`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(secret, raw),
        },
        body: raw,
      }).then((r) => r.text())
    expect(await Promise.all([send(), send()])).toEqual(['success', 'success'])
    await expectCompletedContent(me, id)
  })

  it('ops confirm-transfer: the same', async () => {
    const me = await newUser(h)
    const id = await buy(me, await course(h.db, 30_000))
    const { code } = await order(me, id)
    expect(await ops(h.db, ['confirm-transfer', code, '300', `C${code}`, '某某诊所'])).toContain(code)
    await expectCompletedContent(me, id)
  })
})

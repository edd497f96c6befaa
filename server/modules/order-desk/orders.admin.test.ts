/**
 * The back office's order calls (issue 20) on a real server and database: each action's happy
 * path, its Chinese refusals, the audit row written with it, and concurrent staff acting once.
 * The permission matrix (staff/permissions.test.ts) covers who may call what.
 */
import { describe, expect, it } from 'vitest'
import { refundPhoto, tinyPdf, tinyPng } from '../../../tests/api/files.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { ops } from '../../../tests/api/ops.ts'
import { placeOrder, shippedOrder } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, newStaff, staffSignIn } from '../../../tests/api/staff.ts'
import { dbTime } from '../../time.ts'
import { PaymentStatus, settle } from '../payments/payments.queries.ts'
import type { AdminOrder, AdminOrderRow } from './orders.admin-routes.ts'

const h = startServer()
type Staff = Awaited<ReturnType<typeof staffSignIn>>
type Paged<T> = { pageData: T[]; pageIndex: number; pageSize: number; pageTotal: number }

const act = (who: Staff, code: string, verb: string, body: unknown = {}) =>
  h.post<AdminOrder | string>(`/api/admin/orders/${code}/${verb}`, body, who.auth)
let refs = 0
/** A bank reference no test used before. */
const newRef = () => `B${Date.now()}${++refs}`
/** What finance types for a transfer of `amount` yuan (the payable of placeOrder's default). */
const transfer = (
  amount: number | string = 100,
  reference = newRef(),
  more: Record<string, string> = {},
) => ({
  amount,
  reference,
  payer: '某某口腔医院',
  ...more,
})
const orderOf = async (who: Staff, code: string) =>
  (await h.get<AdminOrder>(`/api/admin/orders/${code}`, {}, who.auth)).data
/** An order's status as stored now. */
const statusOf = async (id: number) =>
  (await h.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
const list = (who: Staff, q: Record<string, string | number>) =>
  h.get<Paged<AdminOrderRow>>('/api/admin/orders', q, who.auth)

/** 已售 of an order's (first) product beside the quantity it holds: what shipping counts (countLineSales). */
const soldOf = (orderId: number) =>
  h.db
    .selectFrom('order_items as i')
    .innerJoin('product_spus as p', 'p.id', 'i.spu_id')
    .select(['p.sales', 'i.quantity'])
    .where('i.order_id', '=', orderId)
    .executeTakeFirstOrThrow()

/** A payment the provider took after its order was cancelled: status 30 (refund due). */
async function refundDue(me: Awaited<ReturnType<typeof newUser>>) {
  const o = await placeOrder(h, me, { pay: 'alipay', priceFen: 4_200 })
  expect((await h.post('/api/Orders/PostOrdersStatus', { id: o.id, status: 100 }, me.auth)).data).toBe(
    '取消成功',
  )
  const p = await h.db
    .selectFrom('payments')
    .select('out_trade_no')
    .where('order_id', '=', o.id)
    .executeTakeFirstOrThrow()
  expect(
    await settle(h.db, { outTradeNo: p.out_trade_no, amountFen: 4_200, tradeNo: 'T' }, new Date(), [
      'alipay',
    ]),
  ).toBe('refund-due')
  return { ...o, outTradeNo: p.out_trade_no }
}

describe('the order list (GET /api/admin/orders)', () => {
  it('filters by status, code, phone, day and queue, pages and sorts', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const tel = `137${String(Date.now()).slice(-8)}`
    const paid = await placeOrder(h, me, { pay: 'balance', priceFen: 30_000, receiverTel: tel })
    const unpaid = await placeOrder(h, me, { priceFen: 100, receiverTel: tel })
    const transfer = await placeOrder(h, me, { pay: 'union', receiverTel: tel })

    const mine = await list(op, { tel, pageSize: 2 })
    expect(mine.data).toMatchObject({ pageIndex: 0, pageSize: 2, pageTotal: 3 })
    expect(mine.data.pageData.map((r) => r.code)).toEqual([transfer.code, unpaid.code])
    const next = await list(op, { tel, pageSize: 2, pageIndex: 1 })
    expect(next.data.pageData.map((r) => r.code)).toEqual([paid.code])
    expect(next.data.pageData[0]).toMatchObject({
      status: 20,
      statusText: '待发货',
      kind: 'goods',
      tolCost: 300,
      payWay: 'balance',
      buyerId: me.id,
      buyerTel: me.tel,
      recTel: tel,
      transfer: false,
      refundDue: 0,
    })
    // 下单时间 is the order's time, not its id: an order written later may have been made earlier
    // (imported, seeded). Equal times fall back to the id.
    await h.db
      .updateTable('orders')
      .set({ create_time: '2026-01-01 08:00:00' })
      .where('id', '=', transfer.id)
      .execute()
    expect((await list(op, { tel })).data.pageData.map((r) => r.code)).toEqual([
      unpaid.code,
      paid.code,
      transfer.code,
    ])
    expect(
      (await list(op, { tel, pageOrder: 'createTime', pageSort: 'asc' })).data.pageData.map((r) => r.code),
    ).toEqual([transfer.code, paid.code, unpaid.code])
    await h.db
      .updateTable('orders')
      .set({ create_time: dbTime(new Date()) })
      .where('id', '=', transfer.id)
      .execute()
    const byTotal = await list(op, { tel, pageOrder: 'tolCost', pageSort: 'asc' })
    expect(byTotal.data.pageData.map((r) => r.code)).toEqual([unpaid.code, transfer.code, paid.code])

    expect((await list(op, { tel, status: 10 })).data.pageTotal).toBe(2)
    expect((await list(op, { tel, queue: 'transfer' })).data.pageData).toMatchObject([
      { code: transfer.code, transfer: true },
    ])
    expect((await list(op, { tel, queue: 'ship' })).data.pageData.map((r) => r.code)).toEqual([paid.code])
    expect((await list(op, { code: paid.code.slice(2) })).data.pageData.map((r) => r.code)).toContain(
      paid.code,
    )
    // The buyer's own phone finds them too.
    expect((await list(op, { tel: me.tel })).data.pageTotal).toBe(3)
    const today = dbTime(new Date()).slice(0, 10)
    expect((await list(op, { tel, from: today, to: today })).data.pageTotal).toBe(3)
    expect((await list(op, { tel, to: '2020-01-01' })).data.pageTotal).toBe(0)

    const bad = await list(op, { from: '2026/01/01' })
    expect([bad.http, bad.data]).toEqual([400, '下单开始日期格式不正确，应为yyyy-mm-dd'])
    const badQueue = await list(op, { queue: 'nothing' })
    expect([badQueue.http, badQueue.data]).toEqual([400, '待办不正确'])
    const backwards = await list(op, { from: '2026-05-02', to: '2026-05-01' })
    expect([backwards.http, backwards.data]).toEqual([400, '开始日期不能晚于结束日期'])
    expect((await list(op, { tel, from: today, to: today })).http).toBe(200)
    // A status typed into the page's address: the label alone, not its documentation.
    for (const status of ['5', 'x']) {
      const badStatus = await list(op, { status })
      expect([badStatus.http, badStatus.data]).toEqual([400, '订单状态不正确'])
    }
  })
})

describe('shipping (POST /api/admin/orders/{code}/ship)', () => {
  it('ships with the chosen courier: status 30, the waybill, the buyer sees it, an audit row', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'balance' })
    // 已售 of the order's products: what shipped (countLineSales).
    const sold = () => soldOf(o.id)
    const before = await sold()
    const r = await act(op, o.code, 'ship', { courier: 'zto' })
    expect(r.http).toBe(200)
    expect(Number((await sold()).sales)).toBe(Number(before.sales) + before.quantity)
    const order = r.data as AdminOrder
    expect(order).toMatchObject({ code: o.code, status: 30, statusText: '待收货' })
    expect(order.waybills).toHaveLength(1)
    expect(order.waybills[0]).toMatchObject({ company: '中通快递', status: '已揽收' })
    expect(order.waybills[0]?.locus[0]).toMatchObject({ status: '已揽收' })
    const way = await h.get<{ company: string; number: string }[]>(
      '/api/Express/GetWay',
      { id: o.id },
      me.auth,
    )
    expect(way.data).toMatchObject([{ company: '中通快递', number: order.waybills[0]?.number }])
    const [row] = await auditOf(h, `order:${o.code}`)
    expect(row).toMatchObject({
      staff: 'operator',
      action: 'order.ship',
      before: { status: 20 },
      after: { status: 30, waybill: `中通快递 ${order.waybills[0]?.number}` },
    })
    expect(row?.ip).not.toBe('')
    expect(order.history[0]).toMatchObject({
      staff: 'operator',
      action: 'order.ship',
      detail: `订单待收货，运单 中通快递 ${order.waybills[0]?.number}`,
    })
  })

  it('refuses in Chinese, changing nothing', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const unpaid = await placeOrder(h, me)
    const r = await act(op, unpaid.code, 'ship')
    expect([r.http, r.data]).toEqual([400, `订单 ${unpaid.code} 不是待发货状态，未作改动`])
    const paid = await placeOrder(h, me, { pay: 'balance' })
    const courier = await act(op, paid.code, 'ship', { courier: '平安快递' })
    expect(courier.data).toMatch(/^不认识的快递公司：平安快递（可用：顺丰速运、/)
    const missing = await act(op, 'D000', 'ship')
    expect([missing.http, missing.data]).toEqual([404, '订单不存在'])
    expect(await auditOf(h, `order:${unpaid.code}`)).toEqual([])
    expect((await orderOf(op, paid.code)).status).toBe(20)
  })

  it('two operators shipping one order at once: one shipment', async () => {
    const [a, b] = [await staffSignIn(h, 'operator'), await newStaff(h, ['operator'])]
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'balance' })
    const sold = () => soldOf(o.id)
    const before = await sold()
    const answers = await Promise.all([act(a, o.code, 'ship'), act(b, o.code, 'ship')])
    expect(answers.map((r) => r.http).sort()).toEqual([200, 400])
    // 已售 counted once.
    expect(Number((await sold()).sales)).toBe(Number(before.sales) + before.quantity)
    expect(answers.find((r) => r.http === 400)?.data).toBe(`订单 ${o.code} 不是待发货状态，未作改动`)
    const waybills = await h.db.selectFrom('waybills').select('id').where('order_id', '=', o.id).execute()
    expect(waybills).toHaveLength(1)
    expect((await auditOf(h, `order:${o.code}`)).map((r) => r.action)).toEqual(['order.ship'])
  })
})

describe('payments on the order detail', () => {
  it('a QR code never paid, on an order since paid another way, reads 未支付（已失效）, not 待支付', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'alipay', priceFen: 4_200 })
    await h.db.updateTable('users').set({ balance_fen: 10_000 }).where('id', '=', me.id).execute()
    expect((await h.get('/api/Orders/GetOrdersPay', { id: o.id, way: 'balance' }, me.auth)).http).toBe(200)
    const order = await orderOf(op, o.code)
    expect(order.payments.map((p) => [p.way, p.statusText]).sort()).toEqual([
      ['alipay', '未支付（已失效）'],
      ['balance', '已支付'],
    ])
  })
})

describe('corporate transfers (POST /api/admin/orders/{code}/confirm-transfer)', () => {
  it('finance confirms: the order is paid (union) with a payment row and an audit row', async () => {
    const fin = await staffSignIn(h, 'finance')
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'union' })
    const ref = newRef()
    const r = await act(fin, o.code, 'confirm-transfer', transfer(100, ref, { receivedAt: '2026-12-01' }))
    expect(r.http).toBe(200)
    const order = r.data as AdminOrder
    expect(order).toMatchObject({ status: 20, payWay: 'union', transfer: false })
    expect(order.payments).toMatchObject([{ way: 'union', amount: 100, status: 20, statusText: '已支付' }])
    expect((await auditOf(h, `order:${o.code}`))[0]).toMatchObject({
      staff: 'finance',
      action: 'order.confirm-transfer',
      before: { status: 10 },
      after: {
        status: 20,
        payWay: 'union',
        amount: '100.00',
        payment: order.payments[0]?.outTradeNo,
        reference: ref,
        outcome: 'matched',
      },
    })
    expect(order.transfers).toMatchObject([
      {
        kind: 'payment',
        amount: 100,
        reference: ref,
        payer: '某某口腔医院',
        receivedAt: '2026-12-01',
        outcome: 'matched',
        outcomeText: '金额一致，已确认收款',
        slip: '',
        staff: 'finance',
      },
    ])
    const again = await act(fin, o.code, 'confirm-transfer', transfer())
    expect([again.http, again.data]).toEqual([400, `订单 ${o.code} 不是待付款状态，未作改动`])
    const missing = await act(fin, 'D000', 'confirm-transfer', transfer())
    expect([missing.http, missing.data]).toEqual([404, '订单不存在'])
  })

  it('an after-sales refund of a transfer waits for finance to transfer it back, then reads 已退款', async () => {
    const [fin, op] = [await staffSignIn(h, 'finance'), await staffSignIn(h, 'operator')]
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'union' })
    expect((await act(fin, o.code, 'confirm-transfer', transfer())).http).toBe(200)
    const photo = await refundPhoto(h, me.auth)
    const applied = await h.post(
      '/api/Orders/PostOrdersRefund',
      { id: o.id, afterRemarks: '不要了', extMore: photo },
      me.auth,
    )
    expect(applied.data).toBe('提交成功')
    const approved = await act(op, o.code, 'after-sales', { decision: 'approve' })
    // No money has moved yet: refund due, in finance's queue, not 已退款 (issue 38: one vocabulary).
    expect(approved.data).toMatchObject({
      status: 100,
      statusText: '待退款',
      afterStatus: 14,
      afterStatusText: '待退款',
      refundDue: 1,
    })
    expect((approved.data as AdminOrder).refunds).toMatchObject([
      { status: 30, statusText: '待退款', route: '线下退款（财务转账）' },
    ])
    const [payment] = (approved.data as AdminOrder).payments
    expect(payment).toMatchObject({ way: 'union', status: 30, statusText: '待退款' })
    const queue = await list(fin, { queue: 'refund-due', code: o.code })
    expect(queue.data.pageData.map((r) => r.code)).toEqual([o.code])
    // Finance transfers it back and records it.
    const backRef = newRef()
    const done = await h.post<AdminOrder>(
      `/api/admin/payments/${payment?.outTradeNo}/refund`,
      { amount: '100', reference: backRef, payer: '某某口腔医院', receivedAt: '2026-12-03' },
      fin.auth,
    )
    expect(done.data.transfers.map((t) => [t.kind, t.amount, t.reference, t.outcome, t.receivedAt])).toEqual([
      ['payment', 100, expect.any(String), 'matched', expect.any(String)],
      ['refund', 100, backRef, 'refund', '2026-12-03'],
    ])
    expect(done.data.payments).toMatchObject([{ status: 40, statusText: '已退款' }])
    expect(done.data).toMatchObject({
      refundDue: 0,
      statusText: '已退款',
      afterStatus: 20,
      afterStatusText: '已退款',
    })
    expect(done.data.refunds).toMatchObject([{ status: 40, statusText: '已退款' }])
  })

  it('two finance confirmations at once: one payment', async () => {
    const [a, b] = [await staffSignIn(h, 'finance'), await newStaff(h, ['finance'])]
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'union' })
    const answers = await Promise.all([
      act(a, o.code, 'confirm-transfer', transfer()),
      act(b, o.code, 'confirm-transfer', transfer()),
    ])
    expect(answers.map((r) => r.http).sort()).toEqual([200, 400])
    const payments = await h.db.selectFrom('payments').select('id').where('order_id', '=', o.id).execute()
    expect(payments).toHaveLength(1)
    expect((await auditOf(h, `order:${o.code}`)).map((r) => r.action)).toEqual(['order.confirm-transfer'])
  })
})

describe('transfer reconciliation (issue 39)', () => {
  const notices = (userId: number) =>
    h.db
      .selectFrom('notifications')
      .select(['title', 'content'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()

  it('a short or an over transfer is recorded, the order stays unpaid and the buyer is told', async () => {
    const fin = await staffSignIn(h, 'finance')
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'union' })
    const short = await act(fin, o.code, 'confirm-transfer', transfer('90.5'))
    expect(short.http).toBe(200)
    expect(short.data).toMatchObject({ status: 10, transfer: true, payments: [] })
    const over = await act(fin, o.code, 'confirm-transfer', transfer(120))
    expect((over.data as AdminOrder).transfers.map((t) => [t.amount, t.outcome, t.outcomeText])).toEqual([
      [90.5, 'short', '少付，未确认'],
      [120, 'over', '多付，未确认'],
    ])
    const told = await notices(me.id)
    expect(told.filter((n) => n.content.includes('到账金额与应付金额不一致，请联系客服'))).toHaveLength(2)
    expect((await auditOf(h, `order:${o.code}`)).map((r) => r.action)).toEqual([
      'order.transfer-mismatch',
      'order.transfer-mismatch',
    ])
    // The buyer's own order still waits for payment.
    expect(await statusOf(o.id)).toBe(10)
    // Then the right amount arrives: paid.
    const ok = await act(fin, o.code, 'confirm-transfer', transfer(100))
    expect(ok.data).toMatchObject({ status: 20, payWay: 'union' })
  })

  it('a reference confirms one order only; the form is checked in Chinese', async () => {
    const fin = await staffSignIn(h, 'finance')
    const me = await newUser(h)
    const [a, b] = [await placeOrder(h, me, { pay: 'union' }), await placeOrder(h, me, { pay: 'union' })]
    const ref = newRef()
    expect((await act(fin, a.code, 'confirm-transfer', transfer(100, ref))).http).toBe(200)
    const twice = await act(fin, b.code, 'confirm-transfer', transfer(100, ref))
    expect([twice.http, twice.data]).toEqual([400, `流水号已用于订单 ${a.code}，未作改动`])
    const refused = async (body: Record<string, unknown>) =>
      (await act(fin, b.code, 'confirm-transfer', body)).data
    expect(await refused({ reference: 'R1', payer: 'P' })).toBe('请填写到账金额')
    expect(await refused({ amount: '1.234', reference: 'R1', payer: 'P' })).toBe(
      '到账金额应为大于 0 的金额，最多两位小数',
    )
    expect(await refused({ amount: 0, reference: 'R1', payer: 'P' })).toBe(
      '到账金额应为大于 0 的金额，最多两位小数',
    )
    expect(await refused({ amount: 100, payer: 'P' })).toBe('请填写银行流水号')
    expect(await refused({ amount: 100, reference: 'R 1', payer: 'P' })).toBe('银行流水号不能包含空格')
    expect(await refused({ amount: 100, reference: 'R1' })).toBe('请填写付款户名')
    expect(await refused({ amount: 100, reference: 'R1', payer: 'P', receivedAt: '2026-02-30' })).toBe(
      '到账日期格式不正确',
    )
    expect(await refused({ amount: 100, reference: 'R1', payer: 'P', slip: '/uploads/x.png' })).toBe(
      '回单文件不正确，请重新上传',
    )
    expect(await statusOf(b.id)).toBe(10)
  })

  it('two short recordings of one reference at once, for two orders: one is recorded', async () => {
    const [x, y] = [await staffSignIn(h, 'finance'), await newStaff(h, ['finance'])]
    const me = await newUser(h)
    const [a, b] = [await placeOrder(h, me, { pay: 'union' }), await placeOrder(h, me, { pay: 'union' })]
    const ref = newRef()
    const answers = await Promise.all([
      act(x, a.code, 'confirm-transfer', transfer(50, ref)),
      act(y, b.code, 'confirm-transfer', transfer(50, ref)),
    ])
    expect(answers.map((r) => r.http).sort()).toEqual([200, 400])
    const refused = answers.find((r) => r.http === 400)
    expect(String(refused?.data)).toMatch(/^流水号已用于订单 D\d+，未作改动$/)
    const receipts = await h.db
      .selectFrom('transfer_receipts')
      .select(['order_id', 'outcome'])
      .where('reference', '=', ref)
      .execute()
    expect(receipts).toHaveLength(1)
    // The order that holds it may record it again (a clerk correcting the amount): it pays.
    const holder = receipts[0]?.order_id === a.id ? a : b
    const again = await act(x, holder.code, 'confirm-transfer', transfer(100, ref))
    expect(again.data).toMatchObject({ status: 20 })
  })

  it('two confirmations of one reference at once, for two orders: one confirms', async () => {
    const [x, y] = [await staffSignIn(h, 'finance'), await newStaff(h, ['finance'])]
    const me = await newUser(h)
    const [a, b] = [await placeOrder(h, me, { pay: 'union' }), await placeOrder(h, me, { pay: 'union' })]
    const ref = newRef()
    const answers = await Promise.all([
      act(x, a.code, 'confirm-transfer', transfer(100, ref)),
      act(y, b.code, 'confirm-transfer', transfer(100, ref)),
    ])
    expect(answers.map((r) => r.http).sort()).toEqual([200, 400])
    const refused = answers.find((r) => r.http === 400)
    expect(String(refused?.data)).toMatch(/^流水号已用于订单 D\d+，未作改动$/)
    const paid = await h.db
      .selectFrom('orders')
      .select('status')
      .where('id', 'in', [a.id, b.id])
      .where('status', '=', 20)
      .execute()
    expect(paid).toHaveLength(1)
    const receipts = await h.db
      .selectFrom('transfer_receipts')
      .select('id')
      .where('reference', '=', ref)
      .execute()
    expect(receipts).toHaveLength(1)
  })

  it('a receipt scan uploads privately and the order links it', async () => {
    const fin = await staffSignIn(h, 'finance')
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'union' })
    const form = new FormData()
    form.append('file', new Blob([tinyPng() as Uint8Array<ArrayBuffer>]), '回单.png')
    const res = await fetch(`${h.base}/api/admin/orders/invoice-file`, {
      method: 'POST',
      headers: { sign: h.sign(), ...fin.auth },
      body: form,
    })
    const up = ((await res.json()) as { data: { path: string } }).data.path
    const gone = await act(
      fin,
      o.code,
      'confirm-transfer',
      transfer(100, newRef(), { slip: '/private/u/00/none.png' }),
    )
    expect(gone.data).toBe('回单文件不存在，请重新上传')
    const r = await act(fin, o.code, 'confirm-transfer', transfer(100, newRef(), { slip: up }))
    expect((r.data as AdminOrder).transfers[0]?.slip).toMatch(/^\/private\/u\/.+\?e=\d+&s=/)
  })

  it('finance exports the transfers for reconciliation', async () => {
    const fin = await staffSignIn(h, 'finance')
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'union' })
    const ref = newRef()
    await act(fin, o.code, 'confirm-transfer', transfer('90', ref, { receivedAt: '2026-12-02' }))
    const res = await fetch(`${h.base}/api/admin/orders/transfers/export?code=${o.code}`, {
      headers: { sign: h.sign(), ...fin.auth },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [header, row] = new TextDecoder().decode(bytes).split('\r\n')
    expect(header).toBe('订单号,应付金额,到账金额,差额,流水号,付款户名,到账日期,结果,确认人,确认时间')
    expect(row).toMatch(
      new RegExp(
        `^${o.code},100\\.00,90\\.00,'-10\\.00,${ref},某某口腔医院,2026-12-02,少付，未确认,finance,\\d{4}-`,
      ),
    )
    const op = await staffSignIn(h, 'operator')
    const denied = await fetch(`${h.base}/api/admin/orders/transfers/export`, {
      headers: { sign: h.sign(), ...op.auth },
    })
    expect(denied.status).toBe(403)
  })
})

describe('after-sales (POST /api/admin/orders/{code}/after-sales)', () => {
  const apply = async (me: { auth: Record<string, string> }, id: number) =>
    h.post(
      '/api/Orders/PostOrdersRefund',
      { id, afterRemarks: '规格不对', extMore: await refundPhoto(h, me.auth) },
      me.auth,
    )

  it('approves: refunded to the balance, status 100, the audit row; refuses a second decision', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'balance' })
    expect((await apply(me, o.id)).data).toBe('提交成功')
    const before = await orderOf(op, o.code)
    expect(before).toMatchObject({
      afterStatus: 10,
      afterStatusText: '申请中',
      afterSales: { remarks: '规格不对' },
    })
    const r = await act(op, o.code, 'after-sales', { decision: 'approve' })
    expect(r.data).toMatchObject({ status: 100, afterStatus: 20, afterStatusText: '已退款' })
    const { balance_fen } = await h.db
      .selectFrom('users')
      .select('balance_fen')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow()
    expect(balance_fen).toBe(10_000)
    expect((await auditOf(h, `order:${o.code}`))[0]).toMatchObject({
      staff: 'operator',
      action: 'order.after-sales.approve',
      before: { status: 20, afterStatus: 10 },
      after: { status: 100, afterStatus: 20, refund: '100.00 balance' },
    })
    expect((r.data as AdminOrder).history[0]?.detail).toBe(
      '订单已取消，售后已退款，退款 100.00 元（余额支付）',
    )
    const again = await act(op, o.code, 'after-sales', { decision: 'reject' })
    expect([again.http, again.data]).toEqual([400, `订单 ${o.code} 没有待处理的售后申请，未作改动`])
  })

  it('rejects with the reason the buyer reads; refuses a bad form', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'balance' })
    await apply(me, o.id)
    const bad = await act(op, o.code, 'after-sales', { decision: 'maybe' })
    expect([bad.http, bad.data]).toEqual([400, '请选择审核结果'])
    const long = await act(op, o.code, 'after-sales', { decision: 'reject', reason: '长'.repeat(101) })
    expect(long.data).toBe('原因不能超过100个字')
    const r = await act(op, o.code, 'after-sales', { decision: 'reject', reason: '图片看不清' })
    expect(r.data).toMatchObject({ status: 20, afterStatus: 30, afterSales: { rejectReason: '图片看不清' } })
    const detail = await h.get<{ afterRejectReason: string }>('/api/Orders/GetOrders', { id: o.id }, me.auth)
    expect(detail.data.afterRejectReason).toBe('图片看不清')
    expect((await auditOf(h, `order:${o.code}`))[0]).toMatchObject({
      action: 'order.after-sales.reject',
      after: { afterStatus: 30, reason: '图片看不清' },
    })
  })
})

describe('invoices (POST /api/admin/orders/invoice-file, /api/admin/orders/{code}/invoice)', () => {
  const uploadInvoice = async (who: Staff, bytes: Uint8Array, name: string) => {
    const form = new FormData()
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name)
    const res = await fetch(`${h.base}/api/admin/orders/invoice-file`, {
      method: 'POST',
      headers: { sign: h.sign(), ...who.auth },
      body: form,
    })
    return (await res.json()) as { status: number; data: { path: string } | string }
  }

  it('issues with the number and a file the buyer opens through a signed link; once', async () => {
    const fin = await staffSignIn(h, 'finance')
    const me = await newUser(h)
    const o = await shippedOrder(h, me)
    const info = await h.db
      .insertInto('invoice_infos')
      .values({
        user_id: me.id,
        types: '电子普通发票',
        company_name: '杭州微笑口腔诊所有限公司',
        company_code: '91330100MA2XXXXX1X',
        create_time: dbTime(new Date()),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(
      (await h.post('/api/Orders/PostOrdersInvoice', { id: o.id, invoiceId: info.id }, me.auth)).data,
    ).toBe('申请成功')
    const nothing = await act(fin, o.code, 'invoice', {})
    expect([nothing.http, nothing.data]).toEqual([400, '请填写发票号码'])
    expect((await act(fin, o.code, 'invoice', { number: '0440 1234' })).data).toBe(
      '发票号码只能包含字母和数字',
    )
    const missingFile = await act(fin, o.code, 'invoice', {
      number: '04401234',
      file: '/private/u/00/none.pdf',
    })
    expect(missingFile.data).toBe('发票文件不存在，请重新上传')
    expect((await uploadInvoice(fin, new TextEncoder().encode('hello'), 'a.txt')).data).toBe(
      '仅支持上传pdf、png、jpg文件',
    )

    const pdf = tinyPdf(`invoice ${o.code}`)
    const up = await uploadInvoice(fin, pdf, '发票.pdf')
    expect(up.status).toBe(200)
    const file = (up.data as { path: string }).path
    expect(file).toMatch(/^\/private\/u\/.+\.pdf$/)
    const r = await act(fin, o.code, 'invoice', { number: '04401234', file })
    expect(r.data).toMatchObject({
      invoiceStatus: 20,
      invoiceStatusText: '已开票',
      invoice: { number: '04401234' },
    })

    const mine = await h.get<{ invoiceStatusText: string; invoiceNumber: string; invoiceFile: string }>(
      '/api/Orders/GetOrders',
      { id: o.id },
      me.auth,
    )
    expect(mine.data).toMatchObject({ invoiceStatusText: '已开票', invoiceNumber: '04401234' })
    expect(mine.data.invoiceFile).toMatch(new RegExp(`^${file}\\?e=\\d+&s=`))
    const served = await fetch(`${h.base}${mine.data.invoiceFile}`)
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer())).toEqual(pdf)
    expect((await fetch(`${h.base}${file}`)).status).toBe(403)

    expect((await auditOf(h, `order:${o.code}`))[0]).toMatchObject({
      staff: 'finance',
      action: 'order.invoice',
      before: { invoiceStatus: 10 },
      after: { invoiceStatus: 20, invoiceNumber: '04401234', invoiceFile: file },
    })
    const again = await act(fin, o.code, 'invoice', { number: '04401235' })
    expect(again.data).toBe(`订单 ${o.code} 没有待开具的发票申请，未作改动`)
    // Only finance uploads invoice files.
    const op = await staffSignIn(h, 'operator')
    expect((await uploadInvoice(op, tinyPng(), 'a.png')).data).toBe('没有权限')
  })
})

describe('refund-due payments (POST /api/admin/payments/{outTradeNo}/refund)', () => {
  it('finance refunds a payment taken after the order was cancelled, once, with an audit row', async () => {
    const fin = await staffSignIn(h, 'finance')
    const me = await newUser(h)
    const o = await refundDue(me)
    const listed = await list(fin, { queue: 'refund-due', code: o.code })
    expect(listed.data.pageData).toMatchObject([{ code: o.code, status: 100, refundDue: 1 }])
    const r = await h.post<AdminOrder>(`/api/admin/payments/${o.outTradeNo}/refund`, {}, fin.auth)
    expect(r.http).toBe(200)
    expect(r.data.payments).toMatchObject([{ outTradeNo: o.outTradeNo, status: 40, statusText: '已退款' }])
    expect(r.data.refundDue).toBe(0)
    expect((await auditOf(h, `order:${o.code}`))[0]).toMatchObject({
      staff: 'finance',
      action: 'payment.refund',
      before: { paymentStatus: 30 },
      after: { paymentStatus: 40, payment: o.outTradeNo, amount: '42.00', way: 'alipay' },
    })
    expect(r.data.history[0]?.detail).toBe(`付款已退款，付款单 ${o.outTradeNo}，42.00 元，支付宝`)
    const again = await h.post(`/api/admin/payments/${o.outTradeNo}/refund`, {}, fin.auth)
    expect([again.http, again.data]).toEqual([400, `付款 ${o.outTradeNo} 不是待退款状态，未作改动`])
    const missing = await h.post('/api/admin/payments/P000/refund', {}, fin.auth)
    expect([missing.http, missing.data]).toEqual([404, '付款记录不存在'])
  })

  it('two refunds at once: the provider is asked once', async () => {
    const [a, b] = [await staffSignIn(h, 'finance'), await newStaff(h, ['finance'])]
    const me = await newUser(h)
    const o = await refundDue(me)
    const answers = await Promise.all(
      [a, b].map((who) => h.post(`/api/admin/payments/${o.outTradeNo}/refund`, {}, who.auth)),
    )
    expect(answers.map((r) => r.http).sort()).toEqual([200, 400])
    expect((await auditOf(h, `order:${o.code}`)).map((r) => r.action)).toEqual(['payment.refund'])
    const p = await h.db
      .selectFrom('payments')
      .select('status')
      .where('out_trade_no', '=', o.outTradeNo)
      .executeTakeFirstOrThrow()
    expect(p.status).toBe(PaymentStatus.refunded)
  })
})

describe('the dashboard counts and the export', () => {
  it('the dashboard counts each queue and links to the list filtered by it; a ship takes the order off', async () => {
    const fin = await staffSignIn(h, 'finance')
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'balance' })
    await refundDue(me)
    const board = (
      await h.get<{ key: string; href: string; count: number }[]>('/api/admin/dashboard', {}, fin.auth)
    ).data
    expect(board.filter((d) => d.href.startsWith('/admin/orders/'))).toMatchObject([
      { key: 'toShip', href: '/admin/orders/?queue=ship' },
      { key: 'transfers', href: '/admin/orders/?queue=transfer' },
      { key: 'afterSales', href: '/admin/orders/?queue=after-sales' },
      { key: 'refundApprovals', href: '/admin/orders/?queue=approval' },
      { key: 'refundDue', href: '/admin/orders/?queue=refund-due' },
      { key: 'invoices', href: '/admin/orders/?queue=invoice' },
    ])
    expect(board.find((d) => d.key === 'toShip')?.count).toBeGreaterThan(0)
    expect(board.find((d) => d.key === 'refundDue')?.count).toBeGreaterThan(0)
    expect((await list(fin, { queue: 'ship', code: o.code })).data.pageTotal).toBe(1)
    await act(await staffSignIn(h, 'operator'), o.code, 'ship')
    expect((await list(fin, { queue: 'ship', code: o.code })).data.pageTotal).toBe(0)
  })

  it('streams the filtered list as CSV with a BOM, for finance only', async () => {
    const fin = await staffSignIn(h, 'finance')
    const me = await newUser(h)
    const tel = `136${String(Date.now()).slice(-8)}`
    const a = await placeOrder(h, me, { pay: 'balance', receiverTel: tel, priceFen: 12_345 })
    const b = await placeOrder(h, me, { receiverTel: tel })
    // Paid, then refunded by after-sales: its money went back, which finance must see.
    const c = await placeOrder(h, me, { pay: 'balance', receiverTel: tel, priceFen: 6_789 })
    const applied = await h.post(
      '/api/Orders/PostOrdersRefund',
      { id: c.id, afterRemarks: '不要了', extMore: await refundPhoto(h, me.auth) },
      me.auth,
    )
    expect(applied.data).toBe('提交成功')
    expect(
      (await act(await staffSignIn(h, 'operator'), c.code, 'after-sales', { decision: 'approve' })).http,
    ).toBe(200)
    const res = await fetch(`${h.base}/api/admin/orders/export?tel=${tel}`, {
      headers: { sign: h.sign(), ...fin.auth },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{8}\.csv"$/)
    const bytes = Buffer.from(await res.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      '订单号,下单时间,状态,商品,实付金额（元）,支付方式,支付时间,买家手机,买家昵称,收货人,收货电话,售后,退款金额（元）,退款时间,发票',
    )
    expect(lines).toHaveLength(4)
    // Refunded: paid and given back, with when (the columns just before 发票).
    expect(lines[1]).toMatch(
      new RegExp(
        `^${c.code},.+,67\\.89,余额支付,.+,已退款,67\\.89,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,[^,]*$`,
      ),
    )
    // Never paid: no 实付金额.
    expect(lines[2]).toMatch(new RegExp(`^${b.code},[^,]+,待付款,[^,]*,,`))
    expect(lines[3]).toMatch(new RegExp(`^${a.code},.+,待发货,.+,123\\.45,余额支付,.+,,,[^,]*$`))
    const op = await staffSignIn(h, 'operator')
    const refused = await h.get('/api/admin/orders/export', {}, op.auth)
    expect([refused.http, refused.data]).toEqual([403, '没有权限'])
  })
})

describe('npm run ops and the back office share one implementation', () => {
  it('ops ship writes the same audit row, as staff ops', async () => {
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'balance' })
    expect(await ops(h.db, ['ship', o.code, 'sf'])).toContain('顺丰速运')
    expect((await auditOf(h, `order:${o.code}`))[0]).toMatchObject({
      staff: 'ops',
      ip: '',
      action: 'order.ship',
      before: { status: 20 },
      after: { status: 30 },
    })
  })
})

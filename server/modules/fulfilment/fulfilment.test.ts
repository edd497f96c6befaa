import { describe, expect, it } from 'vitest'
import { refundPhoto } from '../../../tests/api/files.ts'
import { balanceOf, stockOf } from '../../../tests/api/fixtures.ts'
import { clockAt, startServer, testClock } from '../../../tests/api/harness.ts'
import { ops as opsOn } from '../../../tests/api/ops.ts'
import { ADDRESS, ownSku, placeOrder, receivedOrder, shippedOrder } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { staffSignIn } from '../../../tests/api/staff.ts'
import type { Db } from '../../db/index.ts'
import { type LocusEntry, simulatedCourier } from '../../providers/courier.ts'
import { dbTime } from '../../time.ts'
import { completeReceived } from '../orders/orders.writes.ts'
import { settle } from '../payments/payments.queries.ts'
import type { Waybill } from './fulfilment.routes.ts'

const h = startServer()

/** The parts of Orders/GetOrders and the order cards these tests read (the harness checks the rest). */
interface OrderDetail {
  status: number
  statusText: string
  types: number
  afterStatus: number
  afterStatusText: string
  afterRemarks: string
  afterImgs: string
  afterRejectReason: string
  invoiceStatus: number
  invoiceStatusText: string
  invoiceTitle: string
  hasWaybill: number
}
type OrderCard = { id: number; afterStatus: number; invoiceStatus: number }
type H = typeof h
type User = Awaited<ReturnType<typeof newUser>>

const IMG = '/uploads/u/202601/ab.png'

const ops = (args: string[], at = new Date(), on: H = h) => opsOn(on.db, args, at)

/** The refunds credited to a user's balance: their wallet records of tag 2. */
const refundsTo = (u: User) =>
  h.db
    .selectFrom('wallet_transactions')
    .select(['title', 'price_fen', 'tag'])
    .where('user_id', '=', u.id)
    .where('tag', '=', 2)
    .execute()
const row = (db: Db, id: number) =>
  db
    .selectFrom('orders')
    .select([
      'status',
      'types',
      'after_status',
      'after_reject_reason',
      'invoice_status',
      'way_time',
      'finish_time',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const detail = async (u: User, id: number, on: H = h) =>
  (await on.get<OrderDetail>('/api/Orders/GetOrders', { id }, u.auth)).data
const notes = (db: Db, u: User) =>
  db
    .selectFrom('notifications')
    .select(['title', 'content'])
    .where('user_id', '=', u.id)
    .orderBy('id')
    .execute()

/** An order of `quantity` × 100.00 yuan placed by `u`, paid from the balance: status 20. */
const paidOrder = (u: User, opts: { quantity?: number; on?: H } = {}) =>
  placeOrder(opts.on ?? h, u, { pay: 'balance', quantity: opts.quantity })
/** An after-sales request with two photos, the buyer's own uploads (the same one twice). */
const refundBody = async (u: User, id: number) => {
  const img = await refundPhoto(h, u.auth)
  return { id, afterRemarks: '收到的货有破损', extMore: `${img},${img}` }
}
const applyRefund = async (u: User, id: number) =>
  h.post<string>('/api/Orders/PostOrdersRefund', await refundBody(u, id), u.auth)
async function invoiceInfo(db: Db, u: User, shown = 1) {
  const r = await db
    .insertInto('invoice_infos')
    .values({
      user_id: u.id,
      types: '增值税专用发票',
      company_name: '杭州微笑口腔诊所有限公司',
      company_code: '91330100MA2XXXXX1X',
      create_time: dbTime(new Date()),
      is_show: shown,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return r.id
}

describe('shipping (ops ship) and tracking (Express/GetWay)', () => {
  it('20 → 30 with a waybill, a notification and a timeline that grows with time', async () => {
    const me = await newUser(h)
    const o = await paidOrder(me)
    const shippedAt = new Date()
    expect(await ops(['ship', o.code, 'zto'], shippedAt)).toMatch(
      new RegExp(`订单 ${o.code} 已发货：中通快递 7\\d{13}`),
    )
    const r = await row(h.db, o.id)
    expect(r.status).toBe(30)
    expect(r.way_time).toBe(dbTime(shippedAt))
    const d = await detail(me, o.id)
    expect(d.hasWaybill).toBe(1)
    expect(d.statusText).toBe('待收货')
    const way = await h.get<Waybill[]>('/api/Express/GetWay', { id: o.id }, me.auth)
    expect(way.status).toBe(200)
    expect(way.data).toHaveLength(1)
    const w = way.data[0]!
    expect(w.company).toBe('中通快递')
    const first = JSON.parse(w.locus) as LocusEntry[]
    expect(first).toHaveLength(1)
    expect(first[0]).toMatchObject({ status: '已揽收', upload_Time: dbTime(shippedAt) })
    expect(w.status).toBe('已揽收')
    expect((await notes(h.db, me)).at(-1)?.title).toBe('订单已发货')

    // Three days later the simulated courier has the whole journey, newest first.
    const clock = testClock()
    clock.advance(3 * 86_400_000)
    const tracked = await simulatedCourier().track(
      { company: w.company, number: w.number, shippedAt, city: '杭州市', area: '西湖区' },
      clock.now(),
    )
    expect(tracked.locus.map((x) => x.status)).toEqual([
      '已签收',
      '派送中',
      '到达',
      '运输中',
      '运输中',
      '已揽收',
    ])
    expect(tracked.locus[0]!.upload_Time > tracked.locus[1]!.upload_Time).toBe(true)
    expect(tracked.locus[3]!.infoContent).toContain('杭州')
    // Deterministic per waybill: asked twice, the same answer.
    expect(
      await simulatedCourier().track(
        { company: w.company, number: w.number, shippedAt, city: '杭州市', area: '西湖区' },
        clock.now(),
      ),
    ).toEqual(tracked)
  })

  it('refuses, changing nothing, an order not awaiting shipment or with after-sales open', async () => {
    const me = await newUser(h)
    const unpaid = await h.post<number>(
      '/api/Orders/PostOrdersAppend',
      { ...ADDRESS, list: [{ skuId: await ownSku(h.db, 500, 3), quantity: 1 }] },
      me.auth,
    )
    const { code } = await h.db
      .selectFrom('orders')
      .select('code')
      .where('id', '=', unpaid.data)
      .executeTakeFirstOrThrow()
    await expect(ops(['ship', code])).rejects.toThrow(`订单 ${code} 不是待发货状态，未作改动`)
    const shipped = await shippedOrder(h, me)
    await expect(ops(['ship', shipped.code])).rejects.toThrow('不是待发货状态')
    expect(
      await h.db.selectFrom('waybills').select('id').where('order_id', '=', shipped.id).execute(),
    ).toHaveLength(1)
    const asking = await paidOrder(me)
    expect((await applyRefund(me, asking.id)).data).toBe('提交成功')
    await expect(ops(['ship', asking.code])).rejects.toThrow('有待处理的售后申请')
    expect((await row(h.db, asking.id)).status).toBe(20)
    await expect(ops(['ship', 'D000'])).rejects.toThrow('订单不存在')
    await expect(ops(['ship', shipped.code, '不存在快递'])).rejects.toThrow('不认识的快递公司')
    expect((await h.get<Waybill[]>('/api/Express/GetWay', { id: asking.id }, me.auth)).data).toEqual([])
  })
})

describe('receipt (PostOrdersStatus 40)', () => {
  it('30 → 40 by the customer, refused from 20 and 40', async () => {
    const me = await newUser(h)
    const paid = await paidOrder(me)
    const refused = await h.post('/api/Orders/PostOrdersStatus', { id: paid.id, status: 40 }, me.auth)
    expect(refused.http).toBe(400)
    expect(refused.data).toBe('当前订单状态不能确认收货')
    expect((await row(h.db, paid.id)).status).toBe(20)
    const o = await receivedOrder(h, me)
    const r = await row(h.db, o.id)
    expect(r.status).toBe(40)
    expect(r.finish_time).not.toBeNull()
    expect((await h.post('/api/Orders/PostOrdersStatus', { id: o.id, status: 40 }, me.auth)).data).toBe(
      '当前订单状态不能确认收货',
    )
    expect((await detail(me, o.id)).statusText).toBe('已完成')
  })
})

describe('after-sales (PostOrdersRefund, PostOrdersTypes, ops refund)', () => {
  it('applies from 20 or 40 with types 0, refuses otherwise and refuses a bad form', async () => {
    const me = await newUser(h)
    const o = await paidOrder(me)
    expect((await h.post('/api/Orders/PostOrdersRefund', { id: o.id, extMore: IMG }, me.auth)).data).toBe(
      '请填写退款原因',
    )
    expect(
      (await h.post('/api/Orders/PostOrdersRefund', { id: o.id, afterRemarks: '坏了' }, me.auth)).data,
    ).toBe('请上传图片')
    expect((await row(h.db, o.id)).types).toBe(0)
    // Photos must be the buyer's own uploads, as a review's are.
    const foreign = await h.post(
      '/api/Orders/PostOrdersRefund',
      { id: o.id, afterRemarks: '坏了', extMore: IMG },
      me.auth,
    )
    expect([foreign.http, foreign.data]).toEqual([400, '售后图片须为您本人上传的图片'])
    const body = await refundBody(me, o.id)
    expect((await h.post<string>('/api/Orders/PostOrdersRefund', body, me.auth)).data).toBe('提交成功')
    const d = await detail(me, o.id)
    expect(d).toMatchObject({
      types: 10,
      afterStatus: 10,
      afterStatusText: '申请中',
      afterRemarks: '收到的货有破损',
      afterImgs: body.extMore,
    })
    const again = await applyRefund(me, o.id)
    expect([again.http, again.data]).toEqual([400, '当前订单不能申请售后'])
    // Listed under the 退款售后 tab (status -1), with afterStatus on the card.
    const tab = await h.get<{ pageData: OrderCard[] }>(
      '/api/Orders/GetOrdersPage',
      { status: -1, pageSize: 50 },
      me.auth,
    )
    expect(tab.data.pageData.find((c) => c.id === o.id)?.afterStatus).toBe(10)
    // Shipped (30) and unpaid (10) orders cannot ask.
    const shipped = await shippedOrder(h, me)
    expect((await applyRefund(me, shipped.id)).data).toBe('当前订单不能申请售后')
    const unpaid = await h.post<number>(
      '/api/Orders/PostOrdersAppend',
      { ...ADDRESS, list: [{ skuId: o.skuId, quantity: 1 }] },
      me.auth,
    )
    expect((await applyRefund(me, unpaid.data)).data).toBe('当前订单不能申请售后')
    expect((await row(h.db, unpaid.data)).types).toBe(0)
    // A completed order can.
    const done = await receivedOrder(h, me)
    expect((await applyRefund(me, done.id)).data).toBe('提交成功')
  })

  it('cancels an open request (types 10 → 0), refuses when none is open', async () => {
    const me = await newUser(h)
    const o = await paidOrder(me)
    const none = await h.post('/api/Orders/PostOrdersTypes', { id: o.id }, me.auth)
    expect([none.http, none.data]).toEqual([400, '当前订单没有可取消的售后申请'])
    await applyRefund(me, o.id)
    expect((await h.post('/api/Orders/PostOrdersTypes', { id: o.id }, me.auth)).data).toBe('取消成功')
    expect(await row(h.db, o.id)).toMatchObject({ status: 20, types: 0, after_status: 0 })
    expect((await detail(me, o.id)).afterStatusText).toBe('')
    await expect(ops(['refund', o.code, 'approve'])).rejects.toThrow('没有待处理的售后申请')
  })

  it('approval of an unshipped balance-paid order: balance back with one income record, stock back, status 100', async () => {
    const me = await newUser(h)
    const o = await paidOrder(me, { quantity: 2 })
    expect(await stockOf(h.db, o.skuId)).toBe(8)
    const before = await balanceOf(h.db, me.id)
    await applyRefund(me, o.id)
    expect(await ops(['refund', o.code, 'approve'])).toContain('已退款 200.00 元')
    expect(await balanceOf(h.db, me.id)).toBe(before + 20_000)
    expect(await refundsTo(me)).toEqual([{ title: '订单退款', price_fen: 20_000, tag: 2 }])
    expect(await stockOf(h.db, o.skuId)).toBe(10)
    expect(await row(h.db, o.id)).toMatchObject({ status: 100, types: 10, after_status: 20 })
    const payment = await h.db
      .selectFrom('payments')
      .select(['status', 'refund_time'])
      .where('order_id', '=', o.id)
      .executeTakeFirstOrThrow()
    expect(payment.status).toBe(40)
    expect(payment.refund_time).not.toBeNull()
    expect(await detail(me, o.id)).toMatchObject({ status: 100, afterStatusText: '已退款' })
    expect((await notes(h.db, me)).at(-1)).toMatchObject({ title: '退款成功' })
    // Decided already: a second approval or a rejection changes nothing.
    await expect(ops(['refund', o.code, 'approve'])).rejects.toThrow('没有待处理的售后申请，未作改动')
    await expect(ops(['refund', o.code, 'reject'])).rejects.toThrow('没有待处理的售后申请')
    expect(await balanceOf(h.db, me.id)).toBe(before + 20_000)
    expect(await stockOf(h.db, o.skuId)).toBe(10)
  })

  it('approval of a completed order returns the money but not the stock (it was shipped)', async () => {
    const me = await newUser(h)
    const o = await receivedOrder(h, me)
    const before = await balanceOf(h.db, me.id)
    await applyRefund(me, o.id)
    await ops(['refund', o.code, 'approve'])
    expect(await balanceOf(h.db, me.id)).toBe(before + 10_000)
    expect(await stockOf(h.db, o.skuId)).toBe(9)
    expect(await row(h.db, o.id)).toMatchObject({ status: 100, after_status: 20 })
  })

  it('approval of a sandbox-paid order calls the provider and marks the payment refunded; the balance is untouched', async () => {
    const me = await newUser(h)
    const skuId = await ownSku(h.db, 3_000, 5)
    const placed = await h.post<number>(
      '/api/Orders/PostOrdersAppend',
      { ...ADDRESS, list: [{ skuId, quantity: 1 }] },
      me.auth,
    )
    const id = placed.data
    expect((await h.get('/api/Orders/GetOrdersPay', { id, way: 'alipay' }, me.auth)).status).toBe(200)
    const p = await h.db
      .selectFrom('payments')
      .select(['out_trade_no'])
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow()
    expect(
      await settle(h.db, { outTradeNo: p.out_trade_no, amountFen: 3_000, tradeNo: 'T1' }, new Date(), [
        'alipay',
      ]),
    ).toBe('paid')
    await applyRefund(me, id)
    const { code } = await h.db
      .selectFrom('orders')
      .select('code')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(await ops(['refund', code, 'approve'])).toContain('alipay')
    expect(await balanceOf(h.db, me.id)).toBe(0)
    expect(
      (
        await h.db
          .selectFrom('payments')
          .select('status')
          .where('order_id', '=', id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(40)
    expect(await stockOf(h.db, skuId)).toBe(5)
    expect((await notes(h.db, me)).at(-1)?.content).toContain('支付宝')
  })

  it('two approvals at once act once', async () => {
    const me = await newUser(h)
    const o = await paidOrder(me)
    const before = await balanceOf(h.db, me.id)
    await applyRefund(me, o.id)
    const runs = await Promise.allSettled([
      ops(['refund', o.code, 'approve']),
      ops(['refund', o.code, 'approve']),
    ])
    expect(runs.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(await balanceOf(h.db, me.id)).toBe(before + 10_000)
    expect(await stockOf(h.db, o.skuId)).toBe(10)
    // The buyer's only order: one refund record.
    expect(await refundsTo(me)).toHaveLength(1)
  })

  it('rejection: types 0, after_status 30 with the reason; the customer may apply again', async () => {
    const me = await newUser(h)
    const o = await paidOrder(me)
    const before = await balanceOf(h.db, me.id)
    await expect(ops(['refund', o.code, 'reject'])).rejects.toThrow('没有待处理的售后申请，未作改动')
    await applyRefund(me, o.id)
    expect(await ops(['refund', o.code, 'reject', '图片', '不清晰'])).toContain('已驳回')
    expect(await row(h.db, o.id)).toMatchObject({
      status: 20,
      types: 0,
      after_status: 30,
      after_reject_reason: '图片 不清晰',
    })
    expect(await detail(me, o.id)).toMatchObject({
      afterStatusText: '已驳回',
      afterRejectReason: '图片 不清晰',
    })
    expect(await balanceOf(h.db, me.id)).toBe(before)
    expect((await notes(h.db, me)).at(-1)).toMatchObject({ title: '售后申请未通过' })
    expect((await applyRefund(me, o.id)).data).toBe('提交成功')
    expect(await row(h.db, o.id)).toMatchObject({ types: 10, after_status: 10, after_reject_reason: '' })
    await expect(ops(['refund', o.code, 'maybe'])).rejects.toThrow('approve 或 reject')
  })
})

describe('invoices on orders (PostOrdersInvoice, ops invoice)', () => {
  it('applies once on a 30 or 40 order with an own invoice info; the operator issues it', async () => {
    const me = await newUser(h)
    const other = await newUser(h)
    const mine = await invoiceInfo(h.db, me)
    const paid = await paidOrder(me)
    const o = await shippedOrder(h, me)
    const post = (body: Record<string, unknown>) =>
      h.post<string>('/api/Orders/PostOrdersInvoice', body, me.auth)
    expect((await post({ id: paid.id, invoiceId: mine })).data).toBe('当前订单不能申请发票')
    const missing = await post({ id: o.id })
    expect([missing.http, missing.data]).toEqual([400, '请选择发票'])
    const theirs = await post({ id: o.id, invoiceId: await invoiceInfo(h.db, other) })
    expect([theirs.http, theirs.data]).toEqual([404, '发票信息不存在'])
    expect((await post({ id: o.id, invoiceId: await invoiceInfo(h.db, me, 0) })).http).toBe(404)
    await expect(ops(['invoice', o.code, '12345678'])).rejects.toThrow('没有待开具的发票申请，未作改动')
    expect((await post({ id: o.id, invoiceId: mine })).data).toBe('申请成功')
    expect(await detail(me, o.id)).toMatchObject({
      invoiceStatus: 10,
      invoiceStatusText: '申请中',
      invoiceTitle: '杭州微笑口腔诊所有限公司',
    })
    expect((await post({ id: o.id, invoiceId: mine })).data).toBe('已申请过发票')
    expect(await ops(['invoice', o.code, '12345678'])).toContain('已开具')
    expect(await detail(me, o.id)).toMatchObject({
      invoiceStatus: 20,
      invoiceStatusText: '已开票',
      invoiceNumber: '12345678',
      invoiceFile: '',
    })
    expect((await notes(h.db, me)).at(-1)?.title).toBe('发票已开具')
    await expect(ops(['invoice', o.code, '12345678'])).rejects.toThrow('没有待开具的发票申请')
    const done = await receivedOrder(h, me)
    expect((await post({ id: done.id, invoiceId: mine })).data).toBe('申请成功')
  })

  it('a refund voids the issued invoice (已作废) and withdraws an applied one (已取消)', async () => {
    const me = await newUser(h)
    const mine = await invoiceInfo(h.db, me)
    const issued = await receivedOrder(h, me)
    const applied = await receivedOrder(h, me)
    for (const o of [issued, applied])
      expect(
        (await h.post('/api/Orders/PostOrdersInvoice', { id: o.id, invoiceId: mine }, me.auth)).data,
      ).toBe('申请成功')
    await ops(['invoice', issued.code, '12345678'])
    for (const o of [issued, applied]) {
      expect((await applyRefund(me, o.id)).data).toBe('提交成功')
      await ops(['refund', o.code, 'approve'])
    }
    // Red-lettered by the refund (issue 39): status 30, its red record in invoice-records.test.ts.
    expect(await detail(me, issued.id)).toMatchObject({
      status: 100,
      invoiceStatus: 30,
      invoiceStatusText: '已作废',
    })
    expect(await detail(me, applied.id)).toMatchObject({ invoiceStatus: 10, invoiceStatusText: '已取消' })
    // Staff still see the void invoice's number: finance reverses that very invoice.
    const fin = await staffSignIn(h, 'finance')
    const staffView = await h.get<{ invoiceStatusText: string; invoice: { number: string } }>(
      `/api/admin/orders/${issued.code}`,
      {},
      fin.auth,
    )
    expect([staffView.data.invoiceStatusText, staffView.data.invoice.number]).toEqual(['已作废', '12345678'])
    const cards = await h.get<{ pageData: (OrderCard & { invoiceStatusText: string })[] }>(
      '/api/Orders/GetOrdersPage',
      { status: -1 },
      me.auth,
    )
    expect(cards.data.pageData.find((c) => c.id === issued.id)?.invoiceStatusText).toBe('已作废')
    await expect(ops(['invoice', applied.code, '12345678'])).rejects.toThrow('没有待开具的发票申请，未作改动')
  })
})

describe('ownership', () => {
  it("another user's order answers 404 订单不存在 on every order call", async () => {
    const me = await newUser(h)
    const thief = await newUser(h)
    const o = await shippedOrder(h, me)
    const inv = await invoiceInfo(h.db, thief)
    const theirs = await refundBody(thief, o.id)
    const calls = [
      h.get('/api/Orders/GetOrders', { id: o.id }, thief.auth),
      h.get('/api/Orders/GetOrdersStatus', { id: o.id }, thief.auth),
      h.get('/api/Orders/GetOrdersPay', { id: o.id, way: 'balance' }, thief.auth),
      h.get('/api/Express/GetWay', { id: o.id }, thief.auth),
      h.post('/api/Orders/PostOrdersStatus', { id: o.id, status: 40 }, thief.auth),
      h.post('/api/Orders/PostOrdersStatus', { id: o.id, status: 100 }, thief.auth),
      h.post('/api/Orders/PostOrdersRefund', theirs, thief.auth),
      h.post('/api/Orders/PostOrdersRefund', { id: o.id }, thief.auth),
      h.post('/api/Orders/PostOrdersTypes', { id: o.id }, thief.auth),
      h.post('/api/Orders/PostOrdersInvoice', { id: o.id, invoiceId: inv }, thief.auth),
      h.post('/api/Orders/PostOrdersInvoice', { id: o.id }, thief.auth),
    ]
    for (const r of await Promise.all(calls)) expect([r.http, r.data]).toEqual([404, '订单不存在'])
    expect(await row(h.db, o.id)).toMatchObject({ status: 30, types: 0, invoice_status: 0 })
  })
})

// A server whose clock stands in 2005, so the receipt job, driven with a date as old, sees only
// this file's orders (every other order was shipped later).
const clock = clockAt('2005-06-01T00:00:00Z')
const past = startServer({ now: clock.now })

describe('the receipt job', () => {
  it('completes orders still awaiting receipt RECEIPT_DAYS after shipping, once', async () => {
    const me = await newUser(past)
    const o = await paidOrder(me, { on: past })
    const shippedAt = clock.now()
    await ops(['ship', o.code], shippedAt, past)
    const at = (days: number) => new Date(shippedAt.getTime() + days * 86_400_000)
    expect(await completeReceived(past.db, at(9.9), 10)).toBe(0)
    expect((await row(past.db, o.id)).status).toBe(30)
    const runs = await Promise.all([
      completeReceived(past.db, at(10.1), 10),
      completeReceived(past.db, at(10.1), 10),
    ])
    expect(runs[0] + runs[1]).toBe(1)
    expect(await row(past.db, o.id)).toMatchObject({ status: 40, finish_time: dbTime(at(10.1)) })
    expect(await completeReceived(past.db, at(30), 10)).toBe(0)
    // The timeline seen through the API on this server's clock: shipped just now, only 已揽收.
    const w = (await past.get<Waybill[]>('/api/Express/GetWay', { id: o.id }, me.auth)).data[0]!
    expect((JSON.parse(w.locus) as LocusEntry[]).map((x) => x.status)).toEqual(['已揽收'])
    clock.advance(30 * 3_600_000)
    const grown = (await past.get<Waybill[]>('/api/Express/GetWay', { id: o.id }, me.auth)).data[0]!
    const steps = (JSON.parse(grown.locus) as LocusEntry[]).map((x) => x.status)
    expect(steps.length).toBeGreaterThan(3)
    expect(steps.at(-1)).toBe('已揽收')
    expect(grown.status).toBe(steps[0])
    const stored = await past.db
      .selectFrom('waybills')
      .select(['locus', 'status'])
      .where('order_id', '=', o.id)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ locus: grown.locus, status: grown.status })
  })
})

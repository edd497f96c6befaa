/**
 * Parcels and after-sales by lines (issue 38) on a real server and database: an order shipped in
 * two parcels under typed waybills, a parcel cancelled, 仅退款 of one line of two, 退货退款 and 换货
 * waiting for the goods, refunds approved by amount, with stock, 已售 and the balance after each,
 * and staff acting at once acting once.
 */
import { describe, expect, it } from 'vitest'
import type { Waybill } from '../../../src/lib/api/buying.ts'
import { refundPhoto } from '../../../tests/api/files.ts'
import { balanceOf, stockOf } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { twoLineOrder } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, newStaff, staffSignIn } from '../../../tests/api/staff.ts'
import type { AdminOrder } from './orders.admin-routes.ts'

const h = startServer()
type Staff = Awaited<ReturnType<typeof staffSignIn>>
type Buyer = Awaited<ReturnType<typeof newUser>>

const act = (who: Staff, code: string, verb: string, body: unknown = {}) =>
  h.post<AdminOrder | string>(`/api/admin/orders/${code}/${verb}`, body, who.auth)
const orderOf = async (who: Staff, code: string) =>
  (await h.get<AdminOrder>(`/api/admin/orders/${code}`, {}, who.auth)).data
const salesOf = async (spuId: number) =>
  Number(
    (await h.db.selectFrom('product_spus').select('sales').where('id', '=', spuId).executeTakeFirstOrThrow())
      .sales,
  )
const line = (o: AdminOrder, lineId: number) =>
  o.items.find((i) => i.lineId === lineId) as AdminOrder['items'][number]

/** The buyer asks for after-sales of `kind` on `lines`. */
const apply = async (me: Buyer, id: number, kind: string, lines?: { lineId: number; quantity: number }[]) =>
  h.post(
    '/api/Orders/PostOrdersRefund',
    { id, afterRemarks: '有问题', extMore: await refundPhoto(h, me.auth), kind, ...(lines ? { lines } : {}) },
    me.auth,
  )

/** The buyer sends goods back under `company` `number`: the call's answer text. */
const sendBack = async (me: Buyer, id: number, company: string, number: string) =>
  (await h.post('/api/Orders/PostOrdersReturn', { id, company, number }, me.auth)).data

/** A two-line order shipped whole and received by its buyer (status 40). */
async function received(op: Staff, me: Buyer) {
  const o = await twoLineOrder(h, me)
  expect((await act(op, o.code, 'shipments', { courier: 'sf', waybill: 'SF1000000000001' })).http).toBe(200)
  expect((await h.post('/api/Orders/PostOrdersStatus', { id: o.id, status: 40 }, me.auth)).data).toBe(
    '确认收货成功',
  )
  return o
}

describe('parcels (POST /api/admin/orders/{code}/shipments)', () => {
  it('ships an order in two parcels with typed waybills; the buyer follows both', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await twoLineOrder(h, me)
    const [salesA, salesB] = [await salesOf(o.a.spuId), await salesOf(o.b.spuId)]

    const wrong = await act(op, o.code, 'shipments', { courier: '顺丰速运', waybill: 'SF123' })
    expect(wrong).toMatchObject({ http: 400, data: '顺丰运单号应为 SF 加 13 位数字' })
    const jd = await act(op, o.code, 'shipments', { courier: 'jd', waybill: '12345' })
    expect(jd.data).toBe('京东运单号应为 JD 加 13 位字母或数字')
    const tooMany = await act(op, o.code, 'shipments', {
      courier: 'sf',
      lines: [{ lineId: o.a.lineId, quantity: 3 }],
    })
    expect(tooMany.data).toMatch(/可发货数量为 1 到 2/)
    expect((await orderOf(op, o.code)).shipments).toEqual([])

    const first = await act(op, o.code, 'shipments', {
      courier: '顺丰速运',
      waybill: 'sf 1234567890123',
      lines: [{ lineId: o.a.lineId, quantity: 2 }],
    })
    expect(first.http).toBe(200)
    const part = first.data as AdminOrder
    expect(part).toMatchObject({ status: 20, statusText: '部分发货' })
    expect(part.shipments).toMatchObject([
      {
        courier: '顺丰速运',
        waybill: 'SF1234567890123',
        lines: [{ lineId: o.a.lineId, quantity: 2 }],
        cancelledAt: '',
      },
    ])
    expect(line(part, o.a.lineId)).toMatchObject({ shipped: 2, toShip: 0 })
    expect(await salesOf(o.a.spuId)).toBe(salesA + 2)
    const buyerView = await h.get<{ statusText: string }>('/api/Orders/GetOrders', { id: o.id }, me.auth)
    expect(buyerView.data.statusText).toBe('部分发货')

    const second = (await act(op, o.code, 'shipments', { courier: 'zto', waybill: '73123456789012' }))
      .data as AdminOrder
    expect(second).toMatchObject({ status: 30, statusText: '待收货' })
    expect(second.shipments.map((s) => [s.courier, s.waybill, s.lines])).toEqual([
      ['顺丰速运', 'SF1234567890123', [{ lineId: o.a.lineId, quantity: 2 }]],
      ['中通快递', '73123456789012', [{ lineId: o.b.lineId, quantity: 1 }]],
    ])
    expect(await salesOf(o.b.spuId)).toBe(salesB + 1)
    const parcels = (await h.get<Waybill[]>('/api/Express/GetWay', { id: o.id }, me.auth)).data
    expect(parcels.map((p) => [p.number, p.items.map((i) => i.quantity)])).toEqual([
      ['SF1234567890123', [2]],
      ['73123456789012', [1]],
    ])
    expect(parcels[0]?.status).toBe('已揽收')
    const again = await act(op, o.code, 'shipments', { courier: 'sf' })
    expect(again.data).toBe(`订单 ${o.code} 不是待发货状态，未作改动`)
    // POST /ship keeps working: the whole order, a booked waybill.
    const other = await twoLineOrder(h, me)
    const whole = (await act(op, other.code, 'ship', { courier: 'yto' })).data as AdminOrder
    expect(whole).toMatchObject({ status: 30 })
    expect(whole.shipments[0]?.waybill).toMatch(/^YT\d{13}$/)
    expect(whole.shipments[0]?.lines).toHaveLength(2)
  })

  it('cancels a parcel shipped by mistake: its lines, status and 已售 go back, once', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await twoLineOrder(h, me)
    const sales = await salesOf(o.a.spuId)
    const shipped = (await act(op, o.code, 'shipments', { courier: 'sf', waybill: 'SF2000000000001' }))
      .data as AdminOrder
    const parcel = shipped.shipments[0]?.id as number
    const stock = await stockOf(h.db, o.a.skuId)
    const cancelled = await act(op, o.code, `shipments/${parcel}/cancel`)
    expect(cancelled.http).toBe(200)
    const back = cancelled.data as AdminOrder
    expect(back).toMatchObject({ status: 20, statusText: '待发货' })
    expect(back.shipments[0]).toMatchObject({ status: '已取消' })
    expect(back.shipments[0]?.cancelledAt).not.toBe('')
    expect(line(back, o.a.lineId)).toMatchObject({ shipped: 0, toShip: 2 })
    expect(await salesOf(o.a.spuId)).toBe(sales)
    expect(await stockOf(h.db, o.a.skuId)).toBe(stock)
    expect((await h.get<Waybill[]>('/api/Express/GetWay', { id: o.id }, me.auth)).data).toEqual([])
    expect((await act(op, o.code, `shipments/${parcel}/cancel`)).data).toBe(
      '包裹 顺丰速运 SF2000000000001 已取消，未作改动',
    )
    expect((await auditOf(h, `order:${o.code}`)).map((r) => r.action)).toEqual([
      'order.parcel.cancel',
      'order.ship',
    ])
    // Once received, a parcel stays.
    const again = (await act(op, o.code, 'shipments', { courier: 'sf', waybill: 'SF2000000000002' }))
      .data as AdminOrder
    expect((await h.post('/api/Orders/PostOrdersStatus', { id: o.id, status: 40 }, me.auth)).data).toBe(
      '确认收货成功',
    )
    const late = await act(op, o.code, `shipments/${again.shipments[1]?.id}/cancel`)
    expect(late.data).toBe(`订单 ${o.code} 已确认收货或已取消，不能取消包裹`)
  })

  it('two operators shipping the same line at once: one parcel', async () => {
    const [a, b] = [await staffSignIn(h, 'operator'), await newStaff(h, ['operator'])]
    const me = await newUser(h)
    const o = await twoLineOrder(h, me)
    const lines = [{ lineId: o.a.lineId, quantity: 2 }]
    const answers = await Promise.all([
      act(a, o.code, 'shipments', { courier: 'sf', waybill: 'SF3000000000001', lines }),
      act(b, o.code, 'shipments', { courier: 'sf', waybill: 'SF3000000000002', lines }),
    ])
    expect(answers.map((r) => r.http).sort()).toEqual([200, 400])
    const after = await orderOf(a, o.code)
    expect(after.shipments).toHaveLength(1)
    expect(line(after, o.a.lineId)).toMatchObject({ shipped: 2 })
  })
})

describe('after-sales by lines (PostOrdersRefund kind/lines, POST …/after-sales)', () => {
  it('仅退款 of one line of two before shipping: that line’s share back, its stock back, the rest ships', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await twoLineOrder(h, me)
    const before = await orderOf(op, o.code)
    const shareB = line(before, o.b.lineId).paid
    const [balance, stockB] = [await balanceOf(h.db, me.id), await stockOf(h.db, o.b.skuId)]
    const bad = await apply(me, o.id, 'refund', [{ lineId: o.b.lineId, quantity: 2 }])
    expect(bad.data).toBe(`「${line(before, o.b.lineId).title}」可申请售后数量为 1 到 1`)
    expect((await apply(me, o.id, 'refund', [{ lineId: o.b.lineId, quantity: 1 }])).data).toBe('提交成功')
    // Nothing ships while the request waits.
    expect((await act(op, o.code, 'shipments', { courier: 'sf' })).data).toBe(
      `订单 ${o.code} 有待处理的售后申请，未作改动`,
    )
    const waiting = await orderOf(op, o.code)
    expect(waiting.afterSales).toMatchObject({
      kind: 'refund',
      kindText: '仅退款',
      state: '申请中',
      refundable: shareB,
    })
    const tooMuch = await act(op, o.code, 'after-sales', { decision: 'approve', amount: shareB + 0.01 })
    expect(tooMuch.data).toBe(`退款金额应在 0.01 到 ${shareB.toFixed(2)} 元之间`)
    const approved = (await act(op, o.code, 'after-sales', { decision: 'approve' })).data as AdminOrder
    expect(approved).toMatchObject({ status: 20, afterStatus: 20, afterStatusText: '已退款' })
    expect(line(approved, o.b.lineId)).toMatchObject({ refunded: 1, toShip: 0 })
    expect(await balanceOf(h.db, me.id)).toBe(balance + Math.round(shareB * 100))
    expect(await stockOf(h.db, o.b.skuId)).toBe(stockB + 1)
    const shipped = (await act(op, o.code, 'shipments', { courier: 'sf', waybill: 'SF4000000000001' }))
      .data as AdminOrder
    expect(shipped).toMatchObject({ status: 30 })
    expect(shipped.shipments[0]?.lines).toEqual([{ lineId: o.a.lineId, quantity: 2 }])
  })

  it('退货退款 waits for 已收货 before the money moves; then stock and 已售 come back', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await received(op, me)
    const shareA = line(await orderOf(op, o.code), o.a.lineId).paid
    const [balance, stockA, salesA] = [
      await balanceOf(h.db, me.id),
      await stockOf(h.db, o.a.skuId),
      await salesOf(o.a.spuId),
    ]
    expect((await apply(me, o.id, 'return', [{ lineId: o.a.lineId, quantity: 1 }])).data).toBe('提交成功')
    const half = Math.floor((shareA * 100) / 2) / 100
    const approved = (await act(op, o.code, 'after-sales', { decision: 'approve' })).data as AdminOrder
    expect(approved.afterSales).toMatchObject({ state: '待寄回', amount: half })
    expect(approved.afterSales.returnAddress).not.toBe('')
    expect(await balanceOf(h.db, me.id)).toBe(balance)
    const detail = await h.get<{ afterSale: { state: string; returnAddress: string } }>(
      '/api/Orders/GetOrders',
      { id: o.id },
      me.auth,
    )
    expect(detail.data.afterSale).toMatchObject({ state: '待寄回' })
    expect(detail.data.afterSale.returnAddress).not.toBe('')
    // Not received yet: no money. A wrong waybill is refused.
    expect(await sendBack(me, o.id, '顺丰速运', 'SF1')).toBe('顺丰运单号应为 SF 加 13 位数字')
    expect(await sendBack(me, o.id, '顺丰速运', 'SF5000000000001')).toBe('提交成功')
    expect((await orderOf(op, o.code)).afterSales).toMatchObject({
      state: '待验收',
      returnWaybill: '顺丰速运 SF5000000000001',
    })
    expect(await balanceOf(h.db, me.id)).toBe(balance)
    const done = (await act(op, o.code, 'after-sales/receive', { decision: 'accept' })).data as AdminOrder
    expect(done).toMatchObject({ status: 40, afterStatus: 20, afterStatusText: '已退款' })
    expect(await balanceOf(h.db, me.id)).toBe(balance + Math.round(half * 100))
    expect(await stockOf(h.db, o.a.skuId)).toBe(stockA + 1)
    expect(await salesOf(o.a.spuId)).toBe(salesA - 1)
    expect((await act(op, o.code, 'after-sales/receive', { decision: 'accept' })).http).toBe(400)
  })

  it('换货 ships a replacement parcel once the goods are back, at no charge', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await received(op, me)
    const [balance, stockA, salesA] = [
      await balanceOf(h.db, me.id),
      await stockOf(h.db, o.a.skuId),
      await salesOf(o.a.spuId),
    ]
    expect((await apply(me, o.id, 'exchange', [{ lineId: o.a.lineId, quantity: 1 }])).data).toBe('提交成功')
    expect(
      ((await act(op, o.code, 'after-sales', { decision: 'approve' })).data as AdminOrder).afterStatusText,
    ).toBe('待寄回')
    expect(await sendBack(me, o.id, '德邦快递', 'DPK1234567')).toBe('提交成功')
    const refused = await act(op, o.code, 'after-sales/receive', { decision: 'refuse' })
    expect(refused.data).toBe('请填写拒收原因')
    const done = (
      await act(op, o.code, 'after-sales/receive', {
        decision: 'accept',
        courier: 'sf',
        waybill: 'SF6000000000001',
      })
    ).data as AdminOrder
    expect(done).toMatchObject({ status: 40, afterStatus: 21, afterStatusText: '已换货' })
    expect(done.shipments.at(-1)).toMatchObject({
      waybill: 'SF6000000000001',
      replacement: true,
      lines: [{ lineId: o.a.lineId, quantity: 1 }],
    })
    expect(await balanceOf(h.db, me.id)).toBe(balance)
    expect(await stockOf(h.db, o.a.skuId)).toBe(stockA)
    expect(await salesOf(o.a.spuId)).toBe(salesA)
    const parcels = (await h.get<Waybill[]>('/api/Express/GetWay', { id: o.id }, me.auth)).data
    expect(parcels.map((p) => p.replacement)).toEqual([false, true])
  })

  it('refuses goods back with the reason; a return of what never shipped is refused', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await twoLineOrder(h, me)
    expect((await apply(me, o.id, 'return')).data).toBe('商品尚未发货，请申请仅退款')
    const r = await received(op, me)
    expect((await apply(me, r.id, 'return')).data).toBe('提交成功')
    await act(op, r.code, 'after-sales', { decision: 'approve' })
    const refused = (
      await act(op, r.code, 'after-sales/receive', { decision: 'refuse', reason: '商品已拆封使用' })
    ).data as AdminOrder
    expect(refused).toMatchObject({ afterStatus: 30, afterStatusText: '已驳回' })
    expect(refused.afterSales.rejectReason).toBe('退回商品未通过验收：商品已拆封使用')
  })
})

describe('refunds approved by amount (REFUND_APPROVAL_LIMIT ¥2,000)', () => {
  it('above the limit an operator’s approval waits for finance, another person; then the money moves once', async () => {
    const op = await staffSignIn(h, 'operator')
    const [fin, fin2] = [await staffSignIn(h, 'finance'), await newStaff(h, ['finance'])]
    const me = await newUser(h)
    const o = await twoLineOrder(h, me, { priceFen: 150_000, quantity: 2 }, { priceFen: 10_000, quantity: 1 })
    expect((await apply(me, o.id, 'refund')).data).toBe('提交成功')
    const balance = await balanceOf(h.db, me.id)
    const first = (await act(op, o.code, 'after-sales', { decision: 'approve' })).data as AdminOrder
    expect(first).toMatchObject({ afterStatus: 11, afterStatusText: '待财务审批' })
    expect(first.afterSales).toMatchObject({ state: '待财务审批', approvedBy: '李强' })
    expect(await balanceOf(h.db, me.id)).toBe(balance)
    expect((await act(op, o.code, 'after-sales', { decision: 'approve' })).data).toBe(
      '超过 ¥2,000 的退款须由财务或管理员审批，未作改动',
    )
    expect(await balanceOf(h.db, me.id)).toBe(balance)
    // Two finance approvals at once: one refund.
    const answers = await Promise.all([
      act(fin, o.code, 'after-sales', { decision: 'approve' }),
      act(fin2, o.code, 'after-sales', { decision: 'approve' }),
    ])
    expect(answers.map((r) => r.http).sort()).toEqual([200, 400])
    const done = await orderOf(fin, o.code)
    expect(done).toMatchObject({ status: 100, statusText: '已退款', afterStatus: 20 })
    expect(await balanceOf(h.db, me.id)).toBe(balance + Math.round(done.tolCost * 100))
    const actions = (await auditOf(h, `order:${o.code}`)).map((r) => [r.action, r.staff])
    expect(actions.filter(([a]) => a === 'order.after-sales.approve')).toHaveLength(2)
    expect(actions.at(-1)).toEqual(['order.after-sales.approve', 'operator'])
  })

  it('finance’s own first approval above the limit needs a second person; below it one approval pays', async () => {
    const [fin, fin2] = [await staffSignIn(h, 'finance'), await newStaff(h, ['finance'])]
    const me = await newUser(h)
    const o = await twoLineOrder(h, me, { priceFen: 150_000, quantity: 2 }, { priceFen: 10_000, quantity: 1 })
    expect((await apply(me, o.id, 'refund', [{ lineId: o.a.lineId, quantity: 2 }])).data).toBe('提交成功')
    expect(
      ((await act(fin, o.code, 'after-sales', { decision: 'approve' })).data as AdminOrder).afterStatus,
    ).toBe(11)
    expect((await act(fin, o.code, 'after-sales', { decision: 'approve' })).data).toBe(
      '超额退款须由另一位财务或管理员审批，未作改动',
    )
    expect(
      ((await act(fin2, o.code, 'after-sales', { decision: 'approve' })).data as AdminOrder).afterStatus,
    ).toBe(20)
    // A small one: an operator alone.
    const op = await staffSignIn(h, 'operator')
    const small = await twoLineOrder(h, me)
    expect((await apply(me, small.id, 'refund', [{ lineId: small.b.lineId, quantity: 1 }])).data).toBe(
      '提交成功',
    )
    expect(
      ((await act(op, small.code, 'after-sales', { decision: 'approve', amount: '50.5' })).data as AdminOrder)
        .afterStatus,
    ).toBe(20)
  })

  it('a refund request racing a shipment: stock and lines stay consistent whichever wins', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await twoLineOrder(h, me)
    const stockB = await stockOf(h.db, o.b.skuId)
    const [shipped, applied] = await Promise.all([
      act(op, o.code, 'shipments', { courier: 'sf', waybill: 'SF7000000000001' }),
      apply(me, o.id, 'refund', [{ lineId: o.b.lineId, quantity: 1 }]),
    ])
    if (applied.status === 200) {
      await act(op, o.code, 'after-sales', { decision: 'approve' })
      const after = await orderOf(op, o.code)
      const b = line(after, o.b.lineId)
      expect(b.refunded).toBe(1)
      // Refunded before it shipped: back in stock and never shipped; after: kept shipped.
      expect(await stockOf(h.db, o.b.skuId)).toBe(stockB + (b.shipped === 0 ? 1 : 0))
      expect(b.shipped + b.toShip + (b.shipped === 0 ? 1 : 0)).toBe(1)
    } else expect(shipped.http).toBe(200)
  })
})

describe('shipping many at once (POST /api/admin/orders/shipments/import)', () => {
  it('ships each good row whole; a bad row gets its own message and stops nothing', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const [a, b, c] = [await twoLineOrder(h, me), await twoLineOrder(h, me), await twoLineOrder(h, me)]
    await act(op, c.code, 'ship', {})
    const csv = [
      '\uFEFF订单号,快递公司,运单号',
      `${a.code},顺丰速运,SF8000000000001`,
      `${b.code},中通,123`,
      'D000,顺丰速运,SF8000000000002',
      `${c.code},sf,SF8000000000003`,
      `"${b.code}",zto,"73800000000001"`,
      `${a.code},顺丰速运,`,
    ].join('\r\n')
    const r = await h.post<{
      shipped: number
      failed: number
      rows: { row: number; code: string; ok: boolean; message: string }[]
    }>('/api/admin/orders/shipments/import', { csv }, op.auth)
    expect(r.http).toBe(200)
    expect(r.data.rows).toEqual([
      { row: 2, code: a.code, ok: true, message: '已发货：顺丰速运 SF8000000000001' },
      { row: 3, code: b.code, ok: false, message: '中通运单号应为 12 或 14 位数字' },
      { row: 4, code: 'D000', ok: false, message: '订单不存在' },
      { row: 5, code: c.code, ok: false, message: `订单 ${c.code} 不是待发货状态，未作改动` },
      { row: 6, code: b.code, ok: true, message: '已发货：中通快递 73800000000001' },
      { row: 7, code: a.code, ok: false, message: '缺少运单号' },
    ])
    expect([r.data.shipped, r.data.failed]).toEqual([2, 4])
    expect((await orderOf(op, a.code)).status).toBe(30)
    expect((await orderOf(op, b.code)).shipments.map((s) => s.waybill)).toEqual(['73800000000001'])
    const empty = await h.post(
      '/api/admin/orders/shipments/import',
      { csv: '订单号,快递公司,运单号\r\n' },
      op.auth,
    )
    expect(empty.data).toBe('文件中没有要发货的订单')
    const marketing = await staffSignIn(h, 'marketing')
    expect((await h.post('/api/admin/orders/shipments/import', { csv }, marketing.auth)).http).toBe(403)
  })
})

describe('the order’s story (timeline) of parcels and after-sales', () => {
  it('tells each parcel with its contents, the buyer’s request and return, the receipt and the refund', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await twoLineOrder(h, me)
    await act(op, o.code, 'shipments', {
      courier: 'sf',
      waybill: 'SF9000000000001',
      lines: [{ lineId: o.a.lineId, quantity: 2 }],
    })
    await act(op, o.code, 'shipments', { courier: 'sf', waybill: 'SF9000000000002' })
    expect((await h.post('/api/Orders/PostOrdersStatus', { id: o.id, status: 40 }, me.auth)).data).toBe(
      '确认收货成功',
    )
    await apply(me, o.id, 'return', [{ lineId: o.b.lineId, quantity: 1 }])
    await act(op, o.code, 'after-sales', { decision: 'approve' })
    await sendBack(me, o.id, '顺丰速运', 'SF9000000000003')
    const done = (await act(op, o.code, 'after-sales/receive', { decision: 'accept' })).data as AdminOrder
    const b = line(done, o.b.lineId)
    const told = done.timeline.filter((e) => e.kind !== 'track').map((e) => [e.kind, e.actor, e.text])
    expect(told).toEqual(
      expect.arrayContaining([
        ['shipped', 'operator', `发货：顺丰速运 SF9000000000001（${line(done, o.a.lineId).title} × 2）`],
        ['shipped', 'operator', `发货：顺丰速运 SF9000000000002（${b.title} × 1）`],
        ['after-sales', '买家', `申请退货退款：${b.title} × 1`],
        ['after-sales', '买家', '寄回商品：顺丰速运 SF9000000000003'],
        ['refund', '系统', `售后退款 ${b.paid.toFixed(2)} 元，原路退回`],
      ]),
    )
    expect(told.map((e) => e[0])).toContain('received')
  })
})

describe('the approval limit is per order', () => {
  it('a second request that takes the order’s refunds above ¥2,000 waits for finance', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await newUser(h)
    const o = await twoLineOrder(
      h,
      me,
      { priceFen: 150_000, quantity: 1 },
      { priceFen: 150_000, quantity: 1 },
    )
    expect((await apply(me, o.id, 'refund', [{ lineId: o.a.lineId, quantity: 1 }])).data).toBe('提交成功')
    expect(
      ((await act(op, o.code, 'after-sales', { decision: 'approve' })).data as AdminOrder).afterStatus,
    ).toBe(20)
    expect((await apply(me, o.id, 'refund', [{ lineId: o.b.lineId, quantity: 1 }])).data).toBe('提交成功')
    const second = (await act(op, o.code, 'after-sales', { decision: 'approve' })).data as AdminOrder
    expect(second).toMatchObject({ afterStatus: 11, afterStatusText: '待财务审批' })
  })
})

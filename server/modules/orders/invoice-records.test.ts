/**
 * Invoice correction (issue 39) on a real server and database: finance red-letters (红冲) the
 * current invoice and issues the corrected one, the buyer sees only the current one, staff the
 * whole history; refusals in Chinese change nothing; two concurrent voids or reissues act once;
 * a refund after issue writes the same red-letter record (reason 退款).
 */
import { describe, expect, it } from 'vitest'
import { refundPhoto, tinyPdf } from '../../../tests/api/files.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { ops } from '../../../tests/api/ops.ts'
import { placeOrder, receivedOrder, twoLineOrder } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import { dbTime } from '../../time.ts'
import type { AdminOrder } from '../order-desk/orders.admin-routes.ts'

const h = startServer()
type Staff = Awaited<ReturnType<typeof staffSignIn>>
type Buyer = Awaited<ReturnType<typeof newUser>>

/** A 统一社会信用代码 whose check character is right (rules/invoice.ts). */
const TAX_CODE = '914403001922038216'

const act = (who: Staff, code: string, verb: string, body: unknown = {}) =>
  h.post<AdminOrder | string>(`/api/admin/orders/${code}/${verb}`, body, who.auth)
const orderOf = async (who: Staff, code: string) =>
  (await h.get<AdminOrder>(`/api/admin/orders/${code}`, {}, who.auth)).data

interface BuyerView {
  invoiceStatus: number
  invoiceStatusText: string
  invoiceNumber: string
  invoiceFile: string
  invoiceTitle: string
}
const buyerView = async (me: Buyer, id: number) =>
  (await h.get<BuyerView>('/api/Orders/GetOrders', { id }, me.auth)).data

/** A private invoice file finance uploaded: its stored path. */
async function uploadInvoice(who: Staff, tag: string) {
  const form = new FormData()
  form.append('file', new Blob([tinyPdf(tag)]), `${tag}.pdf`)
  const res = await fetch(`${h.base}/api/admin/orders/invoice-file`, {
    method: 'POST',
    headers: { sign: h.sign(), ...who.auth },
    body: form,
  })
  const body = (await res.json()) as { data: { path: string } }
  return body.data.path
}

/** The buyer applies for an invoice on order `id` with an invoice info of their own. */
async function applyInvoice(me: Buyer, id: number) {
  const info = await h.db
    .insertInto('invoice_infos')
    .values({
      user_id: me.id,
      types: '电子普通发票',
      company_name: '杭州微笑口腔诊所',
      company_code: TAX_CODE,
      create_time: dbTime(new Date()),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  expect((await h.post('/api/Orders/PostOrdersInvoice', { id, invoiceId: info.id }, me.auth)).data).toBe(
    '申请成功',
  )
}

/** A received order of 100.00 whose invoice finance issued as `number` with a file. */
async function issuedOrder(fin: Staff, me: Buyer, number: string) {
  const o = await receivedOrder(h, me)
  await applyInvoice(me, o.id)
  const file = await uploadInvoice(fin, `${o.code}-${number}`)
  expect((await act(fin, o.code, 'invoice', { number, file })).http).toBe(200)
  return { ...o, file }
}

/** Refunds the whole of (or `lines` of) order `id`: the buyer asks, the operator approves. */
async function refund(op: Staff, me: Buyer, o: { id: number; code: string }, lines?: unknown[]) {
  const body = { id: o.id, afterRemarks: '不需要了', extMore: await refundPhoto(h, me.auth), kind: 'refund' }
  expect(
    (await h.post('/api/Orders/PostOrdersRefund', { ...body, ...(lines ? { lines } : {}) }, me.auth)).data,
  ).toBe('提交成功')
  const r = await act(op, o.code, 'after-sales', { decision: 'approve' })
  expect(r.http).toBe(200)
  return r.data as AdminOrder
}

const recordsOf = async (orderId: number) =>
  h.db.selectFrom('invoice_records').selectAll().where('order_id', '=', orderId).orderBy('id').execute()

describe('invoice correction (POST /api/admin/orders/{code}/invoice/void, …/invoice/reissue)', () => {
  it('finance red-letters the invoice and issues a corrected one; the buyer sees only the current one', async () => {
    const fin = await staffSignIn(h, 'finance')
    const me = await newUser(h)
    const o = await issuedOrder(fin, me, 'A0001')
    const refused: [unknown, string][] = [
      [{}, '请填写红字发票号码'],
      [{ number: 'R 1', reason: '抬头有误' }, '红字发票号码只能包含字母和数字'],
      [{ number: 'R0001' }, '请填写红冲原因'],
      [{ number: 'R0001', reason: '抬头有误', file: '/uploads/a.pdf' }, '红字发票文件不正确，请重新上传'],
      [
        { number: 'R0001', reason: '抬头有误', file: '/private/u/00/none.pdf' },
        '红字发票文件不存在，请重新上传',
      ],
      [{ number: 'A0001', reason: '抬头有误' }, '红字发票号码不能与原发票号码相同'],
    ]
    for (const [body, message] of refused)
      expect((await act(fin, o.code, 'invoice/void', body)).data).toBe(message)
    const op = await staffSignIn(h, 'operator')
    expect((await act(op, o.code, 'invoice/void', { number: 'R0001', reason: '抬头有误' })).data).toBe(
      '没有权限',
    )
    expect(await recordsOf(o.id)).toHaveLength(1)
    expect(await buyerView(me, o.id)).toMatchObject({ invoiceStatus: 20, invoiceNumber: 'A0001' })

    const redFile = await uploadInvoice(fin, `${o.code}-red`)
    const voided = await act(fin, o.code, 'invoice/void', {
      number: 'R0001',
      reason: '抬头有误',
      file: redFile,
    })
    expect(voided.http).toBe(200)
    expect(voided.data).toMatchObject({
      invoiceStatus: 40,
      invoiceStatusText: '待重开',
      invoiceRecords: [
        {
          kind: 'issue',
          kindText: '开具',
          number: 'A0001',
          amount: 100,
          title: '杭州微笑口腔诊所',
          staff: 'finance',
        },
        { kind: 'red', kindText: '红冲', number: 'R0001', amount: 100, reason: '抬头有误', staff: 'finance' },
      ],
    })
    expect((voided.data as AdminOrder).invoiceRecords[1]?.file).toMatch(new RegExp(`^${redFile}\\?e=\\d+&s=`))
    expect(await buyerView(me, o.id)).toMatchObject({
      invoiceStatus: 40,
      invoiceStatusText: '待重开',
      invoiceNumber: '',
      invoiceFile: '',
    })
    const listed = await h.get<{ pageData: { code: string }[] }>(
      '/api/admin/orders',
      { queue: 'invoice', code: o.code },
      fin.auth,
    )
    expect(listed.data.pageData.map((r) => r.code)).toEqual([o.code])
    expect((await act(fin, o.code, 'invoice/void', { number: 'R0002', reason: '再来' })).data).toBe(
      `订单 ${o.code} 的发票已红冲，未作改动`,
    )
    expect((await act(fin, o.code, 'invoice', { number: 'A0002' })).data).toBe(
      `订单 ${o.code} 没有待开具的发票申请，未作改动`,
    )

    const badReissues: [unknown, string][] = [
      [{}, '请填写发票号码'],
      [{ number: 'A0001' }, '该发票号码已在此订单使用过，请核对'],
      [{ number: 'R0001' }, '该发票号码已在此订单使用过，请核对'],
      [{ number: 'A0002', title: '杭州微笑口腔门诊部' }, '请填写税号'],
      [
        { number: 'A0002', title: '杭州微笑口腔门诊部', taxCode: '914403001922038217' },
        '税号校验位不正确，请核对',
      ],
      [{ number: 'A0002', taxCode: TAX_CODE }, '请填写公司名称'],
    ]
    for (const [body, message] of badReissues)
      expect((await act(fin, o.code, 'invoice/reissue', body)).data).toBe(message)
    expect(await recordsOf(o.id)).toHaveLength(2)

    const file = await uploadInvoice(fin, `${o.code}-A0002`)
    const reissued = await act(fin, o.code, 'invoice/reissue', {
      number: 'A0002',
      file,
      title: '杭州微笑口腔门诊部',
      taxCode: TAX_CODE,
    })
    expect(reissued.http).toBe(200)
    const staffView = reissued.data as AdminOrder
    expect(staffView).toMatchObject({
      invoiceStatus: 20,
      invoiceStatusText: '已开票',
      invoice: { number: 'A0002' },
    })
    expect(staffView.invoiceRecords.map((r) => [r.kind, r.number, r.title])).toEqual([
      ['issue', 'A0001', '杭州微笑口腔诊所'],
      ['red', 'R0001', '杭州微笑口腔诊所'],
      ['issue', 'A0002', '杭州微笑口腔门诊部'],
    ])
    const mine = await buyerView(me, o.id)
    expect(mine).toMatchObject({
      invoiceStatus: 20,
      invoiceStatusText: '已开票',
      invoiceNumber: 'A0002',
      invoiceTitle: '杭州微笑口腔门诊部',
    })
    expect(mine.invoiceFile).toMatch(new RegExp(`^${file}\\?e=\\d+&s=`))
    expect(JSON.stringify(mine)).not.toContain('A0001')
    expect((await act(fin, o.code, 'invoice/reissue', { number: 'A0003' })).data).toBe(
      `订单 ${o.code} 的发票已开具，请先红冲，未作改动`,
    )

    const audit = await auditOf(h, `order:${o.code}`)
    expect(audit.slice(0, 2)).toMatchObject([
      {
        staff: 'finance',
        action: 'order.invoice.reissue',
        before: { invoiceStatus: 40 },
        after: {
          invoiceStatus: 20,
          invoiceNumber: 'A0002',
          invoiceTitle: '杭州微笑口腔门诊部',
          taxCode: TAX_CODE,
        },
      },
      {
        staff: 'finance',
        action: 'order.invoice.void',
        before: { invoiceStatus: 20, invoiceNumber: 'A0001' },
        after: { invoiceStatus: 40, redNumber: 'R0001', reason: '抬头有误' },
      },
    ])
    expect(staffView.timeline.filter((e) => e.kind === 'invoice').map((e) => e.text)).toEqual([
      '发票已开具，号码 A0001',
      '发票已红冲，红字发票 R0001，原因：抬头有误',
      '发票已开具，号码 A0002',
    ])
    const told = await h.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', me.id)
      .orderBy('id')
      .execute()
    expect(told.map((n) => n.title).slice(-3)).toEqual(['发票已开具', '发票已作废', '发票已重新开具'])
  })

  it('two concurrent voids red-letter once, two concurrent reissues issue once', async () => {
    const fin = await staffSignIn(h, 'finance')
    const me = await newUser(h)
    const o = await issuedOrder(fin, me, 'C0001')
    const voids = await Promise.all(
      ['R1', 'R2'].map((number) => act(fin, o.code, 'invoice/void', { number, reason: '金额有误' })),
    )
    expect(voids.map((r) => r.http).sort()).toEqual([200, 400])
    expect(voids.find((r) => r.http === 400)?.data).toBe(`订单 ${o.code} 的发票已红冲，未作改动`)
    expect((await recordsOf(o.id)).map((r) => r.kind)).toEqual(['issue', 'red'])

    const reissues = await Promise.all(
      ['C0002', 'C0003'].map((number) => act(fin, o.code, 'invoice/reissue', { number })),
    )
    expect(reissues.map((r) => r.http).sort()).toEqual([200, 400])
    expect(reissues.find((r) => r.http === 400)?.data).toBe(`订单 ${o.code} 的发票已开具，请先红冲，未作改动`)
    const records = await recordsOf(o.id)
    expect(records.map((r) => r.kind)).toEqual(['issue', 'red', 'issue'])
    // The title stays the buyer's when finance corrects nothing else.
    expect(records[2]).toMatchObject({ title: '杭州微笑口腔诊所', tax_code: TAX_CODE, amount_fen: 10_000 })
    expect((await buyerView(me, o.id)).invoiceNumber).toBe(records[2]?.number)
  })
})

describe('a refund after issue', () => {
  it('red-letters the invoice (已作废, reason 退款); a wholly refunded order gets none again', async () => {
    const [fin, op] = [await staffSignIn(h, 'finance'), await staffSignIn(h, 'operator')]
    const me = await newUser(h)
    const o = await issuedOrder(fin, me, 'D0001')
    const after = await refund(op, me, o)
    expect(after).toMatchObject({ status: 100, invoiceStatus: 30, invoiceStatusText: '已作废' })
    expect(after.invoiceRecords).toMatchObject([
      { kind: 'issue', number: 'D0001', amount: 100 },
      { kind: 'red', number: '', amount: 100, reason: '退款', staff: 'operator' },
    ])
    expect(await buyerView(me, o.id)).toMatchObject({
      invoiceStatus: 30,
      invoiceStatusText: '已作废',
      invoiceNumber: '',
      invoiceFile: '',
    })
    // In the refund's transaction, by whoever approved it.
    expect(
      (await auditOf(h, `order:${o.code}`)).find((a) => a.action === 'order.invoice.void'),
    ).toMatchObject({
      staff: 'operator',
      after: { invoiceStatus: 30, reason: '退款' },
    })
    expect((await act(fin, o.code, 'invoice/reissue', { number: 'D0002' })).data).toBe(
      `订单 ${o.code} 已全额退款，不能重开发票，未作改动`,
    )
    expect((await act(fin, o.code, 'invoice/void', { number: 'R9', reason: '退款' })).data).toBe(
      `订单 ${o.code} 的发票已红冲，未作改动`,
    )
    expect(await recordsOf(o.id)).toHaveLength(2)
  })

  it('after a partial refund finance reissues for what is left', async () => {
    const [fin, op] = [await staffSignIn(h, 'finance'), await staffSignIn(h, 'operator')]
    const me = await newUser(h)
    const o = await twoLineOrder(h, me)
    expect((await act(op, o.code, 'shipments', { courier: 'sf', waybill: 'SF7000000000001' })).http).toBe(200)
    expect((await h.post('/api/Orders/PostOrdersStatus', { id: o.id, status: 40 }, me.auth)).data).toBe(
      '确认收货成功',
    )
    await applyInvoice(me, o.id)
    expect((await act(fin, o.code, 'invoice', { number: 'E0001' })).http).toBe(200)
    const paid = (await orderOf(fin, o.code)).tolCost
    const part = await refund(op, me, o, [{ lineId: o.b.lineId, quantity: 1 }])
    const back = part.refunds.reduce((n, r) => n + r.amount, 0)
    expect(back).toBeGreaterThan(0)
    expect(part).toMatchObject({ status: 40, invoiceStatus: 30, invoiceStatusText: '已作废' })
    const reissued = (await act(fin, o.code, 'invoice/reissue', { number: 'E0002' })).data as AdminOrder
    expect(reissued.invoiceRecords.map((r) => [r.kind, r.number, r.amount])).toEqual([
      ['issue', 'E0001', paid],
      ['red', '', paid],
      ['issue', 'E0002', Math.round((paid - back) * 100) / 100],
    ])
    expect(await buyerView(me, o.id)).toMatchObject({ invoiceStatusText: '已开票', invoiceNumber: 'E0002' })
  })

  it('a transfer refund red-letters it when finance records paying it back', async () => {
    const [fin, op] = [await staffSignIn(h, 'finance'), await staffSignIn(h, 'operator')]
    const me = await newUser(h)
    const o = await placeOrder(h, me, { pay: 'union' })
    const paid = { amount: '100', reference: `B${Date.now()}`, payer: '某某口腔医院' }
    expect((await act(fin, o.code, 'confirm-transfer', paid)).http).toBe(200)
    await ops(h.db, ['ship', o.code])
    expect((await h.post('/api/Orders/PostOrdersStatus', { id: o.id, status: 40 }, me.auth)).data).toBe(
      '确认收货成功',
    )
    await applyInvoice(me, o.id)
    expect((await act(fin, o.code, 'invoice', { number: 'F0001' })).http).toBe(200)
    const due = await refund(op, me, o)
    // The money has not gone back yet: the invoice stands.
    expect(due).toMatchObject({ afterStatus: 14, invoiceStatus: 20 })
    const outTradeNo = due.payments[0]?.outTradeNo
    const back = { amount: '100', reference: `R${Date.now()}`, payer: '某某口腔医院' }
    const done = (await h.post<AdminOrder>(`/api/admin/payments/${outTradeNo}/refund`, back, fin.auth)).data
    expect(done).toMatchObject({ afterStatus: 20, invoiceStatus: 30, invoiceStatusText: '已作废' })
    expect(done.invoiceRecords.map((r) => [r.kind, r.number, r.reason, r.staff])).toEqual([
      ['issue', 'F0001', '', 'finance'],
      ['red', '', '退款', 'finance'],
    ])
  })
})

import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { site } from '../../../src/lib/site.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { ops } from '../../../tests/api/ops.ts'
import { newUser } from '../../../tests/api/session.ts'
import { defaultConfig } from '../../config.ts'
import { OpsError } from '../../ops.ts'
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature } from '../../providers/payment.ts'
import { dbTime } from '../../time.ts'
import type { PayAnswer, Recharge } from './payments.routes.ts'

const h = startServer()
const secret = defaultConfig().paymentSandboxSecret

type User = Awaited<ReturnType<typeof newUser>>

/** An unpaid order of `user` for `fen`, written straight into the tables (the orders module makes real ones). */
async function order(user: User, fen: number, title = '口内扫描仪') {
  const code = `T${Date.now()}${randomInt(1_000_000)}`
  const row = await h.db
    .insertInto('orders')
    .values({
      code,
      user_id: user.id,
      status: 10,
      cost_price_fen: fen,
      tol_cost_fen: fen,
      create_time: dbTime(new Date()),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await h.db
    .insertInto('order_items')
    .values({ order_id: row.id, title, price_fen: fen, quantity: 1 })
    .execute()
  return { id: row.id, code }
}

const setBalance = (user: User, fen: number) =>
  h.db.updateTable('users').set({ balance_fen: fen }).where('id', '=', user.id).execute()
const money = (user: User) =>
  h.db
    .selectFrom('users')
    .select(['balance_fen', 'integral_fen'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow()
const orderRow = (id: number) =>
  h.db.selectFrom('orders').select(['status', 'pay_way']).where('id', '=', id).executeTakeFirstOrThrow()
const records = (user: User) =>
  h.db
    .selectFrom('wallet_transactions')
    .select(['tag', 'title', 'price_fen', 'code', 'order_id'])
    .where('user_id', '=', user.id)
    .execute()
const pay = (user: User, id: number, way: string) =>
  h.get<PayAnswer | string>('/api/Orders/GetOrdersPay', { id, way }, user.auth)
/** The out_trade_no a code_url carries. */
const tokenOf = (url: string) => url.split('/').pop() as string

/** A notification as the sandbox provider sends it; `signature` forges one. */
function notify(outTradeNo: string, amountFen: number, signature?: string) {
  const raw = JSON.stringify({
    out_trade_no: outTradeNo,
    amount_fen: amountFen,
    trade_no: `S${randomInt(1_000_000)}`,
    trade_status: 'SUCCESS',
  })
  return fetch(`${h.base}/pay/notify/sandbox`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signature ?? sandboxSignature(secret, raw),
    },
    body: raw,
  }).then(async (r) => ({ http: r.status, text: await r.text() }))
}

describe('paying by balance (Orders/GetOrdersPay way=balance)', () => {
  it('refuses when the balance is short and changes nothing', async () => {
    const me = await newUser(h)
    await setBalance(me, 999)
    const o = await order(me, 1000)
    expect(await pay(me, o.id, 'balance')).toMatchObject({ http: 400, data: '余额不足' })
    expect((await money(me)).balance_fen).toBe(999)
    expect((await orderRow(o.id)).status).toBe(10)
    expect(await records(me)).toEqual([])
  })

  it('debits once, marks the order paid and writes one expense record', async () => {
    const me = await newUser(h)
    await setBalance(me, 10_000)
    const o = await order(me, 2550)
    const r = await pay(me, o.id, 'balance')
    expect([r.http, r.data]).toEqual([200, { status: 20 }])
    expect(await money(me)).toEqual({ balance_fen: 7450, integral_fen: 2550 })
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'balance' })
    expect(await records(me)).toEqual([
      { tag: 1, title: '订单支付', price_fen: 2550, code: o.code, order_id: o.id },
    ])
    expect((await h.get('/api/Orders/GetOrdersStatus', { id: o.id }, me.auth)).data).toBe(20)
    // Paid now: neither the balance nor any other way takes it again.
    expect(await pay(me, o.id, 'balance')).toMatchObject({ http: 400, data: '订单已支付或已取消' })
    expect(await pay(me, o.id, 'wechat')).toMatchObject({ http: 400, data: '订单已支付或已取消' })
    expect((await money(me)).balance_fen).toBe(7450)
  })

  it('20 concurrent balance payments of one order debit once', async () => {
    const me = await newUser(h)
    await setBalance(me, 10_000)
    const o = await order(me, 3000)
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(me, o.id, 'balance')))
    expect(answers.filter((a) => a.http === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.http === 400 && a.data === '订单已支付或已取消')).toHaveLength(19)
    expect(await money(me)).toEqual({ balance_fen: 7000, integral_fen: 3000 })
    expect(await records(me)).toHaveLength(1)
    expect(await h.db.selectFrom('payments').select('status').where('order_id', '=', o.id).execute()).toEqual(
      [{ status: 20 }],
    )
  })

  it('a balance that covers one of three concurrent orders pays exactly one; the others stay unpaid', async () => {
    const me = await newUser(h)
    await setBalance(me, 5000)
    const orders = [await order(me, 3000), await order(me, 3000), await order(me, 3000)]
    const answers = await Promise.all(orders.map((o) => pay(me, o.id, 'balance')))
    expect(answers.filter((a) => a.http === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.http === 400 && a.data === '余额不足')).toHaveLength(2)
    expect(await money(me)).toEqual({ balance_fen: 2000, integral_fen: 3000 })
    const statuses = await Promise.all(orders.map(async (o) => (await orderRow(o.id)).status))
    expect(statuses.sort()).toEqual([10, 10, 20])
    expect(await records(me)).toHaveLength(1)
  })

  it('refuses other people, other states, no way and no login', async () => {
    const me = await newUser(h)
    const other = await newUser(h)
    const o = await order(me, 100)
    expect(await pay(other, o.id, 'balance')).toMatchObject({ http: 404, data: '订单不存在' })
    expect(await pay(me, o.id, '')).toMatchObject({ http: 400, data: '请选择支付方式' })
    expect(await pay(me, o.id, 'cash')).toMatchObject({ http: 400, data: '支付方式不正确' })
    expect((await h.get('/api/Orders/GetOrdersPay', { id: o.id, way: 'balance' })).http).toBe(401)
    await h.db.updateTable('orders').set({ status: 100 }).where('id', '=', o.id).execute()
    expect(await pay(me, o.id, 'alipay')).toMatchObject({ http: 400, data: '订单已支付或已取消' })
  })
})

describe('paying online through the sandbox provider', () => {
  it('wechat: code_url → the sandbox page → 确认支付 → the order is paid', async () => {
    const me = await newUser(h)
    const o = await order(me, 1250, '<b>隐形矫治器</b>')
    const r = await pay(me, o.id, 'wechat')
    expect(r.http).toBe(200)
    const answer = r.data as PayAnswer
    expect(answer.status).toBe(10)
    expect(answer.code_url).toMatch(/\/pay\/sandbox\/P\d{14}[0-9a-f]{12}$/)
    // Asking again shows the same QR code.
    expect(((await pay(me, o.id, 'wechat')).data as PayAnswer).code_url).toBe(answer.code_url)
    const path = new URL(answer.code_url as string).pathname

    const shown = await fetch(`${h.base}${path}`)
    const text = await shown.text()
    expect(shown.status).toBe(200)
    expect(text).toContain(site.name)
    expect(text).toContain('¥12.50')
    expect(text).toContain('确认支付')
    expect(text).toContain('&lt;b&gt;隐形矫治器&lt;/b&gt;')
    expect(text).not.toContain('<b>隐形矫治器')

    const confirmed = await fetch(`${h.base}${path}`, { method: 'POST' })
    expect(confirmed.status).toBe(200)
    expect(await confirmed.text()).toContain('支付成功')
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'wechat' })
    expect((await h.get('/api/Orders/GetOrdersStatus', { id: o.id }, me.auth)).data).toBe(20)
    expect((await money(me)).integral_fen).toBe(1250)
    // Paying twice from the page changes nothing.
    expect((await fetch(`${h.base}${path}`, { method: 'POST' })).status).toBe(200)
    expect((await money(me)).integral_fen).toBe(1250)
    expect((await fetch(`${h.base}/pay/sandbox/Pnothing`)).status).toBe(404)
  })

  it('refuses a forged or unsigned notification and changes nothing', async () => {
    const me = await newUser(h)
    const o = await order(me, 800)
    const token = tokenOf(((await pay(me, o.id, 'alipay')).data as PayAnswer).code_url as string)
    expect((await notify(token, 800, 'f'.repeat(64))).http).toBe(401)
    expect((await notify(token, 800, sandboxSignature('another-secret-entirely', 'x'))).http).toBe(401)
    expect((await notify(token, 800, '')).http).toBe(401)
    // Signed, but not what we asked for.
    expect(await notify(token, 1)).toMatchObject({ http: 400 })
    expect(await notify('Pnosuchpayment', 800)).toMatchObject({ http: 400 })
    const garbage = await fetch(`${h.base}/pay/notify/sandbox`, {
      method: 'POST',
      headers: { [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(secret, 'not json') },
      body: 'not json',
    })
    expect(garbage.status).toBe(400)
    expect((await orderRow(o.id)).status).toBe(10)
    expect(
      await h.db
        .selectFrom('payments')
        .select(['status', 'paid_time'])
        .where('out_trade_no', '=', token)
        .execute(),
    ).toEqual([{ status: 10, paid_time: null }])
    expect(await money(me)).toEqual({ balance_fen: 0, integral_fen: 0 })
    // The true signature of the same body is believed.
    expect(await notify(token, 800)).toEqual({ http: 200, text: 'success' })
    expect((await orderRow(o.id)).status).toBe(20)
  })

  it('20 concurrent notifications change the order once', async () => {
    const me = await newUser(h)
    const o = await order(me, 4321)
    const token = tokenOf(((await pay(me, o.id, 'wechat')).data as PayAnswer).code_url as string)
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(token, 4321)))
    expect(answers.every((a) => a.http === 200 && a.text === 'success')).toBe(true)
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'wechat' })
    expect(await money(me)).toEqual({ balance_fen: 0, integral_fen: 4321 })
    expect(
      await h.db
        .selectFrom('payments')
        .select(['status', 'paid_time'])
        .where('order_id', '=', o.id)
        .execute(),
    ).toHaveLength(1)
  })

  it('a corporate transfer answers the account and leaves the order unpaid', async () => {
    const me = await newUser(h)
    const o = await order(me, 500)
    const r = await pay(me, o.id, 'union')
    expect(r.http).toBe(200)
    expect(r.data).toMatchObject({
      status: 10,
      tip: '付款后请联系业务经理确认',
      account: { name: site.fullName },
      deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    })
    expect((await orderRow(o.id)).status).toBe(10)
  })
})

describe('wallet top-up (Recharge/PostRechargeAppend, GetRechargePay, GetRecharge)', () => {
  it('credits the balance once with one income record', async () => {
    const me = await newUser(h)
    const other = await newUser(h)
    const made = await h.post<{ id: number }>(
      '/api/Recharge/PostRechargeAppend',
      { groups: 30, title: '余额充值', price: 88.8 },
      me.auth,
    )
    expect(made.status).toBe(200)
    const id = made.data.id
    const before = (await h.get<Recharge>('/api/Recharge/GetRecharge', { id }, me.auth)).data
    expect(before).toMatchObject({ id, price: 88.8, status: 10 })
    expect((await h.get('/api/Recharge/GetRecharge', { id }, other.auth)).http).toBe(404)
    expect((await h.get('/api/Recharge/GetRechargePay', { id, way: 'wechat' }, other.auth)).http).toBe(404)

    const paid = await h.get<PayAnswer>('/api/Recharge/GetRechargePay', { id, way: 'alipay' }, me.auth)
    expect(paid.data.status).toBe(10)
    const token = tokenOf(paid.data.code_url as string)
    expect(token).toMatch(/^R\d{14}[0-9a-f]{12}$/)
    // Started with Alipay: the same number is not started again with WeChat; Alipay again is fine.
    expect(await h.get('/api/Recharge/GetRechargePay', { id, way: 'wechat' }, me.auth)).toMatchObject({
      http: 400,
      data: '该充值已选择支付宝支付，请完成支付或重新发起充值',
    })
    expect(
      (await h.get<PayAnswer>('/api/Recharge/GetRechargePay', { id, way: 'alipay' }, me.auth)).http,
    ).toBe(200)
    const page = await (await fetch(`${h.base}/pay/sandbox/${token}`)).text()
    expect(page).toContain('¥88.80')
    expect(page).toContain('余额充值')

    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(token, 8880)))
    expect(answers.every((a) => a.http === 200)).toBe(true)
    expect((await money(me)).balance_fen).toBe(8880)
    expect(await records(me)).toEqual([
      { tag: 2, title: '余额充值', price_fen: 8880, code: token, order_id: null },
    ])
    expect((await h.get<Recharge>('/api/Recharge/GetRecharge', { id }, me.auth)).data.status).toBe(20)
    expect(await h.get('/api/Recharge/GetRechargePay', { id, way: 'wechat' }, me.auth)).toMatchObject({
      http: 400,
      data: '充值已到账',
    })
    // The income shows in the wallet's own list.
    const listed = await h.get<{ pageData: { tag: number; price: number }[] }>(
      '/api/Recharge/GetRechargePage',
      { tag: 2 },
      me.auth,
    )
    expect(listed.data.pageData).toEqual([expect.objectContaining({ tag: 2, price: 88.8 })])
  })

  it('refuses a bad amount, a bad group and no login', async () => {
    const me = await newUser(h)
    const append = (body: unknown, auth: Record<string, string> = me.auth) =>
      h.post('/api/Recharge/PostRechargeAppend', body, auth)
    // Each refused with its own message, never rounded or made positive (src/lib/rules/price.ts).
    for (const [price, data] of [
      [0, '充值金额须为0.01到50000元'],
      [50000.01, '充值金额须为0.01到50000元'],
      [-1, '充值金额不能为负数'],
      ['-1', '充值金额不能为负数'],
      [99.999, '充值金额最多两位小数'],
      [1.234, '充值金额最多两位小数'],
      ['abc', '充值金额须为数字'],
      [null, '请填写充值金额'],
    ] as const) {
      expect(await append({ groups: 30, price }), String(price)).toMatchObject({ http: 400, data })
    }
    expect(await h.db.selectFrom('payments').select('id').where('user_id', '=', me.id).execute()).toEqual([])
    expect(await append({ groups: 30, price: 50000 })).toMatchObject({ http: 200 })
    expect(await append({ groups: 10, price: 1 })).toMatchObject({ http: 400, data: '充值类型不正确' })
    expect((await append({ groups: 30, price: 1 }, {})).http).toBe(401)
    expect((await h.get('/api/Recharge/GetRecharge', { id: 1 })).http).toBe(401)
    expect((await h.get('/api/Recharge/GetRecharge', { id: 999_999_999 }, me.auth)).http).toBe(404)
  })
})

describe('npm run ops -- confirm-transfer', () => {
  it('marks an unpaid order paid by transfer, once', async () => {
    const me = await newUser(h)
    const o = await order(me, 66_600)
    const ref = `OPS${o.code}`
    // Short: recorded, still unpaid.
    expect(await ops(h.db, ['confirm-transfer', o.code, '600', `${ref}-1`, '某某医院'])).toContain('仍待付款')
    expect(await orderRow(o.id)).toEqual({ status: 10, pay_way: '' })
    expect(await ops(h.db, ['confirm-transfer', o.code, '666', ref, '某某医院', '2026-01-02'])).toContain(
      `订单 ${o.code} 已支付`,
    )
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'union' })
    expect(await money(me)).toEqual({ balance_fen: 0, integral_fen: 66_600 })
    const receipts = await h.db
      .selectFrom('transfer_receipts')
      .select(['amount_fen', 'reference', 'payer', 'received_at', 'outcome', 'staff_username'])
      .where('order_id', '=', o.id)
      .orderBy('id')
      .execute()
    expect(receipts.map((r) => [r.amount_fen, r.outcome, r.staff_username])).toEqual([
      [60_000, 'short', 'ops'],
      [66_600, 'matched', 'ops'],
    ])
    expect(receipts[1]).toMatchObject({ reference: ref, payer: '某某医院', received_at: '2026-01-02' })
    await expect(ops(h.db, ['confirm-transfer', o.code, '666', `${ref}-2`, '某某医院'])).rejects.toThrow(
      '不是待付款状态',
    )
    expect((await money(me)).integral_fen).toBe(66_600)
    await expect(
      ops(h.db, ['confirm-transfer', 'D00000000000000000', '1', `${ref}-3`, '某某医院']),
    ).rejects.toThrow('订单不存在')
    await expect(ops(h.db, ['confirm-transfer', o.code, '1.234', `${ref}-4`, 'x'])).rejects.toThrow(
      '最多两位小数',
    )
    await expect(ops(h.db, ['confirm-transfer'])).rejects.toBeInstanceOf(OpsError)
    await expect(ops(h.db, ['confirm-transfer', o.code])).rejects.toBeInstanceOf(OpsError)
    await expect(ops(h.db, ['confirm-transfer', 'a b', '1', 'R', 'P'])).rejects.toBeInstanceOf(OpsError)
  })
})

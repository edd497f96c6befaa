/**
 * 代客下单 (issue 40 item 1) through the real calls on both databases: a draft holds no stock;
 * sent, it is an ordinary unpaid order in the customer's list (stock held), priced at their level
 * with the staff discount stored; paid from the balance once; operators' discount capped at 5%;
 * a sent draft cannot be edited; sending twice at once makes one order.
 */
import { describe, expect, it } from 'vitest'
import { balanceOf, product, stockOf } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import { dbTime } from '../../time.ts'

const h = startServer()

/** A new customer at 9折 with an address and an invoice title of their own. */
async function customer() {
  const u = await newUser(h)
  await h.db.updateTable('users').set({ discount_tenths: 90 }).where('id', '=', u.id).execute()
  const at = dbTime(new Date())
  const address = await h.db
    .insertInto('addresses')
    .values({
      user_id: u.id,
      name: '王医生',
      tel: '13900000001',
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      address_detail: '文一西路 1 号',
      status: 1,
      create_time: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const invoice = await h.db
    .insertInto('invoice_infos')
    .values({
      user_id: u.id,
      types: '1',
      company_name: '杭州口腔诊所',
      company_code: '91330100X',
      create_time: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { ...u, addressId: address.id, invoiceId: invoice.id }
}

const unpaidOf = async (userId: number) =>
  h.db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('status', '=', 10).execute()

describe('代客下单', () => {
  it('a draft holds nothing; sent, the customer sees it 待付款 with stock held, pays once from the balance', async () => {
    const op = await staffSignIn(h, 'operator')
    const me = await customer()
    const p = await product(h.db, [{ priceFen: 20_000, stock: 10 }])
    const skuId = p.skuIds[0] as number
    const body = {
      userId: me.id,
      lines: [{ skuId, quantity: 2 }],
      discountPercent: 5,
      invoiceId: me.invoiceId,
    }
    const created = await h.post<{ id: number }>('/api/admin/draft-orders', body, op.auth)
    expect(created.status, JSON.stringify(created.data)).toBe(200)
    const { id } = created.data
    expect(Object.keys(created.data)).toEqual(['id'])
    expect(await stockOf(h.db, skuId)).toBe(10)
    expect(await unpaidOf(me.id)).toHaveLength(0)

    // The preview is the order to be: ¥400 at 9折 is ¥360, 5% off that is ¥18.
    const preview = await h.post<{ subtotal: number; memberOff: number; staffOff: number; total: number }>(
      '/api/admin/draft-orders/preview',
      { ...body, addressId: me.addressId },
      op.auth,
    )
    expect(preview.data).toMatchObject({ subtotal: 400, memberOff: 40, staffOff: 18 })
    const draft = await h.get<{ addressId: number; status: number }>(
      `/api/admin/draft-orders/${id}`,
      {},
      op.auth,
    )
    expect(draft.data).toMatchObject({ addressId: me.addressId, status: 0 })

    const sent = await h.post<{ code: string }>(`/api/admin/draft-orders/${id}/send`, {}, op.auth)
    expect(sent.status, JSON.stringify(sent.data)).toBe(200)
    expect(Object.keys(sent.data)).toEqual(['code'])
    const { code } = sent.data
    expect(await stockOf(h.db, skuId)).toBe(8)
    const [order] = await unpaidOf(me.id)
    expect(order).toMatchObject({
      code,
      cost_price_fen: 40_000,
      member_off_fen: 4_000,
      staff_off_fen: 1_800,
      tol_cost_fen: 34_200 + order!.shipping_fen,
      invoice_id: me.invoiceId,
      rec_name: '王医生',
    })
    // In the customer's own list as 待付款, with the discount in its price.
    const page = await h.get<{ pageData: { code: string; statusText: string; staffOff: number }[] }>(
      '/api/Orders/GetOrdersPage',
      { status: 10 },
      me.auth,
    )
    expect(page.data.pageData.find((o) => o.code === code)).toMatchObject({
      statusText: '待付款',
      staffOff: 18,
    })
    // Told in /message with the pay link.
    const notes = await h.db.selectFrom('notifications').selectAll().where('user_id', '=', me.id).execute()
    expect(notes.some((n) => n.content.includes(`/pay?id=${order!.id}`) && n.content.includes(code))).toBe(
      true,
    )
    expect((await auditOf(h, `draft-order:${id}`)).map((a) => a.action)).toEqual([
      'draft-order.send',
      'draft-order.create',
    ])

    // Paid from the balance, as any order: once.
    const total = order!.tol_cost_fen
    await h.db
      .updateTable('users')
      .set({ balance_fen: total + 500 })
      .where('id', '=', me.id)
      .execute()
    const pay = () => h.get('/api/Orders/GetOrdersPay', { id: order!.id, way: 'balance' }, me.auth)
    expect((await pay()).status).toBe(200)
    expect((await pay()).status).not.toBe(200)
    expect(await balanceOf(h.db, me.id)).toBe(500)
    const paid = await h.get<{ pageData: { code: string; statusText: string }[] }>(
      '/api/Orders/GetOrdersPage',
      { status: 20 },
      me.auth,
    )
    // Paid (status 20): the customer's list reads 待发货.
    expect(paid.data.pageData.find((o) => o.code === code)?.statusText).toBe('待发货')

    // Sent: no edit, no second send, no delete.
    const edit = await h.send(
      'PUT',
      `/api/admin/draft-orders/${id}`,
      { ...body, discountPercent: 0 },
      op.auth,
    )
    expect([edit.status, edit.data]).toEqual([400, '草稿已发送给客户，不能再修改'])
    expect((await h.post(`/api/admin/draft-orders/${id}/send`, {}, op.auth)).data).toBe(
      '草稿已发送给客户，不能重复发送',
    )
    expect((await h.send('DELETE', `/api/admin/draft-orders/${id}`, undefined, op.auth)).status).toBe(400)
  })

  it('caps an operator at 5% and lets the admin give 10%, refusing bad input clearly', async () => {
    const op = await staffSignIn(h, 'operator')
    const admin = await staffSignIn(h, 'admin')
    const me = await customer()
    const skuId = (await product(h.db, [{ priceFen: 10_000, stock: 5 }])).skuIds[0] as number
    const body = { userId: me.id, lines: [{ skuId, quantity: 1 }] }
    const over = await h.post('/api/admin/draft-orders', { ...body, discountPercent: 5.5 }, op.auth)
    expect([over.status, over.data]).toEqual([400, '运营人员的折扣不能超过5%，请联系管理员'])
    expect(
      (await h.post('/api/admin/draft-orders', { ...body, discountPercent: 100 }, admin.auth)).data,
    ).toBe('折扣须在0到100%之间（不含100%）')
    expect((await h.post('/api/admin/draft-orders', { ...body, lines: [] }, op.auth)).data).toBe('请添加商品')
    const bad = await h.post('/api/admin/draft-orders', { ...body, addressId: 999_999_999 }, op.auth)
    expect(bad.data).toBe('收货地址不存在')
    // finance holds no orders.draft
    const finance = await staffSignIn(h, 'finance')
    expect((await h.post('/api/admin/draft-orders', body, finance.auth)).status).toBe(403)

    const created = await h.post<{ id: number }>(
      '/api/admin/draft-orders',
      { ...body, discountPercent: 10 },
      admin.auth,
    )
    expect(created.status).toBe(200)
    // An operator may edit it but not keep a discount above their limit.
    const opEdit = await h.send(
      'PUT',
      `/api/admin/draft-orders/${created.data.id}`,
      { ...body, discountPercent: 10 },
      op.auth,
    )
    expect(opEdit.data).toBe('运营人员的折扣不能超过5%，请联系管理员')
    const sent = await h.post<{ code: string }>(
      `/api/admin/draft-orders/${created.data.id}/send`,
      {},
      admin.auth,
    )
    expect(sent.status).toBe(200)
    const o = await h.db
      .selectFrom('orders')
      .selectAll()
      .where('code', '=', sent.data.code)
      .executeTakeFirstOrThrow()
    // ¥100 at 9折 is ¥90; 10% of that is ¥9.
    expect([o.member_off_fen, o.staff_off_fen, o.tol_cost_fen - o.shipping_fen]).toEqual([1_000, 900, 8_100])
    const audit = await auditOf(h, `draft-order:${created.data.id}`)
    expect(audit.find((a) => a.action === 'draft-order.create')?.after).toMatchObject({ discountPercent: 10 })
  })

  it('is paid by 对公转账 like any order: the customer picks it, finance records the transfer (an operator may not)', async () => {
    const [op, fin] = [await staffSignIn(h, 'operator'), await staffSignIn(h, 'finance')]
    const me = await customer()
    const skuId = (await product(h.db, [{ priceFen: 10_000, stock: 5 }])).skuIds[0] as number
    const created = await h.post<{ id: number }>(
      '/api/admin/draft-orders',
      { userId: me.id, lines: [{ skuId, quantity: 1 }], discountPercent: 5 },
      op.auth,
    )
    const { code } = (
      await h.post<{ code: string }>(`/api/admin/draft-orders/${created.data.id}/send`, {}, op.auth)
    ).data
    const [order] = await unpaidOf(me.id)
    expect((await h.get('/api/Orders/GetOrdersPay', { id: order!.id, way: 'union' }, me.auth)).status).toBe(
      200,
    )
    const amount = (order!.tol_cost_fen / 100).toFixed(2)
    const receipt = { amount, reference: `DRAFT${Date.now()}`, payer: '杭州口腔诊所' }
    const byOperator = await h.post(`/api/admin/orders/${code}/confirm-transfer`, receipt, op.auth)
    expect(byOperator.http).toBe(403)
    const byFinance = await h.post<{ status: number }>(
      `/api/admin/orders/${code}/confirm-transfer`,
      receipt,
      fin.auth,
    )
    expect([byFinance.http, byFinance.data.status]).toEqual([200, 20])
  })

  it('sends a draft twice at once into one order, stock taken once; a deleted draft is gone', async () => {
    const op = await staffSignIn(h, 'operator')
    for (let round = 0; round < 3; round++) {
      const me = await customer()
      const skuId = (await product(h.db, [{ priceFen: 5_000, stock: 10 }])).skuIds[0] as number
      const created = await h.post<{ id: number }>(
        '/api/admin/draft-orders',
        { userId: me.id, lines: [{ skuId, quantity: 3 }] },
        op.auth,
      )
      const send = () =>
        h.post<{ code: string } | string>(`/api/admin/draft-orders/${created.data.id}/send`, {}, op.auth)
      const both = await Promise.all([send(), send()])
      expect(both.map((r) => r.status).sort()).toEqual([200, 400])
      expect(both.find((r) => r.status === 400)?.data).toBe('草稿已发送给客户，不能重复发送')
      expect(await unpaidOf(me.id)).toHaveLength(1)
      expect(await stockOf(h.db, skuId)).toBe(7)
    }
    const me = await customer()
    const skuId = (await product(h.db, [{ priceFen: 5_000, stock: 10 }])).skuIds[0] as number
    const created = await h.post<{ id: number }>(
      '/api/admin/draft-orders',
      { userId: me.id, lines: [{ skuId, quantity: 1 }] },
      op.auth,
    )
    expect(
      (await h.send('DELETE', `/api/admin/draft-orders/${created.data.id}`, undefined, op.auth)).data,
    ).toBe('删除成功')
    expect((await h.get(`/api/admin/draft-orders/${created.data.id}`, {}, op.auth)).status).toBe(404)
    expect(await stockOf(h.db, skuId)).toBe(10)
  })
  it("is priced at the customer's group price (协议价) where it is below their member price, then the staff discount", async () => {
    const [op, mk] = await Promise.all([staffSignIn(h, 'operator'), staffSignIn(h, 'marketing')])
    const me = await customer()
    const p = await product(h.db, [{ priceFen: 20_000, stock: 10 }])
    const skuId = p.skuIds[0] as number
    const group = await h.post<{ id: number }>(
      '/api/admin/customer-groups',
      { name: `合作医院${me.id}` },
      mk.auth,
    )
    await h.send('PUT', `/api/admin/customer-groups/${group.data.id}/members`, { userIds: [me.id] }, mk.auth)
    const list = await h.post(
      '/api/admin/price-lists',
      { groupId: group.data.id, title: '协议价', prices: [{ skuId, price: 150 }] },
      mk.auth,
    )
    expect(list.status, JSON.stringify(list.data)).toBe(200)
    const body = {
      userId: me.id,
      lines: [{ skuId, quantity: 2 }],
      discountPercent: 5,
      addressId: me.addressId,
    }
    // ¥400 list; 9折 would be ¥360; the group's ¥150 × 2 = ¥300 wins; 5% of ¥300 is ¥15.
    const preview = await h.post('/api/admin/draft-orders/preview', body, op.auth)
    expect(preview.data).toMatchObject({ subtotal: 400, groupOff: 100, memberOff: 0, staffOff: 15 })
    const { id } = (await h.post<{ id: number }>('/api/admin/draft-orders', body, op.auth)).data
    const { code } = (await h.post<{ code: string }>(`/api/admin/draft-orders/${id}/send`, {}, op.auth)).data
    const order = await h.db
      .selectFrom('orders')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
    expect(order).toMatchObject({ group_off_fen: 10_000, member_off_fen: 0, staff_off_fen: 1_500 })
    expect(Number(order.tol_cost_fen)).toBe(28_500 + Number(order.shipping_fen))
  })
})

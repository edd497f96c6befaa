/**
 * Marketing's product calls (issue 21) on a real server and database: a price change reaches
 * the product page and the listing's 起 price at once, stock adjustments and buyers at the same
 * time balance the books, listing on/off, the Chinese refusals and the audit rows. Who may call
 * what is the permission matrix's (staff/permissions.test.ts); operator is checked here too.
 */
import { describe, expect, it } from 'vitest'
import { OFF_SHELF } from '../../../src/lib/constants.ts'
import { product, stockOf } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { ADDRESS } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import type { AdminProduct, AdminProductRow, AdminSku } from './catalog.admin-routes.ts'

const h = startServer()
type Paged<T> = { pageData: T[]; pageTotal: number }
type Detail = { priceMin: number; skuList: { id: number; title: string; price: number; stock: number }[] }

describe('SKU price', () => {
  it('changes the product page and the listing 起 price together, audited', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await product(h.db, [
      { priceFen: 3590, stock: 5 },
      { priceFen: 4590, stock: 5 },
    ])
    const [cheap] = p.skuIds as [number, number]
    const listed = async () =>
      (
        await h.get<Paged<{ id: number; priceMin: number }>>('/api/ProductSpu/GetProductSpuPage', {
          title: p.title,
        })
      ).data.pageData[0]?.priceMin
    const page = async () => (await h.get<Detail>('/api/ProductSpu/GetProductSpu', { id: p.spuId })).data
    expect(await listed()).toBe(35.9) // read once, so the read cache holds the old answer

    const r = await h.send<AdminSku>('PATCH', `/api/admin/skus/${cheap}`, { price: '32.9' }, mk.auth)
    expect(r.status).toBe(200)
    expect(r.data).toMatchObject({ id: cheap, price: 32.9 })
    expect(await listed()).toBe(32.9)
    expect(await page()).toMatchObject({ priceMin: 32.9 })
    expect((await page()).skuList.find((s) => s.id === cheap)?.price).toBe(32.9)

    // The cheapest SKU grows dearer than the other: the 起 price follows the other one.
    await h.send('PATCH', `/api/admin/skus/${cheap}`, { price: 50 }, mk.auth)
    expect(await listed()).toBe(45.9)
    const a = await auditOf(h, `sku:${cheap}`)
    expect(a[0]).toMatchObject({
      staff: 'marketing',
      action: 'sku.edit',
      before: { price: 32.9 },
      after: { price: 50 },
    })
    const admin = await h.get<AdminProduct>(`/api/admin/products/${p.spuId}`, {}, mk.auth)
    expect(admin.data).toMatchObject({ priceMin: 45.9, stock: 10, skuCount: 2 })
    expect(admin.data.skus.map((s) => s.price)).toEqual([50, 45.9])
  })

  it('refuses a bad price with the price rule, in Chinese; an unknown SKU is 404', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const [sku] = (await product(h.db, [{ priceFen: 1000, stock: 1 }])).skuIds as [number]
    for (const [price, msg] of [
      ['-1', '价格不能为负数'],
      ['99.999', '价格最多两位小数'],
      ['', '请填写价格'],
      ['abc', '价格须为数字'],
    ] as const) {
      const r = await h.send('PATCH', `/api/admin/skus/${sku}`, { price }, mk.auth)
      expect([r.status, r.data]).toEqual([400, msg])
    }
    expect((await h.send('PATCH', '/api/admin/skus/999999999', { price: 1 }, mk.auth)).data).toBe(
      '规格不存在',
    )
  })

  it('answers 403 没有权限 to an operator, and changes nothing', async () => {
    const op = await staffSignIn(h, 'operator')
    const [sku] = (await product(h.db, [{ priceFen: 1000, stock: 1 }])).skuIds as [number]
    const r = await h.send('PATCH', `/api/admin/skus/${sku}`, { price: 1 }, op.auth)
    expect([r.status, r.data]).toEqual([403, '没有权限'])
    const s = await h.post(`/api/admin/skus/${sku}/stock`, { delta: 5, reason: '盘点' }, op.auth)
    expect([s.status, s.data]).toEqual([403, '没有权限'])
    expect(await stockOf(h.db, sku)).toBe(1)
  })
})

describe('stock adjustments', () => {
  it('adds a delta with a reason, booked; refuses going negative and bad input in Chinese', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const [sku] = (await product(h.db, [{ priceFen: 1000, stock: 3 }])).skuIds as [number]
    const r = await h.post<{ stock: number }>(
      `/api/admin/skus/${sku}/stock`,
      { delta: 7, reason: '到货' },
      mk.auth,
    )
    expect([r.status, r.data.stock]).toEqual([200, 10])
    const no = await h.post(`/api/admin/skus/${sku}/stock`, { delta: -11, reason: '盘点' }, mk.auth)
    expect([no.status, no.data]).toEqual([409, '库存不足，调整后库存不能为负数'])
    for (const [body, msg] of [
      [{ delta: 0, reason: 'x' }, '调整数量不能为0'],
      [{ delta: 1.5, reason: 'x' }, '调整数量须为整数'],
      [{ reason: 'x' }, '请填写调整数量'],
      [{ delta: 2 }, '请填写调整原因'],
    ] as const) {
      const bad = await h.post(`/api/admin/skus/${sku}/stock`, body, mk.auth)
      expect([bad.status, bad.data]).toEqual([400, msg])
    }
    expect(await stockOf(h.db, sku)).toBe(10)
    const book = await h.db.selectFrom('stock_adjustments').selectAll().where('sku_id', '=', sku).execute()
    expect(book).toMatchObject([{ delta: 7, stock_after: 10, reason: '到货', username: 'marketing' }])
    expect((await auditOf(h, `sku:${sku}`))[0]).toMatchObject({
      staff: 'marketing',
      action: 'sku.stock',
      after: { delta: 7, stock: 10, reason: '到货' },
    })
  })

  it('one adjustment sent three times at once (its form’s requestId) moves the stock once; a retry after a debit is not refused', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const [sku, other] = (
      await product(h.db, [
        { priceFen: 1000, stock: 3 },
        { priceFen: 1000, stock: 3 },
      ])
    ).skuIds as [number, number]
    const send = (id: number, body: Record<string, unknown>) =>
      h.post<{ stock: number }>(`/api/admin/skus/${id}/stock`, body, mk.auth)
    const body = { delta: -3, reason: '报损', requestId: crypto.randomUUID() }
    const three = await Promise.all([send(sku, body), send(sku, body), send(sku, body)])
    expect(three.map((r) => [r.status, r.data.stock])).toEqual([
      [200, 0],
      [200, 0],
      [200, 0],
    ])
    expect(await stockOf(h.db, sku)).toBe(0)
    // Sent again later (its answer was lost): the same answer, not 库存不足.
    expect(await send(sku, body)).toMatchObject({ status: 200, data: { stock: 0 } })
    const book = await h.db.selectFrom('stock_adjustments').selectAll().where('sku_id', '=', sku).execute()
    expect(book).toMatchObject([{ delta: -3, stock_after: 0, request_id: body.requestId }])
    expect(await auditOf(h, `sku:${sku}`)).toHaveLength(1)
    expect(await send(other, body)).toMatchObject({ status: 409, data: '请求编号已用于另一个规格的调整' })
    expect(await stockOf(h.db, other)).toBe(3)
    expect(await send(other, { delta: 1, reason: 'x', requestId: '短' })).toMatchObject({
      status: 400,
      data: '请求编号格式不正确',
    })
  })

  it('20 adjustments and 50 buyers at once: stock = start + adjustments − sold, never negative', async () => {
    const [mk, mk2] = await Promise.all([staffSignIn(h, 'marketing'), staffSignIn(h, 'admin')])
    // Ten buyers of five orders each: none reaches the unpaid-orders cap (UNPAID_ORDERS_CAP), so
    // stock alone decides who buys, whichever order the adjustments land in.
    const buyers = await Promise.all(Array.from({ length: 10 }, () => newUser(h)))
    const p = await product(h.db, [{ priceFen: 1000, stock: 20 }])
    const sku = p.skuIds[0] as number
    const deltas = Array.from({ length: 20 }, (_, i) => (i % 2 ? -6 : 4))
    const [adjusted, bought] = await Promise.all([
      Promise.all(
        deltas.map((delta, i) =>
          h.post<{ stock: number } | string>(
            `/api/admin/skus/${sku}/stock`,
            { delta, reason: `并发${i}` },
            (i % 2 ? mk : mk2).auth,
          ),
        ),
      ),
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          h.post(
            '/api/Orders/PostOrdersAppend',
            { ...ADDRESS, list: [{ skuId: sku, quantity: 1 }] },
            buyers[i % 10]!.auth,
          ),
        ),
      ),
    ])
    const accepted = deltas.filter((_, i) => adjusted[i]?.status === 200)
    for (const a of adjusted) {
      if (a.status === 200) expect((a.data as { stock: number }).stock).toBeGreaterThanOrEqual(0)
      else expect([a.status, a.data]).toEqual([409, '库存不足，调整后库存不能为负数'])
    }
    const sold = bought.filter((b) => b.status === 200).length
    for (const b of bought) if (b.status !== 200) expect(b.data).toBe(`${p.title} 规格0库存不足`)
    const final = await stockOf(h.db, sku)
    expect(final).toBe(20 + accepted.reduce((s, d) => s + d, 0) - sold)
    expect(final).toBeGreaterThanOrEqual(0)
    const book = await h.db
      .selectFrom('stock_adjustments')
      .select(['delta'])
      .where('sku_id', '=', sku)
      .execute()
    expect(book.map((b) => Number(b.delta)).sort()).toEqual([...accepted].sort())
    const items = await h.db
      .selectFrom('order_items')
      .select((e) => e.fn.sum<number>('quantity').as('n'))
      .where('sku_id', '=', sku)
      .executeTakeFirstOrThrow()
    expect(Number(items.n ?? 0)).toBe(sold)
  })
})

describe('products', () => {
  it('lists with filters; unlisting takes it off the site with 当前商品已经下架, once', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await product(h.db, [{ priceFen: 1000, stock: 3 }])
    const list = (q: Record<string, string>) =>
      h.get<Paged<AdminProductRow>>('/api/admin/products', { title: p.title, ...q }, mk.auth)
    expect((await list({})).data.pageData).toMatchObject([
      { id: p.spuId, listed: true, stock: 3, stockMin: 3 },
    ])
    expect((await list({ low: '1' })).data.pageTotal).toBe(1)
    expect((await list({ listed: '0' })).data.pageTotal).toBe(0)

    const off = await h.post<AdminProduct>(
      `/api/admin/products/${p.spuId}/listing`,
      { listed: false },
      mk.auth,
    )
    expect([off.status, off.data.listed]).toEqual([200, false])
    const again = await h.post(`/api/admin/products/${p.spuId}/listing`, { listed: false }, mk.auth)
    expect([again.status, again.data]).toEqual([409, '商品已下架'])
    expect((await list({ listed: '0' })).data.pageTotal).toBe(1)
    const pub = await h.get('/api/ProductSpu/GetProductSpu', { id: p.spuId })
    expect([pub.status, pub.data]).toEqual([404, OFF_SHELF])
    expect(
      (await h.get<Paged<unknown>>('/api/ProductSpu/GetProductSpuPage', { title: p.title })).data.pageTotal,
    ).toBe(0)
    expect((await auditOf(h, `product:${p.spuId}`))[0]).toMatchObject({ action: 'product.unlist' })

    await h.post(`/api/admin/products/${p.spuId}/listing`, { listed: true }, mk.auth)
    expect((await h.get('/api/ProductSpu/GetProductSpu', { id: p.spuId })).status).toBe(200)
  })
})

describe('product text and SKUs', () => {
  it('edits the title and subtitle; the public page follows', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await product(h.db, [{ priceFen: 1000, stock: 1 }])
    const title = `新名称${Date.now()}`
    const r = await h.send<AdminProduct>(
      'PATCH',
      `/api/admin/products/${p.spuId}`,
      { title, subTitle: '副' },
      mk.auth,
    )
    expect(r.data).toMatchObject({ title, subTitle: '副' })
    const pub = await h.get<{ title: string; subTitle: string }>('/api/ProductSpu/GetProductSpu', {
      id: p.spuId,
    })
    expect(pub.data).toMatchObject({ title, subTitle: '副' })
    const empty = await h.send('PATCH', `/api/admin/products/${p.spuId}`, { title: ' ' }, mk.auth)
    expect([empty.status, empty.data]).toEqual([400, '请填写商品名称'])
    expect((await auditOf(h, `product:${p.spuId}`))[0]).toMatchObject({
      action: 'product.edit',
      after: { title },
    })
  })

  it('adds a SKU (起 price follows) and removes one no open order holds; the last one stays', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const buyer = await newUser(h)
    const p = await product(h.db, [
      { priceFen: 5000, stock: 5 },
      { priceFen: 6000, stock: 5 },
    ])
    const [held, free] = p.skuIds as [number, number]
    const added = await h.post<AdminSku>(
      `/api/admin/products/${p.spuId}/skus`,
      { title: '特惠装', price: '12.5' },
      mk.auth,
    )
    expect(added.data).toMatchObject({ title: '特惠装', price: 12.5, stock: 0 })
    const detail = async () => (await h.get<Detail>('/api/ProductSpu/GetProductSpu', { id: p.spuId })).data
    expect((await detail()).priceMin).toBe(12.5)
    const noTitle = await h.post(`/api/admin/products/${p.spuId}/skus`, { price: '1' }, mk.auth)
    expect([noTitle.status, noTitle.data]).toEqual([400, '请填写规格名称'])
    // Two 特惠装 would be two identical buttons on the product page: added or renamed, refused.
    const twice = await h.post(
      `/api/admin/products/${p.spuId}/skus`,
      { title: '特惠装', price: '9' },
      mk.auth,
    )
    expect([twice.status, twice.data]).toEqual([409, '该商品已有规格“特惠装”，请换一个名称'])
    const renamed = await h.send('PATCH', `/api/admin/skus/${free}`, { title: '特惠装' }, mk.auth)
    expect([renamed.status, renamed.data]).toEqual([409, '该商品已有规格“特惠装”，请换一个名称'])
    expect(
      (await h.send('PATCH', `/api/admin/skus/${added.data.id}`, { title: '特惠装', price: '12.5' }, mk.auth))
        .status,
    ).toBe(200)
    expect((await detail()).skuList.filter((k) => k.title === '特惠装')).toHaveLength(1)

    const order = await h.post(
      '/api/Orders/PostOrdersAppend',
      { ...ADDRESS, list: [{ skuId: held, quantity: 1 }] },
      buyer.auth,
    )
    expect(order.status).toBe(200)
    const refused = await h.send('DELETE', `/api/admin/skus/${held}`, undefined, mk.auth)
    expect([refused.status, refused.data]).toEqual([409, '该规格有未完成的订单，不能删除'])

    for (const id of [free, added.data.id])
      expect((await h.send('DELETE', `/api/admin/skus/${id}`, undefined, mk.auth)).status).toBe(200)
    const after = await detail()
    expect(after.skuList.map((s) => s.id)).toEqual([held])
    expect(after.priceMin).toBe(50)
    const buyRemoved = await h.post(
      '/api/Orders/PostOrdersAppend',
      { ...ADDRESS, list: [{ skuId: free, quantity: 1 }] },
      buyer.auth,
    )
    expect([buyRemoved.status, buyRemoved.data]).toEqual([400, OFF_SHELF])
    expect((await h.send('PATCH', `/api/admin/skus/${free}`, { price: 1 }, mk.auth)).status).toBe(404)
    const last = await h.send('DELETE', `/api/admin/skus/${held}`, undefined, mk.auth)
    expect([last.status, last.data]).toEqual([409, '商品至少保留一个规格'])
    expect((await auditOf(h, `sku:${free}`))[0]).toMatchObject({ action: 'sku.remove', staff: 'marketing' })
  })

  it('removing the last two SKUs at once keeps one, and a SKU bought meanwhile is never removed', async () => {
    const mk = await staffSignIn(h, 'marketing')
    for (let round = 0; round < 5; round++) {
      const p = await product(h.db, [
        { priceFen: 100, stock: 5 },
        { priceFen: 200, stock: 5 },
      ])
      const answers = await Promise.all(
        (p.skuIds as number[]).map((id) => h.send('DELETE', `/api/admin/skus/${id}`, undefined, mk.auth)),
      )
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
      const left = await h.db
        .selectFrom('product_skus')
        .select('id')
        .where('spu_id', '=', p.spuId)
        .where('removed_time', 'is', null)
        .execute()
      expect(left).toHaveLength(1)
    }
    // A buyer and a removal of the same SKU at once: either the order is refused or the SKU stays.
    const buyer = await newUser(h)
    for (let round = 0; round < 5; round++) {
      const p = await product(h.db, [
        { priceFen: 100, stock: 5 },
        { priceFen: 200, stock: 5 },
      ])
      const sku = p.skuIds[0] as number
      const [order, removal] = await Promise.all([
        h.post(
          '/api/Orders/PostOrdersAppend',
          { ...ADDRESS, list: [{ skuId: sku, quantity: 1 }] },
          buyer.auth,
        ),
        h.send('DELETE', `/api/admin/skus/${sku}`, undefined, mk.auth),
      ])
      expect(order.status === 200 && removal.status === 200).toBe(false)
    }
  })
})

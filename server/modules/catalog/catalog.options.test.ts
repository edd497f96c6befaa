/**
 * Options and SKU codes (issue 40 item 3) on a real server and database: a 2×2 option matrix
 * makes its SKUs with unique 货号, a code another SKU has is refused in Chinese and changes
 * nothing, editing the options keeps the SKUs whose combination stays (their stock), removes the
 * rest (not one an open order holds), the public product detail carries the options, and two
 * saves at once make the SKUs once.
 */
import { describe, expect, it } from 'vitest'
import { skuCodeTaken } from '../../../src/lib/rules/options.ts'
import { product, stockOf } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { ADDRESS, placeOrder } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import type { AdminProduct } from './catalog.admin-routes.ts'

const h = startServer()
type Auth = Record<string, string>
type Detail = {
  options: { name: string; values: string[] }[]
  skuList: { id: number; title: string; code: string; options: string[]; stock: number; price: number }[]
}
type Row = { id?: number; values: string[]; code?: string; barcode?: string; price: string; stock?: string }

const save = (spuId: number, options: { name: string; values: string[] }[], skus: Row[], auth: Auth) =>
  h.send<AdminProduct>('PUT', `/api/admin/products/${spuId}/options`, { options, skus }, auth)
const detail = async (id: number) => (await h.get<Detail>('/api/ProductSpu/GetProductSpu', { id })).data
const unique = () =>
  `T${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toUpperCase()

const SIZE = { name: '规格', values: ['小号', '大号'] }
const PACK = { name: '包装', values: ['单支', '10支装'] }

/** A listed product of its own with two SKUs in stock (12 and 7), as products were before options. */
async function twoSkuProduct() {
  const p = await product(h.db, [
    { priceFen: 1000, stock: 12 },
    { priceFen: 2000, stock: 7 },
  ])
  return { ...p, small: p.skuIds[0] as number, large: p.skuIds[1] as number }
}

describe('options and SKU codes (PUT /api/admin/products/{id}/options)', () => {
  it('a 2×2 matrix makes four SKUs with unique codes; kept SKUs keep their stock; the public detail carries the options', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await twoSkuProduct()
    const code = unique()
    const r = await save(
      p.spuId,
      [SIZE, PACK],
      [
        { id: p.small, values: ['小号', '单支'], code: `${code}-1`, barcode: '6901234567890', price: '10' },
        { values: ['小号', '10支装'], code: `${code}-2`, price: '90', stock: '5' },
        { id: p.large, values: ['大号', '单支'], code: '', price: '20' },
        { values: ['大号', '10支装'], price: '180' },
      ],
      mk.auth,
    )
    expect(r.http).toBe(200)
    expect(r.data.options).toEqual([SIZE, PACK])
    const skus = r.data.skus
    expect(skus.map((s) => s.options)).toEqual([
      ['小号', '单支'],
      ['小号', '10支装'],
      ['大号', '单支'],
      ['大号', '10支装'],
    ])
    expect(skus.map((s) => s.title)).toEqual(['小号 单支', '小号 10支装', '大号 单支', '大号 10支装'])
    // Every SKU has a code, none twice; typed ones as typed, the others generated.
    const codes = skus.map((s) => s.code)
    expect(codes.every(Boolean)).toBe(true)
    expect(new Set(codes).size).toBe(4)
    expect(codes.slice(0, 2)).toEqual([`${code}-1`, `${code}-2`])
    expect(skus[0]?.barcode).toBe('6901234567890')
    // The SKUs from before are the same rows with their stock; the new ones open with theirs.
    expect(skus[0]).toMatchObject({ id: p.small, stock: 12, price: 10 })
    expect(skus[2]).toMatchObject({ id: p.large, stock: 7, price: 20 })
    expect(skus[1]?.stock).toBe(5)
    expect(skus[3]?.stock).toBe(0)
    expect(r.data.priceMin).toBe(10)
    // The opening stock is in the stock book.
    const booked = await h.db
      .selectFrom('stock_adjustments')
      .select(['delta', 'reason'])
      .where('sku_id', '=', skus[1]?.id as number)
      .execute()
    expect(booked).toEqual([{ delta: 5, reason: '新规格入库' }])

    await expect.poll(async () => (await detail(p.spuId)).options, { timeout: 5000 }).toEqual([SIZE, PACK])
    const pub = await detail(p.spuId)
    expect(pub.skuList.map((s) => [s.code, s.options, s.stock])).toEqual(
      skus.map((s) => [s.code, s.options, s.stock]),
    )
    expect((await auditOf(h, `product:${p.spuId}`))[0]).toMatchObject({
      staff: 'marketing',
      action: 'product.options',
      after: { options: [SIZE, PACK] },
    })

    // The product list finds it by a 货号.
    const found = await h.get<{ pageData: { id: number }[] }>(
      '/api/admin/products',
      { title: `${code}-2` },
      mk.auth,
    )
    expect(found.data.pageData.map((x) => x.id)).toEqual([p.spuId])
  })

  it('refuses a code another SKU has, and a code twice in one matrix; nothing changes', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const a = await twoSkuProduct()
    const b = await twoSkuProduct()
    const code = unique()
    expect(
      (
        await save(
          a.spuId,
          [SIZE],
          [
            { id: a.small, values: ['小号'], code, price: '10' },
            { id: a.large, values: ['大号'], price: '20' },
          ],
          mk.auth,
        )
      ).http,
    ).toBe(200)
    const taken = await save(
      b.spuId,
      [PACK],
      [
        { id: b.small, values: ['单支'], code, price: '1' },
        { id: b.large, values: ['10支装'], price: '9' },
      ],
      mk.auth,
    )
    expect(taken.status).toBe(409)
    expect(taken.data).toBe(skuCodeTaken(code))
    const twice = await save(
      b.spuId,
      [PACK],
      [
        { id: b.small, values: ['单支'], code: `${code}X`, price: '1' },
        { id: b.large, values: ['10支装'], code: `${code}X`, price: '9' },
      ],
      mk.auth,
    )
    expect(twice.status).toBe(400)
    expect(twice.data).toBe(skuCodeTaken(`${code}X`))
    // b is as it was: its two SKUs, their titles and prices, no options of its own.
    const after = (await h.get<AdminProduct>(`/api/admin/products/${b.spuId}`, {}, mk.auth)).data
    expect(after.skus.map((s) => [s.id, s.title, s.price, s.stock])).toEqual([
      [b.small, '规格0', 10, 12],
      [b.large, '规格1', 20, 7],
    ])
    expect(after.options).toEqual([{ name: '规格', values: ['规格0', '规格1'] }])
  })

  it('editing the options keeps the SKUs whose combination stays, with their stock, and removes the rest', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await twoSkuProduct()
    const first = await save(
      p.spuId,
      [SIZE, PACK],
      [
        { id: p.small, values: ['小号', '单支'], price: '10' },
        { values: ['小号', '10支装'], price: '90', stock: '3' },
        { id: p.large, values: ['大号', '单支'], price: '20' },
        { values: ['大号', '10支装'], price: '180' },
      ],
      mk.auth,
    )
    expect(first.http).toBe(200)
    const ids = first.data.skus.map((s) => s.id)
    // 中号 added, 大号 taken away: rows sent by combination only (no ids), as an import would.
    const sizes = { name: '规格', values: ['小号', '中号'] }
    const second = await save(
      p.spuId,
      [sizes, PACK],
      [
        { values: ['小号', '单支'], price: '11' },
        { values: ['小号', '10支装'], price: '90' },
        { values: ['中号', '单支'], price: '15', stock: '4' },
        { values: ['中号', '10支装'], price: '130' },
      ],
      mk.auth,
    )
    expect(second.http).toBe(200)
    const skus = second.data.skus
    expect(skus.slice(0, 2).map((s) => [s.id, s.stock])).toEqual([
      [ids[0], 12],
      [ids[1], 3],
    ])
    expect(skus[0]?.price).toBe(11)
    expect(skus.slice(2).map((s) => s.stock)).toEqual([4, 0])
    expect(skus.slice(2).every((s) => !ids.includes(s.id))).toBe(true)
    // 大号's rows stay for the orders and books that name them, marked removed, their stock kept.
    const removed = await h.db
      .selectFrom('product_skus')
      .select(['id', 'stock', 'removed_time'])
      .where('id', 'in', [ids[2] as number, ids[3] as number])
      .orderBy('id')
      .execute()
    expect(removed.map((r) => [r.id, Number(r.stock), r.removed_time !== null])).toEqual([
      [ids[2], 7, true],
      [ids[3], 0, true],
    ])
    expect((await auditOf(h, `product:${p.spuId}`))[0]).toMatchObject({
      action: 'product.options',
      after: {
        removed: [expect.objectContaining({ id: ids[2], stock: 7 }), expect.objectContaining({ id: ids[3] })],
      },
    })
    expect(await stockOf(h.db, ids[0] as number)).toBe(12)
  })

  it('two saves of the same matrix at once make its SKUs once and book the opening stock once', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await twoSkuProduct()
    const rows: Row[] = [
      { id: p.small, values: ['小号', '单支'], price: '10' },
      { values: ['小号', '10支装'], price: '90', stock: '6' },
      { id: p.large, values: ['大号', '单支'], price: '20' },
      { values: ['大号', '10支装'], price: '180', stock: '2' },
    ]
    const both = await Promise.all([
      save(p.spuId, [SIZE, PACK], rows, mk.auth),
      save(p.spuId, [SIZE, PACK], rows, mk.auth),
    ])
    expect(both.map((r) => r.http)).toEqual([200, 200])
    const live = await h.db
      .selectFrom('product_skus')
      .select(['id', 'stock'])
      .where('spu_id', '=', p.spuId)
      .where('removed_time', 'is', null)
      .orderBy('sort')
      .execute()
    expect(live.map((s) => Number(s.stock))).toEqual([12, 6, 7, 2])
    const booked = await h.db
      .selectFrom('stock_adjustments')
      .select('delta')
      .where(
        'sku_id',
        'in',
        live.map((s) => s.id),
      )
      .execute()
    expect(booked.map((b) => b.delta).sort()).toEqual([2, 6])
  })

  it('does not remove a SKU an open order holds: the save is refused and nothing changes', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const buyer = await newUser(h)
    const order = await placeOrder(h, buyer)
    const spuId = (
      await h.db
        .selectFrom('product_skus')
        .select('spu_id')
        .where('id', '=', order.skuId)
        .executeTakeFirstOrThrow()
    ).spu_id
    const r = await save(spuId, [SIZE], [{ values: ['小号'], price: '10' }], mk.auth)
    expect([r.status, r.data]).toEqual([409, '规格“规格0”有未完成的订单，不能删除'])
    const live = await h.db
      .selectFrom('product_skus')
      .select(['id', 'title'])
      .where('spu_id', '=', spuId)
      .where('removed_time', 'is', null)
      .execute()
    expect(live).toEqual([{ id: order.skuId, title: '规格0' }])
  })

  it('a buyer and a save that takes the SKU away at once: either the order is refused or the SKU stays', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const buyer = await newUser(h)
    for (let round = 0; round < 4; round++) {
      const p = await twoSkuProduct()
      const [order, saved] = await Promise.all([
        h.post(
          '/api/Orders/PostOrdersAppend',
          { ...ADDRESS, list: [{ skuId: p.small, quantity: 1 }] },
          buyer.auth,
        ),
        save(p.spuId, [SIZE], [{ id: p.large, values: ['大号'], price: '20' }], mk.auth),
      ])
      expect(order.status === 200 && saved.status === 200).toBe(false)
      const small = await h.db
        .selectFrom('product_skus')
        .select(['stock', 'removed_time'])
        .where('id', '=', p.small)
        .executeTakeFirstOrThrow()
      // Sold: still live, its stock taken once; removed: not sold, its stock as it was.
      const outcome = [small.removed_time === null, Number(small.stock)]
      expect(outcome).toEqual(order.status === 200 ? [true, 11] : [false, 12])
    }
  })

  it('refuses a matrix whose rows do not fit its options, in Chinese', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await twoSkuProduct()
    const bad = await save(p.spuId, [SIZE], [{ values: ['中号'], price: '1' }], mk.auth)
    expect([bad.status, bad.data]).toEqual([400, '规格组合“中号”与选项不符'])
    const none = await save(p.spuId, [], [], mk.auth)
    expect([none.status, none.data]).toEqual([400, '请至少添加一个选项'])
  })
})

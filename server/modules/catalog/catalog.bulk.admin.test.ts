/**
 * The product list's bulk 上架 / 下架 (issue 37) on a real server and database: each changed
 * product is audited and marks its pages as the single call does; one unknown id refuses the
 * whole call in Chinese with nothing changed; marketing may, an operator may not.
 */
import { describe, expect, it } from 'vitest'
import { product } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import { changesSince, latestChange } from '../../changes.ts'
import type { BulkListingAnswer } from './catalog.bulk.admin-routes.ts'

const h = startServer()
const PATH = '/api/admin/products/listing'

const listedOf = async (id: number) =>
  (await h.db.selectFrom('product_spus').select('ext').where('id', '=', id).executeTakeFirstOrThrow()).ext

describe('bulk listing', () => {
  it('unlists and lists the chosen products, each audited and its pages marked; ones already so are passed over', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const a = await product(h.db, [{ priceFen: 1000, stock: 3 }])
    const b = await product(h.db, [{ priceFen: 2000, stock: 3 }])
    const listedExt = await listedOf(a.spuId)
    const since = await latestChange(h.db)

    const off = await h.post<BulkListingAnswer>(PATH, { ids: [b.spuId, a.spuId], listed: false }, mk.auth)
    expect([off.status, off.data]).toEqual([200, { changed: [a.spuId, b.spuId].sort((x, y) => x - y) }])
    for (const p of [a, b]) {
      expect(await listedOf(p.spuId)).not.toBe(listedExt)
      expect((await h.get('/api/ProductSpu/GetProductSpu', { id: p.spuId })).status).toBe(404)
      expect((await auditOf(h, `product:${p.spuId}`))[0]).toMatchObject({
        staff: 'marketing',
        action: 'product.unlist',
        before: { listed: true },
        after: { listed: false },
      })
    }
    const { tags } = await changesSince(h.db, since)
    expect(tags).toEqual(
      expect.arrayContaining([`product:${a.spuId}`, `product:${b.spuId}`, 'list:product', 'home']),
    )

    // a back on the shelf alone; b, already off, is passed over (no second audit row).
    await h.post(`/api/admin/products/${a.spuId}/listing`, { listed: true }, mk.auth)
    const again = await h.post<BulkListingAnswer>(PATH, { ids: [a.spuId, b.spuId], listed: false }, mk.auth)
    expect(again.data).toEqual({ changed: [a.spuId] })
    expect(
      (await auditOf(h, `product:${b.spuId}`)).filter((r) => r.action === 'product.unlist'),
    ).toHaveLength(1)

    const on = await h.post<BulkListingAnswer>(PATH, { ids: [a.spuId, b.spuId], listed: true }, mk.auth)
    expect(on.data.changed).toHaveLength(2)
    expect((await h.get('/api/ProductSpu/GetProductSpu', { id: b.spuId })).status).toBe(200)
  })

  it('refuses an unknown product in Chinese and changes none; refuses an operator and an empty or oversized choice', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await product(h.db, [{ priceFen: 1000, stock: 3 }])
    const before = await listedOf(p.spuId)
    const since = await latestChange(h.db)

    const unknown = await h.post(PATH, { ids: [p.spuId, 999999999], listed: false }, mk.auth)
    expect([unknown.status, unknown.data]).toEqual([404, '商品不存在或已删除'])
    expect(await listedOf(p.spuId)).toBe(before)
    expect((await auditOf(h, `product:${p.spuId}`)).filter((r) => r.action === 'product.unlist')).toEqual([])
    expect((await changesSince(h.db, since)).tags).not.toContain(`product:${p.spuId}`)

    const op = await staffSignIn(h, 'operator')
    const refused = await h.post(PATH, { ids: [p.spuId], listed: false }, op.auth)
    expect([refused.http, refused.data]).toEqual([403, '没有权限'])
    expect(await listedOf(p.spuId)).toBe(before)

    const none = await h.post(PATH, { ids: [], listed: false }, mk.auth)
    expect([none.status, none.data]).toEqual([400, '请选择商品'])
    const many = Array.from({ length: 101 }, (_, i) => i + 1)
    const tooMany = await h.post(PATH, { ids: many, listed: false }, mk.auth)
    expect([tooMany.status, tooMany.data]).toEqual([400, '一次最多选择100个商品'])
  })
})

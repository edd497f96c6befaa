import { describe, expect, it } from 'vitest'
import { LISTED } from '../../../src/lib/constants.ts'
import { startServer } from '../../../tests/api/harness.ts'
import type { z } from '../../contract/index.ts'
import type { Paged } from '../../db/sql.ts'
import type { SpuCard, SpuDetail } from './catalog.routes.ts'

type Card = z.infer<typeof SpuCard>
const h = startServer()

async function all(q: Record<string, string | number>) {
  const items: Card[] = []
  for (let i = 0; ; i++) {
    const r = await h.get<Paged<Card>>('/api/ProductSpu/GetProductSpuPage', {
      ...q,
      pageIndex: i,
      pageSize: 50,
    })
    expect(r.status).toBe(200)
    items.push(...r.data.pageData)
    if (items.length >= r.data.pageTotal || r.data.pageData.length === 0) return items
  }
}

describe('ProductSpu', () => {
  it('lists at least 60 listed products, 20 per page by default', async () => {
    const r = await h.get<Paged<Card>>('/api/ProductSpu/GetProductSpuPage')
    expect(r.data.pageData).toHaveLength(20)
    expect(r.data.pageTotal).toBeGreaterThanOrEqual(60)
    expect(r.data.pageData.every((p) => p.ext === LISTED && p.isShow === 1)).toBe(true)
  })

  it('sorts by priceMin both ways', async () => {
    for (const [dir, cmp] of [
      ['asc', (a: number, b: number) => a - b],
      ['desc', (a: number, b: number) => b - a],
    ] as const) {
      const prices = (await all({ pageOrder: 'priceMin', pageSort: dir })).map((p) => p.priceMin)
      expect(prices.length).toBeGreaterThan(1)
      expect(prices).toEqual([...prices].sort(cmp))
    }
  })

  it('filters by tag and category', async () => {
    const dict = await h.get<{ key: string; list: { id: number; title: string }[] }[]>(
      '/api/Classify/GetClassifyQuerys',
    )
    const tags = dict.data.find((g) => g.key === 'productTag')!.list
    const cls = dict.data.find((g) => g.key === 'productClass')!.list[0]!
    const tagged = await all({ tag: tags[0]!.title })
    expect(tagged.length).toBeGreaterThan(0)
    expect(tagged.every((p) => p.tag.split(',').includes(tags[0]!.title))).toBe(true)
    const inClass = await all({ classId: cls.id })
    expect(inClass.length).toBeGreaterThan(0)
    expect(inClass.every((p) => p.classId === cls.id)).toBe(true)
  })

  it('refuses isCreate=1 without a session', async () => {
    const r = await h.get('/api/ProductSpu/GetProductSpuPage', { isCreate: 1 })
    expect(r.http).toBe(401)
    expect(r.data).toBe('请登录')
  })

  it('gives a product with 1-5 SKUs, params, description and 4 recommendations', async () => {
    const [first] = (await all({})).slice(0, 1)
    const r = await h.get<z.infer<typeof SpuDetail>>('/api/ProductSpu/GetProductSpu', { id: first!.id })
    expect(r.status).toBe(200)
    expect(r.data.skuList.length).toBeGreaterThanOrEqual(1)
    expect(r.data.skuList.length).toBeLessThanOrEqual(5)
    expect(r.data.skuList.every((s) => s.spuId === first!.id)).toBe(true)
    expect(Math.min(...r.data.skuList.map((s) => s.price))).toBe(r.data.priceMin)
    expect(r.data.params.length).toBeGreaterThan(0)
    expect(r.data.content).toContain('<')
    expect(r.data.spuList).toHaveLength(4)
    expect(r.data.spuList.every((p) => p.classId === r.data.classId && p.ext === LISTED)).toBe(true)
    expect(r.data.spuList.map((p) => p.id)).not.toContain(first!.id)
  })

  it('refuses an unlisted product with 当前商品已经下架', async () => {
    const off = await h.db
      .selectFrom('product_spus')
      .select('id')
      .where('ext', '<>', LISTED)
      .where('is_show', '=', 1)
      .executeTakeFirst()
    expect(off).toBeDefined()
    const r = await h.get('/api/ProductSpu/GetProductSpu', { id: off!.id })
    expect(r.http).toBe(404)
    expect(r.data).toBe('当前商品已经下架')
    const ids = new Set((await all({})).map((p) => p.id))
    expect(ids.has(off!.id)).toBe(false)
  })

  it('answers an unknown product with 404', async () => {
    const r = await h.get('/api/ProductSpu/GetProductSpu', { id: 99999999 })
    expect(r.http).toBe(404)
    expect(r.data).toBe('商品不存在或已删除')
  })
})

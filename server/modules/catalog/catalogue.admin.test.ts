/**
 * The catalogue file (issue 40) on a real server and database: the export's CSV and XLSX read
 * back unchanged; an import with good and bad rows previews each, then applies only the good
 * ones in one audited batch (price, title, stock through the stock book, 到货通知, change
 * marks); two imports of one file at once change the stock once; a SKU's stock history lists an
 * adjustment and an order.
 */
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { product, stockOf } from '../../../tests/api/fixtures.ts'
import { startServer } from '../../../tests/api/harness.ts'
import { ADDRESS } from '../../../tests/api/orders.ts'
import { newUser } from '../../../tests/api/session.ts'
import { auditOf, staffSignIn } from '../../../tests/api/staff.ts'
import { changesSince, latestChange } from '../../changes.ts'
import type { CatalogueImportAnswer, StockHistoryAnswer } from './catalogue.admin-routes.ts'

const h = startServer()
const IMPORT = '/api/admin/catalogue/import'
const HEADER = '商品编号,规格编号,货号,商品名称,规格名称,价格（元）,库存,上架'

async function download(auth: Record<string, string>, format: 'csv' | 'xlsx') {
  const res = await fetch(`${h.base}/api/admin/catalogue/export?format=${format}`, {
    headers: { sign: h.sign(), ...auth },
  })
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: new Uint8Array(await res.arrayBuffer()),
  }
}

const skuRow = (skuId: number) =>
  h.db
    .selectFrom('product_skus')
    .select(['price_fen', 'stock', 'title'])
    .where('id', '=', skuId)
    .executeTakeFirstOrThrow()

describe('catalogue export', () => {
  it('writes one row per SKU as CSV with a BOM and as XLSX, and both import back with no change', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await product(h.db, [
      { priceFen: 1234, stock: 5 },
      { priceFen: 990, stock: 0 },
    ])
    await h.db
      .updateTable('product_skus')
      .set({ code: `EXP-${p.skuIds[0]}` })
      .where('id', '=', p.skuIds[0] as number)
      .execute()
    const csv = await download(mk.auth, 'csv')
    expect(csv.status).toBe(200)
    expect(csv.type).toContain('text/csv')
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv.body)
    expect(text.startsWith('\uFEFF')).toBe(true)
    const lines = text.slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toBe(HEADER)
    expect(lines).toContain(`${p.spuId},${p.skuIds[0]},EXP-${p.skuIds[0]},${p.title},规格0,12.34,5,是`)
    expect(lines).toContain(`${p.spuId},${p.skuIds[1]},,${p.title},规格1,9.90,0,是`)

    // The whole file back: every row good, nothing to change (other tests' changes meanwhile aside).
    const back = await h.post<CatalogueImportAnswer>(IMPORT, { format: 'csv', file: text }, mk.auth)
    expect(back.status).toBe(200)
    const mine = back.data.rows.filter((r) => r.spuId === p.spuId)
    expect(mine).toEqual([
      expect.objectContaining({ skuId: p.skuIds[0], ok: true, changes: [], message: '无变化' }),
      expect.objectContaining({ skuId: p.skuIds[1], ok: true, changes: [], message: '无变化' }),
    ])

    const xlsx = await download(mk.auth, 'xlsx')
    expect(xlsx.type).toContain('spreadsheetml')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(xlsx.body.buffer as ArrayBuffer)
    const sheet = book.worksheets[0]
    expect(sheet?.getRow(1).values).toEqual([undefined, ...HEADER.split(',')])
    const file = Buffer.from(xlsx.body).toString('base64')
    const fromXlsx = await h.post<CatalogueImportAnswer>(IMPORT, { format: 'xlsx', file }, mk.auth)
    expect(fromXlsx.data.rows.filter((r) => r.spuId === p.spuId).map((r) => r.message)).toEqual([
      '无变化',
      '无变化',
    ])
  })
})

describe('catalogue import', () => {
  it('previews each row, then applies only the good rows in one audited batch, with their marks and 到货通知', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await product(h.db, [
      { priceFen: 1000, stock: 0 },
      { priceFen: 2000, stock: 8 },
      { priceFen: 9900, stock: 1 },
    ])
    const [a, b] = p.skuIds as [number, number]
    const q = await product(h.db, [{ priceFen: 3000, stock: 3 }])
    const [c] = q.skuIds as [number]
    // A buyer waits for a, sold out.
    const buyer = await newUser(h)
    expect((await h.post('/api/ProductSpu/PostStockAlert', { skuId: a }, buyer.auth)).status).toBe(200)
    const csv = [
      HEADER,
      `${p.spuId},${a},,新名称,小号,15.5,20,是`,
      `${p.spuId},${b},,,,abc,,`,
      `${q.spuId},${c},,,,30,-2,`,
      `,999999999,,,,1,1,`,
      `${q.spuId},${a},,,,1,1,`,
      `${q.spuId},${c},,,,31,4,`,
      `${p.spuId},${a},,,,16,,`,
      `${p.spuId},${b},,,规格2,,,`,
    ].join('\r\n')

    const preview = await h.post<CatalogueImportAnswer>(IMPORT, { format: 'csv', file: csv }, mk.auth)
    expect(preview.status).toBe(200)
    expect(preview.data).toMatchObject({ applied: false, good: 2, bad: 6, unchanged: 0 })
    expect(preview.data.rows.map((r) => [r.row, r.ok, r.ok ? r.changes : r.message])).toEqual([
      [
        2,
        true,
        [
          `商品名称 “${p.title}” → “新名称”`,
          '规格名称 “规格0” → “小号”',
          '价格 ¥10.00 → ¥15.50',
          '库存 0 → 20',
        ],
      ],
      [3, false, '价格（元）：价格须为数字'],
      [4, false, '库存：库存不能为负数'],
      [5, false, '规格编号不存在：999999999'],
      [6, false, `商品编号与规格编号不符：规格 ${a} 属于商品 ${p.spuId}`],
      [7, true, ['价格 ¥30.00 → ¥31.00', '库存 3 → 4']],
      [8, false, `规格编号重复：第 2 行已有规格 ${a}`],
      [9, false, '规格名称：该商品已有规格“规格2”，请换一个名称'],
    ])
    // The preview changed nothing.
    expect(await skuRow(a)).toMatchObject({ price_fen: 1000, stock: 0, title: '规格0' })

    const since = await latestChange(h.db)
    const applied = await h.post<CatalogueImportAnswer>(
      IMPORT,
      { format: 'csv', file: csv, apply: true, reason: '月初盘点' },
      mk.auth,
    )
    expect(applied.data).toMatchObject({ applied: true, good: 2, bad: 6 })
    expect(await skuRow(a)).toMatchObject({ price_fen: 1550, stock: 20, title: '小号' })
    expect(await skuRow(b)).toMatchObject({ price_fen: 2000, stock: 8 })
    expect(await skuRow(c)).toMatchObject({ price_fen: 3100, stock: 4 })
    const spu = await h.db
      .selectFrom('product_spus')
      .select(['title', 'price_min_fen'])
      .where('id', '=', p.spuId)
      .executeTakeFirstOrThrow()
    expect(spu).toMatchObject({ title: '新名称', price_min_fen: 1550 })
    expect((await changesSince(h.db, since)).tags).toEqual(
      expect.arrayContaining([`product:${p.spuId}`, `product:${q.spuId}`, 'list:product']),
    )

    // Each change audited as the single calls audit it, the stock with its reason; the batch once.
    expect((await auditOf(h, `sku:${a}`)).map((r) => r.action)).toEqual(
      expect.arrayContaining(['sku.edit', 'sku.stock']),
    )
    expect((await auditOf(h, `sku:${a}`)).find((r) => r.action === 'sku.stock')?.after).toMatchObject({
      delta: 20,
      stock: 20,
      reason: '月初盘点',
    })
    const [batch] = await auditOf(h, 'catalog:import')
    if (!batch) throw new Error('the batch is not audited')
    expect(batch).toMatchObject({ staff: 'marketing', action: 'catalog.import' })
    expect(batch.after).toMatchObject({ reason: '月初盘点', good: 2, bad: 6 })
    expect((batch.after as { rows: string[] }).rows).toEqual([
      `第 2 行 规格 ${a}：商品名称 “${p.title}” → “新名称”；规格名称 “规格0” → “小号”；价格 ¥10.00 → ¥15.50；库存 0 → 20`,
      `第 7 行 规格 ${c}：价格 ¥30.00 → ¥31.00；库存 3 → 4`,
    ])
    // The stock book has both adjustments; a, back from sold out, told its subscriber.
    const book = await h.db
      .selectFrom('stock_adjustments')
      .select(['sku_id', 'delta', 'stock_after', 'reason'])
      .where('sku_id', 'in', [a, b, c])
      .orderBy('sku_id')
      .execute()
    expect(book).toEqual([
      { sku_id: a, delta: 20, stock_after: 20, reason: '月初盘点' },
      { sku_id: c, delta: 1, stock_after: 4, reason: '月初盘点' },
    ])
    const alert = await h.db
      .selectFrom('stock_alerts')
      .select('notified_time')
      .where('sku_id', '=', a)
      .executeTakeFirstOrThrow()
    expect(alert.notified_time).not.toBeNull()

    // The same file again changes nothing.
    const again = await h.post<CatalogueImportAnswer>(
      IMPORT,
      { format: 'csv', file: csv, apply: true },
      mk.auth,
    )
    expect(again.data).toMatchObject({ good: 0, unchanged: 2, bad: 6 })
    expect(
      await h.db.selectFrom('stock_adjustments').select('id').where('sku_id', 'in', [a, c]).execute(),
    ).toHaveLength(2)
  })

  it('refuses a file without the key column, an operator, and a bad format in Chinese', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const noKey = await h.post(IMPORT, { format: 'csv', file: '商品编号,价格（元）\r\n1,2' }, mk.auth)
    expect([noKey.status, noKey.data]).toEqual([
      400,
      '文件缺少“规格编号”或“货号”列：请用导出的文件修改后导入',
    ])
    const notXlsx = await h.post(IMPORT, { format: 'xlsx', file: 'bm90IGEgemlw' }, mk.auth)
    expect([notXlsx.status, notXlsx.data]).toEqual([400, '文件不是有效的 XLSX：请用导出的文件修改后导入'])
    const op = await staffSignIn(h, 'operator')
    expect((await h.post(IMPORT, { format: 'csv', file: HEADER }, op.auth)).http).toBe(403)
  })

  it('names a SKU by its 货号 alone; a 货号 of no SKU or of another SKU than the row names is refused', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await product(h.db, [
      { priceFen: 1000, stock: 5 },
      { priceFen: 1000, stock: 5 },
    ])
    const [a, b] = p.skuIds as [number, number]
    for (const id of [a, b])
      await h.db
        .updateTable('product_skus')
        .set({ code: `HH-${id}` })
        .where('id', '=', id)
        .execute()
    const csv = `货号,规格编号,价格（元）\r\nHH-${a},,12.50\r\nHH-${b},${a},13\r\nNO-SUCH-${a},,14\r\n`
    const done = await h.post<CatalogueImportAnswer>(
      IMPORT,
      { format: 'csv', file: csv, apply: true },
      mk.auth,
    )
    expect(done.status, JSON.stringify(done.data)).toBe(200)
    expect(done.data.rows.map((r) => [r.row, r.ok, r.skuId, r.ok ? r.changes : r.message])).toEqual([
      [2, true, a, ['价格 ¥10.00 → ¥12.50']],
      [3, false, a, `货号与规格编号不符：货号 HH-${b} 是规格 ${b}`],
      [4, false, null, `货号不存在：NO-SUCH-${a}`],
    ])
    expect((await skuRow(a)).price_fen).toBe(1250)
    expect((await skuRow(b)).price_fen).toBe(1000)
  })

  it('sets stock in bulk once when the same import is applied twice at once', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await product(h.db, [
      { priceFen: 1000, stock: 5 },
      { priceFen: 1000, stock: 50 },
    ])
    const [a, b] = p.skuIds as [number, number]
    const csv = `规格编号,库存\r\n${a},12\r\n${b},40\r\n`
    const both = await Promise.all(
      [0, 1].map(() =>
        h.post<CatalogueImportAnswer>(
          IMPORT,
          { format: 'csv', file: csv, apply: true, reason: '到货' },
          mk.auth,
        ),
      ),
    )
    expect(both.map((r) => r.status)).toEqual([200, 200])
    expect(both.map((r) => r.data.good).sort()).toEqual([0, 2])
    expect([await stockOf(h.db, a), await stockOf(h.db, b)]).toEqual([12, 40])
    const book = await h.db
      .selectFrom('stock_adjustments')
      .select(['sku_id', 'delta'])
      .where('sku_id', 'in', [a, b])
      .orderBy('sku_id')
      .execute()
    expect(book).toEqual([
      { sku_id: a, delta: 7 },
      { sku_id: b, delta: -10 },
    ])
  })
})

describe('bulk stock while customers buy', () => {
  it('two imports and 8 buyers at once: stock = start + booked adjustments − sold, never negative', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const buyers = await Promise.all(Array.from({ length: 8 }, () => newUser(h)))
    const p = await product(h.db, [{ priceFen: 1000, stock: 6 }])
    const [sku] = p.skuIds as [number]
    const file = (stock: number) => `规格编号,库存\r\n${sku},${stock}\r\n`
    const [imports, bought] = await Promise.all([
      Promise.all(
        [30, 2].map((n) =>
          h.post<CatalogueImportAnswer>(IMPORT, { format: 'csv', file: file(n), apply: true }, mk.auth),
        ),
      ),
      Promise.all(
        buyers.map((b) =>
          h.post('/api/Orders/PostOrdersAppend', { ...ADDRESS, list: [{ skuId: sku, quantity: 1 }] }, b.auth),
        ),
      ),
    ])
    expect(imports.map((r) => r.status)).toEqual([200, 200])
    const sold = bought.filter((b) => b.status === 200).length
    for (const b of bought) if (b.status !== 200) expect(b.data).toBe(`${p.title} 规格0库存不足`)
    const book = await h.db
      .selectFrom('stock_adjustments')
      .select('delta')
      .where('sku_id', '=', sku)
      .execute()
    const final = await stockOf(h.db, sku)
    expect(final).toBe(6 + book.reduce((s, b) => s + Number(b.delta), 0) - sold)
    expect(final).toBeGreaterThanOrEqual(0)
  })
})

describe('stock history', () => {
  it('lists an adjustment with who and why, and an order that took stock and was cancelled', async () => {
    const mk = await staffSignIn(h, 'marketing')
    const p = await product(h.db, [{ priceFen: 1000, stock: 5 }])
    const [sku] = p.skuIds as [number]
    expect(
      (await h.post(`/api/admin/skus/${sku}/stock`, { delta: '3', reason: '采购入库' }, mk.auth)).status,
    ).toBe(200)
    const buyer = await newUser(h)
    const placed = await h.post<number>(
      '/api/Orders/PostOrdersAppend',
      { ...ADDRESS, list: [{ skuId: sku, quantity: 2 }] },
      buyer.auth,
    )
    expect(placed.status).toBe(200)
    expect(
      (await h.post('/api/Orders/PostOrdersStatus', { id: placed.data, status: 100 }, buyer.auth)).status,
    ).toBe(200)
    const { code } = await h.db
      .selectFrom('orders')
      .select('code')
      .where('id', '=', placed.data)
      .executeTakeFirstOrThrow()

    const r = await h.get<StockHistoryAnswer>(`/api/admin/skus/${sku}/stock-history`, {}, mk.auth)
    expect(r.status).toBe(200)
    expect(r.data.sku).toMatchObject({ id: sku, spuId: p.spuId, stock: 8 })
    expect(r.data.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: '调整', delta: 3, stockAfter: 8, who: 'marketing', why: '采购入库' }),
        expect.objectContaining({ kind: '下单', delta: -2, orderCode: code }),
        expect.objectContaining({ kind: '取消', delta: 2, orderCode: code }),
      ]),
    )
    expect((await h.get(`/api/admin/skus/999999999/stock-history`, {}, mk.auth)).data).toBe('规格不存在')
  })
})

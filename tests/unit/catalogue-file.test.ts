/** The catalogue file's one column table (issue 40): what the export writes is what the import reads. */
import { describe, expect, it } from 'vitest'
import {
  CATALOGUE_COLUMNS,
  type CatalogueRow,
  catalogueCsv,
  readCatalogueFile,
} from '../../server/modules/catalog/catalogue-file.ts'

const row: CatalogueRow = {
  spuId: 3,
  skuId: 7,
  code: 'DH-7/A',
  title: '=危险,"名称"',
  skuTitle: '-小号',
  priceFen: 1250,
  stock: 4,
  listed: false,
}

describe('the catalogue file', () => {
  it('reads back what it writes: formula-like text kept as text, quotes and commas included', async () => {
    const csv = catalogueCsv([row])
    expect(csv.startsWith('\uFEFF商品编号,规格编号,货号,商品名称,规格名称,价格（元）,库存,上架\r\n')).toBe(
      true,
    )
    expect(await readCatalogueFile(csv, 'csv')).toEqual([
      {
        row: 2,
        ask: {
          spuId: 3,
          skuId: 7,
          code: 'DH-7/A',
          title: '=危险,"名称"',
          skuTitle: '-小号',
          priceFen: 1250,
          stock: 4,
        },
        error: null,
      },
    ])
  })

  it('finds columns by header in any order, leaves empty cells and unknown columns alone, and names the bad cell', async () => {
    const csv = '备注,库存,规格编号\r\n随便,,7\r\n,1.5,8\r\n,2,\r\n,,\r\n'
    expect(await readCatalogueFile(csv, 'csv')).toEqual([
      { row: 2, ask: { skuId: 7 }, error: null },
      { row: 3, ask: { skuId: 8 }, error: '库存：库存须为整数' },
      { row: 4, ask: { stock: 2 }, error: '缺少规格编号或货号' },
    ])
  })

  it('has one entry per column, the key 规格编号 among them', () => {
    const headers = CATALOGUE_COLUMNS.map((c) => c.header)
    expect(new Set(headers).size).toBe(headers.length)
    expect(headers).toContain('规格编号')
  })
})

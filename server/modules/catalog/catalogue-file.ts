/**
 * The catalogue file (issue 40): products with their SKUs, prices and stock, one row per SKU, as
 * CSV (UTF-8 with a BOM, for Excel) or XLSX. Its columns are the one table CATALOGUE_COLUMNS:
 * each column's header, how the export fills it, and how the import reads it (a column without
 * `parse` is written for reading only). A new column is one entry there.
 */

import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { LISTED } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { isSkuCode, SKU_CODE_BAD } from '../../../src/lib/rules/options.ts'
import { checkPrice } from '../../../src/lib/rules/price.ts'
import { checkProductEdit } from '../../../src/lib/rules/product.ts'
import { checkSkuEdit, STOCK_DELTA_MAX } from '../../../src/lib/rules/stock.ts'
import { CSV_BOM, csvLine } from '../../csv.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'

/** A SKU as the file shows it. */
export interface CatalogueRow {
  spuId: number
  skuId: number
  title: string
  skuTitle: string
  /** 货号 (issue 40 item 3); '' for a SKU made without one. */
  code: string
  priceFen: number
  stock: number
  listed: boolean
}

/** What one row of an imported file asks: its keys and the values it gives (an empty cell gives none). */
export interface RowAsk {
  spuId?: number
  skuId?: number
  /** The SKU named by its 货号, for a file from a company's own system that knows no 规格编号. */
  code?: string
  title?: string
  skuTitle?: string
  priceFen?: number
  stock?: number
}

interface Column {
  header: string
  get: (r: CatalogueRow) => string | number
  /** The cell as the import reads it: what it asks, or its Chinese error. Called with non-empty cells only. */
  parse?: (cell: string) => RowAsk | string
}

const idCell =
  (noun: string, key: 'spuId' | 'skuId') =>
  (cell: string): RowAsk | string =>
    /^\d{1,15}$/.test(cell) && Number(cell) > 0 ? { [key]: Number(cell) } : `${noun}不正确：${cell}`

/** The file's columns, in the order the export writes them. */
export const CATALOGUE_COLUMNS: readonly Column[] = [
  { header: '商品编号', get: (r) => r.spuId, parse: idCell('商品编号', 'spuId') },
  { header: '规格编号', get: (r) => r.skuId, parse: idCell('规格编号', 'skuId') },
  { header: '货号', get: (r) => r.code, parse: (cell) => (isSkuCode(cell) ? { code: cell } : SKU_CODE_BAD) },
  {
    header: '商品名称',
    get: (r) => r.title,
    parse: (cell) => {
      const r = checkProductEdit({ title: cell })
      return r.error !== null ? r.error : { title: cell }
    },
  },
  {
    header: '规格名称',
    get: (r) => r.skuTitle,
    parse: (cell) => {
      const r = checkSkuEdit({ title: cell })
      return r.error !== null ? r.error : { skuTitle: cell }
    },
  },
  {
    header: '价格（元）',
    get: (r) => fenToYuan(r.priceFen).toFixed(2),
    parse: (cell) => {
      const r = checkPrice(cell)
      return r.error !== null ? r.error : { priceFen: r.fen }
    },
  },
  {
    header: '库存',
    get: (r) => r.stock,
    parse: (cell) => {
      if (/^-\s*\d/.test(cell)) return '库存不能为负数'
      if (!/^\d+$/.test(cell)) return '库存须为整数'
      if (Number(cell) > STOCK_DELTA_MAX) return `库存不能超过${STOCK_DELTA_MAX}`
      return { stock: Number(cell) }
    },
  },
  { header: '上架', get: (r) => (r.listed ? '是' : '否') },
]

/** The key columns: every imported file names its SKUs by one of them (规格编号 first when a row has both). */
const KEY_HEADERS = ['规格编号', '货号']
/** The most rows one import takes (the catalogue of a busy company, in one request). */
export const IMPORT_MAX_ROWS = 2000

/** Every live SKU of every product not deleted, by product then SKU. */
export async function catalogueRows(db: Db): Promise<CatalogueRow[]> {
  const rows = await db
    .selectFrom('product_skus as k')
    .innerJoin('product_spus as p', 'p.id', 'k.spu_id')
    .select([
      'p.id as spuId',
      'k.id as skuId',
      'p.title',
      'k.title as skuTitle',
      'k.code',
      'k.price_fen',
      'k.stock',
      'p.ext',
    ])
    .where('p.is_show', '=', 1)
    .where('k.removed_time', 'is', null)
    .orderBy('p.id')
    .orderBy('k.id')
    .execute()
  return rows.map((r) => ({
    spuId: Number(r.spuId),
    skuId: Number(r.skuId),
    title: r.title,
    skuTitle: r.skuTitle,
    code: r.code ?? '',
    priceFen: Number(r.price_fen),
    stock: Number(r.stock),
    listed: r.ext === LISTED,
  }))
}

/** The catalogue as CSV text: a BOM, the header, a line per SKU. */
export function catalogueCsv(rows: readonly CatalogueRow[]): string {
  const lines = rows.map((r) => csvLine(CATALOGUE_COLUMNS.map((c) => c.get(r))))
  return `${CSV_BOM}${csvLine(CATALOGUE_COLUMNS.map((c) => c.header))}${lines.join('')}`
}

/** The catalogue as an XLSX workbook of one sheet, 商品. */
export async function catalogueXlsx(rows: readonly CatalogueRow[]): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('商品')
  sheet.addRow(CATALOGUE_COLUMNS.map((c) => c.header))
  for (const r of rows) sheet.addRow(CATALOGUE_COLUMNS.map((c) => c.get(r)))
  sheet.getRow(1).font = { bold: true }
  // A copy of its own: the answer's body takes a plain ArrayBuffer, not Node's pooled Buffer.
  return new Uint8Array(await book.xlsx.writeBuffer()).buffer as ArrayBuffer
}

export type FileFormat = 'csv' | 'xlsx'

/** The cells of a file, row by row, as text. Refuses a file that is not of its format. */
async function cellsOf(file: string, format: FileFormat): Promise<string[][]> {
  if (format === 'csv') {
    try {
      return parse(file, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true })
    } catch {
      throw refuse('文件不是有效的 CSV：请用导出的文件修改后导入')
    }
  }
  const book = new ExcelJS.Workbook()
  try {
    await book.xlsx.load(Buffer.from(file, 'base64') as unknown as ArrayBuffer)
  } catch {
    throw refuse('文件不是有效的 XLSX：请用导出的文件修改后导入')
  }
  const sheet = book.worksheets[0]
  const out: string[][] = []
  sheet?.eachRow((row) => {
    const cells: string[] = []
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cell.text.trim()
    })
    out.push(Array.from(cells, (c) => c ?? ''))
  })
  return out
}

/** One data row of an imported file: its number in the file (the header is row 1), what it asks, or why not. */
export interface FileRow {
  row: number
  ask: RowAsk
  error: string | null
}

/**
 * The rows of an imported file, each read through its columns' `parse`. Columns are found by
 * their header, in any order; unknown columns and empty cells are left alone. A cell that the
 * export made text (a leading ' before =, +, - or @) is read without it.
 */
export async function readCatalogueFile(file: string, format: FileFormat): Promise<FileRow[]> {
  const [head = [], ...body] = await cellsOf(file, format)
  const columns = head.map((h) => CATALOGUE_COLUMNS.find((c) => c.header === h.replace(/\s/g, '')))
  if (!columns.some((c) => c && KEY_HEADERS.includes(c.header)))
    throw refuse('文件缺少“规格编号”或“货号”列：请用导出的文件修改后导入')
  const rows = body.map((cells, i) => ({ cells, row: i + 2 })).filter((r) => r.cells.some((c) => c !== ''))
  if (rows.length === 0) throw refuse('文件中没有要导入的行')
  if (rows.length > IMPORT_MAX_ROWS) throw refuse(`一次最多导入 ${IMPORT_MAX_ROWS} 行，请分批导入`)
  return rows.map(({ cells, row }) => {
    let ask: RowAsk = {}
    let error: string | null = null
    columns.forEach((column, j) => {
      const cell = (cells[j] ?? '').replace(/^'(?=[=+\-@])/, '')
      if (!column?.parse || cell === '') return
      // Every cell is read, so a refused row still names its SKU; the first error is the row's.
      const r = column.parse(cell)
      if (typeof r !== 'string') ask = { ...ask, ...r }
      else error ??= `${column.header}：${r}`
    })
    if (!error && ask.skuId === undefined && ask.code === undefined) error = '缺少规格编号或货号'
    return { row, ask, error }
  })
}

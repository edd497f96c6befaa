/**
 * The catalogue file and stock history (issue 40, permission catalog.write): export products
 * with their SKUs, prices and stock as CSV or XLSX, import the same file (a preview, then the
 * good rows in one audited batch: bulk price, title and stock), and a SKU's stock history.
 */
import { STOCK_REASON_MAX } from '../../../src/lib/rules/stock.ts'
import { adminRoute } from '../../admin/admin-route.ts'
import { answers, jsonBody, z } from '../../contract/index.ts'
import { id, oneOf } from '../../contract/params.ts'

/** The refusals a file download may answer (the gate's 401 and 403, a bad format's 400), without its JSON 200. */
const { 200: _json, ...fileRefusals } = answers(z.string(), [401])

export const getCatalogueExport = adminRoute('get', '/admin/catalogue/export', 'catalog.write', {
  summary:
    '导出商品目录：每个规格一行（商品编号、规格编号、名称、价格、库存、上架），CSV（UTF-8 带 BOM）或 XLSX',
  request: { query: z.object({ format: oneOf('文件格式', ['csv', 'xlsx']) }) },
  responses: {
    200: {
      description: 'CSV 或 XLSX 文件',
      content: {
        'text/csv': { schema: { type: 'string' } },
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
          schema: { type: 'string', format: 'binary' },
        },
      },
    },
    ...fileRefusals,
  },
})

const ImportRow = z.object({
  row: z.number().int().openapi({ description: '文件中的行号（表头为第1行）' }),
  skuId: z.number().int().nullable(),
  spuId: z.number().int().nullable(),
  ok: z.boolean(),
  changes: z.array(z.string()).openapi({ description: '将改动（或已改动）的内容，如 价格 ¥12.00 → ¥15.00' }),
  message: z.string().openapi({ description: '错误原因，或“无变化”' }),
})

export const CatalogueImportAnswer = z
  .object({
    applied: z.boolean().openapi({ description: 'true：已导入正确的行；false：仅预览' }),
    good: z.number().int().openapi({ description: '有改动的正确行数' }),
    bad: z.number().int().openapi({ description: '有错误、不导入的行数' }),
    unchanged: z.number().int().openapi({ description: '正确但无变化的行数' }),
    rows: z.array(ImportRow),
  })
  .openapi('CatalogueImportAnswer', { description: '商品导入的逐行结果' })
export type CatalogueImportAnswer = z.infer<typeof CatalogueImportAnswer>

export const postCatalogueImport = adminRoute('post', '/admin/catalogue/import', 'catalog.write', {
  summary:
    '导入商品目录（导出的同一格式）：apply 为 false 时只预览每行的结果；为 true 时在一个事务中导入正确的行（价格、库存、名称），错误的行不导入，整批记入操作日志',
  request: {
    body: jsonBody(
      z.object({
        format: z.enum(['csv', 'xlsx'], { message: '文件格式须为 CSV 或 XLSX' }),
        file: z
          .string()
          .min(1, '请选择文件')
          .max(1_000_000, '文件过大，请分批导入')
          .openapi({ description: 'CSV 文件的文本，或 XLSX 文件的 base64' }),
        apply: z.boolean().optional().openapi({ description: 'true：导入；缺省或 false：预览' }),
        reason: z
          .string()
          .trim()
          .max(STOCK_REASON_MAX, `库存调整原因不能超过${STOCK_REASON_MAX}个字`)
          .optional()
          .openapi({ description: '库存调整的原因（记入库存记录），缺省为“批量导入”' }),
      }),
    ),
  },
  responses: answers(CatalogueImportAnswer, [401, 409]),
})

const StockEntry = z.object({
  at: z.string(),
  delta: z.number().int().nullable().openapi({ description: '库存变化；null 为记录未载明' }),
  stockAfter: z.number().int().nullable().openapi({ description: '调整后的库存（后台调整才有）' }),
  kind: z.string().openapi({ description: '调整、下单、取消、退货、退款' }),
  who: z.string(),
  why: z.string(),
  orderCode: z.string().nullable(),
})

export const StockHistoryAnswer = z
  .object({
    sku: z.object({
      id: z.number().int(),
      spuId: z.number().int(),
      title: z.string(),
      productTitle: z.string(),
      stock: z.number().int(),
    }),
    entries: z.array(StockEntry),
  })
  .openapi('StockHistory', { description: '规格的库存记录，新的在前' })
export type StockHistoryAnswer = z.infer<typeof StockHistoryAnswer>

export const getStockHistory = adminRoute('get', '/admin/skus/{skuId}/stock-history', 'catalog.write', {
  summary: '规格的库存记录：后台调整（谁、何时、原因）、下单、取消与售后退回，新的在前',
  request: { params: z.object({ skuId: id('规格编号') }) },
  responses: answers(StockHistoryAnswer, [401, 404]),
})

/**
 * Shipping many orders at once (issue 38): a CSV of 订单号,快递公司,运单号 (the header row, when
 * there is one, is skipped), each row shipped as the 发货 dialog ships one order whole, in its own
 * transaction: a bad row (an unknown order, a wrong waybill, an order not awaiting shipment) gets
 * its own Chinese message and does not stop the good ones. Rows are read by csv-parse, so quoted
 * cells and a BOM from Excel are read as Excel wrote them.
 */
import { parse } from 'csv-parse/sync'
import type { Actor } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, refuse } from '../../http.ts'
import type { CourierProvider } from '../../providers/courier.ts'
import { shipParcel } from '../fulfilment/fulfilment.queries.ts'

/** The most rows one import takes: a day's shipping of a busy warehouse, in one request. */
export const SHIP_IMPORT_MAX_ROWS = 500

export interface ShipImportRow {
  /** The row's number in the file, the header counted: what a spreadsheet shows beside it. */
  row: number
  code: string
  ok: boolean
  /** 已发货：顺丰速运 SF…, or why not. */
  message: string
}

/** The file's rows as [code, courier, waybill], with the number each has in the file; refuses a file that is not CSV. */
function rowsOf(text: string) {
  let records: string[][]
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true })
  } catch {
    throw refuse('文件不是有效的 CSV：请按 订单号,快递公司,运单号 三列填写')
  }
  const header = records[0]?.[0]?.replace(/\s/g, '') === '订单号'
  const rows = records.map((cells, i) => ({ row: i + 1, cells })).slice(header ? 1 : 0)
  if (rows.length === 0) throw refuse('文件中没有要发货的订单')
  if (rows.length > SHIP_IMPORT_MAX_ROWS) throw refuse(`一次最多导入 ${SHIP_IMPORT_MAX_ROWS} 行，请分批导入`)
  return rows
}

export async function importShipments(
  db: Db,
  actor: Actor,
  courier: CourierProvider,
  text: string,
  now: Date,
): Promise<{ shipped: number; failed: number; rows: ShipImportRow[] }> {
  const out: ShipImportRow[] = []
  for (const { row, cells } of rowsOf(text)) {
    const [code = '', company = '', waybill = ''] = cells
    const fail = (message: string) => out.push({ row, code, ok: false, message })
    if (!code) {
      fail('缺少订单号')
      continue
    }
    if (!waybill) {
      fail('缺少运单号')
      continue
    }
    try {
      const r = await shipParcel(db, actor, courier, code, { courier: company, waybill }, now)
      out.push({ row, code, ok: true, message: `已发货：${r.company} ${r.number}` })
    } catch (e) {
      if (!(e instanceof ApiError)) throw e
      fail(e.message)
    }
  }
  const shipped = out.filter((r) => r.ok).length
  return { shipped, failed: out.length - shipped, rows: out }
}

/**
 * The back office's CSV exports (issues 20, 39): the filtered orders, and the corporate
 * transfers as finance reconciles them against the bank statement. Both are made while they are
 * sent, a batch at a time.
 */
import { type SqlBool, sql } from 'kysely'
import { payWayName } from '../../../src/lib/pay-ways.ts'
import { csvCell, csvLine } from '../../csv.ts'
import type { Db } from '../../db/index.ts'
import { likeContains } from '../../db/sql.ts'
import { PaymentStatus } from '../payments/payments.queries.ts'
import { TransferOutcomeText } from '../payments/transfers.ts'
import { adminRow, extrasOf, filtered, type OrderFilters, readRows } from './orders.admin.queries.ts'

// --- the CSV export ------------------------------------------------------------------------

const CSV_HEADER = [
  '订单号',
  '下单时间',
  '状态',
  '商品',
  '实付金额（元）',
  '支付方式',
  '支付时间',
  '买家手机',
  '买家昵称',
  '收货人',
  '收货电话',
  '售后',
  '退款金额（元）',
  '退款时间',
  '发票',
]

// csvCell and csvLine are server/csv.ts's (the catalogue export writes its cells alike).
export { csvCell }

/**
 * Sales given back: the after-sales refunds paid (refunds status 40), as `p` joined to their order
 * `o`: not a second payment of an order already paid or cancelled, which went back as it came and
 * was never a sale, and not a transfer's refund finance has yet to pay. The dashboard's 退款 and
 * the CSV's 退款金额 both.
 */
export const salesRefunds = (db: Db) =>
  db
    .selectFrom('refunds as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .where('p.status', '=', PaymentStatus.refunded)

/** What after-sales gave back of each order among `ids`, and when the last of it went (salesRefunds). */
async function refundsOf(db: Db, ids: number[]) {
  const rows = await salesRefunds(db)
    .select((e) => [
      'p.order_id',
      e.fn.sum<number>('p.amount_fen').as('fen'),
      e.fn.max('p.refund_time').as('at'),
    ])
    .where('p.order_id', 'in', ids)
    .groupBy('p.order_id')
    .execute()
  return new Map(rows.map((r) => [r.order_id as number, { fen: Number(r.fen), at: r.at ?? '' }]))
}
const BATCH = 500

/**
 * A CSV file made while it is sent: a BOM (Excel reads UTF-8 only with one) and `header`, then
 * each batch `next` gives, until it gives none: a long export never holds its whole list.
 */
function csvStream(header: string[], next: () => Promise<(string | number)[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`))
        return
      }
      const rows = await next()
      if (!rows.length) controller.close()
      else controller.enqueue(encoder.encode(rows.map(csvLine).join('')))
    },
  })
}

/** The filtered orders as CSV, newest first, read BATCH at a time by id. */
export function ordersCsv(db: Db, f: OrderFilters): ReadableStream<Uint8Array> {
  let before: number | undefined
  return csvStream(CSV_HEADER, async () => {
    let q = filtered(db, f).select('o.id')
    if (before !== undefined) q = q.where('o.id', '<', before)
    const ids = (await q.orderBy('o.id', 'desc').limit(BATCH).execute()).map((r) => r.id)
    if (!ids.length) return []
    before = ids[ids.length - 1]
    const [rows, extras, refunds] = await Promise.all([
      readRows(db, ids),
      extrasOf(db, ids),
      refundsOf(db, ids),
    ])
    const byId = new Map(rows.map((r) => [r.id, r]))
    return ids.flatMap((id) => {
      const r = byId.get(id)
      if (!r) return []
      const a = adminRow(r, extras)
      const refund = refunds.get(id)
      return [
        [
          a.code,
          a.createTime,
          a.statusText,
          a.title,
          // What was paid: nothing for an order never paid (待付款, or cancelled unpaid).
          r.pay_time ? (r.tol_cost_fen / 100).toFixed(2) : '',
          payWayName(a.payWay),
          a.payTime,
          a.buyerTel,
          a.buyerName,
          a.recName,
          a.recTel,
          a.afterStatusText,
          refund ? (refund.fen / 100).toFixed(2) : '',
          refund?.at ?? '',
          a.invoiceStatusText,
        ],
      ]
    })
  })
}

// --- the transfer reconciliation export (issue 39) -------------------------------------------

const TRANSFER_CSV_HEADER = [
  '订单号',
  '应付金额',
  '到账金额',
  '差额',
  '流水号',
  '付款户名',
  '到账日期',
  '结果',
  '确认人',
  '确认时间',
]

export interface TransferFilters {
  /** Received on or after this China day. */
  from?: string | undefined
  /** Received on or before this China day. */
  to?: string | undefined
  /** The order's code contains it. */
  code?: string | undefined
}

const yuan = (fen: number) => (fen / 100).toFixed(2)

/**
 * Finance's reconciliation of corporate transfers as CSV: a BOM, the header, then each transfer
 * recorded (received, or paid back for a refund) oldest first, BATCH at a time by id. 差额 is what
 * arrived less the payable (0.00 when it matched; a refund, 已退回, has none); a cell a spreadsheet would
 * run as a formula stays text (csvCell), so a short payment's negative 差额 reads '-10.00.
 */
export function transfersCsv(db: Db, f: TransferFilters): ReadableStream<Uint8Array> {
  let after = 0
  return csvStream(TRANSFER_CSV_HEADER, async () => {
    const rows = await db
      .selectFrom('transfer_receipts as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select([
        'r.id',
        'o.code',
        'o.tol_cost_fen',
        'r.kind',
        'r.amount_fen',
        'r.reference',
        'r.payer',
        'r.received_at',
        'r.outcome',
        'r.staff_username',
        'r.create_time',
      ])
      .where('r.id', '>', after)
      .$if(Boolean(f.from), (q) => q.where('r.received_at', '>=', f.from as string))
      .$if(Boolean(f.to), (q) => q.where('r.received_at', '<=', f.to as string))
      .$if(Boolean(f.code), (q) =>
        q.where(sql<SqlBool>`o.code LIKE ${likeContains(f.code as string)} ESCAPE '\\'`),
      )
      .orderBy('r.id')
      .limit(BATCH)
      .execute()
    after = rows[rows.length - 1]?.id ?? after
    return rows.map((r) => [
      r.code,
      yuan(r.tol_cost_fen),
      yuan(r.amount_fen),
      r.kind === 'refund' ? '' : yuan(r.amount_fen - r.tol_cost_fen),
      r.reference,
      r.payer,
      r.received_at,
      TransferOutcomeText[r.outcome] ?? r.outcome,
      r.staff_username,
      r.create_time,
    ])
  })
}

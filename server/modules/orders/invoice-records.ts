/**
 * Invoice records (issue 39, invoice correction): every invoice finance issued on an order and
 * every red-letter invoice (红冲) that voided one, in invoice_records (migration 38). Finance
 * red-letters the current invoice to correct it (→ 40 待重开) and a refund red-letters it by
 * itself (→ 30 已作废, reason 退款); either way one conditional update of the order from 20
 * 已开票, so a second attempt changes nothing. order-invoices.ts issues (and reissues) through
 * recordIssue here.
 */
import { fenToYuan } from '../../../src/lib/money.ts'
import {
  InvoiceStatus,
  type InvoiceVoid,
  REFUND_RED_REASON,
} from '../../../src/lib/rules/invoice-correction.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { dbTime } from '../../time.ts'
import { privateFileExists } from '../uploads/private-files.ts'
import type { FileDirs } from '../uploads/uploads.service.ts'
import { changed, ORDER_MISSING, orderByCode } from './order-lookup.ts'

export const RecordKindText = { issue: '开具', red: '红冲' } as const

/** What an invoice is issued for now: what the order paid less what refunds gave back. */
async function invoiceableFen(t: Db, orderId: number): Promise<number> {
  const r = await t
    .selectFrom('orders as o')
    .select((eb) => [
      'o.tol_cost_fen',
      eb
        .selectFrom('order_items as i')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('i.refunded_fen'), e.lit(0)).as('fen'))
        .whereRef('i.order_id', '=', 'o.id')
        .as('refunded'),
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow()
  return r.tol_cost_fen - Number(r.refunded ?? 0)
}

/** The newest invoice issued on the order (the current one while it stands), if any. */
const lastIssued = (t: Db, orderId: number) =>
  t
    .selectFrom('invoice_records')
    .select(['number', 'file', 'amount_fen', 'title', 'tax_code'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'issue')
    .orderBy('id', 'desc')
    .executeTakeFirst()

/**
 * The issue record of an invoice just issued (in the issuing transaction `t`): for what the
 * order paid less refunds, under the title given or else the last invoice's, or else the buyer's
 * chosen invoice info's. Answers the title and tax id it carries.
 */
export async function recordIssue(
  t: Db,
  actor: Actor,
  orderId: number,
  form: { number: string; file: string; title?: string; taxCode?: string },
  now: Date,
) {
  const last = await lastIssued(t, orderId)
  const info = await t
    .selectFrom('orders as o')
    .leftJoin('invoice_infos as i', 'i.id', 'o.invoice_id')
    .select(['i.company_name', 'i.company_code'])
    .where('o.id', '=', orderId)
    .executeTakeFirst()
  const title = form.title || last?.title || info?.company_name || ''
  const taxCode = form.taxCode || (form.title ? '' : last?.tax_code || info?.company_code || '')
  await t
    .insertInto('invoice_records')
    .values({
      order_id: orderId,
      kind: 'issue',
      number: form.number,
      file: form.file,
      amount_fen: await invoiceableFen(t, orderId),
      title,
      tax_code: taxCode,
      staff_id: actor.staffId,
      staff_username: actor.username,
      create_time: dbTime(now),
    })
    .execute()
  return { title, taxCode }
}

/**
 * Red-letters the current invoice in `t`: the order 20 已开票 → `to` by one conditional update,
 * then the red record (reversing the amount the invoice was issued for) and the audit row.
 * False, having written nothing, when the order's invoice is not 已开票 (any more).
 */
async function redLetter(
  t: Db,
  actor: Actor,
  o: { id: number; code: string },
  form: InvoiceVoid,
  to: number,
  now: Date,
): Promise<{ number: string } | null> {
  const moved = await t
    .updateTable('orders')
    .set({ invoice_status: to })
    .where('id', '=', o.id)
    .where('invoice_status', '=', InvoiceStatus.issued)
    .executeTakeFirst()
  if (!changed(moved)) return null
  const issued = await lastIssued(t, o.id)
  await t
    .insertInto('invoice_records')
    .values({
      order_id: o.id,
      kind: 'red',
      number: form.number,
      file: form.file,
      amount_fen: issued?.amount_fen ?? 0,
      title: issued?.title ?? '',
      tax_code: issued?.tax_code ?? '',
      reason: form.reason,
      staff_id: actor.staffId,
      staff_username: actor.username,
      create_time: dbTime(now),
    })
    .execute()
  await audit(t, actor, now, {
    action: 'order.invoice.void',
    target: `order:${o.code}`,
    before: { invoiceStatus: InvoiceStatus.issued, invoiceNumber: issued?.number ?? '' },
    after: { invoiceStatus: to, redNumber: form.number, redFile: form.file, reason: form.reason },
  })
  return { number: issued?.number ?? '' }
}

/**
 * Finance red-letters the order's current invoice (红冲) to correct it: the red-letter invoice's
 * number, its file when given (stored in the private tree) and the reason; the order → 40 待重开,
 * the buyer told, in one transaction. Refused, changing nothing, when no invoice stands: the
 * second of two voids finds it red-lettered already (发票已红冲).
 */
export async function voidInvoice(
  db: Db,
  actor: Actor,
  dirs: FileDirs,
  code: string,
  form: InvoiceVoid,
  now: Date,
): Promise<string> {
  const o = await orderByCode(db, code)
  if (!o) throw refuse(ORDER_MISSING, 404)
  if (form.file && !(await privateFileExists(dirs, form.file))) throw refuse('红字发票文件不存在，请重新上传')
  return db.transaction().execute(async (t): Promise<string> => {
    if ((await lastIssued(t, o.id))?.number === form.number && o.invoice_status === InvoiceStatus.issued)
      throw refuse('红字发票号码不能与原发票号码相同')
    const voided = await redLetter(t, actor, o, form, InvoiceStatus.reopening, now)
    if (!voided) {
      const nowStatus = (await orderByCode(t, code))?.invoice_status
      throw refuse(
        nowStatus === InvoiceStatus.reopening || nowStatus === InvoiceStatus.voided
          ? `订单 ${code} 的发票已红冲，未作改动`
          : `订单 ${code} 没有已开具的发票，不能红冲，未作改动`,
      )
    }
    await notify(
      t,
      o.user_id,
      '发票已作废',
      `您的订单 ${code} 的发票（${voided.number}）已红冲作废，我们将为您重新开具。`,
      now,
    )
    return `订单 ${code} 的发票已红冲（${form.number}）`
  })
}

/**
 * A refund after the invoice was issued voids it (已作废), in the refund's transaction `t`: the
 * same red record, reason 退款, with no red-letter number yet (finance issues that with the tax
 * office). Nothing when no invoice stands, so a second refund voids nothing twice.
 */
export async function voidOnRefund(t: Db, actor: Actor, o: { id: number; code: string }, now: Date) {
  await redLetter(t, actor, o, { number: '', file: '', reason: REFUND_RED_REASON }, InvoiceStatus.voided, now)
}

/**
 * The order's invoice history for staff, oldest first: each issue and red-letter with its
 * number, file (a signed link by `fileLink`), amount in yuan, title, reason, who and when.
 */
export async function invoiceHistory(db: Db, orderId: number, fileLink: (path: string) => string) {
  const rows = await db
    .selectFrom('invoice_records')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    kindText: RecordKindText[r.kind],
    number: r.number,
    file: r.file ? fileLink(r.file) : '',
    amount: fenToYuan(r.amount_fen),
    title: r.title,
    taxCode: r.tax_code,
    reason: r.reason,
    staff: r.staff_username,
    time: r.create_time,
  }))
}

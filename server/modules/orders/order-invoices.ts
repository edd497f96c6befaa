/**
 * Invoices on orders (issue 9): the buyer applies on a shipped or completed order, finance issues
 * it. Each is one conditional update of the order, refused and changing nothing from another state.
 */
import { OrderStatus } from '../../../src/lib/constants.ts'
import type { InvoiceIssue } from '../../../src/lib/rules/back-office.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { hasRow } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { dbTime } from '../../time.ts'
import { privateFileExists } from '../uploads/private-files.ts'
import type { FileDirs } from '../uploads/uploads.service.ts'
import { changed, ORDER_MISSING, orderByCode, ownOrder } from './order-lookup.ts'
import { AfterStatus, InvoiceStatus } from './orders.queries.ts'

/**
 * The buyer asks for an invoice on a shipped or completed order (Orders/PostOrdersInvoice) with
 * one of their own shown invoice infos; one per order. → invoice_id, invoice_status 10.
 */
export async function applyInvoice(db: Db, userId: number, orderId: number, invoiceId: number | null) {
  const o = await ownOrder(db, userId, orderId)
  if (invoiceId === null) throw refuse('请选择发票')
  if (!(await hasRow(db, 'invoice_infos', { id: invoiceId, user_id: userId, is_show: 1 })))
    throw refuse('发票信息不存在', 404)
  if (o.invoice_status !== InvoiceStatus.none) throw refuse('已申请过发票')
  const moved = await db
    .updateTable('orders')
    .set({ invoice_id: invoiceId, invoice_status: InvoiceStatus.applied })
    .where('id', '=', o.id)
    .where('user_id', '=', userId)
    .where('invoice_status', '=', InvoiceStatus.none)
    .where('status', 'in', [OrderStatus.unreceived, OrderStatus.completed])
    .executeTakeFirst()
  if (changed(moved)) return
  const now = await ownOrder(db, userId, orderId)
  throw refuse(now.invoice_status !== InvoiceStatus.none ? '已申请过发票' : '当前订单不能申请发票')
}

/**
 * Finance issues an applied invoice (the back office and `npm run ops -- invoice`): invoice_status
 * 10 → 20 with its number, its file (a private upload the buyer opens through a signed link; ''
 * for paper) and the time, a notification and the audit row, in one transaction. The file must
 * be stored in the private tree (`dirs`: on disk or in the bucket). Refused, changing nothing, when nothing is to be issued.
 */
export async function issueInvoice(
  db: Db,
  actor: Actor,
  dirs: FileDirs,
  code: string,
  form: InvoiceIssue,
  now: Date,
): Promise<string> {
  const o = await orderByCode(db, code)
  if (!o) throw refuse(ORDER_MISSING, 404)
  if (form.file && !(await privateFileExists(dirs, form.file))) throw refuse('发票文件不存在，请重新上传')
  return db.transaction().execute(async (t): Promise<string> => {
    const moved = await t
      .updateTable('orders')
      .set({
        invoice_status: InvoiceStatus.issued,
        invoice_number: form.number,
        invoice_file: form.file,
        invoice_time: dbTime(now),
      })
      .where('id', '=', o.id)
      .where('invoice_status', '=', InvoiceStatus.applied)
      // A refunded order's request is withdrawn (已取消): nothing to issue.
      .where('after_status', '!=', AfterStatus.refunded)
      .executeTakeFirst()
    if (!changed(moved)) throw refuse(`订单 ${code} 没有待开具的发票申请，未作改动`)
    await notify(
      t,
      o.user_id,
      '发票已开具',
      `您的订单 ${code} 的发票已开具，发票号码 ${form.number}${form.file ? '，可在订单详情中查看' : '，请注意查收'}。`,
      now,
    )
    await audit(t, actor, now, {
      action: 'order.invoice',
      target: `order:${code}`,
      before: { invoiceStatus: InvoiceStatus.applied },
      after: { invoiceStatus: InvoiceStatus.issued, invoiceNumber: form.number, invoiceFile: form.file },
    })
    return `订单 ${code} 的发票已开具（${form.number}）`
  })
}

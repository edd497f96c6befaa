/**
 * Invoices on orders (issue 9): the buyer applies on a shipped or completed order, finance issues
 * it, and after a red-letter (invoice-records.ts, issue 39) issues the corrected one. Each is one
 * conditional update of the order, refused and changing nothing from another state.
 */
import { OrderStatus } from '../../../src/lib/constants.ts'
import type { InvoiceIssue } from '../../../src/lib/rules/back-office.ts'
import type { InvoiceReissue } from '../../../src/lib/rules/invoice-correction.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { hasRow } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { dbTime } from '../../time.ts'
import { privateFileExists } from '../uploads/private-files.ts'
import type { FileDirs } from '../uploads/uploads.service.ts'
import { recordIssue } from './invoice-records.ts'
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

/** What an issue step differs by: the states it starts from, how it refuses, what it tells. */
interface IssueStep {
  from: number[]
  action: 'order.invoice' | 'order.invoice.reissue'
  /** The refusal once the conditional update moved nothing, from the order as it is then. */
  refusal: (o: { status: number; invoice_status: number }, code: string) => string
  title: string
  done: string
}

const FIRST_ISSUE: IssueStep = {
  from: [InvoiceStatus.applied],
  action: 'order.invoice',
  refusal: (_, code) => `订单 ${code} 没有待开具的发票申请，未作改动`,
  title: '发票已开具',
  done: '已开具',
}

const REISSUE: IssueStep = {
  from: [InvoiceStatus.voided, InvoiceStatus.reopening],
  action: 'order.invoice.reissue',
  refusal: (o, code) =>
    o.status === OrderStatus.cancelled
      ? `订单 ${code} 已全额退款，不能重开发票，未作改动`
      : o.invoice_status === InvoiceStatus.issued
        ? `订单 ${code} 的发票已开具，请先红冲，未作改动`
        : `订单 ${code} 没有已红冲的发票，不能重开，未作改动`,
  title: '发票已重新开具',
  done: '已重新开具',
}

/**
 * Finance issues an applied invoice (the back office and `npm run ops -- invoice`): invoice_status
 * 10 → 20 with its number, its file (a private upload the buyer opens through a signed link; ''
 * for paper) and the time, its issue record, a notification and the audit row, in one
 * transaction. The file must be stored in the private tree (`dirs`: on disk or in the bucket).
 * Refused, changing nothing, when nothing is to be issued.
 */
export const issueInvoice = (
  db: Db,
  actor: Actor,
  dirs: FileDirs,
  code: string,
  form: InvoiceIssue,
  now: Date,
) => issue(db, actor, dirs, code, form, now, FIRST_ISSUE)

/**
 * Finance issues the corrected invoice after a red-letter (30 已作废 or 40 待重开 → 20), the
 * same way, under the title given or else the last invoice's. Refused, changing nothing, on an
 * order all of whose money went back (cancelled) or whose invoice was not red-lettered.
 */
export const reissueInvoice = (
  db: Db,
  actor: Actor,
  dirs: FileDirs,
  code: string,
  form: InvoiceReissue,
  now: Date,
) => issue(db, actor, dirs, code, form, now, REISSUE)

async function issue(
  db: Db,
  actor: Actor,
  dirs: FileDirs,
  code: string,
  form: InvoiceIssue & { title?: string; taxCode?: string },
  now: Date,
  step: IssueStep,
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
      .where('invoice_status', 'in', step.from)
      // A refunded order's request is withdrawn (已取消), a wholly refunded one has nothing to invoice.
      .where((eb) =>
        step === FIRST_ISSUE
          ? eb('after_status', '!=', AfterStatus.refunded)
          : eb('status', '!=', OrderStatus.cancelled),
      )
      .executeTakeFirst()
    if (!changed(moved)) throw refuse(step.refusal((await orderByCode(t, code)) ?? o, code))
    // One number names one invoice: not the voided one's (nor its red-letter's) again.
    if (await hasRow(t, 'invoice_records', { order_id: o.id, number: form.number }))
      throw refuse('该发票号码已在此订单使用过，请核对')
    const { title, taxCode } = await recordIssue(t, actor, o.id, form, now)
    await notify(
      t,
      o.user_id,
      step.title,
      `您的订单 ${code} 的发票${step.done}，发票号码 ${form.number}${form.file ? '，可在订单详情中查看' : '，请注意查收'}。`,
      now,
    )
    await audit(t, actor, now, {
      action: step.action,
      target: `order:${code}`,
      before: { invoiceStatus: o.invoice_status },
      after: {
        invoiceStatus: InvoiceStatus.issued,
        invoiceNumber: form.number,
        invoiceFile: form.file,
        ...(step === REISSUE ? { invoiceTitle: title, taxCode } : {}),
      },
    })
    return `订单 ${code} 的发票${step.done}（${form.number}）`
  })
}

/**
 * Invoice correction (issue 39): the forms finance fills to red-letter (红冲) an issued invoice
 * and to issue the corrected one. The admin dialogs check them before sending; the admin calls
 * check them again with the same functions.
 */
import { invoiceNumberChecks } from './back-office.ts'
import { type Check, type Checked, checked, filled, firstError, type Input, text } from './fields.ts'
import { INVOICE_MESSAGES, isCreditCode, isCreditCodeShape } from './invoice.ts'

export const RED_REASON_MAX = 100
/** The invoice title's limit, as the buyer's invoice form has it (accounts §5). */
export const INVOICE_TITLE_MAX = 20

/** The reason a refund's automatic red-letter records. */
export const REFUND_RED_REASON = '退款'

/** The invoice states of orders.invoice_status (migrations 4, 38). */
export const InvoiceStatus = { none: 0, applied: 10, issued: 20, voided: 30, reopening: 40 } as const

/** The red-letter invoice finance issued to void the current one. */
export interface InvoiceVoid {
  /** The red-letter invoice's own number. */
  number: string
  /** Its file, a private upload path; '' when paper or not at hand. */
  file: string
  reason: string
}

/** A corrected invoice: number and file as at issue, and the title printed on it. */
export interface InvoiceReissue {
  number: string
  file: string
  /** The title (公司名称) and tax id; '' keeps the title the last invoice carried. */
  title: string
  taxCode: string
}

/**
 * Red-lettering: the red-letter invoice's number (请填写红字发票号码, letters and digits, at most
 * 40), its file when given, and a reason (请填写红冲原因, at most 100 characters).
 * checkInvoiceVoid({ number: 'R1', reason: '' }) → { error: '请填写红冲原因', … }
 */
export function checkInvoiceVoid(input: Input): Checked<InvoiceVoid, 'number' | 'file' | 'reason'> {
  const number = text(input, 'number')
  const file = text(input, 'file')
  const reason = text(input, 'reason')
  return checked(
    firstError<'number' | 'file' | 'reason'>([
      ...invoiceNumberChecks(number, file, '红字发票'),
      ...filled('reason', reason, '红冲原因', RED_REASON_MAX),
    ]),
    { number, file, reason },
  )
}

/**
 * The corrected invoice: number and file as an issue; the title and tax id together or neither
 * (neither keeps the last invoice's), the tax id a 统一社会信用代码 with its check character.
 * checkInvoiceReissue({ number: 'A2', title: '某公司', taxCode: '' }) → { error: '请填写税号', … }
 */
export function checkInvoiceReissue(
  input: Input,
): Checked<InvoiceReissue, 'number' | 'file' | 'title' | 'taxCode'> {
  const number = text(input, 'number')
  const file = text(input, 'file')
  const title = text(input, 'title')
  const taxCode = text(input, 'taxCode').toUpperCase()
  const retitled = title !== '' || taxCode !== ''
  const titleChecks: Check<'title' | 'taxCode'>[] = retitled
    ? [
        ...filled('title', title, '公司名称', INVOICE_TITLE_MAX),
        ['taxCode', !taxCode, '请填写税号'],
        ['taxCode', !isCreditCodeShape(taxCode), INVOICE_MESSAGES.codeShape],
        ['taxCode', !isCreditCode(taxCode), INVOICE_MESSAGES.codeCheck],
      ]
    : []
  return checked(
    firstError<'number' | 'file' | 'title' | 'taxCode'>([
      ...invoiceNumberChecks(number, file, '发票'),
      ...titleChecks,
    ]),
    { number, file, title, taxCode },
  )
}

import { type Checked, checked, firstError, type Input, len, text } from './fields.ts'
import { isPrivatePath } from './files.ts'

/**
 * The forms of the back office's order actions (issue 20): the admin screens check them before
 * sending, the admin calls and `npm run ops` check them again with the same functions.
 */

export const INVOICE_NUMBER_MAX = 40
export const DECISION_REASON_MAX = 100

export interface InvoiceIssue {
  /** The invoice's number as printed on it (digits and letters). */
  number: string
  /** The electronic invoice's file, a private upload path; '' for a paper invoice. */
  file: string
}

/**
 * Issuing an invoice: its number is required (请填写发票号码), at most 40 letters or digits; the
 * file, when given, an uploaded private file.
 * checkInvoiceIssue({ number: '0123 4567' }) → { error: '发票号码只能包含字母和数字', … }
 */
export function checkInvoiceIssue(input: Input): Checked<InvoiceIssue, 'number' | 'file'> {
  const number = text(input, 'number')
  const file = text(input, 'file')
  return checked(
    firstError<'number' | 'file'>([
      ['number', !number, '请填写发票号码'],
      ['number', len(number) > INVOICE_NUMBER_MAX, `发票号码不能超过${INVOICE_NUMBER_MAX}个字符`],
      ['number', !/^[A-Za-z0-9]*$/.test(number), '发票号码只能包含字母和数字'],
      ['file', file !== '' && !isPrivatePath(file), '发票文件不正确，请重新上传'],
    ]),
    { number, file },
  )
}

export interface AfterSalesDecision {
  decision: 'approve' | 'reject'
  reason: string
}

/**
 * Deciding an after-sales request: approve or reject (请选择审核结果), with an optional reason
 * of at most 100 characters that the buyer reads (a rejection without one says 不符合退款条件).
 */
export function checkAfterSalesDecision(input: Input): Checked<AfterSalesDecision, 'decision' | 'reason'> {
  const decision = text(input, 'decision')
  const reason = text(input, 'reason')
  return checked(
    firstError<'decision' | 'reason'>([
      ['decision', decision !== 'approve' && decision !== 'reject', '请选择审核结果'],
      ['reason', len(reason) > DECISION_REASON_MAX, `原因不能超过${DECISION_REASON_MAX}个字`],
    ]),
    { decision: decision as AfterSalesDecision['decision'], reason },
  )
}

export const ORDER_NOTE_MAX = 500

/**
 * A staff member's internal note on an order: 1 to 500 characters, trimmed.
 * checkOrderNote({ text: ' ' }) → { error: '请填写备注内容', … }
 */
export function checkOrderNote(input: Input): Checked<{ text: string }, 'text'> {
  const note = text(input, 'text')
  return checked(
    firstError<'text'>([
      ['text', !note, '请填写备注内容'],
      ['text', len(note) > ORDER_NOTE_MAX, `备注不能超过${ORDER_NOTE_MAX}个字`],
    ]),
    { text: note },
  )
}

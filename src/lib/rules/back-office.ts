import { type Check, type Checked, checked, firstError, type Input, len, text } from './fields.ts'
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
  return checked(firstError(invoiceNumberChecks(number, file, '发票')), { number, file })
}

/**
 * The number and file checks of an invoice, worded for which one: '发票' at issue, '红字发票' for
 * the red-letter of invoice correction (rules/invoice-correction.ts).
 */
export function invoiceNumberChecks(number: string, file: string, what: string): Check<'number' | 'file'>[] {
  return [
    ['number', !number, `请填写${what}号码`],
    ['number', len(number) > INVOICE_NUMBER_MAX, `${what}号码不能超过${INVOICE_NUMBER_MAX}个字符`],
    ['number', !/^[A-Za-z0-9]*$/.test(number), `${what}号码只能包含字母和数字`],
    ['file', file !== '' && !isPrivatePath(file), `${what}文件不正确，请重新上传`],
  ]
}

export interface AfterSalesDecision {
  decision: 'approve' | 'reject'
  reason: string
  /** The refund in fen; undefined is the whole refundable sum (issue 38). */
  amountFen?: number | undefined
}

/**
 * A yuan amount with at most two decimals → fen: yuanToFen('12.5') → 1250; undefined when it is
 * not one ('abc', '1.234', -1). Empty or missing → null (not given).
 */
export function yuanToFen(v: unknown): number | null | undefined {
  if (v === undefined || v === null || v === '') return null
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : ''
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return undefined
  const [whole = '0', part = ''] = s.split('.')
  return Number(whole) * 100 + Number(part.padEnd(2, '0'))
}

/**
 * Deciding an after-sales request: approve or reject (请选择审核结果), with an optional reason
 * of at most 100 characters that the buyer reads (a rejection without one says 不符合退款条件),
 * and for a refund optionally the amount in yuan with two decimals (退款金额应为大于 0 的金额，
 * 最多两位小数); the server checks it against what the lines paid.
 */
export function checkAfterSalesDecision(
  input: Input,
): Checked<AfterSalesDecision, 'decision' | 'reason' | 'amount'> {
  const decision = text(input, 'decision')
  const reason = text(input, 'reason')
  const amountFen = yuanToFen(input.amount)
  return checked(
    firstError<'decision' | 'reason' | 'amount'>([
      ['decision', decision !== 'approve' && decision !== 'reject', '请选择审核结果'],
      ['reason', len(reason) > DECISION_REASON_MAX, `原因不能超过${DECISION_REASON_MAX}个字`],
      ['amount', amountFen === undefined || amountFen === 0, '退款金额应为大于 0 的金额，最多两位小数'],
    ]),
    {
      decision: decision as AfterSalesDecision['decision'],
      reason,
      ...(typeof amountFen === 'number' ? { amountFen } : {}),
    },
  )
}

export interface ReturnReceipt {
  decision: 'accept' | 'refuse'
  reason: string
  /** For an exchange: the replacement's courier and (typed) waybill. */
  courier: string
  waybill: string
}

/**
 * The warehouse's word on goods sent back: accept (已收货) or refuse (请选择验收结果); a refusal
 * needs its reason (请填写拒收原因), at most 100 characters.
 */
export function checkReturnReceipt(input: Input): Checked<ReturnReceipt, 'decision' | 'reason'> {
  const decision = text(input, 'decision')
  const reason = text(input, 'reason')
  return checked(
    firstError<'decision' | 'reason'>([
      ['decision', decision !== 'accept' && decision !== 'refuse', '请选择验收结果'],
      ['reason', decision === 'refuse' && !reason, '请填写拒收原因'],
      ['reason', len(reason) > DECISION_REASON_MAX, `原因不能超过${DECISION_REASON_MAX}个字`],
    ]),
    {
      decision: decision as ReturnReceipt['decision'],
      reason,
      courier: text(input, 'courier'),
      waybill: text(input, 'waybill'),
    },
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

export const TRANSFER_REFERENCE_MAX = 64
export const TRANSFER_PAYER_MAX = 100

export interface TransferReceipt {
  /** What arrived (or went back), in fen. */
  amountFen: number
  /** The bank's reference for the transfer (流水号). */
  reference: string
  /** The name of the account it came from (or went to). */
  payer: string
  /** The day it arrived 'YYYY-MM-DD'; '' for today (China time, the server fills it in). */
  receivedAt: string
  /** The receipt scan, a private upload path; '' for none. */
  slip: string
}

/** A real calendar day 'YYYY-MM-DD': isDay('2026-02-30') → false. */
const isDay = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}

/**
 * Finance recording a corporate transfer received (or a transfer refund paid back): the amount in
 * yuan, greater than 0 with at most two decimals (请填写到账金额; 到账金额应为大于 0 的金额，最多两位小数),
 * the bank reference (请填写银行流水号; at most 64 characters, no spaces), the payer's account
 * name (请填写付款户名; at most 100), the day received (optional, 'YYYY-MM-DD'; 到账日期格式不正确)
 * and optionally the receipt scan, an uploaded private file.
 * checkTransferReceipt({ amount: '100.5', reference: 'B1', payer: '某某医院' }).value.amountFen → 10050
 */
export function checkTransferReceipt(
  input: Input,
): Checked<TransferReceipt, 'amount' | 'reference' | 'payer' | 'receivedAt' | 'slip'> {
  const amountFen = yuanToFen(input.amount)
  const reference = text(input, 'reference')
  const payer = text(input, 'payer')
  const receivedAt = text(input, 'receivedAt')
  const slip = text(input, 'slip')
  return checked(
    firstError<'amount' | 'reference' | 'payer' | 'receivedAt' | 'slip'>([
      ['amount', amountFen === null, '请填写到账金额'],
      ['amount', amountFen === undefined || amountFen === 0, '到账金额应为大于 0 的金额，最多两位小数'],
      ['reference', !reference, '请填写银行流水号'],
      [
        'reference',
        len(reference) > TRANSFER_REFERENCE_MAX,
        `银行流水号不能超过${TRANSFER_REFERENCE_MAX}个字符`,
      ],
      ['reference', /\s/.test(reference), '银行流水号不能包含空格'],
      ['payer', !payer, '请填写付款户名'],
      ['payer', len(payer) > TRANSFER_PAYER_MAX, `付款户名不能超过${TRANSFER_PAYER_MAX}个字`],
      ['receivedAt', receivedAt !== '' && !isDay(receivedAt), '到账日期格式不正确'],
      ['slip', slip !== '' && !isPrivatePath(slip), '回单文件不正确，请重新上传'],
    ]),
    { amountFen: typeof amountFen === 'number' ? amountFen : 0, reference, payer, receivedAt, slip },
  )
}

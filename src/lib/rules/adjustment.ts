/**
 * A balance adjustment by finance (issue 20, back office): an amount in yuan with its sign (+ or
 * −, at most two decimals, the price rule of price.ts for the digits) and a reason of 5 to 100
 * characters (issue 39). The dialog and POST /api/admin/customers/{userId}/balance both use it.
 */
import {
  type Checked,
  checked,
  firstError,
  type Input,
  isRequestId,
  len,
  REQUEST_ID_BAD,
  text,
} from './fields.ts'
import { checkPrice } from './price.ts'

export const ADJUST_REASON_MAX = 100
export const ADJUST_REASON_MIN = 5

export interface AdjustmentForm {
  /** Signed: positive credits the balance, negative debits it. */
  fen: number
  reason: string
  /**
   * The form's own id for this one adjustment (a UUID made when the dialog opens): sent again —
   * a double click, a retry after a lost answer — it changes nothing a second time.
   */
  requestId?: string
}

export type AdjustmentField = 'amount' | 'reason' | 'requestId'

/**
 * checkAdjustment({ amount: '-12.5', reason: '重复充值' }) → { fen: -1250, reason: '重复充值' };
 * '' → 请填写调整金额; '0' → 调整金额不能为0; '1.234' → 调整金额最多两位小数; no reason → 请填写调整原因; '补贴' → 调整原因至少5个字.
 * A typed '−' (the minus sign) or '＋' counts as its ASCII sign.
 */
export function checkAdjustment(input: Input): Checked<AdjustmentForm, AdjustmentField> {
  const raw = text(input, 'amount')
    .replace(/^[−－]/, '-')
    .replace(/^＋/, '+')
  const sign = raw.startsWith('-') ? -1 : 1
  const digits = raw.replace(/^[+-]\s*/, '')
  const price = checkPrice(digits, '调整金额')
  const reason = text(input, 'reason')
  const requestId = text(input, 'requestId')
  const fen = price.fen === null ? 0 : sign * price.fen
  return checked(
    firstError<AdjustmentField>([
      ['amount', !raw, '请填写调整金额'],
      // One sign only: '--1' is no amount (the price rule would call it negative).
      ['amount', /^[+-]/.test(digits), '调整金额须为数字'],
      ['amount', price.error !== null, price.error ?? ''],
      ['amount', fen === 0, '调整金额不能为0'],
      ['reason', !reason, '请填写调整原因'],
      ['reason', len(reason) < ADJUST_REASON_MIN, `调整原因至少${ADJUST_REASON_MIN}个字`],
      ['reason', len(reason) > ADJUST_REASON_MAX, `调整原因不能超过${ADJUST_REASON_MAX}个字`],
      ['requestId', requestId !== '' && !isRequestId(requestId), REQUEST_ID_BAD],
    ]),
    requestId ? { fen, reason, requestId } : { fen, reason },
  )
}

/**
 * Whether an adjustment of `fen` (signed) waits for a second person's approval: above the limit
 * either way. needsApproval(-600_000, 500_000) → true; needsApproval(500_000, 500_000) → false.
 */
export const needsApproval = (fen: number, limitFen: number) => Math.abs(fen) > limitFen

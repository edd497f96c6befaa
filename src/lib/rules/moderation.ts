import { type Checked, checked, firstError, type Input, len, text } from './fields.ts'

/** The longest reason or note an operator may write (it goes into a notification as is). */
export const MODERATION_TEXT_MAX = 200

export type ReasonField = 'reason'
export type NoteField = 'note'

/**
 * One text an operator writes with a moderation act (a reason, a note), named `label` in its
 * refusals: at most MODERATION_TEXT_MAX characters, and not empty when `required`.
 */
function checkOperatorText<F extends string>(
  input: Input,
  field: F,
  label: string,
  required: boolean,
): Checked<Record<F, string>, F> {
  const value = text(input, field)
  return checked(
    firstError<F>([
      [field, required && !value, `请填写${label}`],
      [field, len(value) > MODERATION_TEXT_MAX, `${label}不能超过${MODERATION_TEXT_MAX}个字`],
    ]),
    { [field]: value } as Record<F, string>,
  )
}

/**
 * The reason an operator gives to take an item off the shelf or hide a comment (issue 20): its
 * author reads it in /message, so it is required. The back office's dialog and the admin calls
 * both check it.
 */
export function checkReason(input: Input): Checked<{ reason: string }, ReasonField> {
  return checkOperatorText(input, 'reason', '原因', true)
}

/** The reason of a restore: optional (the author is told the item is back either way). */
export function checkRestoreReason(input: Input): Checked<{ reason: string }, ReasonField> {
  return checkOperatorText(input, 'reason', '原因', false)
}

/** What the operator writes when marking a complaint handled: required, kept with it. */
export function checkHandleNote(input: Input): Checked<{ note: string }, NoteField> {
  return checkOperatorText(input, 'note', '处理说明', true)
}

/**
 * The two ways to take paid content down (issue 39 part 7): keep it readable for those who bought
 * it (the default), or 违规下架并退款 — every buyer refunded to their balance, and no one reads it.
 */
export const TAKEDOWN_CHOICES = {
  keep: '下架，已购用户仍可查看',
  refund: '违规下架并退款',
} as const
export type TakedownChoice = keyof typeof TAKEDOWN_CHOICES
export const BAD_TAKEDOWN_CHOICE = '请选择下架方式'

/**
 * A takedown's reason (checkReason) and its choice: checkTakedown({ reason: '虚假宣传', refund: true })
 * → { reason, refund: true }; refund absent is the default (keep), anything but a boolean is refused.
 */
export function checkTakedown(
  input: Input,
): Checked<{ reason: string; refund: boolean }, ReasonField | 'refund'> {
  const r = checkReason(input)
  if (r.error !== null) return r
  const refund = input.refund ?? false
  if (typeof refund !== 'boolean') return { error: BAD_TAKEDOWN_CHOICE, field: 'refund', value: null }
  return { error: null, field: null, value: { reason: r.value.reason, refund } }
}

import { type Checked, checked, firstError, type Input, len, text } from './fields.ts'

/** The longest reason or note an operator may write (it goes into a notification as is). */
export const MODERATION_TEXT_MAX = 200

export type ReasonField = 'reason'
export type NoteField = 'note'

/**
 * The reason an operator gives to take an item off the shelf or hide a comment (issue 20): its
 * author reads it in /message, so it is required. The back office's dialog and the admin calls
 * both check it.
 */
export function checkReason(input: Input): Checked<{ reason: string }, ReasonField> {
  const reason = text(input, 'reason')
  return checked(
    firstError<ReasonField>([
      ['reason', !reason, '请填写原因'],
      ['reason', len(reason) > MODERATION_TEXT_MAX, `原因不能超过${MODERATION_TEXT_MAX}个字`],
    ]),
    { reason },
  )
}

/** The reason of a restore: optional (the author is told the item is back either way). */
export function checkRestoreReason(input: Input): Checked<{ reason: string }, ReasonField> {
  const reason = text(input, 'reason')
  return checked(
    firstError<ReasonField>([
      ['reason', len(reason) > MODERATION_TEXT_MAX, `原因不能超过${MODERATION_TEXT_MAX}个字`],
    ]),
    { reason },
  )
}

/** What the operator writes when marking a complaint handled: required, kept with it. */
export function checkHandleNote(input: Input): Checked<{ note: string }, NoteField> {
  const note = text(input, 'note')
  return checked(
    firstError<NoteField>([
      ['note', !note, '请填写处理说明'],
      ['note', len(note) > MODERATION_TEXT_MAX, `处理说明不能超过${MODERATION_TEXT_MAX}个字`],
    ]),
    { note },
  )
}

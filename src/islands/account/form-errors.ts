/**
 * The rules of src/lib/rules answer one message; the forms show it next to the field it is
 * about. Each form lists its fields with the words its messages use, most specific first.
 * fieldOf('手机号格式不正确', [['tel', ['手机号']]]) → 'tel'
 */
export function fieldOf<K extends string>(
  message: string,
  fields: readonly (readonly [K, readonly string[]])[],
): K | null {
  return fields.find(([, words]) => words.some((w) => message.includes(w)))?.[0] ?? null
}

/** Moves focus to the field the message is about, so keyboard and screen-reader users land on it. */
export function focusField(id: string): void {
  const el = document.getElementById(id) ?? document.getElementById(`${id}-group`)
  // A group (an uploader) is not focusable itself: its first control is.
  const target = el?.matches('input, select, textarea, button')
    ? el
    : el?.querySelector<HTMLElement>('input, select, textarea, button')
  const box = el ?? target
  if (!box) return
  target?.focus({ preventScroll: true })
  box.scrollIntoView({ block: 'center', behavior: 'smooth' })
}

/** The props of an input that may carry a message: invalid state and the message it is described by. */
export const invalidProps = (id: string, error: string | null | undefined) =>
  ({
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  }) as const

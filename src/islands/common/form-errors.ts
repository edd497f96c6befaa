/**
 * How every form shows a rule's refusal (src/lib/rules answer `{ error, field }`): the message
 * under the field the rule names (FormError), that field marked invalid (invalidProps), and focus
 * moved to it (focusField), so keyboard and screen-reader users land on it.
 */
import { useCallback, useRef, useState } from 'react'

/** Moves focus to the field with this id (or the group `${id}-group`, e.g. an uploader) and scrolls it into view. */
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

/** A refusal on screen: the field it is about (null: the form as a whole) and its message. */
export interface Shown<K extends string> {
  field: K | null
  message: string
}

/** Which message a field shows: the refusal's, when it names that field. */
export const messageOf = <K extends string>(shown: Shown<K> | null, field: K): string | null =>
  shown?.field === field ? shown.message : null

/**
 * The shown refusal after typing in `field`: cleared when it is that field's or the form's,
 * kept when it is about another field. Without a field, any change clears it.
 */
export const clearedBy = <K extends string>(shown: Shown<K> | null, field?: K): Shown<K> | null =>
  shown && (field === undefined || shown.field === field || shown.field === null) ? null : shown

/**
 * One refusal at a time for a form: `refuse(field, message)` shows it under that field and moves
 * focus there (`idOf` gives the field's element id); a null field is a form-wide message.
 * `refuse` and `clear` keep their identity across renders.
 */
export function useRefusal<K extends string>(idOf: (field: K) => string) {
  const [shown, setShown] = useState<Shown<K> | null>(null)
  const idOfRef = useRef(idOf)
  idOfRef.current = idOf
  const refuse = useCallback((field: K | null, message: string) => {
    setShown({ field, message })
    if (field !== null) focusField(idOfRef.current(field))
  }, [])
  /** Typing in `field` clears its message and a form-wide one; no field clears any. */
  const clear = useCallback((field?: K) => setShown((s) => clearedBy(s, field)), [])
  return {
    shown,
    refuse,
    clear,
    errorOf: (field: K) => messageOf(shown, field),
    /** The message no field owns. */
    formError: shown?.field === null ? shown.message : null,
  }
}

/**
 * The one way a form shows a rule's message (storefront §5): under the field the rule refuses
 * (`at="field"`, small, with the id the input's aria-describedby names) or for the form as a
 * whole (`at="form"`), for a message no field owns. It is always rendered, so aria-describedby
 * never points at nothing, and it is an alert only while it has a message.
 */
export function FormError({
  id,
  message,
  at = 'form',
  reserve = false,
  className,
}: {
  /** `${fieldId}-error` under a field; the form's own id otherwise. */
  id?: string
  message: string | null | undefined
  at?: 'field' | 'form'
  /** Keep one line of room while empty, so a dialog does not jump when a message appears. */
  reserve?: boolean
  className?: string
}) {
  const look = [
    'text-red-600',
    at === 'field' ? 'text-xs' : 'text-sm',
    reserve ? 'min-h-5' : at === 'form' && 'empty:hidden',
    className,
  ]
  return (
    <p id={id} className={look.filter(Boolean).join(' ')} role={message ? 'alert' : undefined}>
      {message}
    </p>
  )
}

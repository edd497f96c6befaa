import type { ButtonHTMLAttributes } from 'react'

/**
 * A button that keeps keyboard focus while its action runs. `busy` marks it aria-disabled and
 * swallows its clicks — a submit button's too, and with it the Enter pressed in a field (implicit
 * submission clicks the form's default button). `disabled` instead moved focus to <body> the moment
 * the button was pressed, leaving a keyboard or screen-reader user nowhere after every submit.
 *   <BusyButton type="submit" className="btn-primary" busy={busy}>提交</BusyButton>
 */
export function BusyButton({
  busy,
  onClick,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean }) {
  return (
    <button
      {...props}
      type={type}
      aria-disabled={busy || undefined}
      onClick={(e) => {
        if (busy) e.preventDefault()
        else onClick?.(e)
      }}
    />
  )
}

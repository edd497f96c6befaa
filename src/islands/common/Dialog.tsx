import * as RadixDialog from '@radix-ui/react-dialog'
import { type ReactNode, useRef } from 'react'

/** How a screen opens and closes one of its dialogs. */
export interface DialogState {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * The one modal of the portal: focus trap, Esc and the close button come from Radix; the
 * look (centred card, mobile full width) from here. `width` follows the spec where it names one.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  children,
  width = 'max-w-md',
  description,
}: DialogState & {
  title: ReactNode
  children: ReactNode
  width?: string
  description?: string
}) {
  // Radix hands focus back to its own Trigger; our dialogs are opened by state, so the element
  // that had focus when the dialog opened (the button pressed) gets it back on close. It is read
  // while the opening renders: a field of the dialog with autoFocus (the login's phone) takes the
  // focus in the same commit, before Radix's onOpenAutoFocus, which then saw the field.
  const opener = useRef<HTMLElement | null>(null)
  const shown = useRef(false)
  if (open !== shown.current) {
    shown.current = open
    const active = typeof document === 'undefined' ? null : document.activeElement
    if (open) opener.current = active instanceof HTMLElement ? active : null
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[3000] bg-slate-900/50" />
        <RadixDialog.Content
          className={`fixed left-1/2 top-1/2 z-[3001] max-h-[92vh] w-[calc(100vw-24px)] ${width} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none`}
          onCloseAutoFocus={(e) => {
            const el = opener.current
            if (el?.isConnected && el !== document.body) {
              e.preventDefault()
              el.focus()
            }
          }}
          // Radix links a Description by itself; without one, say so rather than warn.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="-m-1 rounded p-1 text-slate-400 hover:text-slate-700"
              aria-label="关闭"
            >
              <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true">
                <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
              </svg>
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="sr-only">{description}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

/**
 * A dialog holding a form that starts fresh at every opening: the form is drawn only while the
 * dialog is open, so nothing typed before lingers, and `children` gets the way to close it.
 */
export function FreshFormDialog({
  open,
  onOpenChange,
  children,
  ...look
}: DialogState & {
  title: ReactNode
  width?: string
  description?: string
  children: (close: () => void) => ReactNode
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} {...look}>
      {open && children(() => onOpenChange(false))}
    </Dialog>
  )
}

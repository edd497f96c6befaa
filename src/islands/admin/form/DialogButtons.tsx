/**
 * The end of a back-office dialog, drawn once: 取消, then the button that confirms (保存 unless
 * named otherwise), at the right. Without `onConfirm` that button submits the dialog's form and
 * shows `busy`; with it, it is a plain button. `children` (a form's own message) stand before them.
 */
import type { ReactNode } from 'react'
import { BusyButton } from '../../common/BusyButton.tsx'

export function DialogButtons({
  close,
  busy = false,
  label = '保存',
  onConfirm,
  className = 'flex justify-end gap-2',
  children,
}: {
  close: () => void
  busy?: boolean
  label?: ReactNode
  onConfirm?: () => void
  /** The row's layout, where a dialog spaces it apart from what stands above. */
  className?: string
  children?: ReactNode
}) {
  return (
    <div className={className}>
      {children}
      <button type="button" className="btn-outline" onClick={close}>
        取消
      </button>
      {onConfirm ? (
        <button type="button" className="btn-primary" onClick={onConfirm}>
          {label}
        </button>
      ) : (
        <BusyButton type="submit" className="btn-primary" busy={busy}>
          {label}
        </BusyButton>
      )}
    </div>
  )
}

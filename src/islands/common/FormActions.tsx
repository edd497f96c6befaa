/**
 * The foot of a form: 取消 (when the form can be left) and the submit button, which keeps its
 * focus while the form is sent and says `busyLabel` meanwhile. One piece, so every form of the
 * portal ends the same way; `className` places the row, the button classes size it.
 *   <FormActions busy={busy} label="提交" busyLabel="提交中…" onCancel={close} />
 */
import { BusyButton } from './BusyButton.tsx'

export function FormActions({
  busy,
  label,
  busyLabel = label,
  onCancel,
  lockCancel = false,
  className = 'flex justify-end gap-2',
  cancelClass = 'btn-outline',
  submitClass = 'btn-primary min-w-24',
}: {
  busy: boolean
  label: string
  /** What the submit button says while the form is sent; its label unless given. */
  busyLabel?: string
  /** Leaves the form; no 取消 without it. */
  onCancel?: () => void
  /** 取消 waits for the answer too (a dialog whose change must not be left half done). */
  lockCancel?: boolean
  className?: string
  cancelClass?: string
  submitClass?: string
}) {
  return (
    <div className={className}>
      {onCancel &&
        (lockCancel ? (
          <BusyButton type="button" className={cancelClass} onClick={onCancel} busy={busy}>
            取消
          </BusyButton>
        ) : (
          <button type="button" className={cancelClass} onClick={onCancel}>
            取消
          </button>
        ))}
      <BusyButton type="submit" className={submitClass} busy={busy}>
        {busy ? busyLabel : label}
      </BusyButton>
    </div>
  )
}

/**
 * The foot of a small account dialog (个人信息, 修改密码, 更换手机号): 取消 waits for the answer
 * too, so a change is never left half done.
 */
export function DialogActions({
  busy,
  onCancel,
  label,
}: {
  busy: boolean
  onCancel: () => void
  label: string
}) {
  return (
    <FormActions
      busy={busy}
      label={label}
      busyLabel="提交中…"
      onCancel={onCancel}
      lockCancel
      className="mt-2 flex justify-end gap-2"
      submitClass="btn-primary min-w-20"
    />
  )
}

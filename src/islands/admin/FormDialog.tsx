/**
 * A small dialog of text fields checked by a rule before `save` (the products screens: 新增规格,
 * 新建商品); the rule's first refusal, or the server's, shows under its field.
 */
import { type SubmitEvent, useState } from 'react'
import { refusalMessage } from '../../lib/api/admin.ts'
import { Dialog } from '../common/Dialog.tsx'
import { DialogButtons } from './form/DialogButtons.tsx'
import { FieldControl } from './form/FieldControl.tsx'

export function FormDialog<K extends string>({
  title,
  fields,
  initial,
  check,
  save,
  close,
  note,
}: {
  title: string
  /** A line above the fields: what happens on 保存 that the fields do not say. */
  note?: string
  fields: readonly { key: K; label: string; max: number; required?: boolean; numeric?: boolean }[]
  initial: Record<K, string>
  check: (v: Record<K, string>) => { error: string | null; field: string | null }
  save: (v: Record<K, string>) => Promise<void>
  close: () => void
}) {
  const [v, setV] = useState(initial)
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (e: SubmitEvent) => {
    e.preventDefault()
    const r = check(v)
    if (r.error !== null) return setError({ field: r.field ?? '', message: r.error })
    setError(null)
    setBusy(true)
    try {
      await save(v)
      close()
    } catch (err) {
      setError({ field: fields[0]?.key ?? '', message: refusalMessage(err) })
    } finally {
      setBusy(false)
    }
  }
  const at = (f: string) => (error?.field === f ? error.message : null)
  return (
    <Dialog open onOpenChange={(o) => !o && close()} title={title}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {note && <p className="text-sm text-slate-600">{note}</p>}
        {fields.map((f) => (
          <FieldControl
            key={f.key}
            id={`form-${f.key}`}
            label={f.label}
            required={f.required}
            error={at(f.key)}
            maxLength={f.max}
            // A number is not counted; it is only kept short.
            {...(f.numeric ? { inputMode: 'decimal' } : { max: f.max })}
            value={v[f.key]}
            onChange={(text) => setV({ ...v, [f.key]: text })}
          />
        ))}
        <DialogButtons close={close} busy={busy} />
      </form>
    </Dialog>
  )
}

/**
 * Staff's internal notes on an order (issue 38): the form to add one (1 to 500 characters,
 * checked by the rule the server checks again) above the notes, newest first. The buyer never
 * sees them.
 */
import { type FormEvent, useState } from 'react'
import { type AdminOrder, ordersApi } from '../../../lib/api/admin-orders.ts'
import { checkOrderNote, ORDER_NOTE_MAX } from '../../../lib/rules/back-office.ts'
import { BusyButton } from '../../common/BusyButton.tsx'
import { Section } from '../detail/Section.tsx'
import { FieldControl } from '../form/FieldControl.tsx'
import { StaffName } from '../kit/StaffName.tsx'
import { useOrderAction } from './use-order-action.ts'

export function NotesSection({ o, reload }: { o: AdminOrder; reload: () => void }) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { busy, run } = useOrderAction(reload)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const c = checkOrderNote({ text })
    if (c.error !== null) return setError(c.error)
    setError(null)
    if (await run(() => ordersApi.addNote(o.code, c.value.text), '备注已添加')) setText('')
  }
  return (
    <Section title="内部备注" id="order-notes">
      <form className="grid gap-2" onSubmit={submit} noValidate aria-label="添加内部备注">
        <FieldControl
          id="order-note-text"
          label="备注内容"
          rows={3}
          max={ORDER_NOTE_MAX}
          value={text}
          onChange={setText}
          error={error}
          hint="仅后台可见，买家看不到"
        />
        <BusyButton type="submit" className="btn-primary w-fit px-4 py-2 text-sm sm:ml-[7.75rem]" busy={busy}>
          添加备注
        </BusyButton>
      </form>
      {o.notes.length === 0 ? (
        <p className="text-sm text-slate-600">暂无备注</p>
      ) : (
        <ul className="grid gap-2 text-sm" data-notes="">
          {o.notes.map((n) => (
            <li key={n.id} className="rounded border border-slate-200 bg-slate-50 p-3" data-note={n.id}>
              <p className="mb-1 text-xs text-slate-600">
                {n.at}{' '}
                <span className="font-medium text-slate-800">
                  <StaffName username={n.staff} />
                </span>
              </p>
              <p className="whitespace-pre-wrap break-words text-slate-900">{n.text}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

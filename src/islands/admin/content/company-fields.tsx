/**
 * The company form's state and its building blocks: a field is named by its path in the facts
 * (contacts.1.phone), which is also where the shared check (checkCompany) puts its message.
 */
import { type ReactNode, useState } from 'react'
import type { CompanyFacts } from '../../../lib/api/admin-content.ts'
import { FormError } from '../../common/FormError.tsx'
import { FieldControl } from '../form/FieldControl.tsx'

export type Refused = { field: string; message: string } | null

/** The element id of a field path: idOf('contacts.1.phone') → 'co-contacts-1-phone'. */
export const idOf = (path: string) => `co-${path.replace(/\./g, '-')}`

type Node = Record<string, unknown>
/** The object holding a path's last key, and that key: holder(f, 'contacts.1.phone') → [f.contacts[1], 'phone']. */
function holder(f: CompanyFacts, path: string): [Node, string] {
  const keys = path.split('.')
  const last = keys.pop() as string
  return [keys.reduce((o, k) => o[k] as Node, f as unknown as Node), last]
}
const textAt = (f: CompanyFacts, path: string) => {
  const [o, k] = holder(f, path)
  return String(o[k] ?? '')
}

/** The form's facts, the refusal shown under its field, and how a field reads and changes them. */
export function useCompanyForm(initial: CompanyFacts) {
  const [form, setForm] = useState(initial)
  const [refused, setRefused] = useState<Refused>(null)
  /** Changes a copy of the form: edit((d) => { d.hotline = v }). */
  const edit = (change: (d: CompanyFacts) => unknown) =>
    setForm((f) => {
      const d = structuredClone(f)
      change(d)
      return d
    })
  const at = (path: string) => (refused?.field === path ? refused.message : null)
  /** What a text field of `path` shows and how it changes the form: <Text label="…" {...bind('hotline')} />. */
  const bind = (path: string) => ({
    path,
    value: textAt(form, path),
    error: at(path),
    onChange: (v: string) =>
      edit((d) => {
        const [o, k] = holder(d, path)
        o[k] = v
      }),
  })
  return { form, setForm, setRefused, edit, at, bind }
}
/** What a section of the form works with. */
export type CompanyFormState = ReturnType<typeof useCompanyForm>

export function Section({
  id,
  title,
  note,
  children,
}: {
  id: string
  title: string
  note?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-lg bg-white p-4 shadow-sm">
      <h2 id={id} className="font-medium text-slate-900">
        {title}
      </h2>
      {note && <p className="-mt-2 text-sm text-slate-500">{note}</p>}
      {children}
    </section>
  )
}

/** One row of a list (an office, a contact, a paragraph) with its 删除 button. */
export function Item({
  legend,
  onRemove,
  children,
}: {
  legend: string
  onRemove: () => void
  children: ReactNode
}) {
  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{legend}</legend>
      {children}
      <div className="flex justify-end">
        <button type="button" className="text-sm text-red-700 hover:underline" onClick={onRemove}>
          删除<span className="sr-only">{legend}</span>
        </button>
      </div>
    </fieldset>
  )
}

/** A list's 添加 button; a message about the list as a whole (请至少填写一位联系人) shows under it. */
export function Add({
  path,
  label,
  full,
  error,
  onAdd,
}: {
  path: string
  label: string
  full: boolean
  error: string | null
  onAdd: () => void
}) {
  const id = idOf(path)
  return (
    <div className="grid justify-items-start gap-1">
      <button
        id={id}
        type="button"
        className="btn-outline"
        disabled={full}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={onAdd}
      >
        {label}
      </button>
      <FormError id={`${id}-error`} at="field" message={error} />
    </div>
  )
}

/** A text field of the form, named by its path in the facts (its id is idOf(path)). */
export function Text({
  path,
  type = 'text',
  required = true,
  ...row
}: {
  path: string
  label: string
  value: string
  onChange: (v: string) => void
  error: string | null
  hint?: string
  max?: number
  rows?: number
  type?: 'text' | 'tel' | 'email'
  required?: boolean
}) {
  return <FieldControl id={idOf(path)} type={type} required={required} {...row} />
}

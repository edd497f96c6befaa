/**
 * The filter form of a list: one labelled field per declared filter. What is typed waits for
 * 查询 / 查找 (the URL holds what is applied); a `live` select applies at once. At 390 px the
 * fields stack, one a line.
 */
import { type SubmitEvent, useEffect, useId, useState } from 'react'
import { DAYS_INVERTED, inverted } from '../../../lib/rules/fields.ts'
import { toast } from '../../../lib/toast.ts'
import { inputClass } from '../../common/Field.tsx'
import type { Filter, Filters } from './list-types.ts'

/** A field of the bar: a filter, or one end of a date range. */
type Field = Exclude<Filter, { type: 'dateRange' }> & { date?: boolean }

/** Every field of the bar, a date range as its two ends. */
export const fieldsOf = (filters: readonly Filter[]): Field[] =>
  filters.flatMap((f) =>
    f.type === 'dateRange'
      ? [
          { ...f.from, type: 'text' as const, date: true },
          { ...f.to, type: 'text' as const, date: true },
        ]
      : [f],
  )

const isLive = (f: Field) => f.type === 'select' && !!f.live

/** What a typed value applies as: trimmed; only the digits of an id. */
const clean = (f: Field, v: string) => (f.type === 'text' && f.numeric ? v.replace(/\D/g, '') : v.trim())

function Input({
  field,
  id,
  value,
  onChange,
}: {
  field: Field
  id: string
  value: string
  onChange: (v: string) => void
}) {
  const common = { id, value, onChange: (e: { target: { value: string } }) => onChange(e.target.value) }
  if (field.type === 'select')
    return (
      <select className={`${inputClass} sm:w-auto sm:min-w-32`} {...common}>
        {field.options.map(([v, t]) => (
          <option key={v} value={v}>
            {t}
          </option>
        ))}
      </select>
    )
  if (field.date) return <input type="date" className={`${inputClass} min-w-0 sm:w-40`} {...common} />
  return (
    <input
      type={field.search ? 'search' : 'text'}
      className={`${inputClass} ${field.search ? 'sm:w-72' : field.numeric ? 'sm:w-28' : 'sm:w-44'}`}
      maxLength={field.max}
      placeholder={field.placeholder}
      inputMode={field.numeric || field.tel ? 'numeric' : undefined}
      {...common}
    />
  )
}

export function FilterBar({
  label,
  filters,
  applied,
  initial,
  apply,
  submit,
  reset,
}: {
  label: string
  filters: readonly Filter[]
  applied: Filters
  initial: Filters
  apply: (change: Filters) => void
  submit?: '查询' | '查找'
  reset?: boolean
}) {
  const id = useId()
  const fields = fieldsOf(filters)
  // What is typed; Back and Forward change the applied filters, and the form shows them.
  const [draft, setDraft] = useState(applied)
  useEffect(() => setDraft(applied), [applied])
  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault()
    const ranges = filters.filter((f) => f.type === 'dateRange')
    if (ranges.some((r) => inverted(draft[r.from.key], draft[r.to.key]))) return toast('error', DAYS_INVERTED)
    apply(
      Object.fromEntries(fields.filter((f) => !isLive(f)).map((f) => [f.key, clean(f, draft[f.key] ?? '')])),
    )
  }
  return (
    <search>
      <form
        aria-label={label}
        onSubmit={onSubmit}
        className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm"
      >
        {fields.map((f) => (
          <div key={f.key} className="grid w-full gap-1 sm:w-auto">
            <label htmlFor={`${id}-${f.key}`} className={f.hideLabel ? 'sr-only' : 'text-xs text-slate-600'}>
              {f.label}
            </label>
            <Input
              field={f}
              id={`${id}-${f.key}`}
              value={draft[f.key] ?? ''}
              onChange={(v) => (isLive(f) ? apply({ [f.key]: v }) : setDraft((d) => ({ ...d, [f.key]: v })))}
            />
          </div>
        ))}
        {submit && (
          <div className="flex gap-2">
            <button type="submit" className="btn-primary px-4 py-2 text-sm">
              {submit}
            </button>
            {reset && (
              <button type="button" className="btn-outline px-4 py-2 text-sm" onClick={() => apply(initial)}>
                重置
              </button>
            )}
          </div>
        )}
      </form>
    </search>
  )
}

/**
 * One labelled row of a back-office form (Field) around its input, or its textarea when given
 * `rows`: the message and the hint under it are tied to the control, with `max` the row counts
 * the characters as the rules do (code points), and a `unit` (元, 张) follows the input. Other
 * input attributes (type, inputMode) pass through.
 */
import type { InputHTMLAttributes } from 'react'
import { Field, inputClass } from '../../common/Field.tsx'

type Passed = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'max' | 'className'>

export function FieldControl({
  id,
  label,
  required,
  error,
  value,
  onChange,
  max,
  maxLength,
  rows,
  hint,
  unit,
  narrow,
  ...input
}: Passed & {
  id: string
  label: string
  required?: boolean
  error: string | null
  value: string
  onChange: (value: string) => void
  /** The most characters, counted under the field (the rule refuses more). */
  max?: number
  /** A textarea of this many rows instead of an input. */
  rows?: number
  hint?: string
  unit?: string
  /** A short input (an amount) rather than the row's full width. */
  narrow?: boolean
}) {
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ')
  const control = {
    id,
    className: narrow ? `${inputClass} sm:max-w-40` : inputClass,
    value,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  }
  const field = rows ? (
    <textarea rows={rows} {...control} />
  ) : (
    <input autoComplete="off" {...control} {...input} />
  )
  return (
    <Field id={id} label={label} required={required} error={error} count={max && [...value].length} max={max}>
      {unit ? (
        <div className="flex items-center gap-2">
          {field}
          <span className="shrink-0 text-sm text-slate-600">{unit}</span>
        </div>
      ) : (
        field
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </Field>
  )
}

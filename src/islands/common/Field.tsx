import type { InputHTMLAttributes, ReactNode } from 'react'
import { FormError } from './FormError.tsx'
import { invalidProps } from './form-errors.ts'

/** The red * before the label of a field that must be filled (its input says so to screen readers). */
export function RequiredMark() {
  return (
    <span className="mr-0.5 text-red-600" aria-hidden="true">
      *
    </span>
  )
}

/** A labelled form row with an optional character counter and the field's error. */
export function Field({
  id,
  label,
  error,
  count,
  max,
  children,
  required,
}: {
  id: string
  label: string
  error?: string | null
  count?: number
  max?: number
  required?: boolean
  children: ReactNode
}) {
  return (
    <div className="grid gap-1 sm:grid-cols-[7rem_1fr] sm:items-start sm:gap-3">
      <label htmlFor={id} className="pt-2 text-sm text-slate-600 sm:text-right">
        {required && <RequiredMark />}
        {label}
      </label>
      <div className="min-w-0">
        {children}
        <div className="mt-1 flex justify-between gap-2 text-xs">
          <FormError id={`${id}-error`} at="field" message={error} />
          {max !== undefined && (
            <span className="shrink-0 text-slate-500" aria-live="polite">
              {count ?? 0}/{max}
            </span>
          )}
        </div>
      </div>
    </div>
  )
}

/** The look of every text input and textarea. */
export const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none aria-[invalid=true]:border-red-400'

/**
 * A labelled one-line input of a form: the Field row with its message, the input marked invalid
 * and described by that message when there is one. `onValue` gets the text as typed; the other
 * props are the input's own (type, maxLength, autoComplete, placeholder …).
 */
export function TextField({
  id,
  label,
  required,
  error,
  value,
  onValue,
  narrow = false,
  ...input
}: {
  id: string
  label: string
  required?: boolean
  error: string | null
  value: string
  onValue: (value: string) => void
  /** A short value (a price, a number): the input stops at 12rem from the small screen up. */
  narrow?: boolean
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>) {
  return (
    <Field id={id} label={label} required={required} error={error}>
      <input
        id={id}
        className={narrow ? `${inputClass} sm:max-w-48` : inputClass}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        {...input}
        {...invalidProps(id, error)}
      />
    </Field>
  )
}

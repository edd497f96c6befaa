import type { ReactNode } from 'react'
import { FormError } from './FormError.tsx'

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
        {required && (
          <span className="mr-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
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

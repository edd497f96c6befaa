/**
 * A control with its label above it, the compact form of the back office's small forms (sign-in,
 * the own account, the content editors). The label names the control by a generated id, which
 * `control` receives; `error`, when given, stands under it as the control's description.
 */
import { type ReactNode, useId } from 'react'

/** The look of an input, select or textarea of these small forms. */
export const controlClass =
  'w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none'

export function Labeled({
  label,
  error,
  control,
}: {
  label: string
  error?: string | null
  control: (id: string) => ReactNode
}) {
  const id = useId()
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
      {control(id)}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  )
}

/** A textarea under its label: `mono` for text that is code or data (the content editors' JSON and HTML). */
export function LabeledArea({
  label,
  value,
  onChange,
  rows = 3,
  mono = false,
}: {
  label: string
  value: string
  onChange: (v: string) => void
  rows?: number
  mono?: boolean
}) {
  return (
    <Labeled
      label={label}
      control={(id) => (
        <textarea
          id={id}
          className={mono ? `${controlClass} font-mono` : controlClass}
          rows={rows}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    />
  )
}

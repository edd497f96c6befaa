/**
 * The inputs and small helpers the editors of /admin/content/ share: a labelled select, a
 * monospace text area and the rich-text field.
 */
import { lazy, Suspense } from 'react'
import { contentApi } from '../../../../lib/api/admin-content.ts'
import { controlClass, Labeled, LabeledArea } from '../../form/Labeled.tsx'

/** Tells the screen that a save changed the public site (its change tag), so the build panel follows it. */
export type OnSaved = (tag: string) => void

export const linkBtn = 'text-brand-700 hover:underline'

export function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: string
  options: [string, string][]
  onChange: (v: string) => void
}) {
  return (
    <Labeled
      label={label}
      control={(id) => (
        <select id={id} className={controlClass} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map(([v, t]) => (
            <option key={v} value={v}>
              {t}
            </option>
          ))}
        </select>
      )}
    />
  )
}

/** The content editors' textarea: code or data, in a fixed-width face. */
export const Area = (p: { label: string; value: string; onChange: (v: string) => void; rows?: number }) => (
  <LabeledArea {...p} rows={p.rows ?? 6} mono />
)

const RichEditor = lazy(() =>
  import('../../../publish/RichEditor.tsx').then((m) => ({ default: m.RichEditor })),
)

/**
 * Rich text of the site content: the publish forms' editor (loaded when first shown), its images
 * uploaded by a staff call, at most `max` characters; the server sanitises it again on every save.
 */
export function HtmlField({
  label,
  value,
  onChange,
  max,
  hideLabel,
}: {
  label: string
  value: string
  onChange: (html: string) => void
  max: number
  /** The label is already on screen (a card's heading). */
  hideLabel?: boolean
}) {
  return (
    <div className="grid gap-1">
      {/* The editor's area takes its name from `label`; this is the same name, for the eye. */}
      {!hideLabel && (
        <span aria-hidden="true" className="text-sm text-slate-700">
          {label}
        </span>
      )}
      <Suspense fallback={<div className="h-52 rounded-md border border-slate-300 bg-white" />}>
        <RichEditor
          label={label}
          value={value}
          onChange={onChange}
          max={max}
          upload={contentApi.uploadImage}
        />
      </Suspense>
    </div>
  )
}

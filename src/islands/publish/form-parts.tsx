/**
 * The pieces the publish forms share (PublishForm, CourseSections): a labelled group of choices
 * as a fieldset with its legend, one choice, and a read-only view of an uploaded file for the
 * view mode (?type=1), where no uploader is offered.
 */
import type { ReactNode } from 'react'
import { FormError } from '../common/FormError.tsx'
import { useFileSrc } from '../common/file-src.ts'
import { fileNameOf, kindOfPath } from '../common/upload-files.ts'

export const cx = (...c: (string | false | null | undefined)[]) => c.filter(Boolean).join(' ')

/**
 * A form row for a group of controls (radios, checkboxes, an uploader): a fieldset named by
 * its legend, laid out like Field (label column, then the controls), with the field's message
 * under it. The group's id is `${id}-group`, so focusField(id) lands in it after a refusal.
 */
export function GroupRow({
  id,
  legend,
  required,
  error,
  hint,
  children,
}: {
  id: string
  legend: string
  required?: boolean
  error: string | null
  hint?: string
  children: ReactNode
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <fieldset
      id={`${id}-group`}
      aria-describedby={described || undefined}
      aria-invalid={error ? true : undefined}
      className="grid min-w-0 gap-1 sm:grid-cols-[7rem_1fr] sm:items-start sm:gap-3"
    >
      <legend className="sr-only">{legend}</legend>
      {/* The visible label: a legend cannot sit in a grid column, so it is named once, for the eye. */}
      <span aria-hidden="true" className="pt-2 text-sm text-slate-600 sm:text-right">
        {required && <span className="mr-0.5 text-red-600">*</span>}
        {legend}
      </span>
      <div className="min-w-0 sm:pt-1">
        {children}
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
            {hint}
          </p>
        )}
        <FormError id={`${id}-error`} at="field" className="mt-1 empty:hidden" message={error} />
      </div>
    </fieldset>
  )
}

/** One radio or checkbox as a pill: the whole pill is the label, the checked one is tinted. */
export function Choice({
  type,
  name,
  id,
  checked,
  onChange,
  children,
}: {
  type: 'radio' | 'checkbox'
  name: string
  id?: string
  checked: boolean
  onChange: () => void
  children: ReactNode
}) {
  return (
    <label
      className={cx(
        'inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
        'has-[:disabled]:cursor-default',
        checked
          ? 'border-brand-500 bg-brand-50 text-brand-700'
          : 'border-slate-300 text-slate-700 hover:border-brand-500',
      )}
    >
      <input
        id={id}
        type={type}
        name={name}
        checked={checked}
        onChange={onChange}
        className="h-4 w-4 accent-brand-700"
      />
      {children}
    </label>
  )
}

/** An uploaded file in the view mode: the picture, the video with its controls, or a link to the PDF. */
export function FileView({ path, label }: { path: string; label: string }) {
  // A private file (a course section's, issue 13) comes with the session, never from a public URL.
  const url = useFileSrc(path)
  if (!path) return <p className="pt-2 text-sm text-slate-500">未上传</p>
  const kind = kindOfPath(path)
  if (kind === 'image')
    return (
      <img
        src={url || undefined}
        alt={label}
        className="h-32 w-32 rounded-md object-cover ring-1 ring-slate-200"
      />
    )
  if (kind === 'video')
    return (
      // biome-ignore lint/a11y/useMediaCaption: users' course videos come without captions
      <video
        src={url || undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={label}
        className="max-h-48 w-full max-w-sm rounded-md bg-black"
      />
    )
  return (
    <a
      href={url || undefined}
      target="_blank"
      rel="noopener"
      className="inline-flex items-center gap-2 pt-2 text-sm text-brand-700 underline"
    >
      <span
        className="rounded bg-red-600 px-1.5 py-0.5 text-[11px] font-semibold text-white no-underline"
        aria-hidden="true"
      >
        {kind === 'pdf' ? 'PDF' : '文件'}
      </span>
      <span>
        <span className="sr-only">{label}：</span>
        {fileNameOf(path)}
      </span>
    </a>
  )
}

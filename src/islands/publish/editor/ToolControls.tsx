/** The toolbar's controls: a button, the style and colour menus, the separator. */
import type { ReactNode } from 'react'

const buttonClass =
  'inline-flex h-8 min-w-8 shrink-0 items-center justify-center rounded px-1.5 text-sm text-slate-700 hover:bg-slate-200 aria-pressed:bg-brand-100 aria-pressed:text-brand-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent'
export const selectClass =
  'field-sizing-content h-8 shrink-0 cursor-pointer rounded border border-slate-300 bg-white pl-1.5 pr-1 text-sm text-slate-700 hover:border-brand-500'

/** A thin rule between groups of controls; nothing for screen readers. */
export const Sep = () => <span aria-hidden="true" className="mx-0.5 h-5 w-px shrink-0 bg-slate-300" />

/**
 * A button that keeps the text selection on a click. A toggle (`pressed` given) says so to
 * screen readers; an action may be unavailable (`enabled` false). The face is for the eye, the
 * Chinese name is what is announced.
 */
export function ToolButton({
  name,
  face,
  onPress,
  pressed,
  enabled = true,
}: {
  name: string
  face: ReactNode
  onPress: () => void
  pressed?: boolean
  enabled?: boolean
}) {
  return (
    <button
      type="button"
      data-tool
      className={buttonClass}
      aria-label={name}
      title={name}
      aria-pressed={pressed}
      aria-disabled={!enabled || undefined}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => enabled && onPress()}
    >
      <span aria-hidden="true">{face}</span>
    </button>
  )
}

/** A style menu of the policy's values (size, font); '' is the default, which writes no style. */
export function StyleSelect({
  name,
  value,
  options,
  onPick,
}: {
  name: string
  value: string
  options: readonly { label: string; value: string }[]
  onPick: (value: string) => void
}) {
  return (
    <select
      data-tool
      aria-label={name}
      title={name}
      className={selectClass}
      value={value}
      onChange={(e) => onPick(e.target.value)}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      <Unlisted value={value} among={options} />
    </select>
  )
}

/** An option for a value the list does not have (stored text may carry one), so the select can show it. */
function Unlisted({ value, among }: { value: string; among: readonly { value: string }[] }) {
  if (!value || among.some((o) => o.value === value)) return null
  return <option value={value}>{value}</option>
}

/** A colour menu: named colours (each allowed by the policy), with the current one shown as a swatch. */
export function ColourSelect({
  name,
  value,
  palette,
  onPick,
  swatch,
}: {
  name: string
  value: string
  palette: readonly { label: string; value: string }[]
  onPick: (value: string) => void
  swatch: 'text' | 'background'
}) {
  return (
    <span className="relative inline-flex shrink-0 items-center">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-1.5 flex h-5 w-5 flex-col items-center justify-center rounded-sm text-xs font-semibold leading-none text-slate-700"
        style={swatch === 'background' && value ? { backgroundColor: value } : undefined}
      >
        A
        <span
          className="mt-px h-1 w-4 rounded-sm border border-slate-300"
          style={{ backgroundColor: (swatch === 'text' ? value : '') || 'transparent' }}
        />
      </span>
      <select
        data-tool
        aria-label={name}
        title={name}
        className={`${selectClass} pl-8`}
        value={value}
        onChange={(e) => onPick(e.target.value)}
      >
        {palette.map((c) => (
          <option
            key={c.value}
            value={c.value}
            style={
              c.value
                ? {
                    color: swatch === 'text' ? c.value : undefined,
                    backgroundColor: swatch === 'background' ? c.value : undefined,
                  }
                : undefined
            }
          >
            {c.label}
          </option>
        ))}
        {value && !palette.some((c) => c.value === value) && <option value={value}>其他颜色</option>}
      </select>
    </span>
  )
}

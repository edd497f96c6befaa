import { payWayOf } from '../../lib/pay-ways.ts'

/**
 * A payment way as the buyer sees it: its badge (the registry's glyph on the way's colour, hidden
 * from screen readers) and its name, which is the accessible name of the choice it labels.
 */
export function PayWayName({
  way,
  className = 'text-sm text-slate-800',
}: {
  way: string
  className?: string
}) {
  const w = payWayOf(way)
  return (
    <span className="inline-flex items-center gap-2">
      {w && (
        <span
          aria-hidden="true"
          className="inline-grid size-5 shrink-0 place-items-center rounded text-[11px] font-semibold text-white"
          style={{ backgroundColor: w.icon.color }}
        >
          {w.icon.glyph}
        </span>
      )}
      <span className={className}>{w?.name ?? way}</span>
    </span>
  )
}

/**
 * A payment way as a radio card: the pay page's and the top-up dialog's choice of how to pay,
 * named by its PayWayName. The card's look (`className`) is the caller's.
 */
export function PayWayOption({
  way,
  name,
  checked,
  onChoose,
  className,
  nameClass,
}: {
  way: string
  /** The radio group's name. */
  name: string
  checked: boolean
  onChoose: () => void
  className: string
  nameClass?: string
}) {
  return (
    <label className={className}>
      <input
        type="radio"
        name={name}
        value={way}
        className="accent-brand-600"
        checked={checked}
        onChange={onChoose}
      />
      <PayWayName way={way} className={nameClass} />
    </label>
  )
}

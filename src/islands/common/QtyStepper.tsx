/**
 * A controlled quantity stepper: − , the number, +; the buttons stop at `min` and `max`, a typed
 * number is held inside them when the field is left (or on Enter). Every part is named after
 * `label` for screen readers ("减少 牙椅 的数量", "牙椅 数量").
 *   <QtyStepper id="q-3" label="牙椅" value={2} min={1} max={3} onValue={setQty} />
 */
import { useState } from 'react'

export function QtyStepper({
  id,
  label,
  value,
  min = 1,
  max,
  disabled = false,
  onValue,
}: {
  id: string
  /** What is counted, e.g. the product's title. */
  label: string
  value: number
  min?: number
  max: number
  disabled?: boolean
  onValue: (n: number) => void
}) {
  // What is being typed, until the field is left; null shows the value itself.
  const [typed, setTyped] = useState<string | null>(null)
  const hold = (v: string | number) => {
    const n = Math.trunc(Number(v))
    return Number.isFinite(n) ? Math.min(Math.max(n, min), max) : min
  }
  const commit = () => {
    if (typed !== null) onValue(hold(typed))
    setTyped(null)
  }
  const step = 'px-2.5 text-slate-600 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40'
  return (
    <div className="inline-flex shrink-0 items-stretch overflow-hidden rounded-md ring-1 ring-slate-300">
      <button
        type="button"
        className={step}
        disabled={disabled || value <= min}
        onClick={() => onValue(hold(value - 1))}
        aria-label={`减少 ${label} 的数量`}
      >
        −
      </button>
      <label htmlFor={id} className="sr-only">
        {label} 数量
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={typed ?? value}
        disabled={disabled}
        onChange={(e) => setTyped(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            commit()
          }
        }}
        className="w-12 border-x border-slate-300 py-1 text-center text-sm tabular-nums focus:outline-none disabled:bg-slate-50"
      />
      <button
        type="button"
        className={step}
        disabled={disabled || value >= max}
        onClick={() => onValue(hold(value + 1))}
        aria-label={`增加 ${label} 的数量`}
      >
        +
      </button>
    </div>
  )
}

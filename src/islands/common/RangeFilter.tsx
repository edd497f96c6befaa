import { type SubmitEvent, useId, useState } from 'react'
import { BusyButton } from './BusyButton.tsx'
import { FormError } from './FormError.tsx'
import { focusField, invalidProps } from './form-errors.ts'

/** Start and end of a search, in the wire format (yyyymmddhhmmss); either may be absent. */
export interface ApiRange {
  stime?: string
  etime?: string
}

/**
 * A date (2026-01-02) or date-time (2026-01-02T03:04) input value as the API wants it; a bare
 * end date means the end of that day. toRangeValue('2026-01-02', true) → '20260102235959'
 */
export function toRangeValue(v: string, end: boolean): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(v)
  if (!m) return undefined
  const [, y, mo, d, h, mi] = m
  if (h === undefined) return `${y}${mo}${d}${end ? '235959' : '000000'}`
  return `${y}${mo}${d}${h}${mi}${end ? '59' : '00'}`
}

/** The date or date-time search row of account lists: from, to, 查询 and 重置. */
export function RangeFilter({
  withTime,
  onSearch,
  busy,
}: {
  withTime: boolean
  onSearch: (range: ApiRange) => void
  busy?: boolean
}) {
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [error, setError] = useState('')
  const uid = useId()
  const type = withTime ? 'datetime-local' : 'date'
  const word = withTime ? '时间' : '日期'

  function submit(e: SubmitEvent) {
    e.preventDefault()
    const stime = toRangeValue(from, false)
    const etime = toRangeValue(to, true)
    if (stime && etime && stime > etime) {
      setError(`结束${word}不能早于开始${word}`)
      focusField(`${uid}-to`)
      return
    }
    setError('')
    onSearch({ stime, etime })
  }

  const input =
    'h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 focus:border-brand-500 focus:outline-none'
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`按${word}筛选`}
      className="grid grid-cols-2 gap-x-3 gap-y-2 rounded-lg bg-slate-50 p-3 sm:flex sm:flex-wrap sm:items-end"
    >
      <div className="col-span-2 grid min-w-0 gap-1 sm:flex-1">
        <label htmlFor={`${uid}-from`} className="text-xs text-slate-600">
          开始{word}
        </label>
        <input
          id={`${uid}-from`}
          type={type}
          className={input}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className="col-span-2 grid min-w-0 gap-1 sm:flex-1">
        <label htmlFor={`${uid}-to`} className="text-xs text-slate-600">
          结束{word}
        </label>
        <input
          id={`${uid}-to`}
          type={type}
          className={input}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          {...invalidProps(`${uid}-to`, error)}
        />
      </div>
      <BusyButton type="submit" className="btn-primary h-9" busy={Boolean(busy)}>
        查询
      </BusyButton>
      <button
        type="button"
        className="btn-outline h-9"
        onClick={() => {
          setFrom('')
          setTo('')
          setError('')
          onSearch({})
        }}
      >
        重置
      </button>
      <FormError id={`${uid}-to-error`} className="col-span-2 w-full sm:basis-full" message={error} />
    </form>
  )
}

/** The parts of a detail screen's body: a titled section (a region named by its heading) and a list of facts. */
import type { ReactNode } from 'react'

/** A card of the detail screen; with a title it is a region named by it (tests and screen readers find it so). */
export function Section({
  id,
  title,
  actions,
  children,
}: {
  id?: string
  title?: string
  /** Buttons beside the title. */
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className="grid grid-cols-1 gap-3 rounded-lg bg-white p-4 shadow-sm sm:p-5"
    >
      {title && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="font-semibold text-slate-900">
            {title}
          </h2>
          {actions}
        </div>
      )}
      {children}
    </section>
  )
}

const COLUMNS = {
  1: '',
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
} as const

/**
 * Label → value pairs, in `columns` columns on a wide screen; an empty value shows as —. Each
 * value carries data-fact="<label>": <Facts rows={[['起价', '12.00 元']]} /> → [data-fact="起价"].
 */
export function Facts({
  rows,
  columns = 1,
}: {
  rows: readonly (readonly [string, ReactNode])[]
  columns?: keyof typeof COLUMNS
}) {
  return (
    <dl className={`grid gap-x-8 gap-y-1 text-sm ${COLUMNS[columns]}`}>
      {rows.map(([k, v]) => (
        <div key={k} className="grid grid-cols-[7rem_1fr] gap-2 py-1">
          <dt className="text-slate-600">{k}</dt>
          <dd className="min-w-0 break-words tabular-nums text-slate-900" data-fact={k}>
            {v === '' || v === null || v === undefined ? '—' : v}
          </dd>
        </div>
      ))}
    </dl>
  )
}

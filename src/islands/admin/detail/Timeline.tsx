/** The timeline of a detail screen: what happened, newest as the caller orders it, each with its time. */
import type { ReactNode } from 'react'

export interface TimelineEntry {
  key: string
  /** When, as the API says it. */
  at: string
  /** Beside the time: who acted, or the state it reached. */
  tag?: ReactNode
  /** What happened. */
  text: ReactNode
}

/** An ordered list along a line; `empty` when nothing happened yet. */
export function Timeline({
  label,
  entries,
  empty,
  ...data
}: {
  /** The list's name (运单 … 的物流轨迹); a list under a section's heading needs none. */
  label?: string
  entries: TimelineEntry[]
  empty: string
} & { [data: `data-${string}`]: string }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">{empty}</p>
  return (
    <ol aria-label={label} className="border-l-2 border-slate-200 pl-4 text-sm" {...data}>
      {entries.map((e) => (
        <li key={e.key} className="mb-2 last:mb-0">
          <span className="block text-xs text-slate-600">
            {e.at}
            {e.tag && <> {e.tag}</>}
          </span>
          {e.text}
        </li>
      ))}
    </ol>
  )
}

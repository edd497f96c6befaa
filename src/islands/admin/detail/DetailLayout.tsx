/**
 * The one layout of a back-office detail screen (orders, customers, products, coupons,
 * certifications, complaints), as saleor-dashboard keeps one for every domain: the way back to
 * the list, a header with the title, its status and the actions, then the sections, with a side
 * panel beside them on a wide screen (below them on a phone), and the timeline among the sections.
 */
import type { ReactNode } from 'react'

/** ← 返回订单列表: the way back to the list the screen was opened from. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <p className="mb-3 text-sm">
      <a href={href} className="text-brand-700 hover:underline">
        ← {label}
      </a>
    </p>
  )
}

/**
 * The header: the title with its status (both part of the heading, so the heading says what the
 * item is and where it stands), badges beside it, the actions on the right, and the key facts below.
 */
export function DetailHeader({
  id,
  title,
  status,
  badges,
  actions,
  children,
}: {
  /** The heading's id. */
  id: string
  title: ReactNode
  status?: ReactNode
  badges?: ReactNode
  actions?: ReactNode
  children?: ReactNode
}) {
  return (
    <div className="grid grid-cols-1 gap-3 rounded-lg bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={id} className="mr-auto text-base font-semibold">
          {title}
          {status && (
            <>
              {' '}
              <span className="ml-1 text-sm font-medium">{status}</span>
            </>
          )}
          {badges && (
            <span className="ml-1 inline-flex flex-wrap items-center gap-1 align-middle">{badges}</span>
          )}
        </h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  )
}

/**
 * The screen: the header, then the sections (children) and the side panel. `grid-cols-1` is
 * minmax(0, 1fr): a wide table scrolls in its box instead of widening the page.
 */
export function DetailLayout({
  header,
  side,
  children,
  ...data
}: {
  header: ReactNode
  side?: ReactNode
  children: ReactNode
} & { [data: `data-${string}`]: string }) {
  return (
    <div className="grid grid-cols-1 gap-4" {...data}>
      {header}
      <div
        className={`grid grid-cols-1 items-start gap-4 ${side ? 'xl:grid-cols-[minmax(0,1fr)_22rem]' : ''}`}
      >
        <div className="grid grid-cols-1 gap-4">{children}</div>
        {side && <SidePanel>{side}</SidePanel>}
      </div>
    </div>
  )
}

/** The side panel: the facts a staff member glances at while working in the sections. */
export function SidePanel({ children }: { children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-4" data-side-panel>
      {children}
    </div>
  )
}

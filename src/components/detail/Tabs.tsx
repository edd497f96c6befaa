import type { ReactNode } from 'react'
import type { LiveCount } from './live.ts'

export interface TabPanel {
  /** Element id of the panel, also the in-page link target: 'tab-comments'. */
  id: string
  label: string
  /** The panel's heading; visually hidden once the tabs are enhanced (the tab names it). */
  heading: ReactNode
  count?: number
  /** Which live figure the count is (live.ts): the page puts the current one in once it has it. */
  live?: LiveCount
  content: ReactNode
}

/**
 * Tabs that work without JavaScript: the tab bar is a row of in-page links and every panel is
 * rendered with its own heading, so all content is readable and indexable. enhanceTabs()
 * (enhance.ts) turns the block into WAI-ARIA tabs with arrow-key navigation.
 */
export function Tabs({ panels, label }: { panels: TabPanel[]; label: string }) {
  return (
    <div data-tabs className="group/tabs min-w-0 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <nav
        data-tablist
        aria-label={label}
        className="flex gap-2 overflow-x-auto border-b border-slate-200 px-2 md:px-4"
      >
        {panels.map((p) => (
          <a
            key={p.id}
            href={`#${p.id}`}
            data-tab
            className="-mb-px shrink-0 border-b-2 border-transparent px-3 py-3 text-[15px] text-slate-600 hover:text-brand-700 aria-selected:border-brand-600 aria-selected:font-semibold aria-selected:text-brand-700 md:px-4"
          >
            {p.label}
            {p.count !== undefined && (
              <span data-live={p.live} className="ml-1 text-xs font-normal text-slate-500">
                {p.count}
              </span>
            )}
          </a>
        ))}
      </nav>
      {panels.map((p, i) => (
        <section
          key={p.id}
          id={p.id}
          data-panel
          aria-labelledby={`${p.id}-h`}
          className={`min-w-0 scroll-mt-32 p-4 focus-visible:outline-offset-[-2px] md:p-6 ${i > 0 ? 'border-t border-slate-100 group-data-[enhanced]/tabs:border-t-0' : ''}`}
        >
          <h2
            id={`${p.id}-h`}
            className="mb-4 text-lg font-semibold text-slate-900 group-data-[enhanced]/tabs:sr-only"
          >
            {p.heading}
          </h2>
          {p.content}
        </section>
      ))}
    </div>
  )
}

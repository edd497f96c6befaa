/**
 * The one WAI-ARIA tab list of the islands: arrow keys, Home and End move between tabs
 * (roving tabindex) and select. The caller renders the panel with tabPanelProps(prefix,
 * active), so tab and panel ids stay `${prefix}-tab-${id}` / `${prefix}-panel` everywhere.
 */
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react'

const cx = (...c: (string | false | null | undefined)[]) => c.filter(Boolean).join(' ')

export interface TabItem<T extends string> {
  id: T
  label: string
}

/**
 * `line`: the scrollable underlined row of listings, search and the account screens;
 * `main`: the big two-up underlined tabs of the login dialog (登录/注册);
 * `segment`: the small segmented control of the login modes.
 */
export type TabListVariant = 'line' | 'main' | 'segment'

const listClass: Record<TabListVariant, string> = {
  line: 'flex gap-1 overflow-x-auto border-b border-slate-200 [scrollbar-width:none]',
  main: 'grid grid-cols-2 border-b border-slate-200',
  segment: 'grid grid-flow-col auto-cols-fr gap-1 rounded-lg bg-slate-100 p-1',
}

const tabClass: Record<TabListVariant, { base: string; on: string; off: string }> = {
  line: {
    base: '-mb-px shrink-0 border-b-2 px-4 py-2.5 text-[15px] transition-colors',
    on: 'border-brand-600 font-semibold text-brand-700',
    off: 'border-transparent text-slate-600 hover:text-brand-700',
  },
  main: {
    base: '-mb-px border-b-2 py-2.5 text-base transition-colors',
    on: 'border-brand-600 font-semibold text-brand-700',
    off: 'border-transparent text-slate-500 hover:text-brand-700',
  },
  segment: {
    base: 'whitespace-nowrap rounded-md px-2 py-1.5 text-sm transition-colors',
    on: 'bg-white font-medium text-brand-700 shadow-sm',
    off: 'text-slate-600 hover:text-brand-700',
  },
}

export function TabList<T extends string>({
  tabs,
  active,
  onSelect,
  label,
  idPrefix,
  variant = 'line',
}: {
  tabs: readonly TabItem<T>[]
  active: T
  onSelect: (id: T) => void
  label: string
  idPrefix: string
  variant?: TabListVariant
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const onKey = (e: KeyboardEvent, i: number) => {
    const last = tabs.length - 1
    // Arrows wrap around at either end.
    const moves: Record<string, number> = {
      ArrowRight: i === last ? 0 : i + 1,
      ArrowLeft: i === 0 ? last : i - 1,
      Home: 0,
      End: last,
    }
    const to = moves[e.key]
    const tab = to === undefined ? undefined : tabs[to]
    if (to === undefined || !tab) return
    e.preventDefault()
    refs.current[to]?.focus()
    onSelect(tab.id)
  }
  const look = tabClass[variant]
  return (
    <div role="tablist" aria-label={label} className={listClass[variant]}>
      {tabs.map((t, i) => {
        const on = t.id === active
        return (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el
            }}
            id={`${idPrefix}-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={on}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={on ? 0 : -1}
            onClick={() => !on && onSelect(t.id)}
            onKeyDown={(e) => onKey(e, i)}
            className={cx(look.base, on ? look.on : look.off)}
          >
            {t.label}
          </button>
        )
      })}
    </div>
  )
}

/** Props of the panel that belongs to TabList's active tab. */
export const tabPanelProps = (idPrefix: string, active: string) =>
  ({
    id: `${idPrefix}-panel`,
    role: 'tabpanel',
    'aria-labelledby': `${idPrefix}-tab-${active}`,
  }) as const

/**
 * A tab list with its one panel: the panel holds the active tab's content (`children`) and is
 * named by that tab. `panelClass` spaces it from the tabs.
 */
export function Tabs<T extends string>({
  panelClass,
  children,
  ...list
}: Parameters<typeof TabList<T>>[0] & { panelClass?: string; children: ReactNode }) {
  return (
    <>
      <TabList {...list} />
      <div {...tabPanelProps(list.idPrefix, list.active)} className={panelClass}>
        {children}
      </div>
    </>
  )
}

/** Tabs that keep the chosen tab themselves (starting at `first`); `children` draws its panel. */
export function OwnTabs<T extends string>({
  tabs,
  first,
  children,
  ...rest
}: {
  tabs: readonly TabItem<T>[]
  first: T
  label: string
  idPrefix: string
  panelClass?: string
  children: (tab: T) => ReactNode
}) {
  const [tab, setTab] = useState<T>(first)
  return (
    <Tabs tabs={tabs} active={tab} onSelect={setTab} {...rest}>
      {children(tab)}
    </Tabs>
  )
}

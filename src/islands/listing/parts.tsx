/**
 * The pieces of every listing: filter rows, sort tabs, the free/paid switch, the card grid,
 * its loading and empty states and the pager (the tab list lives in common/TabList.tsx).
 * Shared by the Listing island, the search page and the instructor page, so each exists once.
 */
import { type MouseEvent, type ReactNode, useId } from 'react'
import { ArticleCard } from '../../components/ArticleCard.tsx'
import { ProductCard } from '../../components/ProductCard.tsx'
import type { ArticleCard as Article, PageSort, SpuCard } from '../../lib/api/types.ts'
import { type IsPrice, type Kind, pageItems, type SortBy } from './query.ts'

const cx = (...c: (string | false | null | undefined)[]) => c.filter(Boolean).join(' ')

/**
 * A choice of the listing: a link to the URL of that state when `href` is given (the page works,
 * and can be crawled, before its island loads; after, a plain click stays in the page and a
 * ctrl/middle click still opens a tab), otherwise a button. The chosen one is aria-current on a
 * link, aria-pressed on a button.
 */
function Choice({
  href,
  on,
  current = 'true',
  onChoose,
  className,
  label,
  title,
  children,
}: {
  href?: string
  on: boolean
  current?: 'true' | 'page'
  onChoose: () => void
  className: string
  label?: string
  title?: string
  children: ReactNode
}) {
  if (href === undefined)
    return (
      <button
        type="button"
        aria-pressed={on}
        aria-label={label}
        title={title}
        onClick={onChoose}
        className={className}
      >
        {children}
      </button>
    )
  const click = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    onChoose()
  }
  return (
    <a
      href={href}
      aria-current={on ? current : undefined}
      aria-label={label}
      title={title}
      onClick={click}
      className={className}
    >
      {children}
    </a>
  )
}

const chip =
  'inline-block shrink-0 rounded-full px-3 py-1 text-sm leading-6 transition-colors focus-visible:outline-2 focus-visible:outline-offset-1'
const chipOn = 'bg-brand-700 font-medium text-white shadow-sm'
const chipOff = 'text-slate-600 hover:bg-brand-50 hover:text-brand-700'

export interface ChipOption<T> {
  value: T
  label: string
}

/**
 * One filter row: a label, 全部 and one chip per option; the chosen one is aria-pressed.
 * Scrolls sideways on phones and wraps on wider screens.
 */
export function ChipRow<T extends string | number>({
  label,
  options,
  value,
  onChange,
  hrefOf,
}: {
  label: string
  options: ChipOption<T>[]
  value: T | null
  onChange: (v: T | null) => void
  /** The URL of each choice, to render links. */
  hrefOf?: (v: T | null) => string
}) {
  const id = useId()
  const all: ChipOption<T | null>[] = [{ value: null, label: '全部' }, ...options]
  return (
    <div className="flex items-start gap-2 border-b border-slate-100 py-2 last:border-b-0">
      <span id={id} className="w-10 shrink-0 pt-1 text-sm leading-6 text-slate-500">
        {label}
      </span>
      <ul
        aria-labelledby={id}
        className="-my-1 flex min-w-0 flex-1 gap-1 overflow-x-auto py-1 [scrollbar-width:none] md:flex-wrap md:overflow-visible [&::-webkit-scrollbar]:hidden"
      >
        {all.map((o) => {
          const on = o.value === value
          return (
            <li key={String(o.value)} className="shrink-0">
              <Choice
                href={hrefOf?.(o.value)}
                on={on}
                onChoose={() => !on && onChange(o.value)}
                className={cx(chip, on ? chipOn : chipOff)}
              >
                {o.label}
              </Choice>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** A small group of mutually exclusive choices (sort tabs, free/paid). */
function Segmented({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 items-center">
      <legend className="sr-only">{label}</legend>
      <div className="flex items-center gap-0.5 rounded-lg bg-slate-100 p-0.5">{children}</div>
    </fieldset>
  )
}

const seg = 'flex items-center gap-1 rounded-md px-3 py-1 text-sm leading-6 transition-colors'
const segOn = 'bg-white font-medium text-brand-700 shadow-sm'
const segOff = 'text-slate-600 hover:text-brand-700'

const SORTS: { value: SortBy; label: string }[] = [
  { value: 'default', label: '综合' },
  { value: 'sales', label: '热销' },
  { value: 'price', label: '价格' },
]

/**
 * 综合 / 热销 / 价格 (storefront §2). Each click on 价格 turns the direction around; it starts
 * with the lowest price. The arrow shows the direction, the accessible name spells it out.
 */
export function SortTabs({
  sort,
  dir,
  onChange,
  hrefOf,
}: {
  sort: SortBy
  dir: PageSort
  onChange: (sort: SortBy, dir: PageSort) => void
  hrefOf?: (sort: SortBy, dir: PageSort) => string
}) {
  return (
    <Segmented label="排序">
      {SORTS.map((s) => {
        const on = s.value === sort
        const isPrice = s.value === 'price'
        const nextDir: PageSort = isPrice && on && dir === 'asc' ? 'desc' : 'asc'
        return (
          <Choice
            key={s.value}
            href={hrefOf?.(s.value, nextDir)}
            on={on}
            label={isPrice && on ? `价格，${dir === 'asc' ? '从低到高' : '从高到低'}` : undefined}
            title={
              isPrice
                ? on
                  ? dir === 'asc'
                    ? '价格从低到高，点击切换'
                    : '价格从高到低，点击切换'
                  : '按价格排序'
                : undefined
            }
            onChoose={() => (isPrice || !on) && onChange(s.value, nextDir)}
            className={cx(seg, on ? segOn : segOff)}
          >
            {s.label}
            {isPrice && <PriceArrows dir={on ? dir : null} />}
          </Choice>
        )
      })}
    </Segmented>
  )
}

function PriceArrows({ dir }: { dir: PageSort | null }) {
  return (
    <svg viewBox="0 0 8 12" className="h-3 w-2" aria-hidden="true">
      <path d="M4 0 8 5H0z" className={dir === 'asc' ? 'fill-current' : 'fill-slate-300'} />
      <path d="M4 12 0 7h8z" className={dir === 'desc' ? 'fill-current' : 'fill-slate-300'} />
    </svg>
  )
}

const PRICES: { value: IsPrice; label: string }[] = [
  { value: 2, label: '全部' },
  { value: 0, label: '免费' },
  { value: 1, label: '付费' },
]

/** 全部 / 免费 / 付费 (not on products). */
export function PriceFilter({
  value,
  onChange,
  hrefOf,
}: {
  value: IsPrice
  onChange: (v: IsPrice) => void
  hrefOf?: (v: IsPrice) => string
}) {
  return (
    <Segmented label="收费">
      {PRICES.map((p) => (
        <Choice
          key={p.value}
          href={hrefOf?.(p.value)}
          on={p.value === value}
          onChoose={() => p.value !== value && onChange(p.value)}
          className={cx(seg, p.value === value ? segOn : segOff)}
        >
          {p.label}
        </Choice>
      ))}
    </Segmented>
  )
}

export type CardItem = Article | SpuCard

const gridClass = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4'

/** The cards of one page: products or articles; dimmed (not removed) while the next page loads. */
export function CardGrid({ kind, items, busy = false }: { kind: Kind; items: CardItem[]; busy?: boolean }) {
  return (
    <ul className={cx(gridClass, 'transition-opacity', busy && 'pointer-events-none opacity-50')}>
      {items.map((item) => (
        // A grid cell stretches the card, so the cards of a row line up.
        <li key={item.id} className="grid">
          {kind === 'product' ? <ProductCard p={item as SpuCard} /> : <ArticleCard a={item as Article} />}
        </li>
      ))}
    </ul>
  )
}

/** Placeholder cards of the grid's size while the first page loads. */
export function GridSkeleton({ kind, count = 8 }: { kind: Kind; count?: number }) {
  return (
    <ul className={gridClass} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <li key={i} className="overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
          <div
            className={cx(
              'animate-pulse bg-slate-100',
              kind === 'product' ? 'aspect-square' : 'aspect-[16/10]',
            )}
          />
          <div className="space-y-2 p-3">
            <div className="h-4 w-4/5 animate-pulse rounded bg-slate-100" />
            <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
            <div className="h-5 w-1/3 animate-pulse rounded bg-slate-100" />
          </div>
        </li>
      ))}
    </ul>
  )
}

/** Nothing to show: a short text and, when filters are set, a way back to everything. */
export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg bg-white px-4 py-16 text-center ring-1 ring-slate-200">
      <svg viewBox="0 0 48 48" className="h-12 w-12 text-slate-300" fill="none" aria-hidden="true">
        <rect x="6" y="10" width="36" height="28" rx="4" stroke="currentColor" strokeWidth="2.5" />
        <path d="M6 18h36M16 28h16" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <p className="text-slate-500">{text}</p>
      {action}
    </div>
  )
}

const pageBtn =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-40'

/** 1-based pager with first/last, neighbours and gaps; hidden when there is a single page. With
 * `hrefOf` every page is a link (listings), otherwise a button (account lists). */
export function Pager({
  page,
  pages,
  onPage,
  hrefOf,
}: {
  page: number
  pages: number
  onPage: (p: number) => void
  hrefOf?: (p: number) => string
}) {
  if (pages <= 1) return null
  const step = 'text-slate-600 hover:bg-white hover:text-brand-700'
  // A step past either end: a disabled button, or for links a greyed text (no link to follow).
  const stepTo = (to: number, children: ReactNode) =>
    to < 1 || to > pages ? (
      hrefOf ? (
        <span aria-disabled="true" className={cx(pageBtn, 'opacity-40', step)}>
          {children}
        </span>
      ) : (
        <button type="button" disabled className={cx(pageBtn, step)}>
          {children}
        </button>
      )
    ) : (
      <Choice href={hrefOf?.(to)} on={false} onChoose={() => onPage(to)} className={cx(pageBtn, step)}>
        {children}
      </Choice>
    )
  return (
    <nav aria-label="分页" className="mt-6 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {stepTo(
            page - 1,
            <>
              <span aria-hidden="true">‹</span>
              <span className="sr-only sm:not-sr-only sm:ml-1">上一页</span>
            </>,
          )}
        </li>
        {pageItems(page, pages).map((n, i) =>
          n === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, told apart by position
            <li key={`gap${i}`} aria-hidden="true" className="w-6 text-center text-slate-400">
              …
            </li>
          ) : (
            <li key={n}>
              {hrefOf ? (
                <Choice
                  href={hrefOf(n)}
                  on={n === page}
                  current="page"
                  label={`第 ${n} 页`}
                  onChoose={() => n !== page && onPage(n)}
                  className={cx(pageBtn, n === page ? pageOn : pageOff)}
                >
                  {n}
                </Choice>
              ) : (
                <button
                  type="button"
                  aria-current={n === page ? 'page' : undefined}
                  aria-label={`第 ${n} 页`}
                  onClick={() => n !== page && onPage(n)}
                  className={cx(pageBtn, n === page ? pageOn : pageOff)}
                >
                  {n}
                </button>
              )}
            </li>
          ),
        )}
        <li>
          {stepTo(
            page + 1,
            <>
              <span className="sr-only sm:not-sr-only sm:mr-1">下一页</span>
              <span aria-hidden="true">›</span>
            </>,
          )}
        </li>
      </ul>
    </nav>
  )
}

const pageOn = 'bg-brand-700 font-medium text-white'
const pageOff = 'bg-white text-slate-700 ring-1 ring-slate-200 hover:text-brand-700 hover:ring-brand-500'

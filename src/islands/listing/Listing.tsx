/**
 * One island for every listing (storefront §2 list screens, the search page, the instructor
 * page): category, tag and city filters, sort tabs, free/paid filter, the cards and a pager.
 *
 * The filter state lives in the query string (?classId=3&tag=入门&sort=price&dir=asc&price=0&page=2):
 * a change pushes a history entry, the back button restores it, a shared URL opens in it.
 * The build renders the island with `initial` (the first unfiltered page), so the page is
 * complete without JavaScript; after hydration the URL is read and, if it asks for something
 * else, fetched.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { api } from '../../lib/api/browser.ts'
import type { ClassifyGroup, Paged, PageSort } from '../../lib/api/types.ts'
import { PAGE_SIZE_DEFAULT, pageCount } from '../../lib/rules/paging.ts'
import { usePaged } from '../common/usePaged.ts'
import {
  CardGrid,
  type CardItem,
  ChipRow,
  EmptyState,
  GridSkeleton,
  Pager,
  PriceFilter,
  SortTabs,
} from './parts.tsx'
import {
  articleQuery,
  DEFAULT_STATE,
  type FixedQuery,
  filterLists,
  hasPriceFilter,
  isFiltered,
  type Kind,
  type ListState,
  productQuery,
  readState,
  type SortBy,
  writeState,
} from './query.ts'

export interface ListingProps {
  kind: Kind
  /** The classification groups; only the kind's category, tag and (tasks) city lists are used. */
  classify?: ClassifyGroup[]
  /** The first unfiltered page, rendered at build time. Without it the island fetches on mount. */
  initial?: Paged<CardItem>
  /** Only this author's items (instructor page). */
  createId?: number
  /** Parameters added to every call, e.g. the searched title. */
  fixedQuery?: Pick<FixedQuery, 'title'>
  /** Show the category / tag / city rows (the search page has none). */
  filters?: boolean
  /** What follows the count: 共 12 条 / 共 12 条结果. */
  countLabel?: string
  /** The text of an empty, unfiltered result. */
  emptyText?: string
  /** Accessible name of the result list, e.g. 课程列表. */
  label?: string
  /** The page's path (/course/), for the filter links of the pre-rendered page. */
  path?: string
}

/** What a list asks for: its kind, the author or words it is fixed to, and the URL's state. */
interface PageParams {
  kind: ListingProps['kind']
  createId: ListingProps['createId']
  title: string | undefined
  state: ListState
}

/** One page of products or articles for `p`, silently (storefront §8: a list failure shows no toast). */
function fetchPage(p: PageParams, signal: AbortSignal): Promise<Paged<CardItem>> {
  const opts = { silent: true, signal }
  const fixed = { createId: p.createId, title: p.title }
  return p.kind === 'product'
    ? api.getProductSpuPage(productQuery(p.state, fixed), opts)
    : api.getArticlePage(articleQuery(p.kind, p.state, fixed), opts)
}

export function Listing({
  kind,
  classify,
  initial,
  createId,
  fixedQuery,
  filters = true,
  countLabel = '条',
  emptyText = '暂无内容',
  label = '列表',
  path = '',
}: ListingProps) {
  const lists = filterLists(classify, kind)
  // null until the URL has been read after hydration; the build renders DEFAULT_STATE.
  const [urlState, setState] = useState<ListState | null>(null)
  const state = urlState ?? DEFAULT_STATE
  const [announce, setAnnounce] = useState('')
  const rootRef = useRef<HTMLElement>(null)
  const listsRef = useRef(lists)
  listsRef.current = lists
  const headingId = useId()

  const title = fixedQuery?.title
  const params: PageParams = { kind, createId, title, state }
  // Every change of the state fetches; a newer one aborts the older and a late answer is
  // ignored. List failures stay silent (storefront §8): the last page stays, with a retry offer.
  const { data, dataParams, loading, failed, reload } = usePaged(fetchPage, params, {
    skip: urlState === null,
    initial: initial && { data: initial, params: { kind, createId, title, state: DEFAULT_STATE } },
  })

  // After each answer: a shared link to a page that no longer exists shows the last one instead;
  // otherwise screen readers hear what changed.
  useEffect(() => {
    if (!data || !dataParams || data === initial) return
    const s = dataParams.state
    const pages = pageCount(data.pageTotal, PAGE_SIZE_DEFAULT)
    if (s.page > pages && data.pageTotal > 0) {
      const last = { ...s, page: pages }
      history.replaceState(history.state, '', urlOf(last))
      setState(last)
      return
    }
    setAnnounce(`已更新，共 ${data.pageTotal} ${countLabel}，第 ${s.page} / ${pages} 页`)
  }, [data, dataParams, initial, countLabel])

  // On mount, and whenever the kind changes: read the URL (the hook fetches if it asks for more
  // than the pre-rendered page). The back and forward buttons do the same.
  useEffect(() => {
    const fromUrl = () => readState(location.search, kind, listsRef.current)
    setState(fromUrl())
    const onPop = () => setState(fromUrl())
    addEventListener('popstate', onPop)
    return () => removeEventListener('popstate', onPop)
  }, [kind])

  const apply = (next: ListState) => {
    history.pushState(history.state, '', urlOf(next))
    setState(next)
  }
  /** A filter change starts again at page 1. */
  const filter = (patch: Partial<ListState>) => apply({ ...state, ...patch, page: 1 })
  // Every choice is also a link to its URL (the pre-rendered page's filters work before, or
  // without, the island's code): until the URL is read, the build's view of it.
  const hrefOf = (next: ListState) =>
    urlState === null ? `${path}${writeState('', next)}` || '?' : urlOf(next)
  const filterHref = (patch: Partial<ListState>) => hrefOf({ ...state, ...patch, page: 1 })
  const goPage = (page: number) => {
    apply({ ...state, page })
    const root = rootRef.current
    if (root && root.getBoundingClientRect().top < 0) root.scrollIntoView({ block: 'start' })
  }

  const total = data?.pageTotal ?? 0
  const pages = pageCount(total, PAGE_SIZE_DEFAULT)
  const items = data?.pageData ?? []
  const filtered = isFiltered(state)

  return (
    <section ref={rootRef} aria-labelledby={headingId} className="scroll-mt-28 lg:scroll-mt-20">
      <h2 id={headingId} className="sr-only">
        {label}
      </h2>
      {filters && (lists.classes.length > 0 || lists.tags.length > 0 || lists.cities.length > 0) && (
        <div className="mb-3 rounded-lg bg-white px-3 py-1 ring-1 ring-slate-200 md:px-4">
          {lists.classes.length > 0 && (
            <ChipRow
              label="分类"
              options={lists.classes.map((c) => ({ value: c.id, label: c.title }))}
              value={state.classId}
              onChange={(classId) => filter({ classId })}
              hrefOf={(classId) => filterHref({ classId })}
            />
          )}
          {lists.tags.length > 0 && (
            <ChipRow
              label="标签"
              options={lists.tags.map((t) => ({ value: t.title, label: t.title }))}
              value={state.tag}
              onChange={(tag) => filter({ tag })}
              hrefOf={(tag) => filterHref({ tag })}
            />
          )}
          {lists.cities.length > 0 && (
            <ChipRow
              label="城市"
              options={lists.cities.map((c) => ({ value: c.title, label: c.title }))}
              value={state.city}
              onChange={(city) => filter({ city })}
              hrefOf={(city) => filterHref({ city })}
            />
          )}
        </div>
      )}

      <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <SortTabs
          sort={state.sort}
          dir={state.dir}
          onChange={(sort: SortBy, dir: PageSort) => filter({ sort, dir })}
          hrefOf={(sort: SortBy, dir: PageSort) => filterHref({ sort, dir })}
        />
        {hasPriceFilter(kind) && (
          <PriceFilter
            value={state.isPrice}
            onChange={(isPrice) => filter({ isPrice })}
            hrefOf={(isPrice) => filterHref({ isPrice })}
          />
        )}
        <p className="ml-auto flex items-center gap-2 text-sm text-slate-500">
          {loading && <Spinner />}
          {data ? (
            <span>
              共 <b className="font-semibold text-slate-700">{total}</b> {countLabel}
            </span>
          ) : (
            <span>加载中…</span>
          )}
        </p>
      </div>

      <p className="sr-only" aria-live="polite">
        {announce}
      </p>

      {failed && (
        <p className="mb-3 flex items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200">
          <span>列表加载失败，请检查网络后重试。</span>
          <button
            type="button"
            className="shrink-0 font-medium underline hover:text-amber-900"
            onClick={reload}
          >
            重试
          </button>
        </p>
      )}

      <div aria-busy={loading}>
        {!data ? (
          <GridSkeleton kind={kind} />
        ) : items.length > 0 ? (
          <CardGrid kind={kind} items={items} busy={loading} />
        ) : (
          <div className={loading ? 'opacity-50' : undefined}>
            <EmptyState
              text={filtered ? '没有符合条件的内容，换个筛选条件试试' : emptyText}
              action={
                filtered && (
                  <button
                    type="button"
                    className="btn-outline"
                    onClick={() => apply({ ...DEFAULT_STATE, sort: state.sort, dir: state.dir })}
                  >
                    清除筛选
                  </button>
                )
              }
            />
          </div>
        )}
      </div>

      <Pager
        page={Math.min(state.page, pages)}
        pages={pages}
        onPage={goPage}
        hrefOf={(page) => hrefOf({ ...state, page })}
      />
    </section>
  )
}

function urlOf(s: ListState): string {
  return `${location.pathname}${writeState(location.search, s)}${location.hash}`
}

function Spinner() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4 animate-spin text-brand-600" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity=".25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}

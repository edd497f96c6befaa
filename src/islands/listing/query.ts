/**
 * The filter state of a listing and its two faces: the page's query string (shareable, restored
 * by the back button) and the API query of GetArticlePage / GetProductSpuPage. Pure functions,
 * so the island, the search page and tests share one reading of the URL.
 */
import type {
  ArticlePageQuery,
  ClassifyGroup,
  ClassifyItem,
  PageSort,
  ProductPageQuery,
} from '../../lib/api/types.ts'
import { ClassifyKey, KIND_KEYS } from '../../lib/constants.ts'
import { PAGE_INDEX_MAX, PAGE_SIZE_DEFAULT } from '../../lib/rules/paging.ts'

/** A listing's content: an article status (10 post, 20 task, 30 course) or products. */
export type Kind = 10 | 20 | 30 | 'product'
/** 综合 (newest first), 热销 (best-selling), 价格 (price, either direction). */
export type SortBy = 'default' | 'sales' | 'price'
/** isPrice of the API: 0 free only, 1 paid only, 2 all. */
export type IsPrice = 0 | 1 | 2

export interface ListState {
  classId: number | null
  tag: string | null
  city: string | null
  sort: SortBy
  /** Direction of the price sort; 热销 is always most-sold first. */
  dir: PageSort
  isPrice: IsPrice
  /** 1-based, as the pager shows it. */
  page: number
}

export const DEFAULT_STATE: ListState = {
  classId: null,
  tag: null,
  city: null,
  sort: 'default',
  dir: 'asc',
  isPrice: 2,
  page: 1,
}

/** The query-string keys a listing owns; any other key (q, tab, id) belongs to the page. */
export const STATE_KEYS = ['classId', 'tag', 'city', 'sort', 'dir', 'price', 'page'] as const

/** Only tasks have a city filter; products have no free/paid filter (storefront §2). */
export const hasCity = (kind: Kind) => kind === 20
export const hasPriceFilter = (kind: Kind) => kind !== 'product'

/** The dictionary lists a listing's filters offer: categories, tags and (tasks) cities. */
export interface FilterLists {
  classes: ClassifyItem[]
  tags: ClassifyItem[]
  cities: ClassifyItem[]
}

/** filterLists(groups, 30) → course categories and course tags (KIND_KEYS). */
export function filterLists(groups: readonly ClassifyGroup[] | undefined, kind: Kind): FilterLists {
  const list = (key: string) => groups?.find((g) => g.key === key)?.list ?? []
  return {
    classes: list(KIND_KEYS[kind].classKey),
    tags: list(KIND_KEYS[kind].tagKey),
    cities: hasCity(kind) ? list(ClassifyKey.cityTag) : [],
  }
}

/** Keeps only the groups a kind needs, so an island's props stay small. */
export function groupsFor(groups: readonly ClassifyGroup[], kinds: readonly Kind[]): ClassifyGroup[] {
  const keys = new Set<string>(
    kinds.flatMap((k) => [
      KIND_KEYS[k].classKey,
      KIND_KEYS[k].tagKey,
      ...(hasCity(k) ? [ClassifyKey.cityTag] : []),
    ]),
  )
  return groups.filter((g) => keys.has(g.key))
}

const positiveInt = (v: string | null, max: number): number | null => {
  if (!v || !/^\d{1,9}$/.test(v)) return null
  const n = Number(v)
  return n >= 1 && n <= max ? n : null
}

/** A value from the URL counts only if the dictionary has it (when the dictionary is known). */
const known = <T>(value: T | null, items: ClassifyItem[], pick: (i: ClassifyItem) => T): T | null =>
  value === null || items.length === 0 || items.some((i) => pick(i) === value) ? value : null

/**
 * readState('?classId=3&sort=price&dir=desc&page=2', 30, lists) → the state that URL shows.
 * Unknown or malformed values fall back to the default instead of failing.
 */
export function readState(search: string, kind: Kind, lists?: FilterLists): ListState {
  const p = new URLSearchParams(search)
  const text = (key: string) => {
    const v = p.get(key)?.trim()
    return v && v.length <= 20 ? v : null
  }
  const sortRaw = p.get('sort')
  const sort: SortBy = sortRaw === 'sales' || sortRaw === 'price' ? sortRaw : 'default'
  const price = p.get('price')
  return {
    classId: known(positiveInt(p.get('classId'), 2 ** 31 - 1), lists?.classes ?? [], (i) => i.id),
    tag: known(text('tag'), lists?.tags ?? [], (i) => i.title),
    city: hasCity(kind) ? known(text('city'), lists?.cities ?? [], (i) => i.title) : null,
    sort,
    dir: sort === 'price' && p.get('dir') === 'desc' ? 'desc' : 'asc',
    isPrice: hasPriceFilter(kind) && (price === '0' || price === '1') ? (Number(price) as 0 | 1) : 2,
    page: positiveInt(p.get('page'), PAGE_INDEX_MAX) ?? 1,
  }
}

/**
 * The query string for `state`, keeping the page's own keys (q, tab, id) of `search`:
 * writeState('?q=牙', { ...DEFAULT_STATE, page: 2 }) → '?q=牙&page=2'; '' when nothing is left.
 */
export function writeState(search: string, state: ListState): string {
  const p = new URLSearchParams(search)
  for (const k of STATE_KEYS) p.delete(k)
  if (state.classId !== null) p.set('classId', String(state.classId))
  if (state.tag) p.set('tag', state.tag)
  if (state.city) p.set('city', state.city)
  if (state.sort !== 'default') p.set('sort', state.sort)
  if (state.sort === 'price') p.set('dir', state.dir)
  if (state.isPrice !== 2) p.set('price', String(state.isPrice))
  if (state.page > 1) p.set('page', String(state.page))
  const s = p.toString()
  return s ? `?${s}` : ''
}

/** withoutState('?q=a&page=3&tag=x') → '?q=a': the page's keys only, e.g. when a tab changes. */
export function withoutState(search: string): string {
  return writeState(search, DEFAULT_STATE)
}

export function sameState(a: ListState, b: ListState): boolean {
  return STATE_FIELDS.every((k) => a[k] === b[k])
}
const STATE_FIELDS = Object.keys(DEFAULT_STATE) as (keyof ListState)[]

/** Filters beyond the page number differ from the defaults (the empty state offers to clear them). */
export function isFiltered(s: ListState): boolean {
  return s.classId !== null || s.tag !== null || s.city !== null || s.isPrice !== 2
}

/** Fixed parameters a page adds to every call: the instructor's id, the searched title. */
export interface FixedQuery {
  createId?: number
  title?: string
}

/** The GetArticlePage query of a state: pageOrder names the field, pageSort the direction (README). */
export function articleQuery(status: 10 | 20 | 30, s: ListState, fixed: FixedQuery = {}): ArticlePageQuery {
  return {
    status,
    classId: s.classId ?? undefined,
    tag: s.tag ?? undefined,
    city: hasCity(status) ? (s.city ?? undefined) : undefined,
    ...sortQuery(status, s),
    isPrice: s.isPrice,
    pageIndex: s.page - 1,
    pageSize: PAGE_SIZE_DEFAULT,
    createId: fixed.createId,
    title: fixed.title || undefined,
  }
}

/** The GetProductSpuPage query of a state; products sort by their lowest SKU price. */
export function productQuery(s: ListState, fixed: FixedQuery = {}): ProductPageQuery {
  return {
    classId: s.classId ?? undefined,
    tag: s.tag ?? undefined,
    ...sortQuery('product', s),
    pageIndex: s.page - 1,
    pageSize: PAGE_SIZE_DEFAULT,
    title: fixed.title || undefined,
  }
}

function sortQuery(kind: Kind, s: ListState): Pick<ArticlePageQuery, 'pageOrder' | 'pageSort'> {
  if (s.sort === 'sales') return { pageOrder: 'extMore', pageSort: 'desc' }
  if (s.sort === 'price') return { pageOrder: kind === 'product' ? 'priceMin' : 'price', pageSort: s.dir }
  return {}
}

/**
 * The pager's buttons: first, last, the current page with one neighbour each side, and gaps.
 * pageItems(6, 12) → [1, 'gap', 5, 6, 7, 'gap', 12]; a gap of one page shows that page instead.
 */
export function pageItems(current: number, total: number, siblings = 1): (number | 'gap')[] {
  const wanted = new Set<number>([1, total])
  // Near an edge, show as many numbers as in the middle so the pager keeps its width.
  const from = Math.max(1, Math.min(current - siblings, total - 2 * siblings - 2))
  const to = Math.min(total, Math.max(current + siblings, 2 * siblings + 3))
  for (let i = from; i <= to; i++) wanted.add(i)
  const pages = [...wanted].filter((n) => n >= 1 && n <= total).sort((a, b) => a - b)
  const out: (number | 'gap')[] = []
  let prev = 0
  for (const n of pages) {
    if (n - prev === 2) out.push(prev + 1)
    else if (n - prev > 2) out.push('gap')
    out.push(n)
    prev = n
  }
  return out
}

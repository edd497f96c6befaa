/**
 * What a change rebuilds: the pages each change mark (server/changes.ts) stands for, and the
 * plan of a build, partial or full. Kept honest by tests/unit/site-plan.test.ts.
 */
import type { BuildOnly } from '../../src/lib/build/env.ts'
import { articlePath, productPath, teacherPath } from '../../src/lib/routes.ts'
import type { ChangeTag } from '../changes.ts'

/**
 * The listing page of each `list:` tag. The sitemap lists the items of all of them: a partial
 * build adds and removes the item pages it makes or removes there (server/build-site.ts), so no
 * mark needs the whole of it rendered again, reading the 20,000 items of every list.
 */
export const LIST_PAGES: Record<string, string> = {
  'list:10': '/association/',
  'list:20': '/task/',
  'list:30': '/course/',
  'list:product': '/product/',
}
/**
 * Site content that a few known pages show: only those are rebuilt, so a banner or FAQ save is
 * live as fast as a price at any catalogue size (a full build of 20,000 items takes minutes).
 * Banners: the home page's positions and the two listings with a position of their own
 * (ListingPage's `banner`); the FAQ: /question/. The configuration texts are read by islands in
 * the browser (the read cache follows the mark): no built page shows them.
 * tests/unit/site-plan.test.ts holds these lists to the pages' code.
 */
export const TAG_PAGES: Record<string, readonly string[]> = {
  banner: ['/', '/product/', '/course/'],
  faq: ['/question/'],
  config: [],
  // The coupon and promotion lists are read in the browser; the product pages a 满减 or a
  // shipping template shows on are marked one by one (product:<id>) by the write itself.
  offers: [],
}
/**
 * Tags whose pages are everywhere (the company facts in every footer, the dictionary's names in
 * filters and cards): only a full build will do.
 */
const SITE_WIDE = new Set(['company', 'dictionary', 'all'])
/** Beyond this many item pages a partial build saves little: build everything. */
export const PARTIAL_MAX_ITEMS = 2000

export interface BuildPlan {
  kind: 'full' | 'partial'
  /** Partial: the items whose own pages are re-rendered, or removed when no longer listed. */
  only: BuildOnly
  /** Partial: the other pages replaced from the build ('/', '/course/' …). */
  pages: string[]
  /** The marks this plan answers. */
  tags: ChangeTag[]
  /**
   * Whether a page linking to an item page that is not there yet (an item published while the
   * build read the API) may be held back until the next build; false in that next build.
   */
  defer: boolean
}

const ITEM = /^(article|product|teacher):([1-9]\d{0,9})$/

/**
 * What a set of change marks rebuilds.
 * planFor(['article:12', 'list:20', 'home']) → partial: /detail/12/, /task/ and /
 * planFor(['banner']) → partial: /, /product/, /course/
 * planFor(['dictionary']) → full
 */
export function planFor(tags: readonly ChangeTag[], forceFull = false): BuildPlan {
  const only: BuildOnly = { article: [], product: [], teacher: [] }
  const pages = new Set<string>()
  const full = (): BuildPlan => ({
    kind: 'full',
    only: { article: [], product: [], teacher: [] },
    pages: [],
    tags: [...tags],
    defer: true,
  })
  if (forceFull) return full()
  for (const tag of tags) {
    const item = ITEM.exec(tag)
    const listing = Object.hasOwn(LIST_PAGES, tag) ? LIST_PAGES[tag] : undefined
    if (item) only[item[1] as keyof BuildOnly].push(Number(item[2]))
    else if (listing) pages.add(listing)
    else if (tag === 'home') pages.add('/')
    else if (Object.hasOwn(TAG_PAGES, tag)) for (const page of TAG_PAGES[tag] ?? []) pages.add(page)
    // A site-wide tag, or one this builder does not know: everything, to be safe.
    else return full()
  }
  if (only.article.length + only.product.length + only.teacher.length > PARTIAL_MAX_ITEMS) return full()
  for (const k of ['article', 'product', 'teacher'] as const)
    only[k] = [...new Set(only[k])].sort((a, b) => a - b)
  return { kind: 'partial', only, pages: [...pages].sort(), tags: [...tags], defer: true }
}

/**
 * The URL paths a partial plan touches: the item pages first, then the shared ones.
 * planPaths(planFor(['product:3', 'list:product'])) → ['/productdetail/3/', '/product/']
 */
export const planPaths = (plan: BuildPlan): string[] => [
  ...plan.only.article.map(articlePath),
  ...plan.only.product.map(productPath),
  ...plan.only.teacher.map(teacherPath),
  ...plan.pages,
]

/** The built file of a URL path: pageFile('/detail/12/') → 'detail/12/index.html'; '/' → 'index.html'. */
export const pageFile = (path: string) => (path.endsWith('/') ? `${path.slice(1)}index.html` : path.slice(1))

/** Paths of the item pages (a missing one means the item is gone: its page is removed). */
export const isItemPath = (path: string) => /^\/(?:detail|productdetail|teacher)\/\d+\/$/.test(path)

/**
 * The marks that bring a page up to date, for the webhook's `paths`: an item page → its item,
 * a listing → its list, the home page → home, anything else → all (a full build).
 * tagForPath('/detail/12/') → 'article:12'; tagForPath('/productdetail?id=3') → 'product:3'
 */
export function tagForPath(path: string): ChangeTag {
  const url = new URL(path, 'http://x')
  const p = url.pathname.replace(/\/index\.html$/, '/').replace(/\/?$/, '/')
  const id = url.searchParams.get('id')
  const m = /^\/(detail|productdetail|teacher)\/(?:([1-9]\d{0,9})\/)?$/.exec(p)
  const n = m?.[2] ?? (id && /^[1-9]\d{0,9}$/.test(id) ? id : undefined)
  if (m && n)
    return `${m[1] === 'detail' ? 'article' : m[1] === 'productdetail' ? 'product' : 'teacher'}:${Number(n)}`
  if (p === '/') return 'home'
  const list = Object.entries(LIST_PAGES).find(([, page]) => page === p)?.[0]
  return (list as ChangeTag | undefined) ?? 'all'
}

/** A tag as the webhook accepts it: isChangeTag('article:12') → true; 'article:x' → false. */
export const isChangeTag = (tag: string): tag is ChangeTag =>
  ITEM.test(tag) ||
  Object.hasOwn(LIST_PAGES, tag) ||
  Object.hasOwn(TAG_PAGES, tag) ||
  tag === 'home' ||
  SITE_WIDE.has(tag)

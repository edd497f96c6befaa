/**
 * The site builder: keeps the static site (DIST_DIR) in step with the content. Every content
 * write leaves change marks (server/changes.ts); the builder polls them, waits until the writes
 * pause (debounce, with a bounded wait), and runs one build at a time: a partial build of the
 * marked pages (an edit is live in seconds at any catalogue size) or, for site-wide changes, a
 * full one. What was built is recorded in DIST_DIR/.build.json, so a restart on an unchanged
 * catalogue serves the site at once instead of building it again.
 *
 * Several API processes may share one database and one DIST_DIR: each runs a builder, and on
 * PostgreSQL an advisory lock lets only one of them build at a time; the record in DIST_DIR tells
 * the others what is already built.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { sql } from 'kysely'
import type { BuildOnly } from '../src/lib/build/env.ts'
import { articlePath, productPath, teacherPath } from '../src/lib/routes.ts'
import { type ChangeTag, changesSince, latestChange, onMarked } from './changes.ts'
import { type Db, isPg } from './db/index.ts'

// --- what a change rebuilds ------------------------------------------------------------------

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

// --- the record of the last build -------------------------------------------------------------

export interface BuildTiming {
  kind: 'full' | 'partial'
  seconds: number
  at: string
  pages: number
}

/** DIST_DIR/.build.json: what the site in DIST_DIR was built from. */
export interface BuildRecord {
  /** The newest change mark the site includes. */
  changeId: number
  builtAt: string
  seconds: number
  kind: 'full' | 'partial'
  /** siteCodeHash() of the code of the last full build: other code at start means a full build. */
  codeHash: string
  /** databaseId() of the database it was built from: another (a re-seed) means a full build. */
  db: string
  /** The recent builds, newest first, for the status call. */
  recent: BuildTiming[]
}

export const RECORD_FILE = '.build.json'

/** The record in a DIST_DIR, or null when there is none (or it is unreadable). */
export function readRecord(distDir: string): BuildRecord | null {
  try {
    const r = JSON.parse(readFileSync(join(distDir, RECORD_FILE), 'utf8')) as BuildRecord
    return typeof r.changeId === 'number' && typeof r.codeHash === 'string'
      ? { ...r, recent: r.recent ?? [] }
      : null
  } catch {
    return null
  }
}

/** Writes the record beside the site; a reader sees the old one or the new one. */
export function writeRecord(distDir: string, record: BuildRecord) {
  const tmp = join(distDir, `${RECORD_FILE}.${process.pid}.tmp`)
  writeFileSync(tmp, `${JSON.stringify(record, null, 2)}\n`)
  renameSync(tmp, join(distDir, RECORD_FILE))
}

/** What the site is built from besides the content: its code, its assets and its dependencies. */
const CODE_INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json']

/**
 * A hash of the site's code, so a changed page or component (or dependency) triggers a full
 * build; about 2 MB read, a few milliseconds.
 * siteCodeHash('/work/main') → '5f1c…' (64 hex digits)
 */
export function siteCodeHash(root = process.cwd(), settings: readonly string[] = []): string {
  const hash = createHash('sha256')
  // What the build compiles in besides the code (site URL, the bundle's sign secret): only its hash is kept.
  for (const s of settings) hash.update(s).update('\0')
  const add = (path: string) => {
    if (!existsSync(path)) return
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) add(join(path, name))
      return
    }
    hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0')
  }
  for (const input of CODE_INPUTS) add(join(root, input))
  return hash.digest('hex')
}

/**
 * Which database this is: when the first migration ran. A re-seeded database (--reset) is a new
 * one whose change marks start again from 1, so a record of the old one must not be trusted.
 */
export async function databaseId(db: Db): Promise<string> {
  const r = await sql<{
    at: string | Date | null
  }>`SELECT MIN("timestamp") AS at FROM kysely_migration`.execute(db)
  const at = r.rows[0]?.at
  return at instanceof Date ? at.toISOString() : String(at ?? '')
}

export interface StartDecision {
  build: boolean
  why: string
}

/**
 * At start: serve the built site as it is when it was built from this database, with this code,
 * and no mark came after it; otherwise build. Marks alone (same code, same database) are the
 * builder's ordinary work: it brings their pages up to date like any edit.
 * decideStart(null, …) → { build: true, why: '尚未生成' }
 */
export function decideStart(
  record: BuildRecord | null,
  now: { codeHash: string; db: string; latestId: number },
): StartDecision {
  if (!record) return { build: true, why: '站点尚未生成' }
  if (record.db !== now.db) return { build: true, why: '数据库已更换（重新初始化）' }
  if (record.codeHash !== now.codeHash) return { build: true, why: '站点代码已改动' }
  if (now.latestId < record.changeId) return { build: true, why: '变更记录早于上次生成' }
  if (now.latestId > record.changeId)
    return { build: false, why: `有 ${now.latestId - record.changeId} 条新变更，按变更更新` }
  return { build: false, why: '内容与代码均未改动' }
}

// --- the builder ------------------------------------------------------------------------------

export interface BuildResult {
  /** Pages written or removed. */
  pages: number
  /** Seconds from the start until the pages were live, when that came before the end (a full build compresses after). */
  liveAfter?: number
  /** Marks for the next build, at once: pages held back, and the item pages they link to. */
  deferred?: ChangeTag[]
}

export interface BuilderDeps {
  /** Marks after an id (changesSince). */
  changes: (sinceId: number) => Promise<{ tags: ChangeTag[]; upTo: number }>
  /** The newest mark id (latestChange). */
  latest: () => Promise<number>
  /**
   * Runs `work` when this process may build; `{ ran: false }` when another process holds the
   * build (PostgreSQL advisory lock). SQLite is one process: always runs.
   */
  exclusive: <T>(work: () => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false }>
  /** Builds the plan into the live site; throws (saying why) when it fails. */
  build: (plan: BuildPlan, signal: AbortSignal) => Promise<BuildResult>
  records: { read: () => BuildRecord | null; write: (r: BuildRecord) => void }
  codeHash: () => string
  /** databaseId() of the database. */
  db: string
  /** The clock, in milliseconds. */
  now: () => number
  log: (line: string) => void
  /**
   * Calls `look` whenever this process records marks (onMarked in server/changes.ts); answers how
   * to stop. Marks of other processes are still found by polling.
   */
  onMarked?: (look: () => void) => () => void
}

export interface BuilderTiming {
  /** How often the marks are read. */
  pollMs: number
  /** A build starts once no new mark came for this long … */
  quietMs: number
  /** … or when the oldest waiting mark is this old, whatever keeps coming. */
  maxWaitMs: number
  /** The first retry after a failure; doubled each time, up to retryMaxMs. */
  retryMs: number
  retryMaxMs: number
  /** After a mark made by this process, the marks are read this soon (its transaction commits meanwhile). */
  markedMs: number
}

// A mark is seen within half a second (a mark this process made, within 50 ms) and built after
// half a second without another: an edit's wait before its build is 0.55-1 s (1.05-1.5 s with a
// 1 s quiet, which put edit-to-live at 5.0-5.8 s at 100,000 items with 50 readers; issue 23), and
// a burst of saves a form or a script makes in quick succession still goes into one build. Marks
// made while a build runs wait for it and go into the next one together.
export const DEFAULT_TIMING: BuilderTiming = {
  pollMs: 500,
  quietMs: 500,
  maxWaitMs: 10_000,
  retryMs: 5000,
  retryMaxMs: 300_000,
  markedMs: 50,
}

const RECENT = 20

/** The median of some numbers: median([3, 1, 2]) → 2; median([]) → null. */
export function median(xs: readonly number[]): number | null {
  if (!xs.length) return null
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

export interface BuildStatus {
  /** The last good build, as recorded in DIST_DIR. */
  last: Omit<BuildRecord, 'recent' | 'db'> | null
  /** Marks not yet in the site: their tags (the first 50) and how many. */
  queued: { tags: ChangeTag[]; count: number; upTo: number }
  /** What this process is building now, and since when. */
  building: { kind: 'full' | 'partial'; since: string; tags: number } | null
  failures: number
  lastError: string | null
  nextRetryAt: string | null
  /** Seconds of recent builds, by kind. */
  timings: Record<'full' | 'partial', { last: number | null; median: number | null; count: number }>
}

/** The status from the record and the queue alone (the ops command, a process without a builder). */
export function statusOf(
  record: BuildRecord | null,
  queued: { tags: ChangeTag[]; upTo: number },
  state: Pick<BuildStatus, 'building' | 'failures' | 'lastError' | 'nextRetryAt'> = {
    building: null,
    failures: 0,
    lastError: null,
    nextRetryAt: null,
  },
): BuildStatus {
  const timing = (kind: 'full' | 'partial') => {
    const xs = (record?.recent ?? []).filter((t) => t.kind === kind).map((t) => t.seconds)
    return { last: xs[0] ?? null, median: median(xs), count: xs.length }
  }
  const last = record
    ? {
        changeId: record.changeId,
        builtAt: record.builtAt,
        seconds: record.seconds,
        kind: record.kind,
        codeHash: record.codeHash,
      }
    : null
  // The status shows 50 of them: the kinds that rebuild many pages (banner, dictionary, all …)
  // first, then single pages (product:12), so a long queue of items never hides a site-wide change.
  const wide = queued.tags.filter((t) => !t.includes(':'))
  const items = queued.tags.filter((t) => t.includes(':'))
  return {
    last,
    queued: { tags: [...wide, ...items].slice(0, 50), count: queued.tags.length, upTo: queued.upTo },
    ...state,
    timings: { full: timing('full'), partial: timing('partial') },
  }
}

export interface SiteBuilder {
  /**
   * Decides what to do at start (decideStart) and starts polling: when a build is due it runs in
   * the background while the last good site is served.
   */
  start(): Promise<StartDecision>
  /** One round: read the marks, and build when due. The poll loop calls it; tests call it directly. */
  tick(): Promise<void>
  status(): Promise<BuildStatus>
  /**
   * After a failure: the next round (within a second) builds again instead of waiting out the
   * retry delay. Answers whether a retry was waiting.
   */
  retryNow(): boolean
  /** Stops polling and aborts a running build (its output is discarded). */
  stop(): Promise<void>
}

/** What the server's routes use of a builder: its status, and a retry after a failure. */
export type BuilderView = Pick<SiteBuilder, 'status' | 'retryNow'>

/**
 * A builder over its dependencies (siteBuilderDeps gives the real ones; tests give a fake build
 * and clock and call tick()).
 */
export function createSiteBuilder(deps: BuilderDeps, timing: Partial<BuilderTiming> = {}): SiteBuilder {
  const t = { ...DEFAULT_TIMING, ...timing }
  let lastBuiltId = 0
  /** The newest mark seen waiting, when it was first seen, and when the oldest waiting one was. */
  let seenUpTo = 0
  let lastMarkAt = 0
  let waitingSince: number | null = null
  let forceFull = false
  /** Marks a build handed to the next one (BuildResult.deferred). */
  let followUp: ChangeTag[] = []
  /** forceFull came from the start decision (re-checked under the lock, see buildNow). */
  let startForced = false
  let running: { kind: 'full' | 'partial'; since: number; tags: number } | null = null
  let failures = 0
  let lastError: string | null = null
  let nextRetryAt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  /** Another process held the build lock at the last attempt. */
  let busy = false
  const abort = new AbortController()
  const iso = (ms: number) => new Date(ms).toISOString()

  /** The builds of other processes sharing DIST_DIR count as ours. */
  const catchUp = () => {
    const r = deps.records.read()
    if (r && r.db === deps.db && r.changeId > lastBuiltId && !forceFull) lastBuiltId = r.changeId
    return r
  }

  async function buildNow(): Promise<void> {
    const got = await deps.exclusive(async () => {
      // Under the lock: another process may have built meanwhile.
      const record = catchUp()
      if (startForced && record) {
        // Processes starting together: the first built everything, the others need not.
        const again = decideStart(record, {
          codeHash: deps.codeHash(),
          db: deps.db,
          latestId: await deps.latest(),
        })
        if (!again.build) {
          forceFull = startForced = false
          lastBuiltId = Math.max(lastBuiltId, record.changeId)
        }
      }
      const marked = await deps.changes(lastBuiltId)
      const pending = { tags: [...new Set([...marked.tags, ...followUp])], upTo: marked.upTo }
      if (!pending.tags.length && !forceFull) return null
      // Code edited while running (development) does not force a full build here: the partial
      // pages come with their own new assets, and the record keeps the hash of the last full
      // build, so the next start builds everything.
      const stale = !record || record.db !== deps.db
      // A follow-up build moves every page it makes: no second deferral, no loop.
      const plan = { ...planFor(pending.tags, forceFull || stale), defer: !followUp.length }
      const codeHash = plan.kind === 'full' || !record ? deps.codeHash() : record.codeHash
      if (record && plan.kind === 'partial' && !planPaths(plan).length) {
        // Marks no built page shows (the configuration texts): live already, nothing to build.
        deps.records.write({ ...record, changeId: pending.upTo })
        lastBuiltId = pending.upTo
        followUp = []
        return plan
      }
      const started = deps.now()
      running = { kind: plan.kind, since: started, tags: pending.tags.length }
      deps.log(
        `[site] ${plan.kind === 'full' ? '完整生成' : '局部生成'}开始：${pending.tags.length} 个变更标记${
          plan.kind === 'partial' ? `，${planPaths(plan).length} 个页面` : ''
        }`,
      )
      const result = await deps.build(plan, abort.signal)
      const seconds = Math.round((deps.now() - started) / 100) / 10
      const builtAt = iso(deps.now())
      const recent = [
        { kind: plan.kind, seconds, at: builtAt, pages: result.pages },
        ...(record?.db === deps.db ? record.recent : []),
      ].slice(0, RECENT)
      deps.records.write({
        changeId: pending.upTo,
        builtAt,
        seconds,
        kind: plan.kind,
        codeHash,
        db: deps.db,
        recent,
      })
      // Only now: a failed build leaves the marks waiting.
      lastBuiltId = pending.upTo
      forceFull = startForced = false
      followUp = result.deferred ?? []
      if (followUp.length)
        deps.log(`[site] 有页面链接到尚未生成的页面，暂留旧版，立即再生成：${followUp.join(', ')}`)
      deps.log(
        `[site] ${plan.kind === 'full' ? '完整生成' : '局部生成'}完成 (${seconds}s，${result.pages} 个页面${
          result.liveAfter === undefined ? '' : `，${result.liveAfter.toFixed(1)}s 时已上线，其后压缩`
        })`,
      )
      return plan
    })
    // Said once per wait, not every poll of a two-minute build.
    if (!got.ran && !busy) deps.log('[site] 另一个进程正在生成站点，等它完成')
    busy = !got.ran
  }

  async function tick(): Promise<void> {
    if (running || stopped) return
    const now = deps.now()
    catchUp()
    const pending = await deps.changes(lastBuiltId)
    if (!pending.tags.length && !forceFull && !followUp.length) {
      waitingSince = null
      return
    }
    if (pending.upTo > seenUpTo) {
      seenUpTo = pending.upTo
      lastMarkAt = now
    }
    waitingSince ??= now
    if (now < nextRetryAt) return
    const due =
      forceFull || followUp.length > 0 || now - lastMarkAt >= t.quietMs || now - waitingSince >= t.maxWaitMs
    if (!due) return
    running = { kind: forceFull ? 'full' : 'partial', since: now, tags: pending.tags.length }
    try {
      await buildNow()
      failures = 0
      lastError = null
      nextRetryAt = 0
      waitingSince = null
    } catch (e) {
      if (stopped) return
      failures++
      lastError = e instanceof Error ? e.message : String(e)
      const wait = Math.min(t.retryMs * 2 ** (failures - 1), t.retryMaxMs)
      nextRetryAt = deps.now() + wait
      deps.log(
        `[site] 站点生成失败（第 ${failures} 次），继续提供上一次生成的站点，${Math.round(wait / 1000)}s 后重试：${lastError}`,
      )
    } finally {
      running = null
    }
  }

  /** A mark made here while a round runs: the next round comes markedMs after it, not pollMs. */
  let lookSoon = false
  /** One round after `delay`, then the next; `timer` is set only while a round waits to start. */
  const loop = (delay: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      timer = undefined
      tick()
        .catch((e: unknown) => deps.log(`[site] 读取变更失败：${e instanceof Error ? e.message : e}`))
        .finally(() => {
          loop(lookSoon ? t.markedMs : t.pollMs)
          lookSoon = false
        })
    }, delay)
    timer.unref()
  }
  /** This process made marks: the waiting round comes sooner, or the next one right after the running one. */
  const look = () => {
    if (stopped) return
    if (timer === undefined) {
      lookSoon = true
      return
    }
    clearTimeout(timer)
    loop(t.markedMs)
  }
  let stopLooking = () => {}

  return {
    async start() {
      const record = deps.records.read()
      const latestId = await deps.latest()
      const decision = decideStart(record, { codeHash: deps.codeHash(), db: deps.db, latestId })
      if (decision.build) forceFull = startForced = true
      if (record && record.db === deps.db && record.changeId <= latestId) lastBuiltId = record.changeId
      // The first round at once: a needed build starts now, in the background.
      loop(0)
      stopLooking = deps.onMarked?.(look) ?? stopLooking
      return decision
    },
    tick,
    async status() {
      const record = deps.records.read()
      const base = Math.max(lastBuiltId, record?.db === deps.db ? record.changeId : 0)
      const queued = await deps.changes(base)
      queued.tags = [...new Set([...queued.tags, ...followUp])]
      return statusOf(record?.db === deps.db ? record : null, queued, {
        building: running ? { kind: running.kind, since: iso(running.since), tags: running.tags } : null,
        failures,
        lastError,
        nextRetryAt: nextRetryAt ? iso(nextRetryAt) : null,
      })
    },
    retryNow() {
      if (!failures || running) return false
      nextRetryAt = 0
      return true
    },
    async stop() {
      stopped = true
      stopLooking()
      clearTimeout(timer)
      abort.abort()
    },
  }
}

// --- the real dependencies --------------------------------------------------------------------

/** The advisory lock key of the site build (any constant shared by every process). */
const BUILD_LOCK = 0x5e17b1d

/**
 * Runs `work` holding the site-build lock: on PostgreSQL a session advisory lock on one pooled
 * connection (not waited for: whoever holds it is building, the others look again later); on
 * SQLite, one process, simply runs.
 */
export async function withBuildLock<T>(
  db: Db,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (!isPg(db)) return { ran: true, value: await work() }
  return db.connection().execute(async (conn) => {
    const got = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${BUILD_LOCK}) AS ok`.execute(conn)
    if (!got.rows[0]?.ok) return { ran: false as const }
    try {
      return { ran: true as const, value: await work() }
    } finally {
      await sql`SELECT pg_advisory_unlock(${BUILD_LOCK})`.execute(conn)
    }
  })
}

/** The builder's real dependencies: the database's marks, the lock, the record in DIST_DIR. */
export async function siteBuilderDeps(opts: {
  db: Db
  distDir: string
  build: BuilderDeps['build']
  log?: (line: string) => void
  root?: string
  /** Settings the pages are built with; another value means another site, like other code. */
  settings?: readonly string[]
}): Promise<BuilderDeps> {
  const { db, distDir } = opts
  return {
    changes: (id) => changesSince(db, id),
    latest: () => latestChange(db),
    exclusive: (work) => withBuildLock(db, work),
    build: opts.build,
    records: { read: () => readRecord(distDir), write: (r) => writeRecord(distDir, r) },
    codeHash: () => siteCodeHash(opts.root, opts.settings),
    db: await databaseId(db),
    now: () => Date.now(),
    log: opts.log ?? ((line) => console.log(line)),
    onMarked,
  }
}

/** Removes a record, so the next start builds everything: forgetRecord('dist'). */
export const forgetRecord = (distDir: string) => rmSync(join(distDir, RECORD_FILE), { force: true })

/**
 * The public read cache: answers of the public read calls, kept in this process for anonymous
 * callers. A listing page or the dictionary is the same for every visitor without a session,
 * so after the first visitor it is served without a query (issue 12: such calls ran at a tenth
 * of the framework's rate).
 *
 * What keeps it right:
 * - only GETs, only 200 answers, only the calls of PUBLIC_READS (none answers differently per
 *   caller once there is no user); nothing per-user is ever kept. A caller with an Authorization
 *   header is served only the calls of ANY_CALLER, whose answer never looks at the caller: a
 *   signed-in visitor browsing the listings gets them from here too (issue 23: they were 8-11% of
 *   the framework's rate uncached), while a detail call (isLike, unlock) stays theirs;
 * - change marks (server/changes.ts) written by any process empty it: the newest mark is read at
 *   most every half second, so another process's write shows here within a second (issue 23: the
 *   read of one indexed MAX(id), only while reads come in, costs less than a LISTEN connection per
 *   process and works on SQLite too), and a write through this process makes the next read check
 *   at once;
 * - a TTL, because some figures (sales counts, comments) change without a mark;
 * - bounded by entries and bytes, least recently used out first.
 * The sign check runs before it (app.ts): a missing or stale sign is refused, cached or not.
 */
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { latestChange } from './changes.ts'
import type { Db } from './db/index.ts'
import { pickEncoding } from './delivery.ts'
import type { Env } from './http.ts'

/** isCreate=1 asks for the caller's own items: never a public answer. */
const notOwn = (q: URLSearchParams) => {
  const v = q.get('isCreate')?.trim()
  return !v || v === '0'
}

/** The cacheable calls (path under /api → which of their queries are public). */
export const PUBLIC_READS: ReadonlyMap<string, (q: URLSearchParams) => boolean> = new Map([
  ['/api/Classify/GetClassifyQuerys', () => true],
  ['/api/Users/GetUsersConfigs', () => true],
  ['/api/Adinfo/GetAdinfoAll', () => true],
  ['/api/Region/GetRegionQueryTitle', () => true],
  ['/api/Article/GetArticleIndex', () => true],
  ['/api/Article/GetArticlePage', notOwn],
  ['/api/ProductSpu/GetProductSpuPage', notOwn],
  // With no user, isLike and unlock are 0, a paid post shows its brief and a paid task no
  // contacts: the same for everyone.
  ['/api/Article/GetArticle', () => true],
  ['/api/ProductSpu/GetProductSpu', () => true],
  // Only the FAQ: the other kinds of this call are a signed-in user's own lists.
  ['/api/Article/GetArticleQuery', (q) => q.get('status')?.trim() === '40'],
  ['/api/Users/GetUsers', () => true],
  // Issue 24's offers: the same for every visitor; back-office writes mark `offers`.
  ['/api/Coupons/GetCouponsList', () => true],
  ['/api/Promotions/GetPromotionsList', () => true],
  ['/api/Shipping/GetShippingTemplates', () => true],
  // Hidden reviews are left out for everyone; a review, 追评 or hide marks its product.
  ['/api/Reviews/GetReviewsPage', () => true],
  ['/api/Reviews/GetReviewsSummary', () => true],
])

/**
 * The public reads whose handler never reads the session (no isLike, no price of their own): a
 * signed-in caller's answer is the anonymous one, so it may come from the cache. Their session is
 * then not looked up, which changes nothing: a stale token gets the same 200 from the handler.
 */
export const ANY_CALLER: ReadonlySet<string> = new Set([
  '/api/Classify/GetClassifyQuerys',
  '/api/Users/GetUsersConfigs',
  '/api/Adinfo/GetAdinfoAll',
  '/api/Region/GetRegionQueryTitle',
  // Public only without isCreate=1 (PUBLIC_READS): the caller's own list never comes from here.
  '/api/Article/GetArticlePage',
  '/api/ProductSpu/GetProductSpuPage',
])

export interface ReadCacheOptions {
  db: Db
  /** How long an answer is kept, ms. */
  ttlMs: number
  maxEntries?: number
  /** Bound on the bytes of the kept answers (bodies and keys). */
  maxBytes?: number
  /** How often, at most, the newest change mark is read, ms. */
  pollMs?: number
  /** A monotonic clock in ms; freshness is about real time, not the business clock. */
  clock?: () => number
  /**
   * Answers of this many bytes or more are kept compressed too, once per encoding, and served
   * so to a client that accepts br or gzip: the threshold of compressAnswers (server/delivery.ts),
   * which then passes them through. Compressing a hit on every request cost three quarters of it.
   */
  compressAbove?: number
}

const ENCODINGS = ['br', 'gzip'] as const
type Encoding = (typeof ENCODINGS)[number]

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)
// The settings of compressAnswers, so a hit and a miss go out alike.
const compress = (body: Uint8Array, e: Encoding): Promise<Buffer> =>
  e === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gz(body, { level: 6 })

interface Entry {
  body: Uint8Array<ArrayBuffer>
  type: string
  at: number
  size: number
  /** The compressed forms made so far (a promise while one is being made). */
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>>>>
}

/** Longer queries are someone probing, not a page a visitor shares: not worth keeping. */
const MAX_KEY = 1024

/**
 * The cache as Hono middleware for /api/*, mounted after the sign check:
 * app.use('/api/*', readCache({ db, ttlMs: 30_000 })). `clear()` empties it, `size()` counts.
 */
export function readCache(opts: ReadCacheOptions) {
  const { db, ttlMs } = opts
  const maxEntries = opts.maxEntries ?? 2000
  const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024
  const pollMs = opts.pollMs ?? 500
  const compressAbove = opts.compressAbove ?? 1024
  const clock = opts.clock ?? (() => performance.now())
  // Map order is recency: a hit moves its entry to the end, eviction takes from the front.
  const entries = new Map<string, Entry>()
  let bytes = 0
  // Bumped on every emptying: an answer computed before one is not stored after it.
  let epoch = 0
  let seenMark = -1
  let checkedAt = Number.NEGATIVE_INFINITY
  let checking: Promise<void> | undefined
  let writes = 0
  const inflight = new Map<string, Promise<void>>()

  const clear = () => {
    entries.clear()
    bytes = 0
    epoch++
  }
  const drop = (key: string, e: Entry) => {
    entries.delete(key)
    bytes -= e.size
  }

  /** The entry's body in encoding `e`, made on first use and counted in the bytes kept. */
  const encodedBody = (key: string, entry: Entry, e: Encoding) => {
    entry.encoded[e] ??= compress(entry.body, e).then((b) => {
      const out = new Uint8Array(b.buffer, b.byteOffset, b.byteLength) as Uint8Array<ArrayBuffer>
      entry.encoded[e] = out
      // Counted only while kept: an entry evicted meanwhile took its size with it.
      if (entries.get(key) === entry) {
        entry.size += out.byteLength
        bytes += out.byteLength
      }
      return out
    })
    return entry.encoded[e]
  }

  /** Empties the cache when a newer change mark exists; reads the marks at most once per pollMs. */
  const fresh = (): Promise<void> | undefined => {
    if (clock() - checkedAt < pollMs) return undefined
    if (checking) return checking
    const writesBefore = writes
    const asking: Promise<void> = latestChange(db)
      .then((mark) => {
        if (mark !== seenMark) {
          seenMark = mark
          clear()
        }
        // A write through this process finished meanwhile: its mark may be newer than the one
        // read, so the next read asks again.
        if (writes === writesBefore) checkedAt = clock()
      })
      .catch((err: unknown) => {
        // Unsure what changed: keep nothing, and count the next mark seen as new. Asked again
        // after pollMs like a success, so a database that is down is not asked (and logged) per read.
        clear()
        seenMark = -1
        checkedAt = clock()
        console.error('[read-cache] 读取变更标记失败', err)
      })
      .finally(() => {
        if (checking === asking) checking = undefined
      })
    checking = asking
    return asking
  }

  /** The entry of `key` while within its TTL, made the most recently used; undefined otherwise. */
  const kept = (key: string): Entry | undefined => {
    const e = entries.get(key)
    if (!e) return undefined
    drop(key, e)
    if (clock() - e.at >= ttlMs) return undefined
    entries.set(key, e)
    bytes += e.size
    return e
  }

  /** Answers with a kept entry, compressed when the client takes br or gzip and it is large enough. */
  const serve = async (c: Context<Env>, key: string, entry: Entry) => {
    const e =
      entry.body.byteLength >= compressAbove
        ? pickEncoding(c.req.header('Accept-Encoding'), ENCODINGS)
        : undefined
    if (e) c.header('Vary', 'Accept-Encoding', { append: true })
    const body = e ? await encodedBody(key, entry, e) : entry.body
    // With its length and encoding declared, compressAnswers lets the answer through as it is.
    return c.body(body, 200, {
      'Content-Type': entry.type,
      'Content-Length': String(body.byteLength),
      ...(e ? { 'Content-Encoding': e } : {}),
      'X-Read-Cache': 'hit',
    })
  }

  const middleware: MiddlewareHandler<Env> = async (c, next) => {
    const method = c.req.method
    if (method !== 'GET') {
      await next()
      // A write through this process: the next read looks for its marks before serving (with a
      // question of its own, not one asked before the write).
      if (method !== 'HEAD' && method !== 'OPTIONS') {
        writes++
        checkedAt = Number.NEGATIVE_INFINITY
        checking = undefined
      }
      return
    }
    const path = c.req.path
    const isPublic = PUBLIC_READS.get(path)
    if (!isPublic) return next()
    if (c.req.header('Authorization') !== undefined && !ANY_CALLER.has(path)) return next()
    const url = c.req.url
    const qAt = url.indexOf('?')
    const query = new URLSearchParams(qAt < 0 ? '' : url.slice(qAt + 1))
    if (!isPublic(query)) return next()
    query.sort()
    const key = `${path}?${query}`
    if (key.length > MAX_KEY) return next()

    const pending = fresh()
    if (pending) await pending
    const hit = kept(key)
    if (hit) return serve(c, key, hit)
    // One computation per key at a time: when an answer expires or the cache empties, the
    // callers asking meanwhile wait for it instead of each running the same queries.
    const computing = inflight.get(key)
    if (computing) {
      await computing
      const made = kept(key)
      if (made) return serve(c, key, made)
      return next()
    }

    let finish = () => {}
    inflight.set(key, new Promise<void>((r) => (finish = r)))
    try {
      const now = clock()
      const startEpoch = epoch
      await next()
      const res = c.res
      const type = res.headers.get('Content-Type') ?? ''
      // Only plain JSON successes; an encoded body (compression further in) is not ours to replay.
      if (res.status !== 200 || !type.startsWith('application/json') || res.headers.has('Content-Encoding'))
        return
      const body = new Uint8Array(await res.clone().arrayBuffer())
      const size = body.byteLength + key.length * 2 + 64
      if (epoch !== startEpoch || size > maxBytes / 16) return
      const old = entries.get(key)
      if (old) drop(key, old)
      entries.set(key, { body, type, at: now, size, encoded: {} })
      bytes += size
      for (const [k, e] of entries) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break
        drop(k, e)
      }
    } finally {
      inflight.delete(key)
      finish()
    }
  }
  return Object.assign(middleware, { clear, size: () => entries.size })
}

/**
 * Build-time access to the API: every pre-rendered page reads its data through here, with
 * the same client the browser uses. A failing API stops the build with a clear message
 * instead of producing an empty site.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { type Api, ApiRequestError, createApi, createHttp } from '../api/index.ts'
import type { ArticleCard, ArticleDetail, PublicUser, SpuCard, SpuDetail } from '../api/types.ts'
import { ArticleStatus } from '../constants.ts'
import type { CompanyFacts } from '../rules/company.ts'
import { companyDefaults } from '../site.ts'
import { bundleSignRefusal } from './bundle-sign.ts'
import { buildEnv } from './env.ts'

export const BUILD_API_BASE = buildEnv.apiBase

let failure = ''
const http = createHttp({
  baseURL: BUILD_API_BASE,
  signSecret: buildEnv.sign,
  storage: null,
  notify: (_kind, message) => {
    failure = message
  },
  onUnauthorized: () => {},
  // Whole seconds: the sign (AES of the time) is then made once a second, not once a call.
  now: () => Math.floor(Date.now() / 1000) * 1000,
  // The API is usually beside the build: compressing 20,000 answers only to inflate them again
  // cost it about a quarter of each detail call (issue 12).
  headers: { 'accept-encoding': 'identity' },
})
const client = createApi(http)

/** One request per distinct call for the whole build; pages share the answers. */
const cache = new Map<string, Promise<unknown>>()

/**
 * Once per build, before its first call: the bundle's sign secret must be one the API accepts.
 * When it is the build's own, every call below proves it already.
 */
const bundle = buildEnv.bundleSign
let bundleChecked: Promise<void> | undefined
const checkBundle = () =>
  (bundleChecked ??=
    bundle.key === buildEnv.sign.key && bundle.iv === buildEnv.sign.iv
      ? Promise.resolve()
      : bundleSignRefusal(BUILD_API_BASE, bundle).then((refusal) => {
          if (refusal) throw new Error(refusal)
        }))

/** A build error that keeps the API's status: 404 is an item gone or unlisted, 0 no answer. */
class BuildCallError extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.status = status
  }
}

/** One call, uncached; a failure becomes a build error that says what was asked and why. */
async function call(name: keyof Api, args: unknown[]): Promise<unknown> {
  await checkBundle()
  return (client[name] as (...a: unknown[]) => Promise<unknown>)(...args).catch((e: unknown) => {
    const why = failure || (e instanceof Error ? e.message : String(e))
    throw new BuildCallError(
      `站点构建失败：无法从 API ${BUILD_API_BASE} 读取 ${String(name)}(${args.map((a) => JSON.stringify(a)).join(', ')})：${why}。` +
        '请确认 API 已启动（npm start 会先启动它），或用 API_BASE 指向可用的 API。',
      e instanceof ApiRequestError ? e.status : 0,
    )
  })
}

/**
 * The calls run in a worker thread with this same module and client: the HTTP work of the
 * 20,000 detail calls (fetch, headers, parsing, the answer rules of http.ts) then runs on
 * another core beside the API, and this thread, which renders every page, only takes the
 * answers. It was about a sixth of the rendering thread's time (issue 12).
 */
const WORKER_TAG = 'build-data-calls'
type Ask = { n: number; name: keyof Api; args: unknown[] }
type Answer = { n: number; value?: unknown; error?: string; status?: number }

let worker: Worker | undefined
let asked = 0
let outbox: Ask[] = []
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()

/** call() in the worker. Asks made in one turn go out as one message; answers come back in batches too. */
function callInWorker(name: keyof Api, args: unknown[]): Promise<unknown> {
  const n = asked++
  if (!outbox.length) queueMicrotask(sendAsks)
  outbox.push({ n, name, args })
  return new Promise((resolve, reject) => pending.set(n, { resolve, reject }))
}

function sendAsks() {
  if (!worker) {
    const w = new Worker(new URL(import.meta.url), { workerData: WORKER_TAG })
    w.on('message', (answers: Answer[]) => {
      for (const { n, value, error, status } of answers) {
        const p = pending.get(n)
        pending.delete(n)
        if (error === undefined) p?.resolve(value)
        else p?.reject(new BuildCallError(error, status ?? 0))
      }
      // Idle, the worker must not keep the build process alive.
      if (!pending.size) w.unref()
    })
    w.on('error', (e) => {
      for (const p of pending.values()) p.reject(e)
      pending.clear()
      worker = undefined
    })
    worker = w
  }
  worker.ref()
  worker.postMessage(outbox)
  outbox = []
}

if (!isMainThread && workerData === WORKER_TAG) {
  const port = parentPort as NonNullable<typeof parentPort>
  const queue: Ask[] = []
  let running = 0
  let done: Answer[] = []
  const reply = () => {
    port.postMessage(done)
    done = []
  }
  const run = () => {
    while (running < CONCURRENCY && queue.length) {
      const { n, name, args } = queue.shift() as Ask
      running++
      call(name, args)
        .then(
          (value): Answer => ({ n, value }),
          (e: Error): Answer => ({ n, error: e.message, status: e instanceof BuildCallError ? e.status : 0 }),
        )
        .then((answer) => {
          running--
          // The answers finished in one turn of this thread's loop go back as one message.
          if (!done.length) setImmediate(reply)
          done.push(answer)
          run()
        })
    }
  }
  port.on('message', (asks: Ask[]) => {
    queue.push(...asks)
    run()
  })
}

/** The API for pages: same calls, cached, and any failure becomes a build error that says why. */
export const buildApi = new Proxy({} as Api, {
  get:
    (_t, name: keyof Api) =>
    (...args: unknown[]) => {
      const key = `${String(name)}:${JSON.stringify(args)}`
      let p = cache.get(key)
      if (!p) {
        p = callInWorker(name, args)
        cache.set(key, p)
      }
      return p
    },
})

/**
 * The company facts every page shows (footer, contact, about, JSON-LD), as marketing last saved
 * them: one GetUsersConfigs call for the whole build. An API without them (the company's own
 * backend) builds with the defaults of src/lib/site.ts.
 */
export const companyFacts = async (): Promise<CompanyFacts> =>
  (await buildApi.getUsersConfigs()).company ?? companyDefaults

/**
 * The 满减 promotions and coupons on offer as the build runs (issue 24): one call each for the
 * whole build; each product page shows those that take it in (components/detail/offers.ts).
 */
export const offersNow = async () => {
  const [promotions, coupons] = await Promise.all([buildApi.getPromotionsList(), buildApi.getCouponsList()])
  return { promotions, coupons }
}

const PAGE = 100

async function pageThrough<T>(
  fetchPage: (pageIndex: number) => Promise<{ pageData: T[]; pageTotal: number }>,
) {
  const first = await fetchPage(0)
  const pages = Math.ceil(first.pageTotal / PAGE)
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => fetchPage(i + 1)))
  return [first, ...rest].flatMap((p) => p.pageData)
}

/** Every listed article of one kind (10 post, 20 task, 30 course). */
export const allArticles = (status: 10 | 20 | 30): Promise<ArticleCard[]> =>
  pageThrough((pageIndex) => buildApi.getArticlePage({ status, pageIndex, pageSize: PAGE }))

/** Every listed product. */
export const allProducts = (): Promise<SpuCard[]> =>
  pageThrough((pageIndex) => buildApi.getProductSpuPage({ pageIndex, pageSize: PAGE }))

/** Runs `fn` over `items` with at most `limit` in flight: 10,000 detail calls, politely. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

const CONCURRENCY = 8

/** Answers held ahead of the page being rendered: enough to keep the API busy, not 20,000. */
const AHEAD = 256

/**
 * Asks for one answer per id in `ids` order, at most `ahead` of them asked and not yet taken,
 * `batch` at a time, and hands each out once. The build renders the item pages in the order
 * their getStaticPaths listed them, so the API (another process, another core) works on the
 * next pages while this thread renders, instead of every detail being fetched and held before
 * the first page renders. An id taken out of order is fetched then.
 * const take = fetchAhead([1, 2, 3], (id) => api.getArticle(id)); await take(1) → article 1
 */
export function fetchAhead<T>(
  ids: readonly number[],
  fetchOne: (id: number) => Promise<T>,
  { ahead = AHEAD, batch = AHEAD / 4 } = {},
): (id: number) => Promise<T> {
  const waiting = new Map<number, Promise<T>>()
  const taken = new Set<number>()
  let next = 0
  const pump = () => {
    if (waiting.size > ahead - batch) return
    while (waiting.size < ahead && next < ids.length) {
      const id = ids[next++] as number
      if (taken.has(id) || waiting.has(id)) continue
      const p = fetchOne(id)
      // Its failure is the taker's to report (the page that needs it), not an unhandled one.
      p.catch(() => {})
      waiting.set(id, p)
    }
  }
  pump()
  return (id) => {
    const p = waiting.get(id) ?? fetchOne(id)
    waiting.delete(id)
    taken.add(id)
    pump()
    return p
  }
}

/**
 * A partial build's named items that are listed, each asked for directly: a gone or unlisted one
 * answers 404 (and its page is removed), and none of the 20,000 entries of the lists is read.
 */
async function listedByName<T extends { id: number }>(
  ids: readonly number[],
  name: 'getArticle' | 'getProductSpu',
): Promise<Map<number, T>> {
  const got = await mapLimit(ids, CONCURRENCY, (id) =>
    (callInWorker(name, [id]) as Promise<T>).catch((e: unknown) => {
      if (e instanceof BuildCallError && e.status === 404) return null
      throw e
    }),
  )
  return new Map(got.flatMap((d) => (d ? [[d.id, d] as const] : [])))
}

const articleKinds = [ArticleStatus.post, ArticleStatus.task, ArticleStatus.course] as const
let articleAhead: ((id: number) => Promise<ArticleDetail>) | undefined
let productAhead: ((id: number) => Promise<SpuDetail>) | undefined

/**
 * The articles that get a page in this build, in page order; their details (Article/GetArticle)
 * start coming in ahead of rendering, for articleDetail().
 */
export async function articlePages(): Promise<{ id: number }[]> {
  const named = buildEnv.only?.article
  if (named) {
    const found = await listedByName<ArticleDetail>(named, 'getArticle')
    // Only the kinds the lists hold: an id of a FAQ entry or a complaint gets no page.
    for (const [id, a] of found) if (!(articleKinds as readonly number[]).includes(a.status)) found.delete(id)
    articleAhead = (id) => Promise.resolve(found.get(id) as ArticleDetail)
    return [...found.keys()].map((id) => ({ id }))
  }
  const cards = (await Promise.all(articleKinds.map((s) => allArticles(s)))).flat()
  articleAhead = fetchAhead(
    cards.map((a) => a.id),
    (id) => callInWorker('getArticle', [id]) as Promise<ArticleDetail>,
  )
  return cards
}

/** The detail of an article page, fetched ahead by articlePages() (or now, when asked out of order). */
export const articleDetail = (id: number): Promise<ArticleDetail> =>
  articleAhead ? articleAhead(id) : (callInWorker('getArticle', [id]) as Promise<ArticleDetail>)

/** The products that get a page in this build, in page order; details come in ahead, for productDetail(). */
export async function productPages(): Promise<{ id: number }[]> {
  const named = buildEnv.only?.product
  if (named) {
    const found = await listedByName<SpuDetail>(named, 'getProductSpu')
    productAhead = (id) => Promise.resolve(found.get(id) as SpuDetail)
    return [...found.keys()].map((id) => ({ id }))
  }
  const cards = await allProducts()
  productAhead = fetchAhead(
    cards.map((p) => p.id),
    (id) => callInWorker('getProductSpu', [id]) as Promise<SpuDetail>,
  )
  return cards
}

/** The detail of a product page (ProductSpu/GetProductSpu), fetched ahead by productPages(). */
export const productDetail = (id: number): Promise<SpuDetail> =>
  productAhead ? productAhead(id) : (callInWorker('getProductSpu', [id]) as Promise<SpuDetail>)

/**
 * The teachers that get a page in this build: all of them, or those of a partial build's named
 * users who are teachers (teachersAmong), without paging through every course.
 */
export async function teacherPages(): Promise<PublicUser[]> {
  const named = buildEnv.only?.teacher
  if (!named) return allTeachers()
  return mapLimit(await teachersAmong(named), CONCURRENCY, (id) => buildApi.getUsers(id))
}

/**
 * The ids of the teachers among `ids` (allTeachers' rule: on the home page's recommended list, or
 * the author of a listed course), one small call each: a partial build asks about the few users
 * its pages name, where allTeachers pages through all the courses (151 calls, about a second, at
 * 15,000 courses).
 * await teachersAmong([3, 99]) → [3] when user 3 has a listed course and 99 has none
 */
export async function teachersAmong(
  ids: readonly number[],
  api: Pick<Api, 'getArticleIndex' | 'getArticlePage'> = buildApi,
): Promise<number[]> {
  if (!ids.length) return []
  const recommended = new Set((await api.getArticleIndex()).user.map((u) => u.id))
  const hasCourse = async (createId: number) =>
    (await api.getArticlePage({ status: ArticleStatus.course, createId, pageIndex: 0, pageSize: 1 }))
      .pageTotal > 0
  const found = await mapLimit([...new Set(ids)], CONCURRENCY, async (id) =>
    recommended.has(id) || (await hasCourse(id)) ? id : null,
  )
  return found.filter((id) => id !== null)
}

/**
 * The authors of `cards` (articlePages' answer) whose name links to their static instructor page:
 * every teacher in a full build (whose details come in later, page by page, fetchAhead); in a
 * partial build, teachersAmong the authors of its few pages, whose details it holds already.
 */
export async function teacherIdsFor(cards: readonly { id: number }[]): Promise<ReadonlySet<number>> {
  if (!buildEnv.only) return new Set((await allTeachers()).map((t) => t.id))
  const authors = await Promise.all(cards.map(async (c) => (await articleDetail(c.id)).createId))
  return new Set(await teachersAmong(authors.filter((id) => id !== null)))
}

/** Teachers: everyone who authored a listed course, plus the home page's recommended ones. */
export async function allTeachers(): Promise<PublicUser[]> {
  const [courses, index] = await Promise.all([allArticles(ArticleStatus.course), buildApi.getArticleIndex()])
  const ids = new Set([
    ...index.user.map((u) => u.id),
    ...courses.map((c) => c.createId).filter((x) => x !== null),
  ])
  return mapLimit([...ids], CONCURRENCY, (id) => buildApi.getUsers(id))
}

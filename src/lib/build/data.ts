/**
 * Build-time access to the API: every pre-rendered page reads its data through here, with
 * the same client the browser uses. A failing API stops the build with a clear message
 * instead of producing an empty site.
 */
import { type Api, createApi, createHttp } from '../api/index.ts'
import type { ArticleCard, ArticleDetail, PublicUser, SpuCard, SpuDetail } from '../api/types.ts'
import { ArticleStatus } from '../constants.ts'
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
})
const client = createApi(http)

/** One request per distinct call for the whole build; pages share the answers. */
const cache = new Map<string, Promise<unknown>>()

/** The API for pages: same calls, cached, and any failure becomes a build error that says why. */
export const buildApi = new Proxy({} as Api, {
  get:
    (_t, name: keyof Api) =>
    (...args: unknown[]) => {
      const key = `${String(name)}:${JSON.stringify(args)}`
      let p = cache.get(key)
      if (!p) {
        p = (client[name] as (...a: unknown[]) => Promise<unknown>)(...args).catch((e: unknown) => {
          const why = failure || (e instanceof Error ? e.message : String(e))
          throw new Error(
            `站点构建失败：无法从 API ${BUILD_API_BASE} 读取 ${String(name)}(${args.map((a) => JSON.stringify(a)).join(', ')})：${why}。` +
              '请确认 API 已启动（npm start 会先启动它），或用 API_BASE 指向可用的 API。',
          )
        })
        cache.set(key, p)
      }
      return p
    },
})

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

export async function allArticleDetails(): Promise<ArticleDetail[]> {
  const cards = (
    await Promise.all(
      [ArticleStatus.post, ArticleStatus.task, ArticleStatus.course].map((s) => allArticles(s)),
    )
  ).flat()
  return mapLimit(cards, CONCURRENCY, (a) => buildApi.getArticle(a.id))
}

export async function allProductDetails(): Promise<SpuDetail[]> {
  return mapLimit(await allProducts(), CONCURRENCY, (p) => buildApi.getProductSpu(p.id))
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

/**
 * The browser's API client. Kept apart from index.ts so the build and the tests, which run
 * in Node, can use createApi without touching window or import.meta.env.
 */
import { DEV_SIGN_IV, DEV_SIGN_KEY } from '../sign.ts'
import { toast } from '../toast.ts'
import { type AccountApi, createAccountApi } from './account.ts'
import { type BuyingApi, createBuyingApi } from './buying.ts'
import { type CommunityApi, createCommunityApi } from './community.ts'
import { createHttp, type Http, type Notify } from './http.ts'
import { type Api, createApi } from './index.ts'
import { createPublishingApi, type PublishingApi } from './publishing.ts'
import { createResumable, type Resumable } from './resumable.ts'

// Vite replaces import.meta.env with the PUBLIC_* variables at build time; typed here so this
// file does not depend on Astro's generated env types.
const env: Partial<Record<'PUBLIC_API_BASE' | 'PUBLIC_SIGN_KEY' | 'PUBLIC_SIGN_IV', string>> =
  (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {}

let notifier: Notify = toast

/** Where error toasts go: the page's toast region by default; tests may capture them instead. */
export function setNotifier(fn: Notify): void {
  notifier = fn
}

function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Access to localStorage throws when the browser blocks site data.
    return null
  }
}

/** Session gone (HTTP 401): back to the home page, freshly loaded (accounts §8). */
function goHome(): void {
  if (typeof location === 'undefined') return
  if (location.pathname === '/') location.reload()
  else location.assign('/')
}

let http: Http | undefined
let instance: Api | undefined

/** The shared client, created on first use. */
export function getHttp(): Http {
  http ??= createHttp({
    baseURL: env.PUBLIC_API_BASE ?? '',
    signSecret: { key: env.PUBLIC_SIGN_KEY || DEV_SIGN_KEY, iv: env.PUBLIC_SIGN_IV || DEV_SIGN_IV },
    storage: localStore(),
    // Read at call time, so a notifier set after the first call still receives the toasts.
    notify: (kind, message) => notifier(kind, message),
    onUnauthorized: goHome,
  })
  return http
}

let resumable: Resumable | undefined

/** The resumable upload client of course files (issue 22), on the shared HTTP client and localStorage. */
export function getResumable(): Resumable {
  resumable ??= createResumable({ http: getHttp(), storage: localStore() })
  return resumable
}

export function getApi(): Api {
  instance ??= createApi(getHttp())
  return instance
}

/** The typed public calls for islands: api.getArticle(3). Nothing is created until the first call. */
export const api: Api = new Proxy({} as Api, {
  get: (_target, prop) => getApi()[prop as keyof Api],
})

let accountInstance: AccountApi | undefined
/** The signed-in calls for islands: account.getUsersInfo(). Created on first use. */
export const account: AccountApi = new Proxy({} as AccountApi, {
  get: (_target, prop) => {
    accountInstance ??= createAccountApi(getHttp())
    return accountInstance[prop as keyof AccountApi]
  },
})

let buyingInstance: BuyingApi | undefined
/** The signed-in calls of buying and paying: buying.postOrdersAppend(...). Created on first use. */
export const buying: BuyingApi = new Proxy({} as BuyingApi, {
  get: (_target, prop) => {
    buyingInstance ??= createBuyingApi(getHttp())
    return buyingInstance[prop as keyof BuyingApi]
  },
})

let communityInstance: CommunityApi | undefined
/** Comments, reply messages and favourites (issue 10): community.getCommentQuery(...). */
export const community: CommunityApi = new Proxy({} as CommunityApi, {
  get: (_target, prop) => {
    communityInstance ??= createCommunityApi(getHttp())
    return communityInstance[prop as keyof CommunityApi]
  },
})

let publishingInstance: PublishingApi | undefined
/** The owner's calls on courses, tasks and posts (issue 11): publishing.postArticleExt(id). */
export const publishing: PublishingApi = new Proxy({} as PublishingApi, {
  get: (_target, prop) => {
    publishingInstance ??= createPublishingApi(getHttp())
    return publishingInstance[prop as keyof PublishingApi]
  },
})

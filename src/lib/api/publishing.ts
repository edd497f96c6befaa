/**
 * The signed-in calls of publishing (issue 11, storefront §7 "Content and home"): the owner's
 * listing toggle and delete of a course, task or post; publishing and editing join them here.
 * POSTs resolve to `{status, data}` like account.ts; every answer's data is a string.
 */
import { LISTED } from '../constants.ts'
import type { CallOptions, Http } from './http.ts'
import type { AuthorSale } from './types.ts'

/** One course section as posted: a new one has no id; status 1 paid, 2 free; params in seconds. */
export interface PublishSection {
  id?: number
  title: string
  imgurl: string
  status: 1 | 2
  price: string
  params: string
}

/**
 * The body of Article/PostArticleAppend|Update (accounts §3 Article), as checkPublish reads it
 * (src/lib/rules/publish.ts): free 1 paid, 2 free; price in yuan; tag comma-joined titles; the
 * task's city and contact fields; the course's sections in `list`.
 */
export interface PublishBody {
  status: 10 | 20 | 30
  title: string
  imgurl: string
  classId: number | ''
  free: 1 | 2
  price: string
  tag: string
  content: string
  city?: string
  postName?: string
  tel?: string
  addressx?: string
  list?: PublishSection[]
}

/** isListed('是') → true: Article/PostArticleExt answers the new flag, 是 listed, 否 unlisted. */
export const isListed = (flag: string): boolean => flag === LISTED

export function createPublishingApi(http: Http) {
  const { get, post } = http
  return {
    /**
     * What the caller's items sold (issue 39), per month and item, newest month first:
     * getArticleSales(30) → [{ month: '2026-12', id, status, title, buyers, amount }].
     */
    getArticleSales: (status: 10 | 20 | 30, o?: CallOptions) =>
      get<AuthorSale[]>('/api/Article/GetArticleSales', { status }, o),
    // Own-item admin (/courseedit, /taskadmin, /associationadmin). The body is the bare id as
    // JSON; someone else's item is refused with 404.
    /** Toggles listing; `data` is the new flag, '是' (listed) or '否' (unlisted). */
    postArticleExt: (id: number, o?: CallOptions) => post<string>('/api/Article/PostArticleExt', id, o),
    /** Deletes (hides) the item; `data` is 删除成功. */
    postArticleDeleteIsshow: (id: number, o?: CallOptions) =>
      post<string>('/api/Article/PostArticleDeleteIsshow', id, o),

    // Publish and edit forms (/postcourse, /posttask, /postassociation). `data` is 发布成功;
    // a refusal rejects with the rule's message (already toasted by the client).
    /** A new post, task or course: publish({ status: 20, title: '…', … }). */
    publish: (body: PublishBody, o?: CallOptions) => post<string>('/api/Article/PostArticleAppend', body, o),
    /** An edit of one's own item: update({ id: 7, …body }); someone else's id is a 404. */
    update: (body: PublishBody & { id: number }, o?: CallOptions) =>
      post<string>('/api/Article/PostArticleUpdate', body, o),
  }
}
export type PublishingApi = ReturnType<typeof createPublishingApi>

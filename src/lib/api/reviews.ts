/**
 * The product review calls (issue 24 item 6): the public list and summary, and the buyer's
 * review and 追评 from the order page. GETs resolve to `data`, POSTs to `{status, data}` like
 * community.ts. The shapes are the server's schemas (type-only imports: no zod in the browser).
 */
import type { z } from 'zod'
import type * as reviews from '../../../server/modules/reviews/reviews.routes.ts'
import { getHttp } from './browser.ts'
import type { CallOptions, Http } from './http.ts'
import type { Paged } from './types.ts'

export type ReviewItem = z.output<typeof reviews.ReviewItem>
export type ReviewSummary = z.output<typeof reviews.ReviewSummary>
export type OwnReview = z.output<typeof reviews.OwnReview>
export type OrderReviews = z.output<typeof reviews.OrderReviews>
export type OrderReviewLine = z.output<typeof reviews.OrderReviewLine>
export type ReviewPage = Paged<ReviewItem> & { summary: ReviewSummary }

/** What PostReviewsAppend takes; imgs is comma-joined like every image field. */
export interface ReviewBody {
  orderId: number
  spuId: number
  stars: number
  content: string
  imgs: string
}

export function createReviewsApi(http: Http) {
  const { get, post } = http
  return {
    getReviewsPage: (
      q: { spuId: number; hasImg?: 0 | 1; pageIndex: number; pageSize: number },
      o?: CallOptions,
    ) => get<ReviewPage>('/api/Reviews/GetReviewsPage', q, o),
    getReviewsOrder: (orderId: number, o?: CallOptions) =>
      get<OrderReviews>('/api/Reviews/GetReviewsOrder', { orderId }, o),
    postReviewsAppend: (b: ReviewBody, o?: CallOptions) =>
      post<OwnReview>('/api/Reviews/PostReviewsAppend', b, o),
    postReviewsAddition: (b: { id: number; content: string; imgs: string }, o?: CallOptions) =>
      post<OwnReview>('/api/Reviews/PostReviewsAddition', b, o),
  }
}
export type ReviewsApi = ReturnType<typeof createReviewsApi>

let instance: ReviewsApi | undefined
/** The review calls on the shared client, created on first use. */
export const reviewsApi: ReviewsApi = new Proxy({} as ReviewsApi, {
  get: (_target, prop) => {
    instance ??= createReviewsApi(getHttp())
    return instance[prop as keyof ReviewsApi]
  },
})

/**
 * The back office's moderation calls (issue 20): complaints, unlisting and restoring posts, tasks
 * and courses, hiding comments and reviews, typed from their routes. Admin islands only
 * (src/islands/admin/moderation/).
 */
import type { ModeratedComment } from '../../../server/modules/comments/comments.routes.ts'
import type { Complaint, ModeratedArticle } from '../../../server/modules/publishing/publishing.routes.ts'
import type { ModeratedReview } from '../../../server/modules/reviews/reviews.routes.ts'
import { adminCall } from './admin-call.ts'

export type { Complaint, ModeratedArticle, ModeratedComment, ModeratedReview }

export const moderationApi = {
  complaints: (q: { state?: string; pageIndex: number; pageSize: number }) =>
    adminCall('get', '/admin/complaints')({ query: q }),
  complaint: (id: number) => adminCall('get', '/admin/complaints/{id}')({ param: { id } }),
  handle: (id: number, note: string) =>
    adminCall('post', '/admin/complaints/{id}/handle')({ param: { id }, json: { note } }),
  link: (id: number, articleId: number | null) =>
    adminCall('post', '/admin/complaints/{id}/subject')({ param: { id }, json: { articleId } }),
  articles: (q: { q?: string; kind?: string; state?: string; pageIndex: number; pageSize: number }) =>
    adminCall('get', '/admin/articles')({ query: q }),
  /** refund: 违规下架并退款 (every buyer refunded to their balance); else buyers keep reading it. */
  unlist: (id: number, reason: string, refund = false) =>
    adminCall('post', '/admin/articles/{id}/unlist')({ param: { id }, json: { reason, refund } }),
  /** What 违规下架并退款 would refund now: buyers, orders, amount (yuan). */
  takedownQuote: (id: number) => adminCall('get', '/admin/articles/{id}/takedown')({ param: { id } }),
  restore: (id: number, reason: string) =>
    adminCall('post', '/admin/articles/{id}/restore')({ param: { id }, json: { reason } }),
  comments: (q: { id?: string; articleId?: string; hidden?: string; pageIndex: number; pageSize: number }) =>
    adminCall('get', '/admin/comments')({ query: q }),
  hideComment: (id: number, reason: string) =>
    adminCall('post', '/admin/comments/{id}/hide')({ param: { id }, json: { reason } }),
  restoreComment: (id: number, reason: string) =>
    adminCall('post', '/admin/comments/{id}/restore')({ param: { id }, json: { reason } }),
  reviews: (q: {
    id?: string
    spuId?: string
    stars?: string
    hidden?: string
    pageIndex: number
    pageSize: number
  }) => adminCall('get', '/admin/reviews')({ query: q }),
  hideReview: (id: number, reason: string) =>
    adminCall('post', '/admin/reviews/{id}/hide')({ param: { id }, json: { reason } }),
  showReview: (id: number, reason: string) =>
    adminCall('post', '/admin/reviews/{id}/show')({ param: { id }, json: { reason } }),
}

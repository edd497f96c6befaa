/**
 * The back office's moderation calls (issue 20): complaints, unlisting and restoring posts, tasks
 * and courses, hiding comments. Admin islands only (src/islands/admin/moderation/).
 */
import type { Paged } from '../../../server/db/sql.ts'
import type { ModeratedComment } from '../../../server/modules/comments/comments.routes.ts'
import type { Complaint, ModeratedArticle } from '../../../server/modules/publishing/publishing.routes.ts'
import type { ModeratedReview } from '../../../server/modules/reviews/reviews.routes.ts'
import { adminHttp } from './admin.ts'
import type { QueryParams } from './http.ts'

export type { Complaint, ModeratedArticle, ModeratedComment, ModeratedReview }

const get = <T>(path: string, query?: QueryParams) => adminHttp().get<T>(path, query)
const post = async <T>(path: string, body: unknown = {}) => (await adminHttp().post<T>(path, body)).data

export const moderationApi = {
  complaints: (q: { state?: string; pageIndex: number; pageSize: number }) =>
    get<Paged<Complaint>>('/api/admin/complaints', q),
  complaint: (id: number) => get<Complaint>(`/api/admin/complaints/${id}`),
  handle: (id: number, note: string) => post<Complaint>(`/api/admin/complaints/${id}/handle`, { note }),
  link: (id: number, articleId: number | null) =>
    post<Complaint>(`/api/admin/complaints/${id}/subject`, { articleId }),
  articles: (q: { q?: string; kind?: string; state?: string; pageIndex: number; pageSize: number }) =>
    get<Paged<ModeratedArticle>>('/api/admin/articles', q),
  unlist: (id: number, reason: string) =>
    post<ModeratedArticle>(`/api/admin/articles/${id}/unlist`, { reason }),
  restore: (id: number, reason: string) =>
    post<ModeratedArticle>(`/api/admin/articles/${id}/restore`, { reason }),
  comments: (q: { id?: string; articleId?: string; hidden?: string; pageIndex: number; pageSize: number }) =>
    get<Paged<ModeratedComment>>('/api/admin/comments', q),
  hideComment: (id: number, reason: string) =>
    post<ModeratedComment>(`/api/admin/comments/${id}/hide`, { reason }),
  restoreComment: (id: number, reason: string) =>
    post<ModeratedComment>(`/api/admin/comments/${id}/restore`, { reason }),
  reviews: (q: {
    id?: string
    spuId?: string
    stars?: string
    hidden?: string
    pageIndex: number
    pageSize: number
  }) => get<Paged<ModeratedReview>>('/api/admin/reviews', q),
  hideReview: (id: number, reason: string) =>
    post<ModeratedReview>(`/api/admin/reviews/${id}/hide`, { reason }),
  showReview: (id: number, reason: string) =>
    post<ModeratedReview>(`/api/admin/reviews/${id}/show`, { reason }),
}

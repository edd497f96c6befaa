/**
 * The community calls of issue 10 (/tmp/community-contract.md): comments with replies, the
 * replies to the user's comments (/message 评论回复) and favourites (/fav, the detail pages).
 * GETs resolve to `data`, POSTs to `{status, data}` like account.ts.
 *
 * The reply row is derived from the server's schema (type-only import); the favourite card is
 * written from the contract until the favourites module declares its schema.
 */
import type { z } from 'zod'
import type * as comments from '../../../server/modules/comments/comments.routes.ts'
import type { CallOptions, Http } from './http.ts'
import type { CommentNode, Paged } from './types.ts'

export type { CommentNode }

/** Comment/PostCommentAppend: `unionId` is the article's id; `parentId` makes it a reply. */
export interface CommentAppendBody {
  unionId: number
  content: string
  imgurl?: string
  parentId?: number
}

/** A page of an item's comment threads, with every visible comment counted (replies too). */
export type CommentPage = Paged<CommentNode> & { commentTotal: number }

/** A reply to one of the user's comments (Comment/GetCommentReplyPage), newest first. */
export type CommentReply = z.output<typeof comments.CommentReply>

/** One favourite (UserLike/GetUserLikeQuery): status 40 is a product, else the article status. */
export interface LikeItem {
  tagId: number
  status: number
  title: string
  imgurl: string
  /** Comma-joined tags. */
  extFlag: string
  /** Price in yuan as text with two decimals. */
  ext: string
  urls: string
  /** On the shelf now; false for an item taken off it or deleted (its card as it was favourited). */
  listed: boolean
}

export function createCommunityApi(http: Http) {
  const { get, post } = http
  return {
    getCommentQuery: (q: { id: number; pageIndex: number; pageSize: number }, o?: CallOptions) =>
      get<CommentPage>('/api/Comment/GetCommentQuery', q, o),
    postCommentAppend: (b: CommentAppendBody, o?: CallOptions) =>
      post<CommentNode>('/api/Comment/PostCommentAppend', b, o),
    getCommentReplyPage: (q: { pageIndex: number; pageSize: number }, o?: CallOptions) =>
      get<Paged<CommentReply>>('/api/Comment/GetCommentReplyPage', q, o),
    /** Favourite an item: status 40 for a product, else the article's status. */
    postUserLikeAppend: (b: { tagId: number; status: number }, o?: CallOptions) =>
      post<string>('/api/UserLike/PostUserLikeAppend', b, o),
    deleteUserLike: (q: { id: number; status: number }, o?: CallOptions) =>
      get<string>('/api/UserLike/GetUserLikeDeleteWhere', q, o),
    getUserLikeQuery: (status: number, o?: CallOptions) =>
      get<LikeItem[]>('/api/UserLike/GetUserLikeQuery', { status }, o),
  }
}
export type CommunityApi = ReturnType<typeof createCommunityApi>

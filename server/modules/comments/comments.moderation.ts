/**
 * Hiding comments (issue 20, permission `moderation`), as server/admin/moderation.ts hides what
 * customers wrote: a hidden comment drops out of Comment/GetCommentQuery, the built detail page,
 * the comment counts and the reply messages of /message (its replies stay, each as a thread of
 * its own: comment-tree.ts).
 */
import { ArticleStatusText, LISTED_KINDS } from '../../../src/lib/constants.ts'
import {
  excerpt,
  type Hideable,
  type HideableSearch,
  hideableWhere,
  moderator,
} from '../../admin/moderation.ts'
import type { Db } from '../../db/index.ts'
import { pageOf } from '../../db/paged.ts'
import type { Paged } from '../../db/sql.ts'

export const COMMENT_NOT_FOUND = '评论不存在'
export const ALREADY_HIDDEN = '该评论已隐藏'
export const NOT_HIDDEN = '该评论未被隐藏'

export interface ModeratedComment {
  id: number
  articleId: number
  articleTitle: string
  kindText: string
  parentId: number | null
  content: string
  imgurl: string
  hidden: boolean
  userId: number
  nickName: string
  createTime: string
}

const COLUMNS = [
  'm.id',
  'm.article_id',
  'a.title',
  'a.status',
  'm.parent_id',
  'm.content',
  'm.imgurl',
  'm.is_show',
  'm.user_id',
  'u.nick_name',
  'm.create_time',
] as const

const withArticle = (db: Db) =>
  db
    .selectFrom('comments as m')
    .innerJoin('articles as a', 'a.id', 'm.article_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')

/** One comment with what its back-office row shows, or undefined. */
const findComment = (t: Db, id: number) =>
  withArticle(t).select(COLUMNS).where('m.id', '=', id).executeTakeFirst()
type CommentRow = NonNullable<Awaited<ReturnType<typeof findComment>>>

const commentOf = (r: CommentRow): ModeratedComment => ({
  id: r.id,
  articleId: r.article_id,
  articleTitle: r.title,
  kindText: ArticleStatusText[r.status] ?? '',
  parentId: r.parent_id,
  content: r.content,
  imgurl: r.imgurl,
  hidden: r.is_show !== 1,
  userId: r.user_id,
  nickName: r.nick_name,
  createTime: r.create_time,
})

export interface CommentSearch extends HideableSearch {
  /** The comments of one post, task or course. */
  articleId?: number | undefined
}

/** searchComments(db, { articleId: 12, pageIndex: 0, pageSize: 20 }): newest first, hidden ones included. */
export async function searchComments(db: Db, s: CommentSearch): Promise<Paged<ModeratedComment>> {
  let base = hideableWhere(withArticle(db), 'm', s)
  if (s.articleId !== undefined) base = base.where('m.article_id', '=', s.articleId)
  return pageOf(base, (q) => q.select(COLUMNS).orderBy('m.id', 'desc'), s, commentOf)
}

const COMMENT: Hideable<CommentRow> = {
  table: 'comments',
  name: 'comment',
  restoreVerb: 'restore',
  noun: '评论',
  notFound: COMMENT_NOT_FOUND,
  alreadyHidden: ALREADY_HIDDEN,
  notHidden: NOT_HIDDEN,
  find: findComment,
  // Its comments are part of the item's built page, when the item has one.
  page: (r) => ((LISTED_KINDS as readonly number[]).includes(r.status) ? `article:${r.article_id}` : null),
  quote: (r) => `您在「${r.title}」的评论「${excerpt(r.content)}」`,
}

/**
 * Hides a comment (hide: true) or shows it again, with the reason its writer reads in /message
 * (server/admin/moderation.ts); the item's page is marked, its comments being part of it.
 */
export const moderateComment = moderator(COMMENT, commentOf)

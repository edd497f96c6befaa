/**
 * Hiding comments (issue 20, permission `moderation`). A comment is hidden by `is_show = 0`, the
 * flag every public read already honours: it drops out of Comment/GetCommentQuery, the built
 * detail page, the comment counts and the reply messages of /message (its replies stay, each as
 * a thread of its own: comment-tree.ts). Customers cannot delete comments, so `is_show = 0` is
 * only ever an operator's doing, and restoring it is safe.
 */
import { sql } from 'kysely'
import { ArticleStatusText, LISTED_KINDS } from '../../../src/lib/constants.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import { markChanged } from '../../changes.ts'
import type { Db } from '../../db/index.ts'
import type { Paged } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { dbTime } from '../../time.ts'

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

const commentOf = (r: {
  id: number
  article_id: number
  title: string
  status: number
  parent_id: number | null
  content: string
  imgurl: string
  is_show: number
  user_id: number
  nick_name: string
  create_time: string
}): ModeratedComment => ({
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

export interface CommentSearch {
  /** One comment by its id. */
  id?: number | undefined
  /** The comments of one post, task or course. */
  articleId?: number | undefined
  /** true: hidden only; false: shown only; absent: both. */
  hidden?: boolean | undefined
  pageIndex: number
  pageSize: number
}

/** searchComments(db, { articleId: 12, pageIndex: 0, pageSize: 20 }): newest first, hidden ones included. */
export async function searchComments(db: Db, s: CommentSearch): Promise<Paged<ModeratedComment>> {
  let base = withArticle(db)
  if (s.id !== undefined) base = base.where('m.id', '=', s.id)
  if (s.articleId !== undefined) base = base.where('m.article_id', '=', s.articleId)
  if (s.hidden !== undefined) base = base.where('m.is_show', s.hidden ? '<>' : '=', 1)
  const [count, rows] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    base
      .select(COLUMNS)
      .orderBy('m.id', 'desc')
      .limit(s.pageSize)
      .offset(s.pageIndex * s.pageSize)
      .execute(),
  ])
  return {
    pageData: rows.map(commentOf),
    pageIndex: s.pageIndex,
    pageSize: s.pageSize,
    pageTotal: Number(count?.n ?? 0),
  }
}

/** excerpt('一二三…', 20): what a notification quotes of a comment. */
const excerpt = (s: string, n = 20) => ([...s].length > n ? `${[...s].slice(0, n).join('')}…` : s)

/**
 * Hides a comment (hide: true) or shows it again, with the reason its writer reads in /message.
 * One conditional UPDATE (is_show must be what hiding or restoring starts from), so of two
 * operators the second is told 409 and nothing else is written; the item's page is marked for
 * the site builder, its comments being part of the built page.
 */
export async function moderateComment(
  db: Db,
  actor: Actor,
  id: number,
  act: { hide: boolean; reason: string },
  now: Date,
): Promise<ModeratedComment> {
  const at = dbTime(now)
  return db.transaction().execute(async (t) => {
    const found = await withArticle(t).select(COLUMNS).where('m.id', '=', id).executeTakeFirst()
    if (!found) throw refuse(COMMENT_NOT_FOUND, 404)
    const changed = await t
      .updateTable('comments')
      .set({ is_show: act.hide ? 0 : 1 })
      .where('id', '=', id)
      .where('is_show', act.hide ? '=' : '<>', 1)
      .executeTakeFirst()
    if (changed.numUpdatedRows === 0n) throw refuse(act.hide ? ALREADY_HIDDEN : NOT_HIDDEN, 409)
    if ((LISTED_KINDS as readonly number[]).includes(found.status))
      await markChanged(t, [`article:${found.article_id}`], at)
    await notify(
      t,
      found.user_id,
      act.hide ? '评论已被隐藏' : '评论已恢复显示',
      act.hide
        ? `您在「${found.title}」的评论「${excerpt(found.content)}」已被隐藏。原因：${act.reason}`
        : `您在「${found.title}」的评论「${excerpt(found.content)}」已恢复显示。${act.reason ? `说明：${act.reason}` : ''}`,
      now,
    )
    await audit(t, actor, now, {
      action: act.hide ? 'comment.hide' : 'comment.restore',
      target: `comment:${id}`,
      before: { hidden: !act.hide },
      after: { hidden: act.hide, reason: act.reason },
    })
    return commentOf({ ...found, is_show: act.hide ? 0 : 1 })
  })
}

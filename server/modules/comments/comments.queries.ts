import { ArticleStatusText, LISTED, LISTED_KINDS } from '../../../src/lib/constants.ts'
import type { CommentForm } from '../../../src/lib/rules/comment.ts'
import type { Db } from '../../db/index.ts'
import { lockUser, mapPage, type Page, type Paged, pagedList } from '../../db/sql.ts'
import {
  COMMENT_ROW_COLUMNS,
  type CommentNode,
  type CommentRow,
  commentTree,
} from '../content/comment-tree.ts'

/** At most this many comments per user … */
export const COMMENT_RATE_MAX = 5
/** … within this window (Comment/PostCommentAppend answers 429 beyond it; README, API). */
export const COMMENT_RATE_WINDOW_MS = 60_000

/** The article a comment is about, whatever its state: the handler decides what may be commented. */
export const commentedArticle = (db: Db, id: number) =>
  db
    .selectFrom('articles')
    .select(['id', 'status', 'ext', 'is_show', 'create_id'])
    .where('id', '=', id)
    .executeTakeFirst()

/** Shown, listed posts, tasks and courses take comments (storefront §3). */
export const takesComments = (a: { status: number; ext: string; is_show: number }) =>
  a.is_show === 1 && a.ext === LISTED && (LISTED_KINDS as readonly number[]).includes(a.status)

const topComments = pagedList({
  key: 'm.id',
  filtered: (db, v: { articleId: number }) =>
    db
      .selectFrom('comments as m')
      .where('m.article_id', '=', v.articleId)
      .where('m.parent_id', 'is', null)
      .where('m.is_show', '=', 1),
  read: (db, ids) =>
    db
      .selectFrom('comments as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(COMMENT_ROW_COLUMNS)
      .where('m.id', 'in', ids),
})

/** Every visible comment of an article, replies included: the count its pages show. */
async function commentTotal(db: Db, articleId: number): Promise<number> {
  const r = await db
    .selectFrom('comments')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('article_id', '=', articleId)
    .where('is_show', '=', 1)
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

/**
 * One page of an article's threads, newest first, each with all its visible replies (at any
 * depth, oldest first) in `children`, and `commentTotal`, every visible comment of the article
 * (Comment/GetCommentQuery): the built page's counts follow it once the island has it.
 */
export async function commentPage(
  db: Db,
  articleId: number,
  page: Page,
): Promise<Paged<CommentNode> & { commentTotal: number }> {
  const [tops, total] = await Promise.all([
    topComments(db, { articleId }, [['m.id', 'desc']], page),
    commentTotal(db, articleId),
  ])
  if (tops.pageData.length === 0) return { ...tops, pageData: [], commentTotal: total }
  const replies: CommentRow[] = await db
    .selectFrom('comments as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(COMMENT_ROW_COLUMNS)
    .where('m.article_id', '=', articleId)
    .where('m.parent_id', 'is not', null)
    .where('m.is_show', '=', 1)
    .where('m.id', '>', Math.min(...tops.pageData.map((t) => t.id)))
    .orderBy('m.id')
    .execute()
  const onPage = new Set(tops.pageData.map((t) => t.id))
  const roots = commentTree([...tops.pageData, ...replies]).filter((n) => onPage.has(n.id))
  return { ...tops, pageData: roots, commentTotal: total }
}

/** A visible comment of `articleId`, for a reply to point at. */
export const parentComment = (db: Db, articleId: number, id: number) =>
  db
    .selectFrom('comments')
    .select(['id', 'user_id'])
    .where('id', '=', id)
    .where('article_id', '=', articleId)
    .where('is_show', '=', 1)
    .executeTakeFirst()

/**
 * Stores a comment unless the user has written COMMENT_RATE_MAX within the window before `now`:
 * then answers 'too-often'. The count is read from the stored comments themselves; on
 * PostgreSQL the user's row is locked so concurrent posts of one user are counted one by one
 * (SQLite runs one write transaction at a time anyway).
 */
export async function appendComment(
  db: Db,
  c: { userId: number; articleId: number; form: CommentForm; time: string; since: string },
): Promise<CommentNode | 'too-often'> {
  return db.transaction().execute(async (t) => {
    await lockUser(t, c.userId)
    const recent = await t
      .selectFrom('comments')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('user_id', '=', c.userId)
      .where('create_time', '>', c.since)
      .executeTakeFirstOrThrow()
    if (Number(recent.n) >= COMMENT_RATE_MAX) return 'too-often'
    const { id } = await t
      .insertInto('comments')
      .values({
        article_id: c.articleId,
        parent_id: c.form.parentId,
        user_id: c.userId,
        content: c.form.content,
        imgurl: c.form.imgurl,
        create_time: c.time,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const row = await t
      .selectFrom('comments as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(COMMENT_ROW_COLUMNS)
      .where('m.id', '=', id)
      .executeTakeFirstOrThrow()
    return { ...row, children: [] }
  })
}

const replyList = pagedList({
  key: 'r.id',
  filtered: (db, v: { userId: number }) =>
    db
      .selectFrom('comments as p')
      .innerJoin('comments as r', 'r.parent_id', 'p.id')
      .where('p.user_id', '=', v.userId)
      .where('r.user_id', '<>', v.userId)
      .where('r.is_show', '=', 1),
  read: (db, ids) =>
    db
      .selectFrom('comments as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('articles as a', 'a.id', 'r.article_id')
      .select([
        'r.id',
        'r.article_id',
        'a.status',
        'a.title',
        'u.nick_name',
        'u.avatar_url',
        'r.content',
        'r.imgurl',
        'r.create_time',
      ])
      .where('r.id', 'in', ids),
})

/**
 * Replies by others to the user's comments, newest first (Comment/GetCommentReplyPage): the
 * reply messages of /message. They are read from the comments, so a hidden reply drops out.
 */
export async function replyPage(db: Db, userId: number, page: Page) {
  const result = await replyList(db, { userId }, [['r.id', 'desc']], page)
  return mapPage(result, (r) => ({
    id: r.id,
    articleId: r.article_id,
    articleStatus: r.status,
    typeText: ArticleStatusText[r.status] ?? '',
    title: r.title,
    replierName: r.nick_name,
    replierAvatar: r.avatar_url,
    content: r.content,
    imgurl: r.imgurl,
    createTime: r.create_time,
  }))
}

import { type SqlBool, sql } from 'kysely'
import {
  ArticleStatus,
  ArticleStatusText,
  CertLevelText,
  LISTED,
  LISTED_KINDS,
} from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { heldLevel } from '../../../src/lib/rules/certification.ts'
import {
  type CatalogFilter,
  type CatalogValues,
  catalogFrom,
  catalogScan,
  catalogValues,
  catalogWhere,
} from '../../db/catalog.ts'
import type { Db } from '../../db/index.ts'
import { eq, inRange, mapPage, type Order, type Page, pagedList, type TimeRange } from '../../db/sql.ts'
import { COMMENT_ROW_COLUMNS, type CommentRow } from './comment-tree.ts'

// --- articles -------------------------------------------------------------------------------

const CARD_COLUMNS = [
  'a.id',
  'a.status',
  'a.title',
  'a.sub_title',
  'a.imgurl',
  'a.tag',
  'a.class_id',
  'a.city',
  'a.price_fen',
  'a.brief',
  'a.hits',
  'a.hits_true',
  'a.ext_more',
  'a.ext',
  'a.moderated',
  'a.is_show',
  'a.create_id',
  'a.create_time',
  'u.nick_name',
  'u.avatar_url',
] as const

/** Articles with their author (absent for the operator's own), ready for CARD_COLUMNS. */
const withAuthor = (db: Db) => db.selectFrom('articles as a').leftJoin('users as u', 'u.id', 'a.create_id')

interface CardRow {
  id: number
  status: number
  title: string
  sub_title: string
  imgurl: string
  tag: string
  class_id: number | null
  city: string
  price_fen: number
  brief: string
  hits: number
  hits_true: number
  ext_more: number
  ext: string
  moderated: number
  is_show: number
  create_id: number | null
  create_time: string
  nick_name: string | null
  avatar_url: string | null
}

/** The card shape of an article, shared by every list call. */
export const articleCard = (r: CardRow) => ({
  id: r.id,
  status: r.status,
  statusText: ArticleStatusText[r.status] ?? '',
  title: r.title,
  subTitle: r.sub_title,
  imgurl: r.imgurl,
  tag: r.tag,
  classId: r.class_id,
  city: r.city,
  price: fenToYuan(r.price_fen),
  brief: r.brief,
  hits: r.hits,
  hitsTrue: r.hits_true,
  extMore: r.ext_more,
  ext: r.ext,
  // Only an owner's own list holds such an item (a public list shows what is on the shelf).
  ...(r.moderated === 1 ? { moderated: true as const } : {}),
  isShow: r.is_show,
  createId: r.create_id,
  createTime: r.create_time,
  nickName: r.nick_name ?? '',
  avatarUrl: r.avatar_url ?? '',
})

/** The sortable fields of the article listing. */
export const ARTICLE_SORT = { price: 'a.price_fen', priceMin: 'a.price_fen', extMore: 'a.ext_more' }

export interface ArticleFilter extends CatalogFilter, TimeRange {
  status: number
  city?: string
  /** 0 free only, 1 paid only, 2 all. */
  isPrice: number
}

interface ArticleValues extends CatalogValues, TimeRange {
  status: number
  city?: string
  free?: true
  paid?: true
}

const articleList = pagedList({
  key: 'a.id',
  filtered: (db, v: ArticleValues) => {
    const conditions = [eq('a.status', v.status), ...catalogWhere(db, 'a', v)]
    if (v.city !== undefined) conditions.push(eq('a.city', v.city))
    // The unary + keeps SQLite from walking the price index for this filter: the (…, title,
    // price_fen) index answers a search count without touching the table (10x faster).
    if (v.free) conditions.push(sql<SqlBool>`+a.price_fen = 0`)
    if (v.paid) conditions.push(sql<SqlBool>`+a.price_fen > 0`)
    conditions.push(...inRange('a.create_time', v))
    return catalogFrom(db, 'a', v).where((eb) => eb.and(conditions))
  },
  scan: (db, v) => catalogScan(db, 'a', v),
  read: (db, ids) => withAuthor(db).select(CARD_COLUMNS).where('a.id', 'in', ids),
})

/** One page of a listing of posts, tasks or courses (storefront §7). */
export async function articlePage(db: Db, f: ArticleFilter, order: Order, page: Page) {
  const values: ArticleValues = {
    ...catalogValues(f),
    status: f.status,
    city: f.city,
    free: f.isPrice === 0 ? true : undefined,
    paid: f.isPrice === 1 ? true : undefined,
    stime: f.stime,
    etime: f.etime,
  }
  const result = await articleList(db, values, order, page)
  return mapPage(result, articleCard)
}

/** Listed articles of one kind, best-selling first: the home page blocks and recommendations. */
export async function topArticles(db: Db, status: number, limit: number, exceptId = 0) {
  const rows = await withAuthor(db)
    .select(CARD_COLUMNS)
    .where('a.status', '=', status)
    .where('a.ext', '=', LISTED)
    .where('a.is_show', '=', 1)
    .where('a.id', '<>', exceptId)
    .orderBy('a.ext_more', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map(articleCard)
}

/** A post, task or course with its detail columns, listed or not, deleted (is_show 0) or not: who may see it is GetArticle's to decide. */
export const articleRow = (db: Db, id: number) =>
  withAuthor(db)
    .select([
      ...CARD_COLUMNS,
      'a.content',
      'a.imgurls',
      'a.post_name',
      'a.tel',
      'a.addressx',
      'u.content as author_intro',
    ])
    .where('a.id', '=', id)
    .where('a.status', 'in', LISTED_KINDS)
    .executeTakeFirst()

/**
 * What `userId` holds of an article: each section id (null for the whole item) and whether it was
 * paid for (an order) rather than joined free; a takedown keeps only what was paid for readable.
 */
export async function purchasedSections(db: Db, userId: number, articleId: number) {
  const rows = await db
    .selectFrom('purchases')
    .select(['section_id', 'order_id'])
    .where('user_id', '=', userId)
    .where('article_id', '=', articleId)
    .execute()
  return rows.map((r) => ({ section: r.section_id, paid: r.order_id !== null }))
}

export const courseSections = (db: Db, articleId: number) =>
  db
    .selectFrom('course_sections')
    .select(['id', 'title', 'imgurl', 'status', 'price_fen', 'params'])
    .where('article_id', '=', articleId)
    .orderBy('sort')
    .orderBy('id')
    .execute()

export const classify = (db: Db, id: number) =>
  db.selectFrom('classifies').select(['id', 'title']).where('id', '=', id).executeTakeFirst()

/** An article's visible comments with their authors, in id order (comment-tree.ts builds the tree). */
export const commentRows = (db: Db, articleId: number): Promise<CommentRow[]> =>
  db
    .selectFrom('comments as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(COMMENT_ROW_COLUMNS)
    .where('m.article_id', '=', articleId)
    .where('m.is_show', '=', 1)
    .orderBy('m.id')
    .execute()

// --- GetArticleQuery ------------------------------------------------------------------------

export async function faq(db: Db) {
  const rows = await db
    .selectFrom('articles')
    .select(['id', 'title', 'brief', 'content'])
    .where('status', '=', ArticleStatus.faq)
    .where('is_show', '=', 1)
    .where('ext', '=', LISTED)
    .orderBy('sort')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ id: r.id, title: r.title, brief: r.brief || r.content }))
}

/** The newest 100 notifications of `userId`, including those sent to everyone. */
export async function notifications(db: Db, userId: number) {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'title', 'content', 'create_time'])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
    // By time, not id: notifications are not always written in the order they happened.
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
  return rows.map((r) => ({ id: r.id, title: r.title, content: r.content, createTime: r.create_time }))
}

/** Items of one kind the user joined: bought courses, tasks and posts, newest first. */
export async function joined(db: Db, userId: number, status: number) {
  const rows = await db
    .selectFrom('purchases as p')
    .innerJoin('articles as a', 'a.id', 'p.article_id')
    .leftJoin('users as u', 'u.id', 'a.create_id')
    .select(CARD_COLUMNS)
    .distinct()
    .where('p.user_id', '=', userId)
    .where('a.status', '=', status)
    // What was bought stays, deleted by its author or not (GetArticle keeps it readable).
    .where((eb) => eb.or([eb('a.is_show', '=', 1), eb('a.moderated', '=', 0)]))
    .orderBy('a.id', 'desc')
    .execute()
  return rows.map(articleCard)
}

// --- users ----------------------------------------------------------------------------------

const PUBLIC_USER_COLUMNS = [
  'u.id',
  'u.nick_name',
  'u.avatar_url',
  'u.content',
  'u.level',
  'u.status',
  'u.is_teacher',
] as const

/** What anyone may see of a user: never the phone, balance or certification files. */
const publicUser = (r: {
  id: number
  nick_name: string
  avatar_url: string
  content: string
  level: number
  status: number
  is_teacher: number
}) => {
  // An identity still under review is not shown to others as held (heldLevel).
  const level = heldLevel(r)
  return {
    id: r.id,
    nickName: r.nick_name,
    avatarUrl: r.avatar_url,
    content: r.content,
    level,
    levelText: CertLevelText[level] ?? '游客',
    isTeacher: r.is_teacher,
  }
}

/** Recommended teachers for the home page, those with the most listed courses first. */
export async function teachers(db: Db, limit: number) {
  const rows = await db
    .selectFrom('users as u')
    .select(PUBLIC_USER_COLUMNS)
    .where('u.is_teacher', '=', 1)
    .orderBy(
      (eb) =>
        eb
          .selectFrom('articles as a')
          .select(eb.fn.countAll().as('n'))
          .whereRef('a.create_id', '=', 'u.id')
          .where('a.status', '=', ArticleStatus.course),
      'desc',
    )
    .orderBy('u.id')
    .limit(limit)
    .execute()
  return rows.map(publicUser)
}

/**
 * A public author's public card: a teacher, or anyone with a listed post, task or course. Other
 * users are nobody's business (issue 13: any id used to answer), so they are "not found".
 */
export async function publicUserById(db: Db, id: number) {
  const row = await db
    .selectFrom('users as u')
    .select(PUBLIC_USER_COLUMNS)
    .where('u.id', '=', id)
    .where((eb) =>
      eb.or([
        eb('u.is_teacher', '=', 1),
        eb.exists(
          eb
            .selectFrom('articles as a')
            .select('a.id')
            .whereRef('a.create_id', '=', 'u.id')
            .where('a.status', 'in', LISTED_KINDS)
            .where('a.is_show', '=', 1)
            .where('a.ext', '=', LISTED),
        ),
      ]),
    )
    .executeTakeFirst()
  return row && publicUser(row)
}

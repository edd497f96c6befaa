import { Hono } from 'hono'
import {
  ArticleStatus,
  ArticleStatusText,
  LISTED,
  LISTED_KINDS,
  NOTIFICATION_QUERY_STATUS,
} from '../../src/lib/constants.ts'
import { fenToYuan } from '../../src/lib/money.ts'
import type { Db } from '../db/legacy.ts'
import { type Env, ok, paged, Query, refuse, requireUser } from '../legacy-http.ts'
import { catalogFilters, Where } from './catalog-filters.ts'
import { listProducts } from './products.ts'
import { teacherRows } from './users.ts'

export const contentRoutes = new Hono<Env>()

// --- articles -------------------------------------------------------------------------------

interface ArticleRow {
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
  is_show: number
  create_id: number | null
  create_time: string
  nick_name: string | null
  avatar_url: string | null
}

const LIST_COLUMNS = `a.id, a.status, a.title, a.sub_title, a.imgurl, a.tag, a.class_id, a.city, a.price_fen, a.brief,
  a.hits, a.hits_true, a.ext_more, a.ext, a.is_show, a.create_id, a.create_time, u.nick_name, u.avatar_url`

/** The card shape of an article, shared by every list call. */
function articleCard(r: ArticleRow) {
  return {
    id: Number(r.id),
    status: Number(r.status),
    statusText: ArticleStatusText[Number(r.status)] ?? '',
    title: r.title,
    subTitle: r.sub_title,
    imgurl: r.imgurl,
    tag: r.tag,
    classId: r.class_id === null ? null : Number(r.class_id),
    city: r.city,
    price: fenToYuan(Number(r.price_fen)),
    brief: r.brief,
    hits: Number(r.hits),
    hitsTrue: Number(r.hits_true),
    extMore: Number(r.ext_more),
    ext: r.ext,
    isShow: Number(r.is_show),
    createId: r.create_id === null ? null : Number(r.create_id),
    createTime: r.create_time,
    nickName: r.nick_name ?? '',
    avatarUrl: r.avatar_url ?? '',
  }
}
export type ArticleCard = ReturnType<typeof articleCard>

export const SORT_DIRECTIONS = ['asc', 'desc'] as const
/**
 * pageOrder names the field, pageSort the direction; 综合 (no pageOrder) is newest first.
 * Ties break on `idColumn` in the same direction, which keeps paging stable and lets one
 * index serve both directions.
 */
export function orderBy(q: Query, fields: Record<string, string>, idColumn: string): string {
  const field = q.oneOf('pageOrder', '排序字段', Object.keys(fields))
  const dir = (q.oneOf('pageSort', '排序方向', SORT_DIRECTIONS) ?? 'desc').toUpperCase()
  return field ? `${fields[field]} ${dir}, ${idColumn} ${dir}` : `${idColumn} DESC`
}

contentRoutes.get('/Article/GetArticlePage', async (c) => {
  const { db } = c.get('deps')
  const q = new Query(c)
  const status = q.int('status', '内容类型', { min: 10, max: 30 })
  if (status === undefined || !(LISTED_KINDS as readonly number[]).includes(status)) {
    throw refuse('内容类型须为10（社区）、20（任务）或30（课程）')
  }
  const w = catalogFilters(c, q, 'a', new Where().add('a.status = ?', status))
  const city = q.str('city', '城市', 20)
  if (city !== undefined) w.add('a.city = ?', city)
  const isPrice = q.int('isPrice', '收费筛选', { min: 0, max: 2, def: 2 })
  // The unary + keeps SQLite from walking the price index for this filter: the (…, title,
  // price_fen) index answers a search count without touching the table (10x faster).
  if (isPrice === 0) w.add('+a.price_fen = 0')
  if (isPrice === 1) w.add('+a.price_fen > 0')
  const stime = q.time('stime', '开始时间')
  const etime = q.time('etime', '结束时间')
  if (stime) w.add('a.create_time >= ?', stime)
  if (etime) w.add('a.create_time <= ?', etime)
  const order = orderBy(q, { price: 'a.price_fen', priceMin: 'a.price_fen', extMore: 'a.ext_more' }, 'a.id')
  const page = q.page()
  const result = await paged(
    db,
    {
      select: LIST_COLUMNS,
      table: 'articles a',
      key: 'a.id',
      join: 'LEFT JOIN users u ON u.id = a.create_id',
      where: w.parts,
      params: w.params,
      order,
    },
    page,
    articleCard,
  )
  return ok(c, result)
})

/** Listed articles of one kind, best-selling first: the home page blocks and recommendations. */
async function topArticles(db: Db, status: number, limit: number, exceptId = 0) {
  const rows = await db.all<ArticleRow>(
    `SELECT ${LIST_COLUMNS} FROM articles a LEFT JOIN users u ON u.id = a.create_id
     WHERE a.status = ? AND a.ext = ? AND a.is_show = 1 AND a.id <> ?
     ORDER BY a.ext_more DESC, a.id DESC LIMIT ?`,
    [status, LISTED, exceptId, limit],
  )
  return rows.map(articleCard)
}

contentRoutes.get('/Article/GetArticleIndex', async (c) => {
  const { db } = c.get('deps')
  const [list10, list20, list30, products, user] = await Promise.all([
    topArticles(db, ArticleStatus.post, 8),
    topArticles(db, ArticleStatus.task, 8),
    topArticles(db, ArticleStatus.course, 8),
    listProducts(db, 8),
    teacherRows(db, 6),
  ])
  // list40 carries the recommended products: 40 is the product code of favourites (accounts §4).
  return ok(c, { list10, list20, list30, list40: products, user })
})

interface SectionRow {
  id: number
  title: string
  imgurl: string
  status: number
  price_fen: number
  params: number
}

contentRoutes.get('/Article/GetArticle', async (c) => {
  const { db } = c.get('deps')
  const id = new Query(c).id()
  const user = c.get('user')
  const row = await db.get<
    ArticleRow & {
      content: string
      imgurls: string
      post_name: string
      tel: string
      addressx: string
      author_intro: string | null
    }
  >(
    `SELECT ${LIST_COLUMNS}, a.content, a.imgurls, a.post_name, a.tel, a.addressx, u.content AS author_intro
     FROM articles a LEFT JOIN users u ON u.id = a.create_id
     WHERE a.id = ? AND a.is_show = 1 AND a.status IN (10, 20, 30)`,
    [id],
  )
  if (!row) throw refuse('内容不存在或已删除', 404)
  const isOwner = user !== null && user.id === Number(row.create_id)
  if (row.ext !== LISTED && !isOwner) throw refuse('当前内容已经下架', 404)

  const purchased = user
    ? await db.all<{ section_id: number | null }>(
        'SELECT section_id FROM purchases WHERE user_id = ? AND article_id = ?',
        [user.id, id],
      )
    : []
  const wholeUnlocked = isOwner || Number(row.price_fen) === 0 || purchased.some((p) => p.section_id === null)
  const sections = await db.all<SectionRow>(
    'SELECT id, title, imgurl, status, price_fen, params FROM course_sections WHERE article_id = ? ORDER BY sort, id',
    [id],
  )
  const list = sections.map((s) => {
    const unlock =
      wholeUnlocked || Number(s.status) === 2 || purchased.some((p) => Number(p.section_id) === Number(s.id))
    // A locked section's file is the thing being sold: its path is not given away.
    return {
      id: Number(s.id),
      title: s.title,
      imgurl: unlock ? s.imgurl : '',
      kind: s.imgurl.toLowerCase().endsWith('.pdf') ? 'pdf' : 'mp4',
      status: Number(s.status),
      price: fenToYuan(Number(s.price_fen)),
      params: Number(s.params),
      unlock: unlock ? 1 : 0,
    }
  })
  const [like, dict, listRecommend, listComment] = await Promise.all([
    user
      ? db.get('SELECT id FROM user_likes WHERE user_id = ? AND status = ? AND tag_id = ?', [
          user.id,
          row.status,
          id,
        ])
      : undefined,
    row.class_id === null
      ? undefined
      : db.get<{ id: number; title: string }>('SELECT id, title FROM classifies WHERE id = ?', [
          row.class_id,
        ]),
    topArticles(db, ArticleStatus.course, 4, id),
    commentTree(db, id),
  ])
  return ok(c, {
    ...articleCard(row),
    content: row.content,
    imgurls: row.imgurls,
    postName: row.post_name,
    tel: row.tel,
    addressx: row.addressx,
    authorIntro: row.author_intro ?? '',
    isLike: like ? 1 : 0,
    unlock: wholeUnlocked ? 1 : 0,
    list,
    listDict: dict ? [{ id: Number(dict.id), title: dict.title }] : [],
    listRecommend,
    listComment,
  })
})

interface CommentRow {
  id: number
  parent_id: number | null
  content: string
  imgurl: string
  status: number
  create_time: string
  nick_name: string
  avatar_url: string
}
export interface CommentNode {
  id: number
  parentId: number | null
  content: string
  imgurl: string
  status: number
  createTime: string
  nickName: string
  avatarUrl: string
  children: CommentNode[]
}

/** An article's visible comments as a tree, newest threads first, replies oldest first. */
export async function commentTree(db: Db, articleId: number): Promise<CommentNode[]> {
  const rows = await db.all<CommentRow>(
    `SELECT m.id, m.parent_id, m.content, m.imgurl, m.status, m.create_time, u.nick_name, u.avatar_url
     FROM comments m JOIN users u ON u.id = m.user_id
     WHERE m.article_id = ? AND m.is_show = 1 ORDER BY m.id`,
    [articleId],
  )
  const nodes = new Map<number, CommentNode>()
  for (const r of rows) {
    nodes.set(Number(r.id), {
      id: Number(r.id),
      parentId: r.parent_id === null ? null : Number(r.parent_id),
      content: r.content,
      imgurl: r.imgurl,
      status: Number(r.status),
      createTime: r.create_time,
      nickName: r.nick_name,
      avatarUrl: r.avatar_url,
      children: [],
    })
  }
  const roots: CommentNode[] = []
  for (const n of nodes.values()) {
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId)
    if (parent) parent.children.push(n)
    else roots.push(n)
  }
  return roots.reverse()
}

contentRoutes.get('/Article/GetArticleQuery', async (c) => {
  const { db } = c.get('deps')
  const q = new Query(c)
  const status = q.int('status', '内容类型', { min: 0, max: 1000 })
  if (status === ArticleStatus.faq) {
    const rows = await db.all<{ id: number; title: string; brief: string; content: string }>(
      'SELECT id, title, brief, content FROM articles WHERE status = ? AND is_show = 1 AND ext = ? ORDER BY id',
      [ArticleStatus.faq, LISTED],
    )
    return ok(
      c,
      rows.map((r) => ({ id: Number(r.id), title: r.title, brief: r.brief || r.content })),
    )
  }
  if (status === NOTIFICATION_QUERY_STATUS) {
    const user = requireUser(c)
    const rows = await db.all<{ id: number; title: string; content: string; create_time: string }>(
      'SELECT id, title, content, create_time FROM notifications WHERE user_id = ? OR user_id IS NULL ORDER BY id DESC LIMIT 100',
      [user.id],
    )
    return ok(
      c,
      rows.map((r) => ({ id: Number(r.id), title: r.title, content: r.content, createTime: r.create_time })),
    )
  }
  if (
    status !== undefined &&
    (LISTED_KINDS as readonly number[]).includes(status) &&
    q.raw('isMapping') === '1'
  ) {
    // Items the user joined: bought courses, tasks and posts.
    const user = requireUser(c)
    const rows = await db.all<ArticleRow>(
      `SELECT DISTINCT ${LIST_COLUMNS} FROM purchases p JOIN articles a ON a.id = p.article_id
       LEFT JOIN users u ON u.id = a.create_id WHERE p.user_id = ? AND a.status = ? AND a.is_show = 1 ORDER BY a.id DESC`,
      [user.id, status],
    )
    return ok(c, rows.map(articleCard))
  }
  throw refuse('内容类型须为40（常见问题）、200（系统通知），或10/20/30并带isMapping=1')
})

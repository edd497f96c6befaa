/**
 * Moderation of what customers publish (issue 20, permission `moderation`): the complaints queue
 * (complaints are articles of status 50, accounts §5) and taking a post, task or course off the
 * shelf or back with a reason its author is told in /message. Every write is one transaction:
 * the conditional change, the change marks (through writeListing, the owner's listing write),
 * the notification and the audit row — so two operators acting at once act once.
 */
import { sql } from 'kysely'
import {
  ArticleStatus,
  ArticleStatusText,
  LISTED,
  LISTED_KINDS,
  UNLISTED,
} from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { pageOf } from '../../db/paged.ts'
import { likeContains, type Paged } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { notify } from '../../notify.ts'
import { dbTime } from '../../time.ts'
import { refundTakedownBuyers, type TakedownRefund, takedownQuote } from '../payments/takedown-refunds.ts'
import { NOT_FOUND, writeListing } from './articles.writes.ts'

export const COMPLAINT_NOT_FOUND = '投诉不存在'
export const ALREADY_HANDLED = '该投诉已处理'
export const ALREADY_UNLISTED = '该内容已被平台下架'
export const NOT_MODERATED = '该内容未被平台下架'

/** A post, task or course as the back office lists it. */
export interface ModeratedArticle {
  id: number
  status: number
  kindText: string
  title: string
  imgurl: string
  /** Listed (ext 是) right now. */
  listed: boolean
  /** Taken off the shelf by an operator: only an operator's restore lists it again. */
  moderated: boolean
  authorId: number | null
  authorName: string
  authorTel: string
  createTime: string
  /** After 违规下架并退款: whom and how much it refunded. */
  refunded?: { buyers: number; orders: number; amount: number }
}

const ARTICLE_COLUMNS = [
  'a.id',
  'a.status',
  'a.title',
  'a.imgurl',
  'a.ext',
  'a.moderated',
  'a.create_id',
  'a.create_time',
  'u.nick_name',
  'u.tel',
] as const

const shownArticles = (db: Db) =>
  db
    .selectFrom('articles as a')
    .leftJoin('users as u', 'u.id', 'a.create_id')
    .where('a.is_show', '=', 1)
    .where('a.status', 'in', LISTED_KINDS)

type ArticleRow = {
  id: number
  status: number
  title: string
  imgurl: string
  ext: string
  moderated: number
  create_id: number | null
  create_time: string
  nick_name: string | null
  tel: string | null
}

const articleOf = (r: ArticleRow): ModeratedArticle => ({
  id: r.id,
  status: r.status,
  kindText: ArticleStatusText[r.status] ?? '',
  title: r.title,
  imgurl: r.imgurl,
  listed: r.ext === LISTED,
  moderated: r.moderated === 1,
  authorId: r.create_id,
  authorName: r.nick_name ?? '',
  authorTel: r.tel ?? '',
  createTime: r.create_time,
})

export interface ArticleSearch {
  /** An id (digits) or a part of the title. */
  q?: string | undefined
  kind?: 10 | 20 | 30 | undefined
  /** listed, unlisted (by anyone), moderated (by an operator). */
  state?: 'listed' | 'unlisted' | 'moderated' | undefined
  pageIndex: number
  pageSize: number
}

/** searchArticles(db, { q: '种植', kind: 10, pageIndex: 0, pageSize: 20 }): newest first. */
export async function searchArticles(db: Db, s: ArticleSearch): Promise<Paged<ModeratedArticle>> {
  let base = shownArticles(db)
  if (s.q) {
    const q = s.q
    base = /^\d{1,10}$/.test(q)
      ? base.where((eb) => eb.or([eb('a.id', '=', Number(q)), eb('a.title', 'like', likeContains(q))]))
      : base.where(sql<boolean>`a.title LIKE ${likeContains(q)} ESCAPE '\\'`)
  }
  if (s.kind) base = base.where('a.status', '=', s.kind)
  if (s.state === 'listed') base = base.where('a.ext', '=', LISTED)
  if (s.state === 'unlisted') base = base.where('a.ext', '<>', LISTED)
  if (s.state === 'moderated') base = base.where('a.moderated', '=', 1)
  return pageOf(base, (q) => q.select(ARTICLE_COLUMNS).orderBy('a.id', 'desc'), s, articleOf)
}

/** One shown post, task or course for the back office, or undefined. */
export async function moderatedArticle(db: Db, id: number): Promise<ModeratedArticle | undefined> {
  const r = await shownArticles(db).select(ARTICLE_COLUMNS).where('a.id', '=', id).executeTakeFirst()
  return r && articleOf(r)
}

const NOUN: Record<number, string> = { 10: '帖子', 20: '任务', 30: '课程' }

/** A takedown refund as the back office reads it: the amount in yuan. */
const refundOf = (r: TakedownRefund) => ({
  buyers: r.buyers,
  orders: r.orders,
  amount: fenToYuan(r.amountFen),
})

/**
 * An operator takes an item off the shelf (unlist) or puts it back (restore), with the reason its
 * author reads in /message. The write is the owner's listing write (writeListing) with
 * `moderated` set and guarded: unlisting needs moderated 0 and restoring moderated 1, so of two
 * operators at once the second finds nothing to change and is told so (409), with no second
 * notification, audit row or mark. Its buyers keep reading what they paid for (GetArticle), unless
 * the operator chose 违规下架并退款 (`refund`): then, in the same transaction, every paid order
 * is refunded to its buyer's balance and the buyers lose it (payments' refundTakedownBuyers).
 */
export async function moderateArticle(
  db: Db,
  actor: Actor,
  id: number,
  act: { unlist: boolean; reason: string; refund?: boolean },
  now: Date,
): Promise<ModeratedArticle> {
  const at = dbTime(now)
  return db.transaction().execute(async (t) => {
    const before = await moderatedArticle(t, id)
    if (!before) throw refuse(NOT_FOUND, 404)
    const row = act.unlist
      ? await writeListing(t, id, { ext: UNLISTED, moderated: 1 }, { moderated: 0 }, at)
      : await writeListing(t, id, { ext: LISTED, moderated: 0 }, { moderated: 1 }, at)
    if (!row) throw refuse(act.unlist ? ALREADY_UNLISTED : NOT_MODERATED, 409)
    const noun = NOUN[row.status] ?? '内容'
    const refunded =
      act.unlist && act.refund
        ? await refundTakedownBuyers(t, actor, { id, title: row.title, noun }, act.reason, now)
        : undefined
    const refundNote = refunded?.orders
      ? `已向 ${refunded.buyers} 位购买者退款共 ${fenToYuan(refunded.amountFen).toFixed(2)} 元。`
      : ''
    if (row.create_id !== null)
      await notify(
        t,
        row.create_id,
        act.unlist ? `${noun}已被下架` : `${noun}已恢复上架`,
        act.unlist
          ? `您发布的${noun}「${row.title}」已被平台下架。原因：${act.reason}${refundNote && `。${refundNote}`}`
          : `您发布的${noun}「${row.title}」已恢复上架。${act.reason ? `说明：${act.reason}` : ''}`,
        now,
      )
    const refundWire = refunded && refundOf(refunded)
    const after = {
      ...before,
      listed: row.ext === LISTED,
      moderated: row.moderated === 1,
      ...(refundWire ? { refunded: refundWire } : {}),
    }
    await audit(t, actor, now, {
      action: act.unlist ? 'article.unlist' : 'article.restore',
      target: `article:${id}`,
      before: { listed: before.listed, moderated: before.moderated },
      after: {
        listed: after.listed,
        moderated: after.moderated,
        reason: act.reason,
        ...(refundWire ? { refund: refundWire } : {}),
      },
    })
    return after
  })
}

/** What 违规下架并退款 of a shown post, task or course would refund now, or 404. */
export async function articleTakedownQuote(db: Db, id: number) {
  if (!(await moderatedArticle(db, id))) throw refuse(NOT_FOUND, 404)
  return refundOf(await takedownQuote(db, id))
}

// --- complaints ------------------------------------------------------------------------------

export interface Complaint {
  id: number
  /** What the customer wrote. */
  content: string
  /** The files sent with it (public uploads). */
  files: string[]
  /** 联系人 as given, and the account's phone (to call back). */
  postName: string
  tel: string
  userId: number | null
  nickName: string
  createTime: string
  handled: boolean
  handledTime: string | null
  handledBy: string
  note: string
  /** The post, task or course it is about, as the operator linked it. */
  about: ModeratedArticle | null
}

const complaints = (db: Db) =>
  db
    .selectFrom('articles as c')
    .leftJoin('complaint_states as s', 's.article_id', 'c.id')
    .leftJoin('users as u', 'u.id', 'c.create_id')
    .where('c.status', '=', ArticleStatus.complaint)
    .where('c.is_show', '=', 1)

const COMPLAINT_COLUMNS = [
  'c.id',
  'c.brief',
  'c.imgurls',
  'c.post_name',
  'c.tel',
  'c.create_id',
  'c.create_time',
  'u.nick_name',
  's.handled_time',
  's.handled_by',
  's.note',
  's.about_id',
] as const

async function complaintsOf(
  db: Db,
  rows: {
    id: number
    brief: string
    imgurls: string
    post_name: string
    tel: string
    create_id: number | null
    create_time: string
    nick_name: string | null
    handled_time: string | null
    handled_by: string | null
    note: string | null
    about_id: number | null
  }[],
): Promise<Complaint[]> {
  const aboutIds = [...new Set(rows.flatMap((r) => (r.about_id === null ? [] : [r.about_id])))]
  const about = new Map<number, ModeratedArticle>()
  if (aboutIds.length) {
    const found = await shownArticles(db).select(ARTICLE_COLUMNS).where('a.id', 'in', aboutIds).execute()
    for (const a of found) about.set(a.id, articleOf(a))
  }
  return rows.map((r) => ({
    id: r.id,
    content: r.brief,
    files: r.imgurls.split(',').filter(Boolean),
    postName: r.post_name,
    tel: r.tel,
    userId: r.create_id,
    nickName: r.nick_name ?? '',
    createTime: r.create_time,
    handled: r.handled_time !== null,
    handledTime: r.handled_time,
    handledBy: r.handled_by ?? '',
    note: r.note ?? '',
    about: (r.about_id !== null && about.get(r.about_id)) || null,
  }))
}

export interface ComplaintQuery {
  /** waiting (the default on the screen), handled; absent: all. */
  state?: 'waiting' | 'handled' | undefined
  pageIndex: number
  pageSize: number
}

/** complaintPage(db, { state: 'waiting', pageIndex: 0, pageSize: 20 }): oldest waiting first, else newest first. */
export async function complaintPage(db: Db, q: ComplaintQuery): Promise<Paged<Complaint>> {
  let base = complaints(db)
  if (q.state === 'waiting') base = base.where('s.handled_time', 'is', null)
  if (q.state === 'handled') base = base.where('s.handled_time', 'is not', null)
  const [count, rows] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    base
      .select(COMPLAINT_COLUMNS)
      // The queue is worked oldest first; the history is read newest first.
      .orderBy('c.id', q.state === 'waiting' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset(q.pageIndex * q.pageSize)
      .execute(),
  ])
  return {
    pageData: await complaintsOf(db, rows),
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    pageTotal: Number(count?.n ?? 0),
  }
}

/** One complaint, or 404 投诉不存在. */
export async function complaintDetail(db: Db, id: number): Promise<Complaint> {
  const row = await complaints(db).select(COMPLAINT_COLUMNS).where('c.id', '=', id).executeTakeFirst()
  if (!row) throw refuse(COMPLAINT_NOT_FOUND, 404)
  const [c] = await complaintsOf(db, [row])
  return c as Complaint
}

/** How many complaints wait for an operator: the dashboard's count. */
export async function waitingComplaints(db: Db): Promise<number> {
  const r = await complaints(db)
    .where('s.handled_time', 'is', null)
    .select(sql<number>`COUNT(*)`.as('n'))
    .executeTakeFirst()
  return Number(r?.n ?? 0)
}

/**
 * Marks a complaint handled with the operator's note (kept with it, not sent: it is the
 * operator's record). One upsert that only writes while the complaint is unhandled, so of two
 * operators the second is told 409 该投诉已处理 and nothing else is written.
 */
export async function handleComplaint(db: Db, actor: Actor, id: number, note: string, now: Date) {
  const at = dbTime(now)
  return db.transaction().execute(async (t) => {
    await complaintDetail(t, id)
    const done = await t
      .insertInto('complaint_states')
      .values({ article_id: id, handled_time: at, handled_by: actor.username, note })
      .onConflict((oc) =>
        oc
          .column('article_id')
          .doUpdateSet({ handled_time: at, handled_by: actor.username, note })
          .where('complaint_states.handled_time', 'is', null),
      )
      .returning('article_id')
      .executeTakeFirst()
    if (!done) throw refuse(ALREADY_HANDLED, 409)
    await audit(t, actor, now, {
      action: 'complaint.handle',
      target: `complaint:${id}`,
      before: { handled: false },
      after: { handled: true, note },
    })
    return complaintDetail(t, id)
  })
}

/**
 * Names the post, task or course a complaint is about (or none: null). Complaints carry only
 * free text and files, so the operator finds the item (searchArticles) and links it here.
 */
export async function linkComplaint(db: Db, actor: Actor, id: number, aboutId: number | null, now: Date) {
  return db.transaction().execute(async (t) => {
    const before = await complaintDetail(t, id)
    if (aboutId !== null && !(await moderatedArticle(t, aboutId))) throw refuse(NOT_FOUND, 404)
    await t
      .insertInto('complaint_states')
      .values({ article_id: id, about_id: aboutId })
      .onConflict((oc) => oc.column('article_id').doUpdateSet({ about_id: aboutId }))
      .execute()
    await audit(t, actor, now, {
      action: 'complaint.link',
      target: `complaint:${id}`,
      before: { aboutId: before.about?.id ?? null },
      after: { aboutId },
    })
    return complaintDetail(t, id)
  })
}

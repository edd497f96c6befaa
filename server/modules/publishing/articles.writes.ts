/**
 * Writing one's own posts, tasks and courses (accounts §2, §4, §5; storefront §2 own-item admin).
 * Every write names its owner in its WHERE clause, so someone else's id changes nothing and is
 * answered like a missing one.
 */
import {
  ArticleStatus,
  CONTENT_GONE,
  KIND_KEYS,
  LISTED,
  LISTED_KINDS,
  UNLISTED,
} from '../../../src/lib/constants.ts'
import { SOLD_SECTION } from '../../../src/lib/rules/course.ts'
import type { PublishValue, SectionValue } from '../../../src/lib/rules/publish.ts'
import { articleTags, markChanged } from '../../changes.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'

export const NOT_FOUND = CONTENT_GONE

/** The dictionary entries a kind may use: its category ids, its tag titles, and the cities. */
export async function kindDictionary(db: Db, status: PublishValue['status']) {
  const { classKey, tagKey } = KIND_KEYS[status]
  const rows = await db
    .selectFrom('classifies')
    .select(['id', 'ckey', 'title'])
    .where('ckey', 'in', [classKey, tagKey, 'cityTag'])
    .execute()
  return {
    classIds: new Set(rows.filter((r) => r.ckey === classKey).map((r) => r.id)),
    tags: new Set(rows.filter((r) => r.ckey === tagKey).map((r) => r.title)),
    cities: new Set(rows.filter((r) => r.ckey === 'cityTag').map((r) => r.title)),
  }
}

/** The caller's own shown post, task or course, or a 404 as for a missing one. */
export async function ownArticle(db: Db, userId: number, id: number) {
  const row = await db
    .selectFrom('articles')
    .select(['id', 'status', 'ext', 'moderated'])
    .where('id', '=', id)
    .where('create_id', '=', userId)
    .where('is_show', '=', 1)
    .where('status', 'in', LISTED_KINDS)
    .executeTakeFirst()
  if (!row) throw refuse(NOT_FOUND, 404)
  return row
}

/** The article columns of a publish form's value; `brief` and `content` already sanitised. */
function articleColumns(v: PublishValue, at: string) {
  return {
    title: v.title,
    imgurl: v.imgurl,
    imgurls: v.imgurl,
    tag: v.tags.join(','),
    class_id: v.classId,
    city: v.city,
    price_fen: v.priceFen,
    content: v.content,
    brief: v.brief,
    // A course's length is the sum of its videos' seconds (accounts §3 hits).
    hits: v.sections.reduce((sum, s) => sum + s.params, 0),
    post_name: v.postName,
    tel: v.tel,
    addressx: v.addressx,
    update_time: at,
  }
}

const sectionColumns = (s: SectionValue, sort: number) => ({
  sort,
  title: s.title,
  imgurl: s.imgurl,
  status: s.status,
  price_fen: s.priceFen,
  params: s.params,
})

/** A new listed item of `userId`, with its course sections; answers its id. */
export function insertArticle(db: Db, userId: number, v: PublishValue, at: string) {
  return db.transaction().execute(async (tx) => {
    const { id } = await tx
      .insertInto('articles')
      .values({
        ...articleColumns(v, at),
        status: v.status,
        ext: LISTED,
        is_show: 1,
        create_id: userId,
        create_time: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const [i, s] of v.sections.entries())
      await tx
        .insertInto('course_sections')
        .values({ article_id: id, ...sectionColumns(s, i + 1) })
        .execute()
    return id
  })
}

/**
 * Saves an edit of the caller's own item. Course sections are matched by id: posted ones are
 * updated, new ones added, missing ones removed — except a section someone bought, which stays
 * sold: removing it is refused and nothing is saved.
 */
export function updateArticle(db: Db, userId: number, id: number, v: PublishValue, at: string) {
  return db.transaction().execute(async (tx) => {
    const { numUpdatedRows } = await tx
      .updateTable('articles')
      .set(articleColumns(v, at))
      .where('id', '=', id)
      .where('create_id', '=', userId)
      .where('is_show', '=', 1)
      .where('status', '=', v.status)
      .executeTakeFirst()
    if (numUpdatedRows === 0n) throw refuse(NOT_FOUND, 404)
    if (v.status !== ArticleStatus.course) return

    const stored = await tx.selectFrom('course_sections').select('id').where('article_id', '=', id).execute()
    const storedIds = new Set(stored.map((s) => s.id))
    if (v.sections.some((s) => s.id !== undefined && !storedIds.has(s.id)))
      throw refuse('课程目录中的节不存在，请刷新后重试')
    const kept = new Set(v.sections.flatMap((s) => (s.id === undefined ? [] : [s.id])))
    const removed = [...storedIds].filter((sid) => !kept.has(sid))
    if (removed.length) {
      const sold = await tx
        .selectFrom('purchases as p')
        .innerJoin('course_sections as s', 's.id', 'p.section_id')
        .select('s.title')
        .distinct()
        .where('p.section_id', 'in', removed)
        .orderBy('s.title')
        .execute()
      // Named, so the author knows which one to put back (the form has dropped it).
      if (sold.length) throw refuse(`${SOLD_SECTION}：${sold.map((s) => `「${s.title}」`).join('')}`)
      await tx.deleteFrom('course_sections').where('id', 'in', removed).execute()
    }
    for (const [i, s] of v.sections.entries()) {
      if (s.id === undefined)
        await tx
          .insertInto('course_sections')
          .values({ article_id: id, ...sectionColumns(s, i + 1) })
          .execute()
      else
        await tx
          .updateTable('course_sections')
          .set(sectionColumns(s, i + 1))
          .where('id', '=', s.id)
          .where('article_id', '=', id)
          .execute()
    }
  })
}

/** The stored kind of a post, task or course (the listing writes only touch those). */
export const listedKind = (status: number): 10 | 20 | 30 =>
  (LISTED_KINDS as readonly number[]).includes(status) ? (status as 10 | 20 | 30) : ArticleStatus.post

/** What a listing write sets: `ext` (or flips it), and for an operator's write `moderated`. */
export interface ListingChange {
  ext: typeof LISTED | typeof UNLISTED | 'toggle'
  moderated?: 0 | 1
}

/** Which item a listing write may touch besides its id: the owner's own, in a moderation state. */
export interface ListingGuard {
  ownerId?: number
  moderated?: 0 | 1
}

/**
 * THE listing write (storefront §2 own items, issue 20 moderation): one conditional UPDATE of a
 * shown post, task or course inside `t`, and the change marks of the pages it changes
 * (server/changes.ts) in the same transaction, so the site builder rebuilds them. The owner's
 * toggle and the operator's unlist/restore both go through it. Answers the row as changed, or
 * undefined when nothing matched `id` and `guard` (two writers racing: the second finds nothing).
 */
export async function writeListing(
  t: Db,
  id: number,
  change: ListingChange,
  guard: ListingGuard,
  at: string,
) {
  let q = t
    .updateTable('articles')
    .set((eb) => ({
      ext:
        change.ext === 'toggle'
          ? eb.case().when('ext', '=', LISTED).then(UNLISTED).else(LISTED).end()
          : change.ext,
      ...(change.moderated === undefined ? {} : { moderated: change.moderated }),
      update_time: at,
    }))
    .where('id', '=', id)
    .where('is_show', '=', 1)
    .where('status', 'in', LISTED_KINDS)
  if (guard.ownerId !== undefined) q = q.where('create_id', '=', guard.ownerId)
  if (guard.moderated !== undefined) q = q.where('moderated', '=', guard.moderated)
  const row = await q.returning(['id', 'ext', 'status', 'title', 'create_id', 'moderated']).executeTakeFirst()
  if (row)
    await markChanged(t, articleTags({ id, status: listedKind(row.status), createId: row.create_id }), at)
  return row
}

/** The owner's listing toggle refuses an item an operator took off the shelf (issue 20). */
export const MODERATED = '该内容已被平台下架，不能自行上架，如有疑问请联系客服'

/**
 * Puts the caller's own item on or off the shelf (Article/PostArticleExt) and answers the new
 * flag. One conditional UPDATE: two clicks racing toggle twice, never leave a half state. An item
 * an operator unlisted (moderated) stays off: 403 MODERATED until an operator restores it.
 */
export function toggleListing(db: Db, userId: number, id: number, at: string) {
  return db.transaction().execute(async (t) => {
    const row = await writeListing(t, id, { ext: 'toggle' }, { ownerId: userId, moderated: 0 }, at)
    if (!row) {
      const own = await ownArticle(t, userId, id)
      throw own.moderated ? refuse(MODERATED, 403) : refuse(NOT_FOUND, 404)
    }
    const ext: typeof LISTED | typeof UNLISTED = row.ext === LISTED ? LISTED : UNLISTED
    return { ext, status: row.status }
  })
}

/**
 * Hides the caller's own item for good (Article/PostArticleDeleteIsshow) and answers its kind;
 * a second call is a 404.
 */
export async function deleteArticle(db: Db, userId: number, id: number, at: string) {
  const row = await db
    .updateTable('articles')
    .set({ is_show: 0, update_time: at })
    .where('id', '=', id)
    .where('create_id', '=', userId)
    .where('is_show', '=', 1)
    .where('status', 'in', LISTED_KINDS)
    .returning('status')
    .executeTakeFirst()
  if (!row) throw refuse(NOT_FOUND, 404)
  return row.status
}

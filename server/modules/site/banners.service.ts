/**
 * Banners written by marketing (issue 21): create, edit, delete. Each write records its audit row
 * and the `banner` change mark in its own transaction, like `npm run ops -- rebuild banner`, so the
 * read cache drops GetAdinfoAll and the site builder re-renders the pages that show banners.
 * A banner may also wait as a draft, previewed by staff, then published (drafts.ts).
 */

import { type Actor, audit } from '../../admin/audit.ts'
import { markChanged } from '../../changes.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { type FileDirs, publicFileExists } from '../uploads/uploads.service.ts'
import { defined, discardDraft, NO_DRAFT, readDraft, takeDraft } from './drafts.ts'

export interface BannerInput {
  position?: string
  title?: string
  imgurl?: string
  link?: string
  sort?: number
  enabled?: boolean
  /** 'yyyy-mm-dd hh:mm:ss' China time, or null for open-ended. */
  startTime?: string | null
  endTime?: string | null
}

export const BANNER_NOT_FOUND = '广告图不存在'

const COLUMNS = [
  'id',
  'position',
  'title',
  'imgurl',
  'urls',
  'sort',
  'is_show',
  'start_time',
  'end_time',
  'draft',
] as const

type Row = {
  id: number
  position: string
  title: string
  imgurl: string
  urls: string
  sort: number
  is_show: number
  start_time: string | null
  end_time: string | null
  draft: string | null
}

/** A banner's unpublished next version: every field the back office's dialog edits. */
export interface BannerDraft {
  title: string
  imgurl: string
  link: string
  sort: number
  enabled: boolean
  startTime: string | null
  endTime: string | null
}

/** A banner as the back office shows it: the live fields and its draft, if any. */
export const bannerOut = (r: Row) => ({
  id: r.id,
  position: r.position,
  title: r.title,
  imgurl: r.imgurl,
  link: r.urls,
  sort: r.sort,
  enabled: r.is_show === 1,
  startTime: r.start_time,
  endTime: r.end_time,
  draft: readDraft<BannerDraft>(r.draft),
})
export type AdminBanner = ReturnType<typeof bannerOut>

/** Every banner (shown or not), by position and order; one position when given. */
export async function listBanners(db: Db, position?: string): Promise<AdminBanner[]> {
  let q = db.selectFrom('banners').select(COLUMNS)
  if (position) q = q.where('position', '=', position)
  const rows = await q.orderBy('position').orderBy('sort').orderBy('id').execute()
  return rows.map((r) => bannerOut(r as Row))
}

const columnsOf = (v: BannerInput) => ({
  ...(v.position !== undefined ? { position: v.position } : {}),
  ...(v.title !== undefined ? { title: v.title } : {}),
  ...(v.imgurl !== undefined ? { imgurl: v.imgurl } : {}),
  ...(v.link !== undefined ? { urls: v.link } : {}),
  ...(v.sort !== undefined ? { sort: v.sort } : {}),
  ...(v.enabled !== undefined ? { is_show: v.enabled ? 1 : 0 } : {}),
  ...(v.startTime !== undefined ? { start_time: v.startTime } : {}),
  ...(v.endTime !== undefined ? { end_time: v.endTime } : {}),
})

/** The image must be a stored public upload (the back office's uploader puts it there). */
async function checkImage(dirs: FileDirs, imgurl: string | undefined, current?: string) {
  if (imgurl === undefined || imgurl === current) return
  if (!(await publicFileExists(dirs, imgurl))) throw refuse('请上传广告图片')
}

function checkWindow(start: string | null | undefined, end: string | null | undefined) {
  if (start && end && start >= end) throw refuse('结束时间须晚于开始时间')
}

/** The checks of every change to a stored banner: an image that exists, a window that ends after it starts. */
async function checkChange(dirs: FileDirs, before: AdminBanner, v: BannerInput) {
  await checkImage(dirs, v.imgurl, before.imgurl)
  checkWindow(
    v.startTime === undefined ? before.startTime : v.startTime,
    v.endTime === undefined ? before.endTime : v.endTime,
  )
}

async function rowOf(t: Db, id: number): Promise<Row> {
  const row = await t.selectFrom('banners').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  if (!row) throw refuse(BANNER_NOT_FOUND, 404)
  return row as Row
}

/** One transaction over a stored banner: `write` gets it as it was (404 广告图不存在). */
const withBanner = <T>(db: Db, id: number, write: (t: Db, row: Row) => Promise<T>): Promise<T> =>
  db.transaction().execute(async (t) => write(t, await rowOf(t, id)))

/**
 * After a live write (create, edit, publish): the banner as it is now, audited as
 * `banner.${verb}` and marked `banner` in the same transaction.
 */
async function liveWritten(
  t: Db,
  actor: Actor,
  now: Date,
  id: number,
  verb: 'create' | 'edit' | 'publish',
  before?: AdminBanner,
): Promise<AdminBanner> {
  const after = bannerOut(await rowOf(t, id))
  await audit(t, actor, now, { action: `banner.${verb}`, target: `banner:${id}`, before, after })
  await markChanged(t, ['banner'], dbTime(now))
  return after
}

export async function createBanner(
  db: Db,
  dirs: FileDirs,
  actor: Actor,
  v: BannerInput & { position: string; imgurl: string },
  now: Date,
): Promise<AdminBanner> {
  await checkImage(dirs, v.imgurl)
  checkWindow(v.startTime, v.endTime)
  return db.transaction().execute(async (t) => {
    const { id } = await t
      .insertInto('banners')
      .values(columnsOf(v) as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    return liveWritten(t, actor, now, id, 'create')
  })
}

export async function editBanner(
  db: Db,
  dirs: FileDirs,
  actor: Actor,
  id: number,
  v: BannerInput,
  now: Date,
): Promise<AdminBanner> {
  return withBanner(db, id, async (t, row) => {
    const before = bannerOut(row)
    await checkChange(dirs, before, v)
    const set = columnsOf(v)
    if (Object.keys(set).length) await t.updateTable('banners').set(set).where('id', '=', id).execute()
    return liveWritten(t, actor, now, id, 'edit', before)
  })
}

/** One banner with its draft (the preview's call); 404 广告图不存在. */
export const getBanner = async (db: Db, id: number): Promise<AdminBanner> => bannerOut(await rowOf(db, id))

const liveFields = ({
  title,
  imgurl,
  link,
  sort,
  enabled,
  startTime,
  endTime,
}: AdminBanner): BannerDraft => ({
  title,
  imgurl,
  link,
  sort,
  enabled,
  startTime,
  endTime,
})

/**
 * A new banner that starts life as a draft: a hidden row (is_show 0, so no public call shows it
 * and no change mark is due) holding the draft's fields, waiting for publishBanner.
 */
export async function createBannerDraft(
  db: Db,
  dirs: FileDirs,
  actor: Actor,
  v: BannerInput & { position: string; imgurl: string },
  now: Date,
): Promise<AdminBanner> {
  await checkImage(dirs, v.imgurl)
  checkWindow(v.startTime, v.endTime)
  const draft: BannerDraft = {
    title: v.title ?? '',
    imgurl: v.imgurl,
    link: v.link ?? '',
    sort: v.sort ?? 0,
    enabled: v.enabled ?? true,
    startTime: v.startTime ?? null,
    endTime: v.endTime ?? null,
  }
  return db.transaction().execute(async (t) => {
    const { id } = await t
      .insertInto('banners')
      .values({
        ...columnsOf({ ...draft, position: v.position, enabled: false }),
        draft: JSON.stringify(draft),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    const after = bannerOut(await rowOf(t, id))
    await audit(t, actor, now, { action: 'banner.draft', target: `banner:${id}`, after })
    return after
  })
}

/**
 * Saves the given fields into the banner's draft (over the draft there is, else over the live
 * banner), with the checks of a live edit; the live banner and the public site stay as they are.
 */
export async function saveBannerDraft(
  db: Db,
  dirs: FileDirs,
  actor: Actor,
  id: number,
  v: BannerInput,
  now: Date,
): Promise<AdminBanner> {
  const { position: _, ...fields } = v
  return withBanner(db, id, async (t, row) => {
    const before = bannerOut(row)
    const draft: BannerDraft = { ...(before.draft ?? liveFields(before)), ...defined(fields) }
    await checkChange(dirs, before, draft)
    await t
      .updateTable('banners')
      .set({ draft: JSON.stringify(draft) })
      .where('id', '=', id)
      .execute()
    const after = bannerOut(await rowOf(t, id))
    await audit(t, actor, now, {
      action: 'banner.draft',
      target: `banner:${id}`,
      before: { draft: before.draft },
      after: { draft: after.draft },
    })
    return after
  })
}

/** Publishes the banner's draft: its fields become the live ones, marked `banner` and audited. 409 NO_DRAFT without one. */
export async function publishBanner(
  db: Db,
  dirs: FileDirs,
  actor: Actor,
  id: number,
  now: Date,
): Promise<AdminBanner> {
  return withBanner(db, id, async (t, row) => {
    const before = bannerOut(row)
    const draft = before.draft
    if (!draft) throw refuse(NO_DRAFT, 409)
    await checkChange(dirs, before, draft)
    await takeDraft(t, { table: 'banners', id }, columnsOf(draft), row.draft)
    return liveWritten(t, actor, now, id, 'publish', before)
  })
}

/** Drops the banner's draft; the live banner stays as it is. 409 NO_DRAFT without one. */
export async function discardBannerDraft(db: Db, actor: Actor, id: number, now: Date): Promise<AdminBanner> {
  return withBanner(db, id, async (t, row) => {
    const held = bannerOut(row).draft
    await discardDraft(
      t,
      actor,
      now,
      { table: 'banners', id },
      { action: 'banner.discard', target: `banner:${id}`, held },
    )
    return bannerOut(await rowOf(t, id))
  })
}

export async function deleteBanner(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  await withBanner(db, id, async (t, row) => {
    const before = bannerOut(row)
    await t.deleteFrom('banners').where('id', '=', id).execute()
    await audit(t, actor, now, { action: 'banner.delete', target: `banner:${id}`, before })
    await markChanged(t, ['banner'], dbTime(now))
  })
}

/**
 * Marks `banner` when a banner's start or end time fell in (from, to]: the built pages show the
 * banners of their build, so the moment a timed banner starts or ends is a change like a save.
 * Answers whether it marked. markBannerTimes(db, lastCheck, now) → true
 */
export async function markBannerTimes(db: Db, from: Date, to: Date): Promise<boolean> {
  const [a, b] = [dbTime(from), dbTime(to)]
  const due = await db
    .selectFrom('banners')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('start_time', '>', a), eb('start_time', '<=', b)]),
        eb.and([eb('end_time', '>', a), eb('end_time', '<=', b)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst()
  if (due) await markChanged(db, ['banner'], b)
  return !!due
}

/** Checks markBannerTimes every `everyMs` (the builder's process); answers the stop function. */
export function startBannerClock(db: Db, now: () => Date, everyMs = 15_000, log = console.log) {
  let last = now()
  const timer = setInterval(() => {
    const at = now()
    markBannerTimes(db, last, at)
      .then((marked) => {
        if (marked) log('[site] 广告图到达开始或结束时间，已排队重建')
      })
      .catch((e: unknown) => log(`[site] 检查广告图时间失败：${e instanceof Error ? e.message : e}`))
    last = at
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

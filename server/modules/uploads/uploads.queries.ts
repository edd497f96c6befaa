import { UPLOAD_DAILY_BYTES, UPLOAD_DAILY_FILES } from '../../../src/lib/constants.ts'
import type { Db } from '../../db/index.ts'
import { lockUser } from '../../db/sql.ts'

/** What a user uploaded since `since` (a stored time): uploadsSince(db, 7, '2026-10-01 00:00:00') → { files: 3, bytes: 52100 } */
export async function uploadsSince(db: Db, userId: number, since: string) {
  const row = await db
    .selectFrom('user_uploads')
    .select((eb) => [eb.fn.countAll().as('files'), eb.fn.coalesce(eb.fn.sum('size'), eb.lit(0)).as('bytes')])
    .where('user_id', '=', userId)
    .where('create_time', '>=', since)
    .executeTakeFirst()
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) }
}

/** Whether one more file of `size` bytes stays within the day's quota after `used`. */
export const withinQuota = (used: { files: number; bytes: number }, size: number) =>
  used.files + 1 <= UPLOAD_DAILY_FILES && used.bytes + size <= UPLOAD_DAILY_BYTES

/**
 * Records an accepted upload: its owner (user_uploads: one row per upload, the quota's count) and
 * the file (uploads: path, kind, first uploader). Counted and written in one transaction with the
 * user locked, so parallel uploads cannot pass the quota together; answers false, writing
 * nothing, when this one would.
 */
export const recordUpload = (
  db: Db,
  u: {
    userId: number
    path: string
    mime: string
    size: number
    originalName: string
    at: string
    dayStart: string
  },
) =>
  db.transaction().execute(async (t) => {
    await lockUser(t, u.userId)
    if (!withinQuota(await uploadsSince(t, u.userId, u.dayStart), u.size)) return false
    await t
      .insertInto('uploads')
      .values({
        user_id: u.userId,
        path: u.path,
        mime: u.mime,
        size: u.size,
        original_name: u.originalName.slice(0, 100),
        create_time: u.at,
      })
      // Files are named by their bytes: the same file again is the same path, recorded once (the first uploader).
      .onConflict((oc) => oc.column('path').doNothing())
      .execute()
    await t
      .insertInto('user_uploads')
      .values({ user_id: u.userId, path: u.path, size: u.size, create_time: u.at })
      .execute()
    return true
  })

/**
 * Records a file the server itself placed for `userId` (a course file copied to the other tree
 * on publishing): the file, if new, and the user as an owner, outside the quota (nothing was sent).
 */
export async function recordPlacedFile(
  db: Db,
  f: { userId: number; path: string; size: number; mime: string; at: string },
) {
  await db
    .insertInto('uploads')
    .values({ user_id: f.userId, path: f.path, mime: f.mime, size: f.size, create_time: f.at })
    .onConflict((oc) => oc.column('path').doNothing())
    .execute()
  // Size 0: user_uploads' sizes are the day's quota, and nothing was sent (a lecture copied on
  // publishing, up to 2 GB, would otherwise use up the author's 200 MB of pictures).
  if (!(await ownedPaths(db, f.userId, [f.path])).has(f.path))
    await db
      .insertInto('user_uploads')
      .values({ user_id: f.userId, path: f.path, size: 0, create_time: f.at })
      .execute()
}

/** The paths among `paths` that `userId` uploaded: ownedPaths(db, 7, ['/uploads/u/…a.png', …]) → Set {…} */
export async function ownedPaths(db: Db, userId: number, paths: readonly string[]): Promise<Set<string>> {
  if (!paths.length) return new Set()
  const rows = await db
    .selectFrom('user_uploads')
    .select('path')
    .distinct()
    .where('user_id', '=', userId)
    .where('path', 'in', [...new Set(paths)])
    .execute()
  return new Set(rows.map((r) => r.path))
}

/** The stored size of each uploaded path among `paths` (a path uploaded twice counts once). */
export async function uploadSizes(db: Db, paths: readonly string[]): Promise<Map<string, number>> {
  if (!paths.length) return new Map()
  const rows = await db.selectFrom('uploads').select(['path', 'size']).where('path', 'in', paths).execute()
  return new Map(rows.map((r) => [r.path, r.size]))
}

import type { Db } from '../../db/index.ts'

/** The record of a stored file: who uploaded what, for the operator. */
export const recordUpload = (
  db: Db,
  u: { userId: number; path: string; mime: string; size: number; originalName: string; at: string },
) =>
  db
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

/** The stored size of each uploaded path among `paths` (a path uploaded twice counts once). */
export async function uploadSizes(db: Db, paths: readonly string[]): Promise<Map<string, number>> {
  if (!paths.length) return new Map()
  const rows = await db.selectFrom('uploads').select(['path', 'size']).where('path', 'in', paths).execute()
  return new Map(rows.map((r) => [r.path, r.size]))
}

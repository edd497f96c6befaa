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
    .execute()

import type { Db } from '../../db/index.ts'

/**
 * Whether `userId` keeps an item among their favourites. `status` is the item's kind, as the
 * favourite calls use it: the article status (10, 20, 30), or 40 for a product (accounts §4).
 */
export async function isFavourite(db: Db, userId: number, status: number, tagId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_likes')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', status)
    .where('tag_id', '=', tagId)
    .executeTakeFirst()
  return row !== undefined
}

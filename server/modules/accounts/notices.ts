/**
 * The bell's unread count (issue 19): a user's notifications (their own and those for everyone)
 * above the newest id they have seen on /message (users.notices_seen_id, migration 10).
 */
import type { Db } from '../../db/index.ts'

/** The notifications this user reads: their own and the ones for everyone (user_id null). */
const visibleTo = (db: Db, userId: number) =>
  db.selectFrom('notifications').where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))

export async function unreadNotices(db: Db, userId: number): Promise<number> {
  const seen = db.selectFrom('users').select('notices_seen_id').where('id', '=', userId)
  const r = await visibleTo(db, userId)
    .select((e) => e.fn.countAll<number | string>().as('n'))
    .where('id', '>', seen)
    .executeTakeFirst()
  return Number(r?.n ?? 0)
}

/**
 * Marks as seen everything up to `upTo`, the newest id /message showed (so one written meanwhile
 * stays unread), never beyond the newest that exists, and never back: a later call with an older
 * id changes nothing.
 */
export async function markNoticesSeen(db: Db, userId: number, upTo: number): Promise<void> {
  const newest = await visibleTo(db, userId)
    .select((e) => e.fn.max('id').as('id'))
    .executeTakeFirst()
  const to = Math.min(upTo, Number(newest?.id ?? 0))
  await db
    .updateTable('users')
    .set({ notices_seen_id: to })
    .where('id', '=', userId)
    .where('notices_seen_id', '<', to)
    .execute()
}

import type { Db } from './db/index.ts'
import { dbTime } from './time.ts'

/** A system notification to one user (/message), inside the caller's transaction `t`. */
export async function notify(t: Db, userId: number, title: string, content: string, now: Date) {
  await t
    .insertInto('notifications')
    .values({ user_id: userId, title, content, create_time: dbTime(now) })
    .execute()
}

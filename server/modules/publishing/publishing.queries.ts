import { ArticleStatus, UNLISTED } from '../../../src/lib/constants.ts'
import type { Db } from '../../db/index.ts'
import type { ArticleAppend } from './publishing.routes.ts'

/** Stores a complaint as an unlisted article for the operator (accounts §5). */
export async function insertComplaint(db: Db, userId: number, v: ArticleAppend, at: string) {
  const author = await db
    .selectFrom('users')
    .select(['tel', 'nick_name'])
    .where('id', '=', userId)
    .executeTakeFirst()
  await db
    .insertInto('articles')
    .values({
      status: ArticleStatus.complaint,
      // The operator's list shows titles; the text's start is the best one a complaint has.
      title: [...v.content].slice(0, 20).join(''),
      brief: v.content,
      imgurl: v.imgurl,
      imgurls: v.files.join(','),
      post_name: v.postName || (author?.nick_name ?? ''),
      // So the operator can call back.
      tel: author?.tel ?? '',
      // Never listed: complaints are read by the operator only.
      ext: UNLISTED,
      create_id: userId,
      create_time: at,
      update_time: at,
    })
    .execute()
}

import { Hono } from 'hono'
import { ArticleStatus, UNLISTED } from '../../src/lib/constants.ts'
import { checkComplaint } from '../../src/lib/rules/complaint.ts'
import { isFilePath, len, text } from '../../src/lib/rules/fields.ts'
import { body, type Env, ok, refuse, requireUser, valid } from '../legacy-http.ts'
import { dbTime } from '../time.ts'

export const publishingRoutes = new Hono<Env>()

/**
 * Article/PostArticleAppend. Complaints (status 50, accounts §5) are stored as unlisted
 * articles for the operator; courses, tasks and posts come with the publishing issue.
 */
publishingRoutes.post('/Article/PostArticleAppend', async (c) => {
  const { db, now } = c.get('deps')
  const user = requireUser(c)
  const b = await body(c)
  if (text(b, 'status') !== String(ArticleStatus.complaint)) throw refuse('暂不支持发布此类型内容')
  const v = valid(checkComplaint(b))
  const postName = text(b, 'postName')
  if (len(postName) > 20) throw refuse('联系人名称不能超过20个字')
  const cover = text(b, 'imgurl')
  const imgurl = cover && isFilePath(cover) ? cover : (v.files[0] ?? '')
  const author = await db.get<{ tel: string | null; nick_name: string }>(
    'SELECT tel, nick_name FROM users WHERE id = ?',
    [user.id],
  )
  const at = dbTime(now())
  await db.insert(
    `INSERT INTO articles (status, title, brief, imgurl, imgurls, post_name, tel, ext, create_id, create_time, update_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      ArticleStatus.complaint,
      // The operator's list shows titles; the text's start is the best one a complaint has.
      [...v.content].slice(0, 20).join(''),
      v.content,
      imgurl,
      v.files.join(','),
      postName || (author?.nick_name ?? ''),
      // So the operator can call back.
      author?.tel ?? '',
      // Never listed: complaints are read by the operator only.
      UNLISTED,
      user.id,
      at,
      at,
    ],
  )
  return ok(c, '提交成功')
})

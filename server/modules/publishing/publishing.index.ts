import { ok, router } from '../../contract/index.ts'
import { requireUser } from '../../http.ts'
import { dbTime } from '../../time.ts'
import * as q from './publishing.queries.ts'
import * as routes from './publishing.routes.ts'

/**
 * Article/PostArticleAppend. Complaints (status 50, accounts §5) are stored as unlisted
 * articles for the operator; courses, tasks and posts come with the publishing issue.
 */
export const publishing = router().openapi(routes.appendArticle, async (c) => {
  const { db, now } = c.get('deps')
  await q.insertComplaint(db, requireUser(c).id, c.req.valid('json'), dbTime(now()))
  return ok(c, '提交成功')
})

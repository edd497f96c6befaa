import { CONTENT_GONE, OFF_SHELF } from '../../../src/lib/constants.ts'
import { ok, router } from '../../contract/index.ts'
import { refuse, requireUser } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { requireOwnFiles } from '../uploads/ownership.ts'
import * as q from './comments.queries.ts'
import * as routes from './comments.routes.ts'

/** Comments and replies on posts, tasks and courses, and the reply messages of /message. */
export const comments = router()
  .openapi(routes.getComments, async (c) => {
    const { db } = c.get('deps')
    const { id, pageIndex, pageSize } = c.req.valid('query')
    const article = await q.commentedArticle(db, id)
    if (!article) throw refuse(CONTENT_GONE, 404)
    const isOwner = article.create_id !== null && c.get('user')?.id === article.create_id
    if (!q.takesComments(article) && !isOwner) throw refuse(OFF_SHELF, 404)
    return ok(c, await q.commentPage(db, id, { pageIndex, pageSize }))
  })
  .openapi(routes.appendComment, async (c) => {
    const { db, now } = c.get('deps')
    const user = requireUser(c)
    const { articleId, ...form } = c.req.valid('json')
    const article = await q.commentedArticle(db, articleId)
    if (!article) throw refuse(CONTENT_GONE, 404)
    if (!q.takesComments(article)) throw refuse(OFF_SHELF, 404)
    if (form.parentId !== null && !(await q.parentComment(db, articleId, form.parentId)))
      throw refuse('评论不存在', 404)
    // The same upload rule as every other image field: the caller's own upload (issue 13).
    if (form.imgurl)
      await requireOwnFiles(db, user.id, [{ label: '评论图片', paths: [form.imgurl], image: true }])
    const at = now()
    const node = await q.appendComment(db, {
      userId: user.id,
      articleId,
      form,
      time: dbTime(at),
      since: dbTime(new Date(at.getTime() - q.COMMENT_RATE_WINDOW_MS)),
    })
    if (node === 'too-often') throw refuse('评论太频繁，请稍后再试', 429)
    return ok(c, node)
  })
  .openapi(routes.getReplies, async (c) =>
    ok(c, await q.replyPage(c.get('deps').db, requireUser(c).id, c.req.valid('query'))),
  )

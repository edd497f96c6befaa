import { actorOf } from '../../admin/admin-route.ts'
import { ok, router } from '../../contract/index.ts'
import { moderateComment, searchComments } from './comments.moderation.ts'
import * as routes from './comments.routes.ts'

/** The back office's comment moderation: find, hide, show again (issue 20). */
export const commentsAdmin = router()
  .openapi(routes.getAdminComments, async (c) => {
    const { hidden, ...q } = c.req.valid('query')
    return ok(c, await searchComments(c.get('deps').db, { ...q, hidden: hidden && hidden === '1' }))
  })
  .openapi(routes.postCommentHide, async (c) => {
    const { db, now } = c.get('deps')
    const { reason } = c.req.valid('json')
    return ok(
      c,
      await moderateComment(db, actorOf(c), c.req.valid('param').id, { hide: true, reason }, now()),
    )
  })
  .openapi(routes.postCommentRestore, async (c) => {
    const { db, now } = c.get('deps')
    const { reason } = c.req.valid('json')
    return ok(
      c,
      await moderateComment(db, actorOf(c), c.req.valid('param').id, { hide: false, reason }, now()),
    )
  })

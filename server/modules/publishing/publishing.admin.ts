import { actorOf } from '../../admin/admin-route.ts'
import { ok, router } from '../../contract/index.ts'
import * as m from './moderation.ts'
import * as routes from './publishing.routes.ts'

/** The back office's moderation of what customers publish: the complaints queue, unlist and restore (issue 20). */
export const publishingAdmin = router()
  .openapi(routes.getAdminArticles, async (c) => {
    const { kind, ...q } = c.req.valid('query')
    return ok(
      c,
      await m.searchArticles(c.get('deps').db, { ...q, kind: kind && (Number(kind) as 10 | 20 | 30) }),
    )
  })
  .openapi(routes.postArticleUnlist, async (c) => {
    const { db, now } = c.get('deps')
    const { reason, refund } = c.req.valid('json')
    return ok(
      c,
      await m.moderateArticle(
        db,
        actorOf(c),
        c.req.valid('param').id,
        { unlist: true, reason, refund },
        now(),
      ),
    )
  })
  .openapi(routes.getArticleTakedown, async (c) =>
    ok(c, await m.articleTakedownQuote(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(routes.postArticleRestore, async (c) => {
    const { db, now } = c.get('deps')
    const { reason } = c.req.valid('json')
    return ok(
      c,
      await m.moderateArticle(db, actorOf(c), c.req.valid('param').id, { unlist: false, reason }, now()),
    )
  })
  .openapi(routes.getComplaints, async (c) =>
    ok(c, await m.complaintPage(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(routes.getComplaint, async (c) =>
    ok(c, await m.complaintDetail(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(routes.postComplaintHandle, async (c) => {
    const { db, now } = c.get('deps')
    const { note } = c.req.valid('json')
    return ok(c, await m.handleComplaint(db, actorOf(c), c.req.valid('param').id, note, now()))
  })
  .openapi(routes.postComplaintSubject, async (c) => {
    const { db, now } = c.get('deps')
    const { articleId } = c.req.valid('json')
    return ok(c, await m.linkComplaint(db, actorOf(c), c.req.valid('param').id, articleId, now()))
  })

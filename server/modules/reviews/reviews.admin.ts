import { actorOf } from '../../admin/admin-route.ts'
import { ok, router } from '../../contract/index.ts'
import { moderateReview, searchReviews } from './reviews.moderation.ts'
import * as routes from './reviews.routes.ts'

/** The back office's review moderation: find, hide, show again (issue 24 item 6). */
export const reviewsAdmin = router()
  .openapi(routes.getAdminReviews, async (c) => {
    const { hidden, ...q } = c.req.valid('query')
    return ok(c, await searchReviews(c.get('deps').db, { ...q, hidden: hidden && hidden === '1' }))
  })
  .openapi(routes.postReviewHide, async (c) => {
    const { db, now } = c.get('deps')
    const { reason } = c.req.valid('json')
    return ok(c, await moderateReview(db, actorOf(c), c.req.valid('param').id, { hide: true, reason }, now()))
  })
  .openapi(routes.postReviewShow, async (c) => {
    const { db, now } = c.get('deps')
    const { reason } = c.req.valid('json')
    return ok(
      c,
      await moderateReview(db, actorOf(c), c.req.valid('param').id, { hide: false, reason }, now()),
    )
  })

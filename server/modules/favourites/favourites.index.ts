import { OFF_SHELF } from '../../../src/lib/constants.ts'
import { ok, router } from '../../contract/index.ts'
import { refuse, requireUser } from '../../http.ts'
import { dbTime } from '../../time.ts'
import * as q from './favourites.queries.ts'
import * as routes from './favourites.routes.ts'

/** Favourites of products, courses, tasks and posts (/fav; the toggle on detail pages). */
export const favourites = router()
  .openapi(routes.appendLike, async (c) => {
    const { db, now } = c.get('deps')
    const { tagId, status } = c.req.valid('json')
    const item = await q.likedItem(db, status, tagId)
    if (!item) throw refuse('收藏的内容不存在或已删除', 404)
    // Only what is on the shelf can be favourited (storefront §5); removing one stays possible.
    if (!item.listed) throw refuse(OFF_SHELF, 404)
    await q.addFavourite(db, requireUser(c).id, status, tagId, item.card, dbTime(now()))
    return ok(c, '收藏成功')
  })
  .openapi(routes.deleteLike, async (c) => {
    const { id, status } = c.req.valid('query')
    if (status === undefined || !routes.LIKE_KINDS.includes(status)) throw refuse('收藏类型不正确')
    await q.removeFavourite(c.get('deps').db, requireUser(c).id, status, id)
    return ok(c, '取消收藏')
  })
  .openapi(routes.getLikes, async (c) =>
    ok(c, await q.favourites(c.get('deps').db, requireUser(c).id, c.req.valid('query').status)),
  )

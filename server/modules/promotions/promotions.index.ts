import { ok, router } from '../../contract/index.ts'
import { requireUser } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { claimCoupon } from './coupons.service.ts'
import * as q from './promotions.queries.ts'
import * as routes from './promotions.routes.ts'

/** Coupons, 满减 and shipping templates as customers see them (issue 24). */
export const promotions = router()
  .openapi(routes.getCoupons, async (c) => {
    const { db, now } = c.get('deps')
    const { spuId, articleId } = c.req.valid('query')
    const at = dbTime(now())
    // A signed-in caller also learns which coupons they hold their share of (never cached: it
    // carries Authorization).
    const userId = c.get('user')?.id
    if (spuId) {
      const spu = await db
        .selectFrom('product_spus')
        .select(['id', 'class_id'])
        .where('id', '=', spuId)
        .executeTakeFirst()
      // An unknown product has no coupons of its own; the store-wide ones still are its.
      return ok(
        c,
        await q.claimableCoupons(db, at, { spu: { id: spuId, classId: spu?.class_id ?? null } }, userId),
      )
    }
    return ok(c, await q.claimableCoupons(db, at, articleId ? { article: true } : {}, userId))
  })
  .openapi(routes.claimCoupon, async (c) => {
    const { db, now } = c.get('deps')
    await claimCoupon(db, requireUser(c).id, c.req.valid('json').id, now())
    return ok(c, '领取成功')
  })
  .openapi(routes.getMyCoupons, async (c) => {
    const { db, now } = c.get('deps')
    const { status, pageIndex, pageSize } = c.req.valid('query')
    const s = status === '1' ? 1 : status === '2' ? 2 : 0
    return ok(c, await q.myCoupons(db, requireUser(c).id, s, dbTime(now()), { pageIndex, pageSize }))
  })
  .openapi(routes.getPromotions, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, (await q.livePromotionRows(db, dbTime(now()))).map(q.promotionWire))
  })
  .openapi(routes.getShippingTemplates, async (c) => {
    const t = await q.loadTemplates(c.get('deps').db)
    return ok(c, { defaultId: t.defaultId, templates: t.list.map(q.templateWire) })
  })

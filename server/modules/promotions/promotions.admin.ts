import { actorOf } from '../../admin/admin-route.ts'
import { ok, router } from '../../contract/index.ts'
import { dbTime } from '../../time.ts'
import * as coupons from './coupons.service.ts'
import { createOffer, editOffer, stopOffer } from './offer-writes.ts'
import * as routes from './promotions.admin-routes.ts'
import * as promotions from './promotions.service.ts'
import * as templates from './shipping-templates.service.ts'

/** Marketing's coupons, 满减 and shipping templates (issue 24); every write audited by its service. */
export const promotionsAdmin = router()
  .openapi(routes.getAdminCoupons, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await coupons.searchCoupons(db, c.req.valid('query'), dbTime(now())))
  })
  .openapi(routes.getAdminCoupon, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await coupons.adminCouponDetail(db, c.req.valid('param').id, dbTime(now())))
  })
  .openapi(routes.postAdminCoupon, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await createOffer(db, coupons.COUPON, actorOf(c), c.req.valid('json'), now()))
  })
  .openapi(routes.putAdminCoupon, async (c) => {
    const { db, now } = c.get('deps')
    return ok(
      c,
      await editOffer(db, coupons.COUPON, actorOf(c), c.req.valid('param').id, c.req.valid('json'), now()),
    )
  })
  .openapi(routes.postAdminCouponStop, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await stopOffer(db, coupons.COUPON, actorOf(c), c.req.valid('param').id, now()))
  })
  .openapi(routes.getAdminPromotions, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await promotions.listPromotions(db, c.req.valid('query').state, dbTime(now())))
  })
  .openapi(routes.postAdminPromotion, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await createOffer(db, promotions.PROMOTION, actorOf(c), c.req.valid('json'), now()))
  })
  .openapi(routes.putAdminPromotion, async (c) => {
    const { db, now } = c.get('deps')
    return ok(
      c,
      await editOffer(
        db,
        promotions.PROMOTION,
        actorOf(c),
        c.req.valid('param').id,
        c.req.valid('json'),
        now(),
      ),
    )
  })
  .openapi(routes.postAdminPromotionStop, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await stopOffer(db, promotions.PROMOTION, actorOf(c), c.req.valid('param').id, now()))
  })
  .openapi(routes.getAdminTemplates, async (c) => ok(c, await templates.adminTemplates(c.get('deps').db)))
  .openapi(routes.postAdminTemplate, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await templates.createTemplate(db, actorOf(c), c.req.valid('json'), now()))
  })
  .openapi(routes.putAdminTemplate, async (c) => {
    const { db, now } = c.get('deps')
    return ok(
      c,
      await templates.editTemplate(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'), now()),
    )
  })
  .openapi(routes.postAdminTemplateDefault, async (c) => {
    const { db, now } = c.get('deps')
    return ok(c, await templates.setDefaultTemplate(db, actorOf(c), c.req.valid('param').id, now()))
  })
  .openapi(routes.deleteAdminTemplate, async (c) => {
    const { db, now } = c.get('deps')
    const { id } = c.req.valid('param')
    await templates.deleteTemplate(db, actorOf(c), id, now())
    return ok(c, { id })
  })

import { LISTED, OFF_SHELF, OrderStatus } from '../../../src/lib/constants.ts'
import { ok, router } from '../../contract/index.ts'
import type { Db } from '../../db/index.ts'
import { refuse, requireUser } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { requireOwnFiles } from '../uploads/ownership.ts'
import * as q from './reviews.queries.ts'
import * as routes from './reviews.routes.ts'

export const ORDER_NOT_FOUND = '订单不存在'
export const NOT_COMPLETED = '订单完成后才能评价'
export const NOT_IN_ORDER = '订单中没有该商品'
export const ALREADY_REVIEWED = '已评价过了'
export const ALREADY_ADDED = '已追评过了'
export const REVIEW_NOT_FOUND = '评价不存在'

/** A listed product, or the refusal its detail page gives (GetProductSpu's messages). */
async function requireListed(db: Db, spuId: number) {
  const p = await q.reviewedProduct(db, spuId)
  if (!p) throw refuse('商品不存在或已删除', 404)
  if (p.ext !== LISTED || p.is_show !== 1) throw refuse(OFF_SHELF, 404)
}

/** Product reviews (issue 24 item 6): the public list and summary, the buyer's review and 追评. */
export const reviews = router()
  .openapi(routes.getReviewsPage, async (c) => {
    const { db } = c.get('deps')
    const { spuId, hasImg, pageIndex, pageSize } = c.req.valid('query')
    await requireListed(db, spuId)
    return ok(c, await q.reviewPage(db, spuId, hasImg === '1', { pageIndex, pageSize }))
  })
  .openapi(routes.getReviewsSummary, async (c) => {
    const { db } = c.get('deps')
    const { spuId } = c.req.valid('query')
    await requireListed(db, spuId)
    return ok(c, await q.reviewSummary(db, spuId))
  })
  .openapi(routes.getOrderReviews, async (c) => {
    const { db } = c.get('deps')
    const user = requireUser(c)
    const order = await q.ownOrder(db, user.id, c.req.valid('query').orderId)
    if (!order) throw refuse(ORDER_NOT_FOUND, 404)
    return ok(c, {
      canReview: order.status === OrderStatus.completed,
      list: await q.orderReviews(db, order.id),
    })
  })
  .openapi(routes.postReview, async (c) => {
    const { db, now } = c.get('deps')
    const user = requireUser(c)
    const form = c.req.valid('json')
    const order = await q.ownOrder(db, user.id, form.orderId)
    if (!order) throw refuse(ORDER_NOT_FOUND, 404)
    if (order.status !== OrderStatus.completed) throw refuse(NOT_COMPLETED)
    const line = await q.orderLine(db, order.id, form.spuId)
    if (!line) throw refuse(NOT_IN_ORDER)
    // The same upload rule as every other image field: the caller's own upload (issue 13).
    if (form.images.length)
      await requireOwnFiles(db, user.id, [{ label: '评价图片', paths: form.images, image: true }])
    const r = await q.appendReview(db, { userId: user.id, skuId: line.sku_id, form, time: dbTime(now()) })
    if (r === 'duplicate') throw refuse(ALREADY_REVIEWED, 409)
    return ok(c, r)
  })
  .openapi(routes.postAddition, async (c) => {
    const { db, now } = c.get('deps')
    const user = requireUser(c)
    const form = c.req.valid('json')
    if (form.images.length)
      await requireOwnFiles(db, user.id, [{ label: '追评图片', paths: form.images, image: true }])
    const r = await q.appendAddition(db, { userId: user.id, form, time: dbTime(now()) })
    if (r === 'missing') throw refuse(REVIEW_NOT_FOUND, 404)
    if (r === 'already') throw refuse(ALREADY_ADDED, 409)
    return ok(c, r)
  })

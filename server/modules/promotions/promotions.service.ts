/**
 * Marketing's 满减 promotions (issue 24, permission promotions.write), store-wide or for one
 * category, written through the shared offer write (offer-writes.ts). Coupons are in
 * coupons.service.ts, shipping templates in shipping-templates.service.ts.
 */
import { ClassifyKey } from '../../../src/lib/constants.ts'
import type { PromotionInput } from '../../../src/lib/rules/promotion.ts'
import type { Db } from '../../db/index.ts'
import { hasRow } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { productPages } from './offer-marks.ts'
import { type CouponState, inState, type OfferKind, type StateFilter, stateAt } from './offer-writes.ts'
import { promotionWire } from './promotions.queries.ts'
import type { Promotion } from './promotions.routes.ts'

export const PROMOTION_NOT_FOUND = '满减活动不存在'
export const PROMOTION_STOPPED = '满减活动已停用'
export const CLASS_NOT_FOUND = '商品分类不存在'

export interface AdminPromotion extends Promotion {
  isShow: boolean
  state: CouponState
  createTime: string
}

const promotionRow = (t: Db, id: number) =>
  t.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst()
type PromotionFull = NonNullable<Awaited<ReturnType<typeof promotionRow>>>

const adminPromotion = (r: PromotionFull, at: string): AdminPromotion => ({
  ...promotionWire(r),
  isShow: Number(r.is_show) === 1,
  state: stateAt(r, at),
  createTime: r.create_time,
})

/** All promotions, newest first; `state` narrows as the coupons' filter does. */
export async function listPromotions(
  db: Db,
  state: StateFilter | undefined,
  at: string,
): Promise<AdminPromotion[]> {
  const rows = await inState(db.selectFrom('promotions'), state, at)
    .selectAll()
    .orderBy('id', 'desc')
    .execute()
  return rows.map((r) => adminPromotion(r, at))
}

async function checkClass(t: Db, classId: number | null): Promise<void> {
  if (classId === null) return
  if (!(await hasRow(t, 'classifies', { ckey: ClassifyKey.productClass, id: classId })))
    throw refuse(CLASS_NOT_FOUND)
}

/**
 * 满减 for the shared write (offer-writes.ts): a new one store-wide or for one category, an edit
 * of every field (both categories' pages are rebuilt), a stop that takes it off at once, on the
 * product pages and in the orders placed from now.
 */
export const PROMOTION: OfferKind<
  PromotionFull,
  PromotionInput & { isShow?: boolean | undefined },
  AdminPromotion
> = {
  table: 'promotions',
  name: 'promotion',
  notFound: PROMOTION_NOT_FOUND,
  stopped: PROMOTION_STOPPED,
  row: promotionRow,
  columns: (v) => ({
    title: v.title,
    class_id: v.classId,
    threshold_fen: v.thresholdFen,
    off_fen: v.offFen,
    start_time: v.startTime,
    end_time: v.endTime,
  }),
  check: (t, v) => checkClass(t, v.classId),
  // Every field may change: nothing was promised to anyone.
  checkEdit: (t, _before, v) => checkClass(t, v.classId),
  // One query for all the categories (an edit: both), so past the partial build's size it is `all`.
  pages: (t, rows) =>
    productPages(
      t,
      rows.map((r) => r.class_id),
    ),
  facts: (r) => ({ ...promotionWire(r), isShow: Number(r.is_show) === 1 }),
  wire: adminPromotion,
}

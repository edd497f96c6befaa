/**
 * Coupons: a customer claiming one, and marketing's coupons in the back office (issue 24,
 * permission promotions.write), written through the shared offer write (offer-writes.ts).
 */
import { sql } from 'kysely'
import { ClassifyKey } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import { type CouponInput, hasShare } from '../../../src/lib/rules/promotion.ts'
import { markChanged } from '../../changes.ts'
import type { Db } from '../../db/index.ts'
import { pageOf } from '../../db/paged.ts'
import { likeContains, type Paged } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { couponPages } from './offer-marks.ts'
import { type CouponState, inState, type OfferKind, type StateFilter, stateAt } from './offer-writes.ts'
import { COUPON_COLUMNS, type CouponRow, couponWire } from './promotions.queries.ts'
import type { Coupon } from './promotions.routes.ts'

export const COUPON_NOT_FOUND = '优惠券不存在'
export const COUPON_NOT_STARTED = '活动未开始'
export const COUPON_EXPIRED = '优惠券已过期'
export const COUPON_GONE = '优惠券已领完'
export const perUserRefusal = (n: number) => `每人限领${n}张`
export const COUPON_LOCKED = '已有用户领取，只能修改名称、结束时间、发放总量和状态'
export const COUPON_STOPPED = '优惠券已停用'
export const SCOPE_CLASS_NOT_FOUND = '适用的分类不存在'
export const SCOPE_PRODUCT_NOT_FOUND = '适用的商品不存在'

// --- claiming --------------------------------------------------------------------------------

/**
 * claimCoupon(db, userId, 3, now): the customer takes one. The refusals come in the contract's
 * order; the count of claims moves by one conditional UPDATE (claimed < total_limit) in the same
 * transaction as the user's row, and that UPDATE holds the coupon's row (PostgreSQL) or the
 * database (SQLite) until the end, so concurrent claims queue there: the total and the per-user
 * limit counted after it are never exceeded.
 */
export async function claimCoupon(db: Db, userId: number, couponId: number, now: Date): Promise<void> {
  const at = dbTime(now)
  await db.transaction().execute(async (t) => {
    const c = await t
      .selectFrom('coupons')
      .select(['id', 'is_show', 'start_time', 'end_time', 'per_user_limit', 'scope', 'scope_ids'])
      .where('id', '=', couponId)
      .executeTakeFirst()
    if (!c || Number(c.is_show) !== 1) throw refuse(COUPON_NOT_FOUND, 404)
    if (at < c.start_time) throw refuse(COUPON_NOT_STARTED, 409)
    if (at > c.end_time) throw refuse(COUPON_EXPIRED, 409)
    const took = await t
      .updateTable('coupons')
      .set((eb) => ({ claimed: eb('claimed', '+', 1) }))
      .where('id', '=', couponId)
      .where('is_show', '=', 1)
      .where((eb) => eb('claimed', '<', eb.ref('total_limit')))
      .returning(['claimed', 'total_limit'])
      .executeTakeFirst()
    if (!took) throw refuse(COUPON_GONE, 409)
    const mine = await t
      .selectFrom('user_coupons')
      .select(sql<number>`COUNT(*)`.as('n'))
      .where('coupon_id', '=', couponId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    const limit = Number(c.per_user_limit)
    if (hasShare(Number(mine?.n ?? 0), limit)) throw refuse(perUserRefusal(limit), 409)
    await t
      .insertInto('user_coupons')
      .values({ coupon_id: couponId, user_id: userId, status: 0, claim_time: at })
      .execute()
    // The last one: the public lists and the pages that show it drop it now, not when their
    // cached answer ages out or something else rebuilds them.
    if (Number(took.claimed) >= Number(took.total_limit))
      await markChanged(t, ['offers', ...(await couponPages(t, c))], at)
  })
}

// --- coupons (back office) -------------------------------------------------------------------

export interface AdminCoupon extends Coupon {
  totalLimit: number
  claimed: number
  used: number
  isShow: boolean
  state: CouponState
  createTime: string
}

const adminCoupon = (r: CouponRow, at: string): AdminCoupon => ({
  ...couponWire(r),
  totalLimit: Number(r.total_limit),
  claimed: Number(r.claimed),
  used: Number(r.used),
  isShow: Number(r.is_show) === 1,
  state: stateAt(r, at),
  createTime: r.create_time,
})

/** searchCoupons(db, { state: 'live', q: '满300', pageIndex: 0, pageSize: 20 }, at): newest first. */
export async function searchCoupons(
  db: Db,
  s: { state?: StateFilter | undefined; q?: string | undefined; pageIndex: number; pageSize: number },
  at: string,
): Promise<Paged<AdminCoupon>> {
  let base = inState(db.selectFrom('coupons as c'), s.state, at)
  if (s.q) base = base.where(sql<boolean>`c.title LIKE ${likeContains(s.q)} ESCAPE '\\'`)
  return pageOf(
    base,
    (q) => q.select(COUPON_COLUMNS).orderBy('c.id', 'desc'),
    s,
    (r) => adminCoupon(r, at),
  )
}

const couponRow = (t: Db, id: number) =>
  t.selectFrom('coupons as c').select(COUPON_COLUMNS).where('c.id', '=', id).executeTakeFirst()

export interface CouponUsage {
  claimed: number
  used: number
  /** Claimed, never used, and the coupon has ended. */
  unusedExpired: number
  /** Paid orders that used one. */
  ordersPaid: number
  offTotal: number
  salesTotal: number
}

/** adminCouponDetail(db, 3, at): the coupon and what it did — claims, uses, the paid orders' figures. */
export async function adminCouponDetail(
  db: Db,
  id: number,
  at: string,
): Promise<AdminCoupon & { usage: CouponUsage }> {
  const r = await couponRow(db, id)
  if (!r) throw refuse(COUPON_NOT_FOUND, 404)
  const [expired, paid] = await Promise.all([
    r.end_time < at
      ? db
          .selectFrom('user_coupons')
          .select(sql<number>`COUNT(*)`.as('n'))
          .where('coupon_id', '=', id)
          .where('status', '=', 0)
          .executeTakeFirst()
      : undefined,
    db
      .selectFrom('orders as o')
      .innerJoin('user_coupons as u', 'u.id', 'o.user_coupon_id')
      .select([
        sql<number>`COUNT(*)`.as('n'),
        sql<number>`COALESCE(SUM(o.coupon_off_fen), 0)`.as('off'),
        sql<number>`COALESCE(SUM(o.tol_cost_fen), 0)`.as('sales'),
      ])
      .where('u.coupon_id', '=', id)
      .where('o.pay_time', 'is not', null)
      .executeTakeFirst(),
  ])
  return {
    ...adminCoupon(r, at),
    usage: {
      claimed: Number(r.claimed),
      used: Number(r.used),
      unusedExpired: Number(expired?.n ?? 0),
      ordersPaid: Number(paid?.n ?? 0),
      offTotal: fenToYuan(Number(paid?.off ?? 0)),
      salesTotal: fenToYuan(Number(paid?.sales ?? 0)),
    },
  }
}

/** The categories or products a coupon names must exist (a category of the product dictionary, a shown product). */
async function checkScope(t: Db, v: Pick<CouponInput, 'scope' | 'scopeIds'>): Promise<void> {
  if (v.scope === 'all') return
  const found =
    v.scope === 'category'
      ? await t
          .selectFrom('classifies')
          .select('id')
          .where('ckey', '=', ClassifyKey.productClass)
          .where('id', 'in', v.scopeIds)
          .execute()
      : await t
          .selectFrom('product_spus')
          .select('id')
          .where('is_show', '=', 1)
          .where('id', 'in', v.scopeIds)
          .execute()
  if (found.length !== v.scopeIds.length)
    throw refuse(v.scope === 'category' ? SCOPE_CLASS_NOT_FOUND : SCOPE_PRODUCT_NOT_FOUND)
}

const couponColumns = (v: CouponInput) => ({
  title: v.title,
  kind: v.kind,
  threshold_fen: v.thresholdFen,
  amount_fen: v.amountFen,
  rate_tenths: v.rateTenths,
  cap_fen: v.capFen,
  scope: v.scope,
  scope_ids: v.scopeIds.join(','),
  include_courses: v.includeCourses ? 1 : 0,
  stacks_with_promotion: v.stacksWithPromotion ? 1 : 0,
  total_limit: v.totalLimit,
  per_user_limit: v.perUserLimit,
  start_time: v.startTime,
  end_time: v.endTime,
})

/** What an audit row keeps of a coupon: the figures as the form shows them. */
const couponFacts = (r: CouponRow) => {
  const w = couponWire(r)
  return {
    title: w.title,
    rule: w.ruleText,
    scope: w.scope,
    scopeIds: w.scopeIds,
    includeCourses: w.includeCourses,
    stacksWithPromotion: w.stacksWithPromotion,
    totalLimit: Number(r.total_limit),
    perUserLimit: w.perUserLimit,
    startTime: w.startTime,
    endTime: w.endTime,
    isShow: Number(r.is_show) === 1,
  }
}

/** Once claimed, what a holder was promised stays: only these may differ from the stored row. */
function checkLocked(before: CouponRow, v: CouponInput): void {
  const now_ = couponColumns(v)
  const kept = (
    ['kind', 'threshold_fen', 'amount_fen', 'rate_tenths', 'cap_fen', 'scope', 'scope_ids'] as const
  ).every((k) => String(before[k]) === String(now_[k]))
  const same =
    kept &&
    Number(before.include_courses) === now_.include_courses &&
    Number(before.per_user_limit) === now_.per_user_limit &&
    before.start_time === now_.start_time &&
    now_.end_time >= before.end_time
  if (!same) throw refuse(COUPON_LOCKED, 409)
  const claimed = Number(before.claimed)
  if (v.totalLimit < claimed) throw refuse(`发放总量不能少于已领取的${claimed}张`, 409)
}

/**
 * Coupons for the shared write (offer-writes.ts): createOffer(db, COUPON, actor, checked, now)
 * makes one shown and claimable from its start; editOffer, before anyone claimed it, changes
 * every field, and after only the title, a later end, a total not below what was claimed, and
 * whether it is shown — what a holder was promised stays (COUPON_LOCKED otherwise), the claims
 * waiting on the row meanwhile; stopOffer takes it off the lists and the claims (claimed ones stay
 * usable until their end).
 */
export const COUPON: OfferKind<CouponRow, CouponInput & { isShow?: boolean | undefined }, AdminCoupon> = {
  table: 'coupons',
  name: 'coupon',
  notFound: COUPON_NOT_FOUND,
  stopped: COUPON_STOPPED,
  row: couponRow,
  columns: couponColumns,
  check: checkScope,
  checkEdit: async (t, before, v) => (Number(before.claimed) > 0 ? checkLocked(before, v) : checkScope(t, v)),
  pages: async (t, rows) => (await Promise.all(rows.map((r) => couponPages(t, r)))).flat(),
  facts: couponFacts,
  wire: adminCoupon,
  // A write that changes nothing, for its row lock: a claim committed meanwhile is then seen.
  hold: async (t, id) =>
    (
      await t
        .updateTable('coupons')
        .set((eb) => ({ claimed: eb.ref('claimed') }))
        .where('id', '=', id)
        .executeTakeFirst()
    ).numUpdatedRows !== 0n,
}

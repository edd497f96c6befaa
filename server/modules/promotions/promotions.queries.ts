/**
 * Reads of the selling tools (issue 24): rows in the shapes of src/lib/rules/pricing.ts (what the
 * order's pricing needs: promotions in dates, templates, a coupon's rule) and in the wire's.
 * One mapping from each table, here.
 */
import { type Selectable, sql } from 'kysely'
import { splitList } from '../../../src/lib/format.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import {
  type CouponRule,
  couponRuleText,
  couponScopeText,
  type Promotion as PricingPromotion,
  type ShippingTemplate as PricingTemplate,
  shippingLabel,
} from '../../../src/lib/rules/pricing.ts'
import { FREE_SHIPPING_TAG, withFreeShipping } from '../../../src/lib/rules/product.ts'
import type { Db } from '../../db/index.ts'
import type { PromotionsTable } from '../../db/schema.ts'
import type { Paged } from '../../db/sql.ts'
import { couponRule } from './coupon-rule.ts'
import type { Coupon, MyCoupon, Promotion, ShippingTemplate } from './promotions.routes.ts'

// --- shipping templates ---------------------------------------------------------------------

export interface Templates {
  /** The template of products whose shipping_template_id is NULL. */
  defaultId: number | null
  list: PricingTemplate[]
}

const ratesOf = (json: string): PricingTemplate['rates'] => {
  try {
    const v: unknown = JSON.parse(json)
    return Array.isArray(v)
      ? v.filter(
          (r): r is { province: string; feeFen: number } =>
            typeof r?.province === 'string' && Number.isInteger(r?.feeFen),
        )
      : []
  } catch {
    return []
  }
}

/** The templates not removed and which is the default: a handful of rows, read per call. */
export async function loadTemplates(db: Db): Promise<Templates> {
  const rows = await db
    .selectFrom('shipping_templates')
    .select(['id', 'name', 'free_above_fen', 'base_fen', 'rates', 'is_default'])
    .where('removed_time', 'is', null)
    .orderBy('id')
    .execute()
  return {
    defaultId: rows.find((r) => Number(r.is_default) === 1)?.id ?? null,
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      freeAboveFen: Number(r.free_above_fen),
      baseFen: Number(r.base_fen),
      rates: ratesOf(r.rates),
    })),
  }
}

/** The template a product ships by: its own, or the default. */
export const templateOf = (t: Templates, templateId: number | null) =>
  t.list.find((x) => x.id === (templateId ?? t.defaultId))

/** labelOf(templates, null) → '包邮' when the default is free: what a product page and card show. */
export const labelOf = (t: Templates, templateId: number | null) => shippingLabel(templateOf(t, templateId))

/**
 * A product's tags with 包邮 as its template says (issue 24: the tag follows the rule, so the
 * listing's 包邮 filter keeps finding free products): freeTag('新品', '包邮') → '新品,包邮'.
 */
export const freeTag = (tag: string, label: string | null) =>
  withFreeShipping(splitList(tag), label === FREE_SHIPPING_TAG).join(',')

export const templateWire = (t: PricingTemplate): ShippingTemplate => ({
  id: t.id,
  name: t.name,
  freeAbove: fenToYuan(t.freeAboveFen),
  base: fenToYuan(t.baseFen),
  rates: t.rates.map((r) => ({ province: r.province, fee: fenToYuan(r.feeFen) })),
  label: shippingLabel(t),
})

// --- promotions ------------------------------------------------------------------------------

const PROMOTION_COLUMNS = [
  'id',
  'title',
  'class_id',
  'threshold_fen',
  'off_fen',
  'start_time',
  'end_time',
] as const

type PromotionRow = Pick<Selectable<PromotionsTable>, (typeof PROMOTION_COLUMNS)[number]>

export const pricingPromotion = (r: PromotionRow): PricingPromotion => ({
  id: r.id,
  title: r.title,
  classId: r.class_id,
  thresholdFen: Number(r.threshold_fen),
  offFen: Number(r.off_fen),
  startTime: r.start_time,
  endTime: r.end_time,
})

export const promotionWire = (r: PromotionRow): Promotion => ({
  id: r.id,
  title: r.title,
  classId: r.class_id,
  threshold: fenToYuan(Number(r.threshold_fen)),
  off: fenToYuan(Number(r.off_fen)),
  startTime: r.start_time,
  endTime: r.end_time,
})

/** The shown promotions in their dates at `at` (a stored time), lowest threshold first. */
export const livePromotionRows = (db: Db, at: string) =>
  db
    .selectFrom('promotions')
    .select(PROMOTION_COLUMNS)
    .where('is_show', '=', 1)
    .where('start_time', '<=', at)
    .where('end_time', '>=', at)
    .orderBy('threshold_fen')
    .orderBy('id')
    .execute()

/** livePromotions(db, at) → the promotions priceOrder weighs for an order placed at `at`. */
export const livePromotions = async (db: Db, at: string) =>
  (await livePromotionRows(db, at)).map(pricingPromotion)

// --- coupons ---------------------------------------------------------------------------------

export const COUPON_COLUMNS = [
  'c.id',
  'c.title',
  'c.kind',
  'c.threshold_fen',
  'c.amount_fen',
  'c.rate_tenths',
  'c.cap_fen',
  'c.scope',
  'c.scope_ids',
  'c.include_courses',
  'c.stacks_with_promotion',
  'c.total_limit',
  'c.per_user_limit',
  'c.claimed',
  // Counted, not kept (migration 26): a counter every order with the coupon updated was one row they all queued on.
  sql<number>`(SELECT COUNT(*) FROM user_coupons uc WHERE uc.coupon_id = c.id AND uc.status = 10)`.as('used'),
  'c.start_time',
  'c.end_time',
  'c.is_show',
  'c.create_time',
] as const

export interface CouponRow {
  id: number
  title: string
  kind: string
  threshold_fen: number
  amount_fen: number
  rate_tenths: number
  cap_fen: number
  scope: string
  scope_ids: string
  include_courses: number
  stacks_with_promotion: number
  total_limit: number
  per_user_limit: number
  claimed: number
  used: number
  start_time: string
  end_time: string
  is_show: number
  create_time: string
}

/**
 * The rule priceOrder applies, from a coupon's row (the one mapping, orders/order-pricing.ts);
 * `id` is the customer's user_coupons.id at checkout, the coupon's own where nobody holds it yet.
 */
export const couponRuleOf = (r: CouponRow, id = r.id): CouponRule => couponRule(r, id)

export function couponWire(r: CouponRow): Coupon {
  const rule = couponRuleOf(r)
  return {
    id: r.id,
    title: r.title,
    kind: rule.kind,
    threshold: fenToYuan(rule.thresholdFen),
    amount: fenToYuan(rule.amountFen),
    rate: rule.rateTenths / 10,
    cap: fenToYuan(rule.capFen),
    scope: rule.scope,
    scopeIds: rule.scopeIds,
    includeCourses: rule.includeCourses,
    stacksWithPromotion: rule.stacksWithPromotion,
    startTime: r.start_time,
    endTime: r.end_time,
    left: Math.max(0, Number(r.total_limit) - Number(r.claimed)),
    perUserLimit: Number(r.per_user_limit),
    ruleText: couponRuleText(rule),
    scopeText: couponScopeText(rule),
  }
}

/**
 * What a coupon takes off at most, to list the biggest first: its amount, a rate coupon's cap,
 * or (no cap) what its rate takes from its threshold.
 */
export const faceOffFen = (c: CouponRule) =>
  c.kind === 'amount'
    ? c.amountFen
    : c.capFen > 0
      ? c.capFen
      : Math.round((c.thresholdFen * (100 - c.rateTenths)) / 100)

/**
 * The coupons one can claim at `at`: shown, in their dates, not all claimed; for a product
 * (its id and category) or an article (courses) when given. Biggest reduction first. For a
 * signed-in `userId` each says how many of it they hold (`mine`, used ones too), so a coupon
 * whose share they have says 已领取 before they try.
 */
export async function claimableCoupons(
  db: Db,
  at: string,
  target: { spu?: { id: number; classId: number | null }; article?: boolean } = {},
  userId?: number,
): Promise<Coupon[]> {
  const rows = await db
    .selectFrom('coupons as c')
    .select(COUPON_COLUMNS)
    .where('c.is_show', '=', 1)
    .where('c.start_time', '<=', at)
    .where('c.end_time', '>=', at)
    .where((eb) => eb('c.claimed', '<', eb.ref('c.total_limit')))
    .execute()
  const fits = (r: CouponRow) => {
    const rule = couponRuleOf(r)
    if (target.article) return rule.includeCourses
    const spu = target.spu
    if (!spu) return true
    if (rule.scope === 'all') return true
    if (rule.scope === 'products') return rule.scopeIds.includes(spu.id)
    return spu.classId !== null && rule.scopeIds.includes(spu.classId)
  }
  const offered = rows.filter(fits)
  const held =
    userId === undefined || offered.length === 0
      ? undefined
      : new Map(
          (
            await db
              .selectFrom('user_coupons')
              .select(['coupon_id', (e) => e.fn.countAll<number>().as('n')])
              .where('user_id', '=', userId)
              .where(
                'coupon_id',
                'in',
                offered.map((r) => r.id),
              )
              .groupBy('coupon_id')
              .execute()
          ).map((h) => [h.coupon_id, Number(h.n)]),
        )
  return offered
    .map((r) => ({ r, off: faceOffFen(couponRuleOf(r)) }))
    .sort((a, b) => b.off - a.off || a.r.id - b.r.id)
    .map(({ r }) => (held ? { ...couponWire(r), mine: held.get(r.id) ?? 0 } : couponWire(r)))
}

export const MY_COUPON_STATUS = { usable: 0, used: 1, expired: 2 } as const
const STATUS_TEXT = ['可用', '已使用', '已过期'] as const

/** A claimed coupon's status on the wire: 1 once used; unused, 2 after its end, else 0. */
const myStatus = (used: boolean, endTime: string, at: string): 0 | 1 | 2 => (used ? 1 : endTime < at ? 2 : 0)

/**
 * myCoupons(db, userId, 0, at, page): 我的优惠券 of one tab — 0 可用 (soonest to end first), 1 已使用
 * (latest used first), 2 已过期 (latest ended first).
 */
export async function myCoupons(
  db: Db,
  userId: number,
  status: 0 | 1 | 2,
  at: string,
  page: { pageIndex: number; pageSize: number },
): Promise<Paged<MyCoupon>> {
  let base = db
    .selectFrom('user_coupons as u')
    .innerJoin('coupons as c', 'c.id', 'u.coupon_id')
    .where('u.user_id', '=', userId)
  if (status === 1) base = base.where('u.status', '=', 10)
  else base = base.where('u.status', '=', 0).where('c.end_time', status === 0 ? '>=' : '<', at)
  let rows = base
    .leftJoin('orders as o', 'o.id', 'u.order_id')
    .select([...COUPON_COLUMNS, 'u.id as uid', 'u.status as ustatus', 'u.claim_time', 'u.use_time', 'o.code'])
  rows =
    status === 0
      ? rows.orderBy('c.end_time', 'asc').orderBy('u.id', 'desc')
      : status === 1
        ? rows.orderBy('u.use_time', 'desc').orderBy('u.id', 'desc')
        : rows.orderBy('c.end_time', 'desc').orderBy('u.id', 'desc')
  const [count, list] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    rows
      .limit(page.pageSize)
      .offset(page.pageIndex * page.pageSize)
      .execute(),
  ])
  return {
    pageData: list.map((r) => {
      const s = myStatus(Number(r.ustatus) === 10, r.end_time, at)
      return {
        ...couponWire(r),
        id: r.uid,
        userCouponId: r.uid,
        couponId: r.id,
        status: s,
        statusText: STATUS_TEXT[s],
        claimTime: r.claim_time,
        useTime: r.use_time,
        orderCode: r.code ?? null,
      }
    }),
    pageIndex: page.pageIndex,
    pageSize: page.pageSize,
    pageTotal: Number(count?.n ?? 0),
  }
}

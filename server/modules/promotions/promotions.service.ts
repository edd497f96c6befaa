/**
 * The writes of the selling tools (issue 24): a customer claiming a coupon, and marketing's
 * coupons, 满减 promotions and shipping templates (permission promotions.write). Each is one
 * transaction holding the write, the change marks (`offers` for the read cache; the product
 * pages a 满减 or a template shows on) and, for staff, the audit row. They take (db, actor, …, now)
 * so a script can call them as the back office does.
 */
import { sql } from 'kysely'
import { ClassifyKey, LISTED } from '../../../src/lib/constants.ts'
import { fenToYuan } from '../../../src/lib/money.ts'
import {
  type CouponInput,
  hasShare,
  type PromotionInput,
  type TemplateInput,
} from '../../../src/lib/rules/promotion.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import { type ChangeTag, markChanged } from '../../changes.ts'
import type { Db } from '../../db/index.ts'
import { likeContains, type Paged } from '../../db/sql.ts'
import { refuse } from '../../http.ts'
import { PARTIAL_MAX_ITEMS } from '../../site-builder.ts'
import { dbTime } from '../../time.ts'
import {
  COUPON_COLUMNS,
  type CouponRow,
  couponWire,
  freeTag,
  labelOf,
  loadTemplates,
  promotionWire,
  type Templates,
  templateWire,
} from './promotions.queries.ts'
import type { Coupon, Promotion, ShippingTemplate } from './promotions.routes.ts'

export const COUPON_NOT_FOUND = '优惠券不存在'
export const COUPON_NOT_STARTED = '活动未开始'
export const COUPON_EXPIRED = '优惠券已过期'
export const COUPON_GONE = '优惠券已领完'
export const perUserRefusal = (n: number) => `每人限领${n}张`
export const COUPON_LOCKED = '已有用户领取，只能修改名称、结束时间、发放总量和状态'
export const COUPON_STOPPED = '优惠券已停用'
export const PROMOTION_NOT_FOUND = '满减活动不存在'
export const PROMOTION_STOPPED = '满减活动已停用'
export const TEMPLATE_NOT_FOUND = '运费模板不存在'
export const TEMPLATE_IN_USE = '运费模板正在使用，不能删除'
export const CLASS_NOT_FOUND = '商品分类不存在'
export const SCOPE_CLASS_NOT_FOUND = '适用的分类不存在'
export const SCOPE_PRODUCT_NOT_FOUND = '适用的商品不存在'
export const PROVINCE_NOT_FOUND = (p: string) => `没有“${p}”这个省份`

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

// --- what a write marks ----------------------------------------------------------------------

/**
 * The pages of the listed products of one category (or all, classId null): each product:<id>,
 * or `all` past the partial build's size (a full build then does the same for less).
 */
async function productPages(t: Db, classIds: (number | null)[]): Promise<ChangeTag[]> {
  if (!classIds.length) return []
  let q = t.selectFrom('product_spus').select('id').where('ext', '=', LISTED).where('is_show', '=', 1)
  if (!classIds.includes(null)) q = q.where('class_id', 'in', classIds as number[])
  const rows = await q.execute()
  return rows.length > PARTIAL_MAX_ITEMS ? ['all'] : rows.map((r) => `product:${r.id}` as const)
}

/**
 * The pages that show a coupon (the product pages bake the coupons that take them in): each
 * listed product of its scope — every one for 全场, `all` past the partial build's size.
 */
async function couponPages(t: Db, c: { scope: string; scope_ids: string }): Promise<ChangeTag[]> {
  const ids = c.scope_ids
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
  if (c.scope === 'all') return productPages(t, [null])
  if (c.scope === 'category') return productPages(t, ids)
  if (!ids.length) return []
  const rows = await t
    .selectFrom('product_spus')
    .select('id')
    .where('id', 'in', ids)
    .where('ext', '=', LISTED)
    .where('is_show', '=', 1)
    .execute()
  return rows.map((r) => `product:${r.id}` as const)
}

/**
 * After a template change: each shown product that ships by one of `templateIds` (null: by the
 * default) gets its 包邮 tag from the rule again, and the pages that show it are marked.
 */
async function rederiveShipping(
  t: Db,
  templates: Templates,
  templateIds: (number | null)[],
): Promise<ChangeTag[]> {
  const ids = templateIds.filter((x): x is number => x !== null)
  const rows = await t
    .selectFrom('product_spus')
    .select(['id', 'tag', 'ext', 'shipping_template_id'])
    .where('is_show', '=', 1)
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb('shipping_template_id', 'in', ids)] : []),
        ...(templateIds.includes(null) ? [eb('shipping_template_id', 'is', null)] : []),
      ]),
    )
    .execute()
  for (const r of rows) {
    const tag = freeTag(r.tag, labelOf(templates, r.shipping_template_id))
    if (tag !== r.tag) await t.updateTable('product_spus').set({ tag }).where('id', '=', r.id).execute()
  }
  const listed = rows.filter((r) => r.ext === LISTED)
  if (!listed.length) return []
  if (listed.length > PARTIAL_MAX_ITEMS) return ['all']
  return [...listed.map((r) => `product:${r.id}` as const), 'list:product', 'home']
}

// --- coupons (back office) -------------------------------------------------------------------

export type CouponState = '未开始' | '进行中' | '已结束' | '已停用'
export const COUPON_STATE_FILTERS = {
  upcoming: '未开始',
  live: '进行中',
  ended: '已结束',
  stopped: '已停用',
} as const
export type StateFilter = keyof typeof COUPON_STATE_FILTERS

export const stateAt = (
  r: { is_show: number; start_time: string; end_time: string },
  at: string,
): CouponState =>
  Number(r.is_show) !== 1 ? '已停用' : at < r.start_time ? '未开始' : at > r.end_time ? '已结束' : '进行中'

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

/** The rows of one state at `at`, for the list's filter (shared by coupons and promotions). */
function inState<Q extends { where: (...a: never[]) => Q }>(
  q: Q,
  state: StateFilter | undefined,
  at: string,
): Q {
  // biome-ignore lint/suspicious/noExplicitAny: one filter for two tables' builders, both with these columns
  const w = q as any
  if (state === 'stopped') return w.where('is_show', '=', 0)
  if (state === 'upcoming') return w.where('is_show', '=', 1).where('start_time', '>', at)
  if (state === 'ended') return w.where('is_show', '=', 1).where('end_time', '<', at)
  if (state === 'live')
    return w.where('is_show', '=', 1).where('start_time', '<=', at).where('end_time', '>=', at)
  return q
}

/** searchCoupons(db, { state: 'live', q: '满300', pageIndex: 0, pageSize: 20 }, at): newest first. */
export async function searchCoupons(
  db: Db,
  s: { state?: StateFilter | undefined; q?: string | undefined; pageIndex: number; pageSize: number },
  at: string,
): Promise<Paged<AdminCoupon>> {
  let base = inState(db.selectFrom('coupons as c'), s.state, at)
  if (s.q) base = base.where(sql<boolean>`c.title LIKE ${likeContains(s.q)} ESCAPE '\\'`)
  const [count, rows] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    base
      .select(COUPON_COLUMNS)
      .orderBy('c.id', 'desc')
      .limit(s.pageSize)
      .offset(s.pageIndex * s.pageSize)
      .execute(),
  ])
  return {
    pageData: rows.map((r) => adminCoupon(r, at)),
    pageIndex: s.pageIndex,
    pageSize: s.pageSize,
    pageTotal: Number(count?.n ?? 0),
  }
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
    totalLimit: Number(r.total_limit),
    perUserLimit: w.perUserLimit,
    startTime: w.startTime,
    endTime: w.endTime,
    isShow: Number(r.is_show) === 1,
  }
}

/** createCoupon(db, actor, checked, now): a new coupon, shown, claimable from its start. */
/** A new coupon or promotion that has ended before it is made would never be seen: refused. */
export const ENDED_ALREADY = '结束时间须晚于当前时间'

export async function createCoupon(db: Db, actor: Actor, v: CouponInput, now: Date): Promise<AdminCoupon> {
  const at = dbTime(now)
  if (v.endTime <= at) throw refuse(ENDED_ALREADY)
  const row = await db.transaction().execute(async (t) => {
    await checkScope(t, v)
    const { id } = await t
      .insertInto('coupons')
      .values({ ...couponColumns(v), is_show: 1, create_time: at })
      .returning('id')
      .executeTakeFirstOrThrow()
    const r = (await couponRow(t, id)) as CouponRow
    await markChanged(t, ['offers', ...(await couponPages(t, r))], at)
    await audit(t, actor, now, { action: 'coupon.create', target: `coupon:${id}`, after: couponFacts(r) })
    return r
  })
  return adminCoupon(row, at)
}

/**
 * editCoupon(db, actor, 3, checked, now): before anyone claimed it, every field; after, only the
 * title, a later end, a total not below what was claimed, and whether it is shown — what a
 * holder was promised stays (COUPON_LOCKED otherwise). The claims wait on the row meanwhile.
 */
export async function editCoupon(
  db: Db,
  actor: Actor,
  id: number,
  v: CouponInput & { isShow?: boolean | undefined },
  now: Date,
): Promise<AdminCoupon> {
  const at = dbTime(now)
  const row = await db.transaction().execute(async (t) => {
    // A write that changes nothing, for its row lock: a claim committed meanwhile is then seen.
    const held = await t
      .updateTable('coupons')
      .set((eb) => ({ claimed: eb.ref('claimed') }))
      .where('id', '=', id)
      .executeTakeFirst()
    const before = held.numUpdatedRows === 0n ? undefined : await couponRow(t, id)
    if (!before) throw refuse(COUPON_NOT_FOUND, 404)
    const claimed = Number(before.claimed)
    if (claimed > 0) {
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
      if (v.totalLimit < claimed) throw refuse(`发放总量不能少于已领取的${claimed}张`, 409)
    } else await checkScope(t, v)
    await t
      .updateTable('coupons')
      .set({ ...couponColumns(v), ...(v.isShow === undefined ? {} : { is_show: v.isShow ? 1 : 0 }) })
      .where('id', '=', id)
      .execute()
    const after = (await couponRow(t, id)) as CouponRow
    await markChanged(t, ['offers', ...(await couponPages(t, before)), ...(await couponPages(t, after))], at)
    await audit(t, actor, now, {
      action: 'coupon.edit',
      target: `coupon:${id}`,
      before: couponFacts(before),
      after: couponFacts(after),
    })
    return after
  })
  return adminCoupon(row, at)
}

/** stopCoupon(db, actor, 3, now): no longer listed or claimable; claimed ones stay usable until their end. */
export async function stopCoupon(db: Db, actor: Actor, id: number, now: Date): Promise<AdminCoupon> {
  const at = dbTime(now)
  const row = await db.transaction().execute(async (t) => {
    const stopped = await t
      .updateTable('coupons')
      .set({ is_show: 0 })
      .where('id', '=', id)
      .where('is_show', '=', 1)
      .executeTakeFirst()
    const r = await couponRow(t, id)
    if (!r) throw refuse(COUPON_NOT_FOUND, 404)
    if (stopped.numUpdatedRows === 0n) throw refuse(COUPON_STOPPED, 409)
    await markChanged(t, ['offers', ...(await couponPages(t, r))], at)
    await audit(t, actor, now, {
      action: 'coupon.stop',
      target: `coupon:${id}`,
      before: { isShow: true },
      after: { isShow: false },
    })
    return r
  })
  return adminCoupon(row, at)
}

// --- promotions (back office) ----------------------------------------------------------------

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

const promotionFacts = (r: PromotionFull) => ({ ...promotionWire(r), isShow: Number(r.is_show) === 1 })

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
  const found = await t
    .selectFrom('classifies')
    .select('id')
    .where('ckey', '=', ClassifyKey.productClass)
    .where('id', '=', classId)
    .executeTakeFirst()
  if (!found) throw refuse(CLASS_NOT_FOUND)
}

/** createPromotion(db, actor, checked, now): a 满减, store-wide or for one category; its products' pages are rebuilt. */
export async function createPromotion(
  db: Db,
  actor: Actor,
  v: PromotionInput,
  now: Date,
): Promise<AdminPromotion> {
  const at = dbTime(now)
  if (v.endTime <= at) throw refuse(ENDED_ALREADY)
  const row = await db.transaction().execute(async (t) => {
    await checkClass(t, v.classId)
    const { id } = await t
      .insertInto('promotions')
      .values({
        title: v.title,
        class_id: v.classId,
        threshold_fen: v.thresholdFen,
        off_fen: v.offFen,
        start_time: v.startTime,
        end_time: v.endTime,
        is_show: 1,
        create_time: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const r = (await promotionRow(t, id)) as PromotionFull
    await markChanged(t, ['offers', ...(await productPages(t, [v.classId]))], at)
    await audit(t, actor, now, {
      action: 'promotion.create',
      target: `promotion:${id}`,
      after: promotionFacts(r),
    })
    return r
  })
  return adminPromotion(row, at)
}

/** editPromotion(db, actor, 2, checked, now): every field (nothing was promised to anyone); both categories' pages are rebuilt. */
export async function editPromotion(
  db: Db,
  actor: Actor,
  id: number,
  v: PromotionInput & { isShow?: boolean | undefined },
  now: Date,
): Promise<AdminPromotion> {
  const at = dbTime(now)
  const row = await db.transaction().execute(async (t) => {
    const before = await promotionRow(t, id)
    if (!before) throw refuse(PROMOTION_NOT_FOUND, 404)
    await checkClass(t, v.classId)
    await t
      .updateTable('promotions')
      .set({
        title: v.title,
        class_id: v.classId,
        threshold_fen: v.thresholdFen,
        off_fen: v.offFen,
        start_time: v.startTime,
        end_time: v.endTime,
        ...(v.isShow === undefined ? {} : { is_show: v.isShow ? 1 : 0 }),
      })
      .where('id', '=', id)
      .execute()
    const after = (await promotionRow(t, id)) as PromotionFull
    await markChanged(t, ['offers', ...(await productPages(t, [before.class_id, v.classId]))], at)
    await audit(t, actor, now, {
      action: 'promotion.edit',
      target: `promotion:${id}`,
      before: promotionFacts(before),
      after: promotionFacts(after),
    })
    return after
  })
  return adminPromotion(row, at)
}

/** stopPromotion(db, actor, 2, now): off at once, on the product pages and in the orders placed from now. */
export async function stopPromotion(db: Db, actor: Actor, id: number, now: Date): Promise<AdminPromotion> {
  const at = dbTime(now)
  const row = await db.transaction().execute(async (t) => {
    const stopped = await t
      .updateTable('promotions')
      .set({ is_show: 0 })
      .where('id', '=', id)
      .where('is_show', '=', 1)
      .executeTakeFirst()
    const r = await promotionRow(t, id)
    if (!r) throw refuse(PROMOTION_NOT_FOUND, 404)
    if (stopped.numUpdatedRows === 0n) throw refuse(PROMOTION_STOPPED, 409)
    await markChanged(t, ['offers', ...(await productPages(t, [r.class_id]))], at)
    await audit(t, actor, now, {
      action: 'promotion.stop',
      target: `promotion:${id}`,
      before: { isShow: true },
      after: { isShow: false },
    })
    return r
  })
  return adminPromotion(row, at)
}

// --- shipping templates (back office) --------------------------------------------------------

export interface AdminTemplate extends ShippingTemplate {
  /** Shown products that ship by it (those without one of their own count for the default). */
  products: number
  isDefault: boolean
}

/** The templates with how many products use each; the default's count includes products without a template. */
export async function adminTemplates(
  db: Db,
): Promise<{ defaultId: number | null; templates: AdminTemplate[] }> {
  const [templates, counts] = await Promise.all([
    loadTemplates(db),
    db
      .selectFrom('product_spus')
      .select(['shipping_template_id as tid', sql<number>`COUNT(*)`.as('n')])
      .where('is_show', '=', 1)
      .groupBy('shipping_template_id')
      .execute(),
  ])
  const countOf = (id: number | null) => Number(counts.find((c) => c.tid === id)?.n ?? 0)
  return {
    defaultId: templates.defaultId,
    templates: templates.list.map((t) => ({
      ...templateWire(t),
      products: countOf(t.id) + (t.id === templates.defaultId ? countOf(null) : 0),
      isDefault: t.id === templates.defaultId,
    })),
  }
}

/** Province names must be the region picker's (the receiver's province is matched against them). */
async function checkProvinces(t: Db, v: TemplateInput): Promise<void> {
  if (!v.rates.length) return
  const names = v.rates.map((r) => r.province)
  const found = await t
    .selectFrom('regions')
    .select('name')
    .where('name', 'in', names)
    .where('parent_code', 'is', null)
    .execute()
  const known = new Set(found.map((r) => r.name))
  const missing = names.find((n) => !known.has(n))
  if (missing) throw refuse(PROVINCE_NOT_FOUND(missing))
}

const templateColumns = (v: TemplateInput) => ({
  name: v.name,
  free_above_fen: v.freeAboveFen,
  base_fen: v.baseFen,
  rates: JSON.stringify(v.rates),
})

async function oneTemplate(t: Db, id: number): Promise<AdminTemplate> {
  const all = await adminTemplates(t)
  const found = all.templates.find((x) => x.id === id)
  if (!found) throw refuse(TEMPLATE_NOT_FOUND, 404)
  return found
}

const templateFacts = (x: ShippingTemplate) => ({
  name: x.name,
  freeAbove: x.freeAbove,
  base: x.base,
  rates: x.rates,
})

/** createTemplate(db, actor, checked, now): a new template; no product uses it until assigned. */
export async function createTemplate(
  db: Db,
  actor: Actor,
  v: TemplateInput,
  now: Date,
): Promise<AdminTemplate> {
  return db.transaction().execute(async (t) => {
    await checkProvinces(t, v)
    const { id } = await t
      .insertInto('shipping_templates')
      .values({ ...templateColumns(v), is_default: 0, create_time: dbTime(now) })
      .returning('id')
      .executeTakeFirstOrThrow()
    const made = await oneTemplate(t, id)
    await markChanged(t, ['offers'], dbTime(now))
    await audit(t, actor, now, {
      action: 'shipping.create',
      target: `shipping-template:${id}`,
      after: templateFacts(made),
    })
    return made
  })
}

/**
 * editTemplate(db, actor, 2, checked, now): new fees; every product shipping by it gets its 包邮
 * tag and label from them again, and its pages are marked.
 */
export async function editTemplate(
  db: Db,
  actor: Actor,
  id: number,
  v: TemplateInput,
  now: Date,
): Promise<AdminTemplate> {
  return db.transaction().execute(async (t) => {
    const before = await oneTemplate(t, id)
    await checkProvinces(t, v)
    await t.updateTable('shipping_templates').set(templateColumns(v)).where('id', '=', id).execute()
    const templates = await loadTemplates(t)
    const pages = await rederiveShipping(t, templates, before.isDefault ? [id, null] : [id])
    const after = await oneTemplate(t, id)
    await markChanged(t, ['offers', ...pages], dbTime(now))
    await audit(t, actor, now, {
      action: 'shipping.edit',
      target: `shipping-template:${id}`,
      before: templateFacts(before),
      after: templateFacts(after),
    })
    return after
  })
}

/** setDefaultTemplate(db, actor, 2, now): products without a template of their own ship by this one from now. */
export async function setDefaultTemplate(
  db: Db,
  actor: Actor,
  id: number,
  now: Date,
): Promise<AdminTemplate> {
  return db.transaction().execute(async (t) => {
    const target = await oneTemplate(t, id)
    const old = (await loadTemplates(t)).defaultId
    await t.updateTable('shipping_templates').set({ is_default: 0 }).where('is_default', '=', 1).execute()
    await t.updateTable('shipping_templates').set({ is_default: 1 }).where('id', '=', id).execute()
    const pages = await rederiveShipping(t, await loadTemplates(t), [null])
    await markChanged(t, ['offers', ...pages], dbTime(now))
    await audit(t, actor, now, {
      action: 'shipping.default',
      target: `shipping-template:${id}`,
      before: { defaultId: old },
      after: { defaultId: id, name: target.name },
    })
    return oneTemplate(t, id)
  })
}

/** deleteTemplate(db, actor, 2, now): only one that is not the default and that no shown product uses. */
export async function deleteTemplate(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (t) => {
    const found = await oneTemplate(t, id)
    // Deleted products (is_show 0) may keep pointing at it: the row stays, marked removed.
    const using = await t
      .selectFrom('product_spus')
      .select('id')
      .where('shipping_template_id', '=', id)
      .where('is_show', '=', 1)
      .limit(1)
      .executeTakeFirst()
    if (found.isDefault || using) throw refuse(TEMPLATE_IN_USE, 409)
    await t
      .updateTable('shipping_templates')
      .set({ removed_time: dbTime(now) })
      .where('id', '=', id)
      .execute()
    await markChanged(t, ['offers'], dbTime(now))
    await audit(t, actor, now, {
      action: 'shipping.delete',
      target: `shipping-template:${id}`,
      before: templateFacts(found),
    })
  })
}

// --- start and end times ---------------------------------------------------------------------

/**
 * Marks what changes when a shown promotion or coupon starts or ends in (from, to]: `offers`
 * (the read-cached lists) and the pages of the products it takes in, whose 满减 and coupons were
 * baked at their build — a start or an end is a change like a save. Answers whether it marked.
 * markOfferTimes(db, lastCheck, now) → true
 */
export async function markOfferTimes(db: Db, from: Date, to: Date): Promise<boolean> {
  const [a, b] = [dbTime(from), dbTime(to)]
  // The same columns in both tables: a start or an end inside the window.
  const crossing = sql<boolean>`((start_time > ${a} AND start_time <= ${b}) OR (end_time > ${a} AND end_time <= ${b}))`
  const [promos, coupons] = await Promise.all([
    db.selectFrom('promotions').select('class_id').where('is_show', '=', 1).where(crossing).execute(),
    db
      .selectFrom('coupons')
      .select(['scope', 'scope_ids'])
      .where('is_show', '=', 1)
      .where(crossing)
      .execute(),
  ])
  if (!promos.length && !coupons.length) return false
  const pages = [
    ...(await productPages(
      db,
      promos.map((p) => p.class_id),
    )),
    ...(await Promise.all(coupons.map((c) => couponPages(db, c)))).flat(),
  ]
  await markChanged(db, ['offers', ...pages], b)
  return true
}

/** Checks markOfferTimes every `everyMs` (the builder's process); answers the stop function. */
export function startOfferClock(db: Db, now: () => Date, everyMs = 15_000, log = console.log) {
  let last = now()
  const timer = setInterval(() => {
    const at = now()
    markOfferTimes(db, last, at)
      .then((marked) => {
        if (marked) log('[site] 满减或优惠券到达开始或结束时间，已排队重建')
      })
      .catch((e: unknown) => log(`[site] 检查满减与优惠券时间失败：${e instanceof Error ? e.message : e}`))
    last = at
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

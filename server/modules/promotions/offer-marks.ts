/**
 * What a write of the selling tools marks for the site builder and the read cache: the pages of
 * the products a 满减, a coupon or a shipping template takes in, and the starts and ends of
 * 满减 and coupons, which change those pages as a save does.
 */
import { sql } from 'kysely'
import { LISTED } from '../../../src/lib/constants.ts'
import { type ChangeTag, markChanged } from '../../changes.ts'
import type { Db } from '../../db/index.ts'
import { PARTIAL_MAX_ITEMS } from '../../site-builder/plan.ts'
import { dbTime } from '../../time.ts'
import { freeTag, labelOf, type Templates } from './promotions.queries.ts'

/**
 * The pages of the listed products of one category (or all, classId null): each product:<id>,
 * or `all` past the partial build's size (a full build then does the same for less).
 */
export async function productPages(t: Db, classIds: (number | null)[]): Promise<ChangeTag[]> {
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
export async function couponPages(t: Db, c: { scope: string; scope_ids: string }): Promise<ChangeTag[]> {
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
export async function rederiveShipping(
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

// --- start and end times ----------------------------------------------------------------------

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

/**
 * Section-to-course upgrade (issue 39 part 5): a buyer who owns some sections of a course pays for
 * the whole course its member price less what they actually paid for those sections (after
 * refunds), then the coupon, never less than ¥0.01 (priceOrder's credit, src/lib/rules/pricing.ts).
 * Once the whole course is owned — bought whole, or every section free or bought — no section is
 * sold again (您已购买整套课程).
 */
import { allSectionsOpen } from '../../../src/lib/rules/course.ts'
import type { PriceLine } from '../../../src/lib/rules/pricing.ts'
import type { Db } from '../../db/index.ts'
import { priceFor } from './order-pricing.ts'

/** The refusal of a section once its whole course is owned. */
export const WHOLE_COURSE_OWNED = '您已购买整套课程'

/**
 * What `userId` paid for the sections of course `articleId` bought one by one, in fen: each
 * section order's amount less what was refunded of its line. A section order holds that one line
 * (placeArticleOrder), so its amount is the line's. Free sections (joined without an order) count 0.
 */
export async function sectionsPaidFen(db: Db, userId: number, articleId: number): Promise<number> {
  const row = await db
    .selectFrom('purchases as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .innerJoin('order_items as i', (j) =>
      j.onRef('i.order_id', '=', 'o.id').onRef('i.section_id', '=', 'p.section_id'),
    )
    .select((e) => e.fn.sum<number | string>(e('o.tol_cost_fen', '-', e.ref('i.refunded_fen'))).as('fen'))
    .where('p.user_id', '=', userId)
    .where('p.article_id', '=', articleId)
    .where('p.section_id', 'is not', null)
    .executeTakeFirst()
  return Math.max(0, Number(row?.fen ?? 0))
}

/**
 * An article line as pricing reads it, with the credit of an upgrade: the whole of a course of
 * which the buyer paid for sections already. The quote and the order both price through here.
 */
export async function articlePriceLine(
  db: Db,
  userId: number,
  line: { article_id: number | null; section_id: number | null; price_fen: number; quantity: number },
): Promise<PriceLine> {
  const creditFen =
    line.section_id === null && line.article_id !== null
      ? await sectionsPaidFen(db, userId, line.article_id)
      : 0
  return {
    kind: 'article',
    spuId: null,
    classId: null,
    templateId: null,
    priceFen: line.price_fen,
    quantity: line.quantity,
    ...(creditFen > 0 ? { creditFen } : {}),
  }
}

/**
 * Whether `owned` (the buyer's purchases of a course: section ids, null for the whole) amounts to
 * the whole course: bought whole, or each section free or bought.
 */
export async function ownsWholeCourse(db: Db, articleId: number, owned: readonly (number | null)[]) {
  if (owned.includes(null)) return true
  const sections = await db
    .selectFrom('course_sections')
    .select(['id', 'status', 'price_fen as price'])
    .where('article_id', '=', articleId)
    .execute()
  return allSectionsOpen(sections, owned)
}

/**
 * What the whole course costs `userId` now, in fen, when they paid for some of its sections — the
 * figure 补差价购买整套课程 shows and the order will store, with the coupon the course page's
 * 立即购买 uses (the best held one) — or null when there is no upgrade (no section paid).
 */
export async function upgradePriceFen(
  db: Db,
  userId: number,
  course: { id: number; price_fen: number },
  at: Date,
): Promise<number | null> {
  const line = await articlePriceLine(db, userId, {
    article_id: course.id,
    section_id: null,
    price_fen: course.price_fen,
    quantity: 1,
  })
  if (!line.creditFen) return null
  return (await priceFor(db, userId, [line], '', -1, at, false)).breakdown.totalFen
}

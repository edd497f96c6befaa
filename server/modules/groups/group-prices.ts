/**
 * The group price (协议价, issue 40) of SKUs for one buyer at one moment: of every price list of
 * the buyer's customer groups in its dates (a NULL start or end is open), the SKU's own price or
 * its category's percentage off the list price, the lowest. pricing.ts step 2a decides whether it
 * beats the member price; this only finds it.
 */
import { payable } from '../../../src/lib/rules/pricing.ts'
import type { Db } from '../../db/index.ts'

export interface GroupPrice {
  fen: number
  /** The price list's title, which the order keeps (group_title). */
  title: string
}

/** groupPrices(db, 7, [12, 13], '2026-12-07 10:00:00') → Map { 12 → { fen: 8000, title: '合作医院价' } }. */
export async function groupPrices(
  db: Db,
  userId: number,
  skuIds: number[],
  at: string,
): Promise<Map<number, GroupPrice>> {
  const found = new Map<number, GroupPrice>()
  if (skuIds.length === 0) return found
  // Most buyers are in no group: one indexed read, and the order's hot path goes on.
  const lists = await db
    .selectFrom('price_lists as l')
    .innerJoin('customer_group_members as m', 'm.group_id', 'l.group_id')
    .select(['l.id', 'l.title'])
    .where('m.user_id', '=', userId)
    .where((e) => e.or([e('l.start_time', 'is', null), e('l.start_time', '<=', at)]))
    .where((e) => e.or([e('l.end_time', 'is', null), e('l.end_time', '>=', at)]))
    .execute()
  if (lists.length === 0) return found
  const listIds = lists.map((l) => l.id)
  const titleOf = new Map(lists.map((l) => [l.id, l.title]))
  const [own, byClass] = await Promise.all([
    db
      .selectFrom('price_list_prices')
      .select(['list_id', 'sku_id', 'price_fen'])
      .where('list_id', 'in', listIds)
      .where('sku_id', 'in', skuIds)
      .execute(),
    db
      .selectFrom('product_skus as k')
      .innerJoin('product_spus as p', 'p.id', 'k.spu_id')
      .innerJoin('price_list_categories as c', 'c.class_id', 'p.class_id')
      .select(['c.list_id', 'k.id as sku_id', 'k.price_fen', 'c.percent_off'])
      .where('c.list_id', 'in', listIds)
      .where('k.id', 'in', skuIds)
      .execute(),
  ])
  const offer = (skuId: number, fen: number, listId: number) => {
    const now = found.get(skuId)
    if (!now || fen < now.fen) found.set(skuId, { fen, title: titleOf.get(listId) ?? '' })
  }
  for (const r of own) offer(r.sku_id, Number(r.price_fen), r.list_id)
  // 15% off is payable at 85 hundredths, half up to the fen like the member discount.
  for (const r of byClass) offer(r.sku_id, payable(Number(r.price_fen), 100 - r.percent_off), r.list_id)
  return found
}

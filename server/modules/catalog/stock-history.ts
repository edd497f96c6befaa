/**
 * A SKU's stock history (issue 40): who, when and why its stock moved, newest first — the stock
 * book of staff adjustments (single, bulk and imported, with their reason and stock after), the
 * orders that took it (下单), the unpaid ones that gave it back (取消, 超时取消), and after-sales
 * that returned goods (退货退款) or refunded them (仅退款: the unshipped part goes back).
 */
import { OrderStatus } from '../../../src/lib/constants.ts'
import { AfterStatus } from '../../../src/lib/order-states.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { SKU_NOT_FOUND } from './catalog.admin.service.ts'

/** The most entries one history answers: a year of a busy SKU. */
export const STOCK_HISTORY_MAX = 500

export interface StockEntry {
  at: string
  /** The change in units; null where the record does not say (仅退款 gives back only what was unshipped). */
  delta: number | null
  /** The stock after it, where the stock book keeps it (staff adjustments). */
  stockAfter: number | null
  /** 调整, 下单, 取消, 退货, 退款. */
  kind: string
  /** The staff member's username, or 买家 (the order's nickname). */
  who: string
  why: string
  orderCode: string | null
}

export interface StockHistory {
  sku: { id: number; spuId: number; title: string; productTitle: string; stock: number }
  entries: StockEntry[]
}

const KIND_TEXT: Record<string, string> = { refund: '仅退款', return: '退货退款', exchange: '换货' }

export async function stockHistory(db: Db, skuId: number): Promise<StockHistory> {
  const sku = await db
    .selectFrom('product_skus as k')
    .innerJoin('product_spus as p', 'p.id', 'k.spu_id')
    .select(['k.id', 'k.spu_id', 'k.title', 'k.stock', 'p.title as productTitle'])
    .where('k.id', '=', skuId)
    .executeTakeFirst()
  if (!sku) throw refuse(SKU_NOT_FOUND, 404)
  const adjustments = await db
    .selectFrom('stock_adjustments')
    .select(['create_time', 'delta', 'stock_after', 'reason', 'username'])
    .where('sku_id', '=', skuId)
    .orderBy('id', 'desc')
    .limit(STOCK_HISTORY_MAX)
    .execute()
  const lines = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select([
      'i.id',
      'i.quantity',
      'o.id as orderId',
      'o.code',
      'o.status',
      'o.nick_name',
      'o.create_time',
      'o.expired_time',
      'o.pay_time',
    ])
    .where('i.sku_id', '=', skuId)
    .orderBy('o.id', 'desc')
    .limit(STOCK_HISTORY_MAX)
    .execute()
  const afterSales = lines.length
    ? await db
        .selectFrom('after_sales')
        .select(['order_id', 'kind', 'lines', 'update_time'])
        .where(
          'order_id',
          'in',
          lines.map((l) => l.orderId),
        )
        .where('status', 'in', [AfterStatus.refunded, AfterStatus.exchanged])
        .execute()
    : []
  const entries: StockEntry[] = adjustments.map((a) => ({
    at: a.create_time,
    delta: Number(a.delta),
    stockAfter: Number(a.stock_after),
    kind: '调整',
    who: a.username,
    why: a.reason,
    orderCode: null,
  }))
  for (const l of lines) {
    const who = l.nick_name || '买家'
    const quantity = Number(l.quantity)
    entries.push({
      at: l.create_time,
      delta: -quantity,
      stockAfter: null,
      kind: '下单',
      who,
      why: `订单 ${l.code}`,
      orderCode: l.code,
    })
    if (Number(l.status) === OrderStatus.cancelled && !l.pay_time)
      entries.push({
        at: l.expired_time ?? l.create_time,
        delta: quantity,
        stockAfter: null,
        kind: '取消',
        who: l.expired_time ? '系统' : who,
        why: l.expired_time ? `订单 ${l.code} 超时未付款，库存退回` : `订单 ${l.code} 取消，库存退回`,
        orderCode: l.code,
      })
    for (const a of afterSales.filter((s) => s.order_id === l.orderId)) {
      const named = JSON.parse(a.lines || '[]') as { lineId: number; quantity: number }[]
      const mine = named.length ? named.find((n) => n.lineId === Number(l.id))?.quantity : quantity
      if (!mine) continue
      entries.push({
        at: a.update_time,
        // 换货 takes the returned goods back and gives the replacement: no change.
        delta: a.kind === 'return' ? mine : a.kind === 'exchange' ? 0 : null,
        stockAfter: null,
        kind: a.kind === 'refund' ? '退款' : '退货',
        who: '售后',
        why: `订单 ${l.code} ${KIND_TEXT[a.kind] ?? a.kind} ${mine} 件`,
        orderCode: l.code,
      })
    }
  }
  entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
  return {
    sku: {
      id: Number(sku.id),
      spuId: Number(sku.spu_id),
      title: sku.title,
      productTitle: sku.productTitle,
      stock: Number(sku.stock),
    },
    entries: entries.slice(0, STOCK_HISTORY_MAX),
  }
}

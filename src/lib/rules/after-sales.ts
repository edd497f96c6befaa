/**
 * What the buyer's 退款售后 dialog and order page may offer of an order's lines (issue 38): which
 * kinds apply, how much of each line a request may cover, what the dialog sends, and the check of
 * a return waybill before PostOrdersReturn. The server decides (after-sales.ts); these only keep
 * the screens from offering what it would refuse.
 */
import { COURIERS, normalWaybill, waybillRefusal } from '../couriers.ts'
import { AFTER_KIND_CODES, type AfterKind, goodsComeBack, OPEN_AFTER_STATUSES } from '../order-states.ts'
import type { LineQty } from './refund.ts'

/** The counts of a line the buyer's order answer gives. */
export interface LineCounts {
  lineId: number
  quantity: number
  shipped: number
  refunded: number
}

/**
 * How much of a line a request of `kind` may cover: 仅退款 what is not refunded yet, 退货退款 and
 * 换货 what shipped and was not refunded (shipped − refunded, never below 0).
 * lineMax({ quantity: 2, shipped: 1, refunded: 0 }, 'return') → 1
 */
export function lineMax(l: Omit<LineCounts, 'lineId'>, kind: AfterKind): number {
  const n = goodsComeBack(kind) ? l.shipped - l.refunded : l.quantity - l.refunded
  return Math.max(0, n)
}

/** The kinds a request may be: goods come back only when something shipped and stayed. */
export function refundKinds(lines: Omit<LineCounts, 'lineId'>[]): AfterKind[] {
  const back = lines.some((l) => lineMax(l, 'return') > 0)
  return AFTER_KIND_CODES.filter((k) => back || !goodsComeBack(k))
}

/** A line's place in the dialog: chosen or not, and how many. */
export interface Pick {
  chosen: boolean
  quantity: number
}

/** Every line that may be covered, chosen at its most; a line with nothing to cover is left out. */
export function defaultPicks(lines: LineCounts[], kind: AfterKind): Record<number, Pick> {
  const picks: Record<number, Pick> = {}
  for (const l of lines) {
    const max = lineMax(l, kind)
    if (max > 0) picks[l.lineId] = { chosen: true, quantity: max }
  }
  return picks
}

/**
 * The `lines` the dialog hands to checkRefund and sends: the chosen lines with their quantities.
 * Nothing chosen reads as every line at 0, which the rule refuses (请选择售后商品), never as []
 * (which the server takes for the whole order).
 * pickedLines([{ lineId: 3 … }], { 3: { chosen: false, quantity: 1 } }) → [{ lineId: 3, quantity: 0 }]
 */
export function pickedLines(lines: LineCounts[], picks: Record<number, Pick>): LineQty[] {
  const chosen = lines
    .filter((l) => picks[l.lineId]?.chosen)
    .map((l) => ({ lineId: l.lineId, quantity: picks[l.lineId]?.quantity ?? 0 }))
  return chosen.length ? chosen : lines.map((l) => ({ lineId: l.lineId, quantity: 0 }))
}

/**
 * Whether the buyer may ask for after-sales now, as the server's applyRefund allows: a goods order
 * awaiting shipment (20, 部分发货 too) or completed (40) with no request under way (10–14). A
 * request that ended (已退款, 已换货, 已驳回) leaves the rest open to another.
 */
export const mayApplyAfterSales = (o: { status: number; afterStatus: number; kind: string }) =>
  o.kind === 'goods' && (o.status === 20 || o.status === 40) && !OPEN_AFTER_STATUSES.includes(o.afterStatus)

/** What of a line went out and came back, when any: lineCounts({ shipped: 1, refunded: 1 }) → '已发 1 / 已退 1' */
export const lineCounts = (l: { shipped: number; refunded: number }) =>
  [l.shipped > 0 && `已发 ${l.shipped}`, l.refunded > 0 && `已退 ${l.refunded}`].filter(Boolean).join(' / ')

/** The courier choice of the return form that is not one of COURIERS: the buyer types its name. */
export const OTHER_COURIER = '其他'
export const COURIER_NAMES: readonly string[] = COURIERS.map((c) => c.name)

/**
 * Why a return waybill would be refused by PostOrdersReturn, at its field, or null: a company (at
 * most 20 characters), a known company's format (waybillRefusal), any other's 6–30 letters or
 * digits. returnWaybillRefusal('顺丰速运', 'SF1') → { field: 'number', message: '顺丰运单号应为 SF 加 13 位数字' }
 */
export function returnWaybillRefusal(
  company: string,
  number: string,
): { field: 'company' | 'number'; message: string } | null {
  const c = company.trim()
  if (!c || c === OTHER_COURIER || [...c].length > 20) return { field: 'company', message: '请填写快递公司' }
  const n = normalWaybill(number)
  if (!n) return { field: 'number', message: '请填写运单号' }
  const wrong = waybillRefusal(c, n)
  if (wrong) return { field: 'number', message: wrong }
  if (!/^[0-9A-Z]{6,30}$/.test(n)) return { field: 'number', message: '请填写正确的运单号' }
  return null
}

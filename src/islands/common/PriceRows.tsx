/**
 * An order's price, line by line (issue 24), as the buyer's checkout and order detail and the back
 * office's order screen all show it: one drawing of the same stored parts.
 */
import type { ReactNode } from 'react'
import type { OrderCard } from '../../lib/api/buying.ts'
import { formatMoney } from '../../lib/format.ts'
import { discountLine } from '../../lib/rules/pricing.ts'

/** The price parts an order stores (the customer's OrderCard and the admin order alike). */
type StoredPrice = Pick<
  OrderCard,
  | 'costPrice'
  | 'memberOff'
  | 'groupOff'
  | 'groupTitle'
  | 'creditOff'
  | 'promoOff'
  | 'promoTitle'
  | 'couponOff'
  | 'couponTitle'
  | 'staffOff'
  | 'offerNote'
  | 'shipping'
  | 'tolCost'
>

/** One label/amount row of a totals block. */
export function MoneyRow({
  label,
  value,
  strong,
  note,
  line,
}: {
  label: string
  value: ReactNode
  strong?: boolean
  /** Beside the label, smaller: the promotion's or coupon's title, the 折. */
  note?: string | null
  /** data-price-line, for tests and the eye: member, promotion, coupon, shipping. */
  line?: string
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-1" data-price-line={line}>
      <dt className="min-w-0 text-slate-500">
        {label}
        {note && <span className="ml-2 break-all text-xs text-slate-500">{note}</span>}
      </dt>
      <dd className={strong ? 'price text-xl' : 'shrink-0 tabular-nums text-slate-800'}>{value}</dd>
    </div>
  )
}

/** How an amount reads: rmb(12.5) → '¥12.50', the storefront's way; the back office says '12.50 元'. */
export type Money = (yuan: number) => string
export const rmb: Money = (yuan) => `¥${formatMoney(yuan)}`

/** ¥12.50 taken off: '-¥12.50'. */
export const minus = (yuan: number, money: Money = rmb) => `-${money(yuan)}`

/** What an order's price is made of (issue 24), in the order the rule applies it. */
export interface PriceParts {
  subtotal: number
  memberOff: number
  discountText: string | null
  /** What 协议价 (a customer group's price list, issue 40) took off, and the list's title. */
  groupOff: number
  groupTitle: string
  /** The credit for sections of the course paid before (issue 39); 0 elsewhere. */
  creditOff: number
  promoOff: number
  promoTitle: string
  couponOff: number
  couponTitle: string
  /** The discount staff gave on an order they built for the buyer (代客下单, issue 40); absent or 0 elsewhere. */
  staffOff?: number
  /** Why only the 满减 or only the coupon applied (issue 39: a coupon not 可与满减同享); '' none. */
  offerNote: string
  shipping: number
  total: number
}

/** An order's price parts as it stored them (OrderCard, issue 24); `discount` (折) only on the detail. */
export function orderParts(o: StoredPrice & { discount?: number }): PriceParts {
  return {
    subtotal: o.costPrice,
    memberOff: o.memberOff,
    groupOff: o.groupOff,
    groupTitle: o.groupTitle,
    discountText: discountLine(Math.round((o.discount || 10) * 10)),
    creditOff: o.creditOff,
    promoOff: o.promoOff,
    promoTitle: o.promoTitle,
    couponOff: o.couponOff,
    couponTitle: o.couponTitle,
    staffOff: o.staffOff,
    offerNote: o.offerNote,
    shipping: o.shipping,
    total: o.tolCost,
  }
}

/**
 * The lines of an order's price, shared by the checkout (from the quote) and the order detail
 * (from what the order stored): 商品金额, 会员折扣, 协议价优惠, 已购章节抵扣, 满减, 优惠券, 运费, then the total. A line
 * that takes nothing off is left out; `coupon` replaces the coupon line (the checkout's select);
 * the offer note, when the coupon did not stack, says under it which of the two applied and why;
 * `goods` false (a course) has no 运费.
 */
export function PriceRows({
  p,
  goods,
  totalLabel,
  coupon,
  money = rmb,
}: {
  p: PriceParts
  goods: boolean
  totalLabel: string
  coupon?: ReactNode
  money?: Money
}) {
  return (
    <>
      <MoneyRow label="商品金额" value={money(p.subtotal)} line="subtotal" />
      {p.memberOff > 0 && (
        <MoneyRow label="会员折扣" note={p.discountText} value={minus(p.memberOff, money)} line="member" />
      )}
      {p.groupOff > 0 && (
        <MoneyRow label="协议价优惠" note={p.groupTitle} value={minus(p.groupOff, money)} line="group" />
      )}
      {p.creditOff > 0 && <MoneyRow label="已购章节抵扣" value={minus(p.creditOff, money)} line="credit" />}
      {p.promoOff > 0 && (
        <MoneyRow label="满减" note={p.promoTitle} value={minus(p.promoOff, money)} line="promotion" />
      )}
      {coupon ??
        (p.couponOff > 0 && (
          <MoneyRow label="优惠券" note={p.couponTitle} value={minus(p.couponOff, money)} line="coupon" />
        ))}
      {p.offerNote && (
        <div className="py-1 text-right text-xs text-accent-600" data-price-line="offer-note">
          <dt className="sr-only">优惠说明</dt>
          <dd>{p.offerNote}</dd>
        </div>
      )}
      {(p.staffOff ?? 0) > 0 && (
        <MoneyRow label="专属折扣" value={minus(p.staffOff ?? 0, money)} line="staff" />
      )}
      {goods && <MoneyRow label="运费" value={p.shipping > 0 ? money(p.shipping) : '包邮'} line="shipping" />}
      <MoneyRow label={totalLabel} value={money(p.total)} strong line="total" />
    </>
  )
}

import type { ReactNode } from 'react'
import type { Coupon } from '../lib/api/types.ts'
import { shortYuan } from '../lib/view/offers.ts'

/** The big figure of a ticket: ¥30 for 满减, 9折 for a rate. */
export const couponFigure = (c: Pick<Coupon, 'kind' | 'amount' | 'rate'>) =>
  c.kind === 'rate' ? `${shortYuan(c.rate)}折` : `¥${shortYuan(c.amount)}`

/** '2026-11-26 09:30:00' → '2026.11.26' */
const day = (t: string) => t.slice(0, 10).replaceAll('-', '.')

/**
 * A coupon drawn as a ticket (issue 24): the figure on the left stub, rule, title, scope and
 * dates on the right, and `action` (领取, 去使用, a state) at the end. `compact`: the one-line
 * chip of the product page's 领券 row. `dim`: used or expired.
 */
export function CouponTicket({
  c,
  action,
  compact = false,
  dim = false,
}: {
  c: Coupon
  action?: ReactNode
  compact?: boolean
  dim?: boolean
}) {
  if (compact)
    return (
      <div
        className="flex items-stretch overflow-hidden rounded border border-accent-500/40 bg-orange-50 text-sm"
        data-coupon={c.id}
      >
        <span className="px-2 py-1 font-medium text-accent-600" title={c.title}>
          {c.ruleText}
        </span>
        {action}
      </div>
    )
  return (
    <article
      aria-label={`${c.title} ${c.ruleText}`}
      className={`flex min-h-24 overflow-hidden rounded-lg ring-1 ${dim ? 'bg-slate-50 ring-slate-200' : 'bg-white ring-orange-200'}`}
      data-coupon={c.id}
    >
      <div
        className={`flex w-24 shrink-0 flex-col items-center justify-center border-r-2 border-dashed px-2 text-center ${dim ? 'border-slate-200 text-slate-500' : 'border-orange-200 bg-orange-50 text-accent-600'}`}
      >
        <span className="text-2xl font-bold leading-tight tabular-nums">{couponFigure(c)}</span>
        <span className="mt-1 text-xs">{c.threshold > 0 ? `满${shortYuan(c.threshold)}可用` : '无门槛'}</span>
      </div>
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-3 p-3">
        <div className="min-w-0 flex-1 basis-40">
          <p className={`font-medium ${dim ? 'text-slate-600' : 'text-slate-900'}`}>{c.ruleText}</p>
          <p className="mt-0.5 truncate text-sm text-slate-600" title={c.title}>
            {c.title}
          </p>
          <p className="mt-1 text-xs text-slate-500">
            {c.scopeText} · {day(c.startTime)}-{day(c.endTime)}
          </p>
        </div>
        {action && <div className="shrink-0">{action}</div>}
      </div>
    </article>
  )
}

/**
 * The 领券 row of a product page (issue 24): the coupons that take in this product, each a chip
 * with 领取. Rendered at build from the build's one coupon list (offers.ts), hydrated only when
 * reached for (client:interact), so the page loads no React before that; a 领取 clicked before
 * is replayed once hydrated. On hydration the list is asked again (read-cached): a coupon taken
 * up since the build shows 已领完, a new one appears.
 */
import { useEffect, useState } from 'react'
import { CouponTicket } from '../../components/CouponTicket.tsx'
import { api } from '../../lib/api/browser.ts'
import type { Coupon } from '../../lib/api/types.ts'
import { couponsFor } from '../../lib/view/offers.ts'
import { ClaimButton, useCouponClaim } from '../buying/CouponClaim.tsx'

export function CouponRow({
  spuId,
  classId,
  initial,
}: {
  spuId: number
  classId: number | null
  initial: Coupon[]
}) {
  const [list, setList] = useState(initial)
  const claim = useCouponClaim()
  useEffect(() => {
    api
      .getCouponsList({ spuId }, { silent: true })
      .then((all) => setList(couponsFor({ id: spuId, classId }, all)))
      .catch(() => {})
  }, [spuId, classId])
  // An empty element still marks the island's place for the interaction that hydrates it.
  if (!list.length) return <div data-coupon-row hidden />
  return (
    <div className="flex items-start gap-3 text-sm" data-coupon-row>
      <span className="w-10 shrink-0 pt-1 text-slate-500">领券</span>
      <ul className="flex min-w-0 flex-wrap gap-2" aria-label="可领优惠券">
        {list.map((c) => (
          <li key={c.id}>
            <CouponTicket c={c} compact action={<ClaimButton coupon={c} claim={claim} compact />} />
          </li>
        ))}
      </ul>
    </div>
  )
}

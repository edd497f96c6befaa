/**
 * 领取 of a coupon (issue 24), shared by the product page's 领券 row and 领券中心: a visitor is
 * asked to log in (the login dialog, as the buy buttons do); a claim says 领取成功 and the
 * button turns 已领取; a refusal (已领完, 每人限领N张 …) is the server's message, toasted by the client
 * (after 每人限领N张 the button says 已领取 too: the buyer holds their share).
 */
import { useState } from 'react'
import { buying } from '../../lib/api/browser.ts'
import { ApiRequestError } from '../../lib/api/http.ts'
import type { Coupon } from '../../lib/api/types.ts'
import { hasShare } from '../../lib/rules/promotion.ts'
import { storedUser } from '../../lib/session.ts'
import { toast } from '../../lib/toast.ts'
import { openLogin } from '../common/AccountGate.tsx'

export function useCouponClaim(onClaimed?: (id: number) => void) {
  const [claimed, setClaimed] = useState<ReadonlySet<number>>(new Set())
  const [busy, setBusy] = useState<number | null>(null)
  async function claim(id: number) {
    if (!storedUser()) {
      toast('error', '请登录')
      openLogin()
      return
    }
    setBusy(id)
    try {
      const r = await buying.postCouponsClaim(id)
      toast('success', r.data || '领取成功')
      setClaimed((s) => new Set(s).add(id))
      onClaimed?.(id)
    } catch (e) {
      // The client has shown the server's refusal; one who holds their share has it already.
      if (e instanceof ApiRequestError && e.message.startsWith('每人限领'))
        setClaimed((s) => new Set(s).add(id))
    } finally {
      setBusy(null)
    }
  }
  return { claimed, busy, claim }
}

/**
 * 领取 / 已领取 / 已领完 of one coupon; `compact` sits inside the product page's chip. 已领取 from
 * the start when the list says the customer holds their share (`mine`, signed in only).
 */
export function ClaimButton({
  coupon: { id, left, title, mine = 0, perUserLimit },
  claim,
  compact = false,
}: {
  coupon: Pick<Coupon, 'id' | 'left' | 'title' | 'mine' | 'perUserLimit'>
  claim: ReturnType<typeof useCouponClaim>
  compact?: boolean
}) {
  const done = claim.claimed.has(id) || hasShare(mine, perUserLimit)
  const out = left <= 0 && !done
  const look = compact
    ? 'border-l border-dashed border-accent-500/40 px-2 py-1 text-sm font-medium text-accent-600 hover:bg-orange-100 disabled:cursor-default disabled:text-slate-500 disabled:hover:bg-transparent'
    : 'btn-primary px-4 py-1.5'
  return (
    <button
      type="button"
      className={look}
      disabled={done || out || claim.busy === id}
      aria-label={done ? `${title} 已领取` : out ? `${title} 已领完` : `领取 ${title}`}
      data-claim={id}
      onClick={() => void claim.claim(id)}
    >
      {done ? '已领取' : out ? '已领完' : '领取'}
    </button>
  )
}

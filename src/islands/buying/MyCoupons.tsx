/**
 * 我的优惠券 /coupon (issue 24): the buyer's coupons under the tabs 可用 / 已使用 / 已过期
 * (Coupons/GetMyCouponsPage?status=0|1|2), each a ticket — 去使用 on a usable one goes to the
 * goods it takes in — and 领券中心 below: every coupon on offer (Coupons/GetCouponsList) with
 * 领取; a claim puts it among 可用 at once.
 */
import { useEffect, useState } from 'react'
import { CouponTicket } from '../../components/CouponTicket.tsx'
import { api, buying } from '../../lib/api/browser.ts'
import type { Coupon, MyCoupon } from '../../lib/api/types.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { Tabs } from '../common/TabList.tsx'
import { usePaged } from '../common/usePaged.ts'
import { pagesOf, useTabPages } from '../common/useTabPages.ts'
import { ListStates } from '../listing/ListStates.tsx'
import { EmptyState, Pager } from '../listing/parts.tsx'
import { ClaimButton, useCouponClaim } from './CouponClaim.tsx'

const TABS = [
  { id: 'usable', label: '可用', status: 0 },
  { id: 'used', label: '已使用', status: 1 },
  { id: 'expired', label: '已过期', status: 2 },
] as const
type TabId = (typeof TABS)[number]['id']

export function MyCoupons() {
  return <AccountGate>{() => <Coupons />}</AccountGate>
}

/** Where 去使用 goes: the listing of the coupon's category, or all products. */
function goodsHref(c: Coupon): string {
  const first = c.scopeIds[0]
  return c.scope === 'category' && first ? `/product/?classId=${first}` : '/product/'
}

function Coupons() {
  const { tab, selectTab, page, setPage, paging } = useTabPages<TabId>('usable')
  const status = TABS.find((t) => t.id === tab)?.status ?? 0
  const paged = usePaged((q, signal) => buying.getMyCouponsPage(q, { silent: true, signal }), {
    ...paging,
    status,
  })
  const { data, loading, reload } = paged
  const pages = pagesOf(data)
  const rows = data?.pageData ?? []
  return (
    <div className="grid gap-8">
      <section aria-label="我的优惠券">
        <Tabs tabs={TABS} active={tab} onSelect={selectTab} label="优惠券状态" idPrefix="coupons">
          <ListStates
            list={paged}
            what="优惠券"
            empty={rows.length === 0}
            emptyText={status === 0 ? '暂无可用优惠券，去领券中心看看' : '暂无优惠券'}
          >
            {() => (
              <ul
                className={`grid gap-3 pt-4 md:grid-cols-2 ${loading ? 'opacity-50' : ''}`}
                aria-busy={loading || undefined}
                aria-label="优惠券列表"
              >
                {rows.map((c) => (
                  <li key={c.userCouponId}>
                    <Held c={c} />
                  </li>
                ))}
              </ul>
            )}
          </ListStates>
          <Pager page={page} pages={pages} onPage={setPage} />
        </Tabs>
      </section>
      <ClaimCentre onClaimed={() => (tab === 'usable' ? reload() : undefined)} />
    </div>
  )
}

function Held({ c }: { c: MyCoupon }) {
  const href = goodsHref(c)
  const action =
    c.status === 0 ? (
      <a href={href} className="btn-primary px-4 py-1.5" aria-label={`去使用 ${c.title}`}>
        去使用
      </a>
    ) : (
      <span className="text-sm text-slate-500">
        {c.statusText}
        {c.status === 1 && c.orderCode && <span className="mt-0.5 block text-xs">订单 {c.orderCode}</span>}
      </span>
    )
  return <CouponTicket c={c} action={action} dim={c.status !== 0} />
}

/** 领券中心: every coupon on offer now, largest first, each with 领取. */
function ClaimCentre({ onClaimed }: { onClaimed: () => void }) {
  const [list, setList] = useState<Coupon[] | null>(null)
  const claim = useCouponClaim(onClaimed)
  useEffect(() => {
    api
      .getCouponsList({}, { silent: true })
      .then(setList)
      .catch(() => setList([]))
  }, [])
  return (
    <section aria-labelledby="coupon-centre">
      <h2 id="coupon-centre" className="mb-3 text-base font-semibold text-slate-900">
        领券中心
      </h2>
      {list === null ? (
        <p className="py-8 text-center text-slate-500">正在加载…</p>
      ) : list.length === 0 ? (
        <EmptyState text="暂时没有可领的优惠券" />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="可领优惠券" data-coupon-centre>
          {list.map((c) => (
            <li key={c.id}>
              <CouponTicket c={c} action={<ClaimButton coupon={c} claim={claim} />} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

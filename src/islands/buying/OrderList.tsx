/**
 * 商品订单 /orderlist (storefront §2 "Order list"): tabs 全部, 待付款, 待发货, 待收货, 已完成,
 * 退款售后 (status '', 10, 20, 30, 40, -1), a date range and the pager (20 a page).
 */
import { buying } from '../../lib/api/browser.ts'
import type { OrderCard } from '../../lib/api/buying.ts'
import { formatDateTime, formatMoney } from '../../lib/format.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { RangeFilter } from '../common/RangeFilter.tsx'
import { Tabs } from '../common/TabList.tsx'
import { usePaged } from '../common/usePaged.ts'
import { pagesOf, useTabPages } from '../common/useTabPages.ts'
import { ListStates } from '../listing/ListStates.tsx'
import { Pager } from '../listing/parts.tsx'
import { afterBadges, CopyButton, ItemRows, orderParts, PayDeadline, payHref } from './parts.tsx'

const TABS = [
  { id: 'all', label: '全部', status: '' },
  { id: 'unpaid', label: '待付款', status: 10 },
  { id: 'unshipped', label: '待发货', status: 20 },
  { id: 'unreceived', label: '待收货', status: 30 },
  { id: 'done', label: '已完成', status: 40 },
  { id: 'after', label: '退款售后', status: -1 },
] as const
type TabId = (typeof TABS)[number]['id']

export function OrderList() {
  return <AccountGate>{() => <Orders />}</AccountGate>
}

function Orders() {
  const { tab, selectTab, page, setPage, range, search, paging } = useTabPages<TabId>('all')
  const status = TABS.find((t) => t.id === tab)?.status ?? ''
  const paged = usePaged((q, signal) => buying.getOrdersPage(q, { silent: true, signal }), {
    ...paging,
    status,
    ...range,
  })
  const { data, loading } = paged
  const pages = pagesOf(data)
  const rows = data?.pageData ?? []
  return (
    <div>
      <Tabs tabs={TABS} active={tab} onSelect={selectTab} label="订单状态" idPrefix="orders">
        <div className="py-4">
          <RangeFilter withTime={false} onSearch={search} />
        </div>
        <ListStates list={paged} what="订单" empty={rows.length === 0} emptyText="暂无订单">
          {() => (
            <ul
              className={`grid gap-3 ${loading ? 'opacity-50' : ''}`}
              aria-busy={loading || undefined}
              aria-label="订单列表"
            >
              {rows.map((o) => (
                <OrderRow key={o.id} o={o} />
              ))}
            </ul>
          )}
        </ListStates>
        <Pager page={page} pages={pages} onPage={setPage} />
      </Tabs>
    </div>
  )
}

/** 已优惠¥40.00 · 运费¥12.00 (或 包邮) under an order's lines; nothing for an order without either. */
function savings(o: OrderCard): string {
  const p = orderParts(o)
  const off = Math.round((p.memberOff + p.groupOff + p.creditOff + p.promoOff + p.couponOff) * 100) / 100
  const parts = [
    off > 0 ? `已优惠¥${formatMoney(off)}` : '',
    p.shipping > 0 ? `含运费¥${formatMoney(p.shipping)}` : '',
  ]
  return parts.filter(Boolean).join(' · ')
}

function OrderRow({ o }: { o: OrderCard }) {
  const unpaid = o.status === 10
  const note = o.buyerNote
  const saved = savings(o)
  return (
    <li className="rounded-lg ring-1 ring-slate-200" data-order={o.id}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-100 bg-slate-50 px-3 py-2 text-xs text-slate-500 sm:text-sm">
        <span className="tabular-nums">
          订单号 {o.code}
          <CopyButton text={o.code} label={`订单号 ${o.code}`} />
        </span>
        <span>{formatDateTime(o.createTime)}</span>
        <span className="ml-auto flex items-center gap-2">
          {afterBadges(o).map((b) => (
            <span
              key={b}
              className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800"
              data-order-badge
            >
              {b}
            </span>
          ))}
          <span className={`font-medium ${o.status === 10 ? 'text-accent-600' : 'text-brand-700'}`}>
            {o.statusText}
          </span>
        </span>
      </div>
      <div className="px-3">
        <ItemRows items={o.itemList} />
        {note && (
          <p
            className="truncate border-t border-slate-100 py-2 text-xs text-slate-500"
            title={note}
            data-buyer-note
          >
            买家留言：{note}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 px-3 py-2">
        {unpaid && <PayDeadline deadline={o.payDeadline} className="mr-auto text-xs sm:text-sm" />}
        {saved && (
          <p className="text-xs text-slate-500" data-order-savings>
            {saved}
          </p>
        )}
        <p className="text-sm text-slate-600">
          {/* 应付 until paid (and for one cancelled unpaid), 实付 once paid — a refunded order too. */}
          {o.payTime ? '实付' : '应付'} <span className="price">¥{formatMoney(o.tolCost)}</span>
        </p>
        {unpaid && (
          <a href={payHref(o)} className="btn-primary px-4 py-1.5 text-sm">
            去支付
          </a>
        )}
        <a
          href={`/orderdetail?id=${o.id}`}
          className="btn-outline px-4 py-1.5 text-sm"
          aria-label={`查看订单 ${o.code} 的详情`}
        >
          查看详情
        </a>
      </div>
    </li>
  )
}

/**
 * /admin/coupons/: marketing's coupons (issue 24) — filter by state and name (kept in the URL),
 * each with its rule, scope, dates, state and how many were claimed and used. 新建优惠券 opens
 * the coupon form; a coupon's own page has its usage and 停用.
 */
import { useState } from 'react'
import { type AdminCoupon, sellingApi } from '../../lib/api/admin-selling.ts'
import { adminPage } from './AdminShell.tsx'
import { linkColumn } from './kit/columns.tsx'
import type { Column } from './kit/DataTable.tsx'
import { useList } from './kit/ListScreen.tsx'
import { CouponForm } from './selling/CouponForm.tsx'
import { couponHref, datesAndState, STATE_OPTIONS } from './selling/parts.tsx'

const columns: Column<AdminCoupon>[] = [
  linkColumn(
    'title',
    '名称',
    { href: (c) => couponHref(c.id), text: (c) => c.title, look: 'strong' },
    { className: 'min-w-36 max-w-64' },
  ),
  { id: 'rule', header: '规则', cell: (c) => c.ruleText, className: 'whitespace-nowrap' },
  { id: 'scope', header: '适用范围', cell: (c) => c.scopeText },
  ...datesAndState<AdminCoupon>(),
  {
    id: 'claimed',
    header: '领取',
    cell: (c) => <span data-claimed>{`${c.claimed}/${c.totalLimit}`}</span>,
    sortValue: (c) => c.claimed,
    className: 'text-right tabular-nums whitespace-nowrap',
  },
  {
    id: 'used',
    header: '使用',
    cell: (c) => c.used,
    sortValue: (c) => c.used,
    className: 'text-right tabular-nums',
  },
  { id: 'perUser', header: '每人限领', cell: (c) => c.perUserLimit, hidden: true },
  { id: 'createTime', header: '创建时间', cell: (c) => c.createTime, hidden: true },
]

function Coupons() {
  const [creating, setCreating] = useState(false)
  const list = useList({
    id: 'coupons',
    caption: '优惠券列表',
    filtersLabel: '筛选优惠券',
    filters: [
      { type: 'text', key: 'q', label: '优惠券名称', max: 30 },
      { type: 'select', key: 'state', label: '状态', options: STATE_OPTIONS },
    ],
    submit: '查询',
    reset: true,
    load: (f, page) => sellingApi.coupons({ ...f, ...page }),
    columns,
    rowKey: (c) => c.id,
    empty: '没有符合条件的优惠券',
    toolbar: (
      <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={() => setCreating(true)}>
        新建优惠券
      </button>
    ),
  })
  return (
    <>
      {list.view}
      {creating && (
        <CouponForm close={() => setCreating(false)} onSaved={(c) => location.assign(couponHref(c.id))} />
      )}
    </>
  )
}

export default adminPage('优惠券', 'promotions.write', Coupons)

/**
 * /admin/coupons/: marketing's coupons (issue 24) — filter by state and name (kept in the URL),
 * each with its rule, scope, dates, state and how many were claimed and used. 新建优惠券 opens
 * the coupon form; a coupon's own page has its usage and 停用.
 */
import { type FormEvent, useEffect, useId, useState } from 'react'
import { type AdminCoupon, sellingApi } from '../../lib/api/admin-selling.ts'
import { AdminShell } from './AdminShell.tsx'
import { type Column, DataTable } from './DataTable.tsx'
import { inputClass } from './order-parts.tsx'
import { CouponForm } from './selling/CouponForm.tsx'
import { couponHref, dateRange, STATE_OPTIONS, StateBadge } from './selling/parts.tsx'
import { useLoad } from './useLoad.ts'
import { useUrlFilters } from './useUrlFilters.ts'

const DEFAULTS = { state: '', q: '', pageIndex: '0' }
const PAGE_SIZE = 20

const columns: Column<AdminCoupon>[] = [
  {
    id: 'title',
    header: '名称',
    cell: (c) => (
      <a className="font-medium text-brand-700 underline" href={couponHref(c.id)}>
        {c.title}
      </a>
    ),
    className: 'min-w-36 max-w-64',
  },
  { id: 'rule', header: '规则', cell: (c) => c.ruleText, className: 'whitespace-nowrap' },
  { id: 'scope', header: '适用范围', cell: (c) => c.scopeText },
  {
    id: 'dates',
    header: '有效期',
    cell: (c) => dateRange(c.startTime, c.endTime),
    sortValue: (c) => c.startTime,
    className: 'min-w-40 text-xs',
  },
  { id: 'state', header: '状态', cell: (c) => <StateBadge state={c.state} /> },
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
  const [f, set] = useUrlFilters(DEFAULTS)
  const id = useId()
  const [draft, setDraft] = useState(f)
  useEffect(() => setDraft(f), [f])
  const { data, loading } = useLoad(
    () => sellingApi.coupons({ ...f, pageIndex: Number(f.pageIndex), pageSize: PAGE_SIZE }),
    JSON.stringify(f),
  )
  const [creating, setCreating] = useState(false)
  const apply = (e: FormEvent) => {
    e.preventDefault()
    const { pageIndex: _p, ...typed } = draft
    set(typed)
  }
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={() => setCreating(true)}>
          新建优惠券
        </button>
      </div>
      <form
        onSubmit={apply}
        aria-label="筛选优惠券"
        className="grid grid-cols-2 gap-3 rounded-lg bg-white p-4 shadow-sm md:grid-cols-[repeat(2,minmax(0,16rem))_auto]"
      >
        <div className="grid gap-1">
          <label htmlFor={`${id}-q`} className="text-xs text-slate-600">
            优惠券名称
          </label>
          <input
            id={`${id}-q`}
            className={inputClass}
            maxLength={30}
            value={draft.q}
            onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-state`} className="text-xs text-slate-600">
            状态
          </label>
          <select
            id={`${id}-state`}
            className={inputClass}
            value={draft.state}
            onChange={(e) => setDraft((d) => ({ ...d, state: e.target.value }))}
          >
            {STATE_OPTIONS.map(([v, t]) => (
              <option key={v} value={v}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 flex items-end gap-2 md:col-span-1">
          <button type="submit" className="btn-primary px-4 py-2 text-sm">
            查询
          </button>
          <button type="button" className="btn-outline px-4 py-2 text-sm" onClick={() => set(DEFAULTS)}>
            重置
          </button>
        </div>
      </form>
      <DataTable
        id="coupons"
        caption="优惠券列表"
        columns={columns}
        page={data}
        loading={loading}
        empty="没有符合条件的优惠券"
        rowKey={(c) => c.id}
        onPage={(i) => set({ pageIndex: String(i) })}
      />
      {creating && (
        <CouponForm close={() => setCreating(false)} onSaved={(c) => location.assign(couponHref(c.id))} />
      )}
    </div>
  )
}

export default function CouponsPage() {
  return (
    <AdminShell title="优惠券" permission="promotions.write">
      <Coupons />
    </AdminShell>
  )
}

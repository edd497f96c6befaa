/**
 * 客户信息 (accounts §2 "Customer info (introducer)"): totals of the customers the user brought
 * in (客户数, 订单数, 订单金额), a date-time range over their paid orders, and one row per
 * customer. Phones arrive masked from the server.
 */
import { useState } from 'react'
import type { Introducer } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import { formatMoney } from '../../lib/format.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { type ApiRange, RangeFilter } from '../common/RangeFilter.tsx'
import { usePaged } from '../common/usePaged.ts'
import { CustomerAvatar, IntroducerOnly, TableHead } from './list-parts.tsx'

export function Customers() {
  return <AccountGate>{(me) => (me.isIntroducer === 1 ? <CustomerInfo /> : <IntroducerOnly />)}</AccountGate>
}

function CustomerInfo() {
  const [range, setRange] = useState<ApiRange>({})
  // A newer range aborts the older request; a late answer is ignored.
  const loaded = usePaged((r, signal) => account.getUsersIntroducer(r, { signal }), range)
  const busy = loaded.loading
  // A failure (the client has shown why) keeps the last answer, or shows an empty one.
  const data: Introducer | null =
    loaded.data ?? (loaded.failed ? { list: [], lists: { customers: 0, orders: 0, amount: 0 } } : null)

  const totals = data?.lists
  return (
    <div className="space-y-4">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4" aria-label="客户统计">
        <Stat label="客户数" value={totals ? String(totals.customers) : '–'} />
        <Stat label="订单数" value={totals ? String(totals.orders) : '–'} />
        <Stat
          label="订单金额"
          value={totals ? `¥${formatMoney(totals.amount)}` : '–'}
          accent
          className="col-span-2 sm:col-span-1"
        />
      </ul>

      <RangeFilter withTime onSearch={setRange} busy={busy} />

      <div className={`transition-opacity ${busy && data ? 'opacity-60' : ''}`} aria-busy={busy}>
        {data === null ? (
          <p className="py-10 text-center text-sm text-slate-500">正在加载…</p>
        ) : data.list.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 py-10 text-center text-sm text-slate-500">
            暂无客户
          </p>
        ) : (
          <>
            {/* Phones get one card per customer; the table needs more room than 390 px. */}
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 sm:hidden">
              {data.list.map((c) => (
                <li key={c.id} className="flex items-center gap-3 px-3 py-3">
                  <CustomerAvatar src={c.avatarUrl} name={c.nickName} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{c.nickName || '—'}</p>
                    <p className="text-xs tabular-nums text-slate-500">{c.tel}</p>
                  </div>
                  <div className="text-right text-sm">
                    <p className="tabular-nums price">¥{formatMoney(c.integral)}</p>
                    <p className="text-xs text-slate-500">{c.num} 笔订单</p>
                  </div>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto rounded-lg border border-slate-200 sm:block">
              <table className="w-full text-sm">
                <caption className="sr-only">客户列表</caption>
                <TableHead
                  className="bg-slate-50 text-left text-slate-600"
                  cell="px-3 py-2.5 font-medium"
                  columns={[
                    { label: '昵称' },
                    { label: '头像' },
                    { label: '手机号' },
                    { label: '订单数', end: true },
                    { label: '总金额', end: true },
                  ]}
                />
                <tbody className="divide-y divide-slate-100">
                  {data.list.map((c) => (
                    <tr key={c.id} className="hover:bg-slate-50">
                      <td className="px-3 py-2.5 text-slate-900">{c.nickName || '—'}</td>
                      <td className="px-3 py-2">
                        <CustomerAvatar src={c.avatarUrl} name={c.nickName} />
                      </td>
                      <td className="px-3 py-2.5 tabular-nums text-slate-700">{c.tel}</td>
                      <td className="px-3 py-2.5 text-right tabular-nums">{c.num}</td>
                      <td className="px-3 py-2.5 text-right tabular-nums price">
                        ¥{formatMoney(c.integral)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </div>
  )
}

function Stat({
  label,
  value,
  accent,
  className = '',
}: {
  label: string
  value: string
  accent?: boolean
  className?: string
}) {
  return (
    <li className={`rounded-lg border border-slate-200 px-3 py-3 sm:px-4 sm:py-4 ${className}`}>
      <p className="text-xs text-slate-500 sm:text-sm">{label}</p>
      <p
        className={`mt-1 break-all text-xl font-semibold tabular-nums sm:text-2xl ${accent ? 'text-accent-600' : 'text-slate-900'}`}
      >
        {value}
      </p>
    </li>
  )
}

/**
 * 客户订单 (accounts §2 "Customer orders (introducer)"): the paid orders of the user's
 * customers (Orders/GetOrdersPage with introducer=1), filtered by date, 20 a page. Receiver
 * phones arrive masked from the server.
 */
import { useState } from 'react'
import type { CustomerOrder } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import type { Paged } from '../../lib/api/types.ts'
import { formatDateTime, formatMoney } from '../../lib/format.ts'
import { PAGE_SIZE_DEFAULT, pageCount } from '../../lib/rules/paging.ts'
import { AccountGate } from '../common/AccountGate.tsx'
import { type ApiRange, RangeFilter } from '../common/RangeFilter.tsx'
import { usePaged } from '../common/usePaged.ts'
import { Pager } from '../listing/parts.tsx'
import { CustomerAvatar, IntroducerOnly, TableHead } from './list-parts.tsx'

export function CustomerOrders() {
  return <AccountGate>{(me) => (me.isIntroducer === 1 ? <OrderTable /> : <IntroducerOnly />)}</AccountGate>
}

function OrderTable() {
  const [range, setRange] = useState<ApiRange>({})
  const [page, setPage] = useState(1)
  const loaded = usePaged((q, signal) => account.getCustomerOrders(q, { signal }), {
    ...range,
    pageIndex: page - 1,
    pageSize: PAGE_SIZE_DEFAULT,
  })
  const busy = loaded.loading
  // A failure (the client has shown why) keeps the last page, or shows an empty one.
  const data: Paged<CustomerOrder> | null =
    loaded.data ??
    (loaded.failed ? { pageData: [], pageIndex: 0, pageSize: PAGE_SIZE_DEFAULT, pageTotal: 0 } : null)

  const pages = data ? pageCount(data.pageTotal, PAGE_SIZE_DEFAULT) : 0
  return (
    <div className="space-y-4">
      <RangeFilter
        withTime={false}
        busy={busy}
        onSearch={(r) => {
          setRange(r)
          setPage(1)
        }}
      />
      {data && <p className="text-sm text-slate-500">共 {data.pageTotal} 笔订单</p>}
      <div className={`transition-opacity ${busy && data ? 'opacity-60' : ''}`} aria-busy={busy}>
        {data === null ? (
          <p className="py-10 text-center text-sm text-slate-500">正在加载…</p>
        ) : data.pageData.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 py-10 text-center text-sm text-slate-500">
            暂无客户订单
          </p>
        ) : (
          <>
            {/* Phones get one card per order; the table needs more room than 390 px. */}
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 sm:hidden">
              {data.pageData.map((o) => (
                <li key={o.id} className="px-3 py-3">
                  <div className="flex items-center justify-between gap-2 text-xs text-slate-500">
                    <span className="font-mono text-slate-700">{o.code}</span>
                    <span>{formatDateTime(o.createTime)}</span>
                  </div>
                  <div className="mt-2 flex items-center gap-3">
                    <CustomerAvatar src={o.avatarUrl} name={o.nickName} />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-slate-900">{o.nickName || '—'}</p>
                      <p className="text-xs tabular-nums text-slate-500">收货电话 {o.recTel}</p>
                    </div>
                    <p className="text-sm tabular-nums price">¥{formatMoney(o.tolCost)}</p>
                  </div>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto rounded-lg border border-slate-200 sm:block">
              <table className="w-full min-w-[36rem] text-sm">
                <caption className="sr-only">客户订单列表</caption>
                <TableHead
                  className="bg-slate-50 text-left text-slate-600"
                  cell="px-3 py-2.5 font-medium"
                  columns={[
                    { label: '订单编号' },
                    { label: '昵称' },
                    { label: '头像' },
                    { label: '收货电话' },
                    { label: '金额', end: true },
                  ]}
                />
                <tbody className="divide-y divide-slate-100">
                  {data.pageData.map((o) => (
                    <tr key={o.id} className="hover:bg-slate-50">
                      <td className="px-3 py-2.5">
                        <span className="block font-mono text-xs text-slate-800 sm:text-sm">{o.code}</span>
                        <span className="block text-xs text-slate-500">{formatDateTime(o.createTime)}</span>
                      </td>
                      <td className="px-3 py-2.5 text-slate-900">{o.nickName || '—'}</td>
                      <td className="px-3 py-2">
                        <CustomerAvatar src={o.avatarUrl} name={o.nickName} />
                      </td>
                      <td className="px-3 py-2.5 tabular-nums text-slate-700">{o.recTel}</td>
                      <td className="px-3 py-2.5 text-right tabular-nums price">¥{formatMoney(o.tolCost)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  )
}

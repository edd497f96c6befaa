/**
 * The wallet's transactions on /wo (storefront §2): tabs 全部 / 支出 / 收入 (tag 1 / 2), a
 * date-time range and the pager; 20 a page, 1-based on screen, 0-based in the call.
 */
import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import type { Transaction } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import { RechargeTag } from '../../lib/constants.ts'
import { formatDateTime, formatMoney } from '../../lib/format.ts'
import { $walletChanges } from '../../lib/stores/wallet.ts'
import { RangeFilter } from '../common/RangeFilter.tsx'
import { Tabs } from '../common/TabList.tsx'
import { usePaged } from '../common/usePaged.ts'
import { pagesOf, useTabPages } from '../common/useTabPages.ts'
import { ListStates } from '../listing/ListStates.tsx'
import { Pager } from '../listing/parts.tsx'
import { TableHead } from './list-parts.tsx'

const TABS = [
  { id: 'all', label: '全部', tag: undefined },
  { id: 'expense', label: '支出', tag: RechargeTag.expense },
  { id: 'income', label: '收入', tag: RechargeTag.income },
] as const
type TabId = (typeof TABS)[number]['id']

const isExpense = (t: Transaction) => t.tag === RechargeTag.expense

export function Transactions() {
  const { tab, selectTab, page, setPage, range, search, paging } = useTabPages<TabId>('all')
  const tag = TABS.find((t) => t.id === tab)?.tag
  // List failures stay quiet (storefront §8); the table says so and offers a retry.
  const paged = usePaged((q, signal) => account.getRechargePage(q, { silent: true, signal }), {
    ...paging,
    tag,
    ...range,
  })
  const { data, loading, reload } = paged

  // A top-up paid on this page (TopUp): the records show it without a reload.
  const walletChanges = useStore($walletChanges)
  useEffect(() => {
    if (walletChanges > 0) reload()
  }, [walletChanges, reload])

  const pages = pagesOf(data)
  const filtered = Boolean(range.stime || range.etime)

  const rows = data?.pageData ?? []

  return (
    <section aria-labelledby="wo-tx-title">
      <h2 id="wo-tx-title" className="mb-2 text-base font-semibold text-slate-900">
        交易记录
      </h2>
      <Tabs tabs={TABS} active={tab} onSelect={selectTab} label="交易类型" idPrefix="wo-tx">
        <div className="py-4">
          <RangeFilter withTime onSearch={search} />
        </div>

        <ListStates
          list={paged}
          what="交易记录"
          empty={rows.length === 0}
          emptyText={filtered ? '该时间段内暂无交易记录' : '暂无交易记录'}
        >
          {(data) => (
            <div
              className={`overflow-x-auto rounded-lg ring-1 ring-slate-200 transition-opacity ${loading ? 'opacity-50' : ''}`}
              aria-busy={loading || undefined}
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">
                  交易记录，第{page}页，共{data.pageTotal}条
                </caption>
                <TableHead
                  className="bg-slate-50 text-slate-600"
                  cell="px-3 py-2.5 font-medium sm:px-4"
                  columns={[
                    { label: '类型' },
                    { label: '时间', className: 'hidden sm:table-cell' },
                    { label: '金额（元）', end: true },
                  ]}
                />
                <tbody className="divide-y divide-slate-100">
                  {rows.map((t) => (
                    <tr key={t.id} data-tag={t.tag}>
                      <td className="px-3 py-3 sm:px-4">
                        <div className="flex flex-wrap items-center gap-1.5">
                          <span
                            className={`rounded px-1.5 py-0.5 text-xs ${isExpense(t) ? 'bg-orange-50 text-accent-600' : 'bg-emerald-50 text-emerald-700'}`}
                          >
                            {isExpense(t) ? '支出' : '收入'}
                          </span>
                          <span className="text-slate-800">
                            {t.title || (isExpense(t) ? '支出' : '收入')}
                          </span>
                        </div>
                        {t.ext && <div className="mt-0.5 break-all text-xs text-slate-500">{t.ext}</div>}
                        {/* Phones have no room for a time column: the time goes under the type. */}
                        <div className="mt-0.5 text-xs text-slate-500 sm:hidden">
                          {formatDateTime(t.createTime)}
                        </div>
                      </td>
                      <td className="hidden whitespace-nowrap px-3 py-3 text-slate-600 sm:table-cell sm:px-4">
                        <time dateTime={t.createTime.replace(' ', 'T')}>{formatDateTime(t.createTime)}</time>
                      </td>
                      <td
                        className={`whitespace-nowrap px-3 py-3 text-right font-semibold tabular-nums sm:px-4 ${isExpense(t) ? 'text-accent-600' : 'text-emerald-700'}`}
                      >
                        {isExpense(t) ? '-' : '+'}
                        {formatMoney(Math.abs(t.price))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </ListStates>
        <Pager page={page} pages={pages} onPage={setPage} />
      </Tabs>
    </section>
  )
}

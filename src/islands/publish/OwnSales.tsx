/**
 * 销售统计, the third tab of 课程管理, 任务管理 and 社区管理 (issue 39): what the author's items of
 * the kind sold, month by month — per item how many bought it and for how much, after refunds.
 * The figures are the server's (Article/GetArticleSales), by the one rule the back office's
 * dashboard counts top sellers with, so the author and the company read the same numbers.
 */
import { publishing } from '../../lib/api/browser.ts'
import type { AuthorSale } from '../../lib/api/types.ts'
import { formatMoney } from '../../lib/format.ts'
import { usePaged } from '../common/usePaged.ts'
import { ListStates } from '../listing/ListStates.tsx'

/** '2026-12' → '2026年12月'. */
const monthText = (m: string) => `${m.slice(0, 4)}年${Number(m.slice(5, 7))}月`

/** The answer's rows (newest month first) grouped by month, each month with its totals. */
export function byMonth(rows: readonly AuthorSale[]) {
  const months: { month: string; rows: AuthorSale[]; amount: number }[] = []
  for (const r of rows) {
    let m = months.at(-1)
    if (m?.month !== r.month) {
      m = { month: r.month, rows: [], amount: 0 }
      months.push(m)
    }
    m.rows.push(r)
    // In fen, so a month's sum of two-decimal amounts has no float drift.
    m.amount = Math.round(m.amount * 100 + r.amount * 100) / 100
  }
  return months
}

export function OwnSales({ status, noun }: { status: 10 | 20 | 30; noun: string }) {
  const list = usePaged(
    (s: 10 | 20 | 30, signal) => publishing.getArticleSales(s, { signal, silent: true }),
    status,
  )
  return (
    <ListStates
      list={list}
      what="销售统计"
      empty={list.data?.length === 0}
      emptyText={`发布的${noun}还没有人购买`}
    >
      {(rows) => (
        <div className="space-y-6" data-own-sales>
          <p className="text-sm text-slate-500">按付款月份统计买家实付金额，已退款的订单不计。</p>
          {byMonth(rows).map((m) => (
            <section key={m.month} aria-labelledby={`sales-${m.month}`} data-sales-month={m.month}>
              <h3
                id={`sales-${m.month}`}
                className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 text-base font-semibold text-slate-900"
              >
                {monthText(m.month)}
                <span className="text-sm font-normal text-slate-500">
                  合计 <span className="tabular-nums">¥{formatMoney(m.amount)}</span>
                </span>
              </h3>
              <table className="w-full table-fixed text-sm">
                <thead className="bg-slate-50 text-left text-slate-500">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-normal">
                      {noun}
                    </th>
                    <th scope="col" className="w-20 px-3 py-2 text-right font-normal sm:w-28">
                      购买人数
                    </th>
                    <th scope="col" className="w-24 px-3 py-2 text-right font-normal sm:w-32">
                      销售额
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {m.rows.map((r) => (
                    <tr key={r.id} data-sale-item={r.id}>
                      <th scope="row" className="truncate px-3 py-2 text-left font-normal text-slate-800">
                        <a href={`/detail?id=${r.id}`} className="hover:text-brand-700">
                          {r.title}
                        </a>
                      </th>
                      <td className="px-3 py-2 text-right tabular-nums" data-sale-buyers>
                        {r.buyers}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums" data-sale-amount>
                        ¥{formatMoney(r.amount)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      )}
    </ListStates>
  )
}

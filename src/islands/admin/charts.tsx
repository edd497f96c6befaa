/**
 * The dashboard's charts (issue 21): Apache ECharts, only the parts drawn here (line, bar and pie
 * charts, grid, tooltip and legend, the canvas renderer), so the admin bundle carries no more.
 * Loaded by DashboardPage only, after its counts; no public page imports it. Every chart has its
 * figures in a table under 查看数据 (a <details>), which screen readers and keyboards reach; the
 * canvas itself is one labelled image.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { type EChartsCoreOption, init, use } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { type ReactNode, useEffect, useRef } from 'react'
import type { DashboardCharts } from '../../lib/api/admin.ts'
import { fenToYuan } from '../../lib/money.ts'

use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

type TopItem = NonNullable<DashboardCharts['topProducts']>[number]

const yuan = (fen: number) => fenToYuan(fen).toFixed(2)
const short = (day: string) => day.slice(5)
const grid = { left: 56, right: 56, top: 40, bottom: 32 }

/** One ECharts canvas, resized with its box and disposed with the component. */
function Chart({ option, label }: { option: EChartsCoreOption; label: string }) {
  const box = useRef<HTMLDivElement>(null)
  const json = JSON.stringify(option) // a fresh but equal option object draws nothing new
  useEffect(() => {
    const el = box.current
    if (!el) return
    const chart = init(el, undefined, { renderer: 'canvas' })
    chart.setOption({ animation: false, tooltip: { trigger: 'axis' }, ...JSON.parse(json) })
    const resize = new ResizeObserver(() => chart.resize())
    resize.observe(el)
    return () => {
      resize.disconnect()
      chart.dispose()
    }
  }, [json])
  return <div ref={box} role="img" aria-label={label} className="h-64 w-full" />
}

/** A chart with its figures as a table: head is the columns, rows the cells. */
function Card(p: {
  id: string
  title: string
  option: EChartsCoreOption
  head: string[]
  rows: ReactNode[][]
  summary: string
  wide?: boolean
}) {
  if (!p.rows.length) return <Empty id={p.id} title={p.title} />
  return (
    <section
      aria-labelledby={`chart-${p.id}`}
      className={`rounded-lg bg-white p-4 shadow-sm ${p.wide ? 'lg:col-span-2' : ''}`}
    >
      <h2 id={`chart-${p.id}`} className="font-semibold text-slate-900">
        {p.title}
      </h2>
      <Chart option={p.option} label={`${p.title}：${p.summary}`} />
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700">查看数据</summary>
        <div className="mt-2">
          <table className="w-full text-left">
            <caption className="sr-only">{p.title}</caption>
            <thead>
              <tr>
                {p.head.map((h) => (
                  <th key={h} scope="col" className="border-b px-2 py-1 font-medium text-slate-700">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {p.rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional, never reordered.
                <tr key={i} className="odd:bg-slate-50">
                  {r.map((cell, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                    <td key={j} className="px-2 py-1 tabular-nums text-slate-800">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  )
}

/** A figure with nothing to draw (no sales of courses this month, say): a sentence, not an empty axis. */
function Empty({ id, title }: { id: string; title: string }) {
  return (
    <section aria-labelledby={`chart-${id}`} className="rounded-lg bg-white p-4 shadow-sm">
      <h2 id={`chart-${id}`} className="font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-slate-600">暂无数据</p>
    </section>
  )
}

/** A chart by day of an amount (元, left axis) and a count (笔, right axis), each series named in the legend. */
const yuanAndCountByDay = (days: string[]) => ({
  legend: { top: 0 },
  grid,
  xAxis: { type: 'category', data: days },
  yAxis: [
    { type: 'value', name: '元' },
    { type: 'value', name: '笔', minInterval: 1 },
  ],
})

const sum = <T,>(rows: T[], f: (r: T) => number) => rows.reduce((n, r) => n + f(r), 0)

function topCard(id: string, title: string, what: string, items: TopItem[]) {
  const ordered = [...items].reverse() // ECharts draws category bars bottom-up: the best on top.
  return (
    <Card
      id={id}
      title={title}
      summary={
        items.length ? `第一名${items[0]?.title}，销售额${yuan(items[0]?.amountFen ?? 0)}元` : '暂无销售'
      }
      option={{
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        grid: { ...grid, left: 120 },
        xAxis: { type: 'value', name: '元' },
        yAxis: {
          type: 'category',
          data: ordered.map((t) => t.title),
          axisLabel: { width: 110, overflow: 'truncate' },
        },
        series: [
          { type: 'bar', name: '销售额', barMaxWidth: 28, data: ordered.map((t) => fenToYuan(t.amountFen)) },
        ],
      }}
      head={[what, '数量', '销售额（元）']}
      rows={items.map((t) => [t.title, t.quantity, yuan(t.amountFen)])}
    />
  )
}

export default function Charts({ data }: { data: DashboardCharts }) {
  const { sales, statuses, topProducts, topCourses, customers, topUps } = data
  const days = data.days.map(short)
  return (
    <div className="mt-6 grid items-start gap-4 lg:grid-cols-2">
      {sales && (
        <Card
          id="sales"
          wide
          title="近 30 天销售"
          summary={`下单${sum(sales, (s) => s.orders)}笔，付款${yuan(sum(sales, (s) => s.paidFen))}元，退款${yuan(sum(sales, (s) => s.refundFen))}元`}
          option={{
            ...yuanAndCountByDay(days),
            series: [
              { type: 'line', name: '付款金额', data: sales.map((s) => fenToYuan(s.paidFen)) },
              { type: 'line', name: '退款金额', data: sales.map((s) => fenToYuan(s.refundFen)) },
              {
                type: 'bar',
                name: '下单数',
                yAxisIndex: 1,
                barMaxWidth: 16,
                data: sales.map((s) => s.orders),
              },
            ],
          }}
          head={['日期', '下单数', '付款金额（元）', '退款金额（元）']}
          rows={sales.map((s) => [s.day, s.orders, yuan(s.paidFen), yuan(s.refundFen)])}
        />
      )}
      {statuses && (
        <Card
          id="statuses"
          title="近 30 天订单状态"
          summary={statuses.map((s) => `${s.label}${s.count}笔`).join('，')}
          option={{
            tooltip: { trigger: 'item' },
            legend: { top: 0 },
            series: [
              {
                type: 'pie',
                name: '订单状态',
                radius: ['35%', '65%'],
                top: 24,
                data: statuses.filter((s) => s.count).map((s) => ({ name: s.label, value: s.count })),
              },
            ],
          }}
          head={['状态', '订单数']}
          rows={sum(statuses, (s) => s.count) ? statuses.map((s) => [s.label, s.count]) : []}
        />
      )}
      {topProducts && topCard('products', '近 30 天热销商品', '商品', topProducts)}
      {topCourses && topCard('courses', '近 30 天热销课程', '课程', topCourses)}
      {customers && (
        <Card
          id="customers"
          title="近 30 天新客户"
          summary={`共${sum(customers, (c) => c.count)}位`}
          option={{
            grid,
            xAxis: { type: 'category', data: days },
            yAxis: { type: 'value', name: '位', minInterval: 1 },
            series: [{ type: 'line', name: '新客户', data: customers.map((c) => c.count) }],
          }}
          head={['日期', '新客户']}
          rows={customers.map((c) => [c.day, c.count])}
        />
      )}
      {topUps && (
        <Card
          id="topups"
          title="近 30 天余额充值"
          summary={`${sum(topUps, (t) => t.count)}笔，共${yuan(sum(topUps, (t) => t.amountFen))}元`}
          option={{
            ...yuanAndCountByDay(days),
            series: [
              {
                type: 'bar',
                name: '充值金额',
                barMaxWidth: 16,
                data: topUps.map((t) => fenToYuan(t.amountFen)),
              },
              { type: 'line', name: '充值笔数', yAxisIndex: 1, data: topUps.map((t) => t.count) },
            ],
          }}
          head={['日期', '充值笔数', '充值金额（元）']}
          rows={topUps.map((t) => [t.day, t.count, yuan(t.amountFen)])}
        />
      )}
    </div>
  )
}

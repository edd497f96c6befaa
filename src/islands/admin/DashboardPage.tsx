import { lazy, Suspense } from 'react'
import { adminApi } from '../../lib/api/admin.ts'
import { AdminShell } from './AdminShell.tsx'
import { useLoad } from './kit/useLoad.ts'

/** The charts and ECharts with them come as their own chunk, after the counts. */
const Charts = lazy(() => import('./charts.tsx'))

function Counts() {
  const { data, loading } = useLoad(() => adminApi.dashboard(), '')
  if (loading && !data) return <p className="text-slate-500">加载中…</p>
  if (!data?.length) return <p className="rounded-lg bg-white p-6 text-slate-600">暂无待办事项</p>
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {data.map((d) => (
        <li key={d.key}>
          <a
            href={d.href}
            className="block rounded-lg bg-white p-5 shadow-sm hover:ring-2 hover:ring-brand-500"
          >
            <span className="block text-sm text-slate-600">{d.label}</span>
            <span className="mt-1 block text-3xl font-semibold text-slate-900">{d.count}</span>
          </a>
        </li>
      ))}
    </ul>
  )
}

const TODO_MARK = { transfer: '转账', approval: '审批', stock: '库存' } as const

/** 待办: single things due soon (GET /api/admin/todo), each a link to where it is done. */
function Todo() {
  const { data } = useLoad(() => adminApi.todo(), '')
  if (!data) return null
  return (
    <section aria-labelledby="todo-title" className="mt-6 rounded-lg bg-white p-5 shadow-sm">
      <h2 id="todo-title" className="text-base font-semibold">
        待办
      </h2>
      {data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">暂无即将到期的事项</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {data.map((t) => (
            <li key={`${t.kind}:${t.href}:${t.text}`} className="flex items-start gap-2 py-2 text-sm">
              <span className="shrink-0 rounded bg-amber-100 px-1.5 text-xs leading-5 text-amber-800">
                {TODO_MARK[t.kind]}
              </span>
              <a href={t.href} className="text-slate-800 hover:text-brand-700 hover:underline">
                {t.text}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The figures of the last 30 days the roles may see (GET /api/admin/dashboard/charts). */
function Figures() {
  const { data } = useLoad(() => adminApi.charts(), '')
  if (!data) return null
  return (
    <Suspense fallback={<p className="mt-6 text-slate-600">图表加载中…</p>}>
      <Charts data={data} />
    </Suspense>
  )
}

/** /admin/: what waits, by the roles of whoever is signed in (GET /api/admin/dashboard), what is due soon, then the charts. */
export default function DashboardPage() {
  return (
    <AdminShell title="工作台" permission="self">
      <Counts />
      <Todo />
      <Figures />
    </AdminShell>
  )
}

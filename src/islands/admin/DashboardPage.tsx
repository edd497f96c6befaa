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

/** /admin/: what waits, by the roles of whoever is signed in (GET /api/admin/dashboard), then the charts. */
export default function DashboardPage() {
  return (
    <AdminShell title="工作台" permission="self">
      <Counts />
      <Figures />
    </AdminShell>
  )
}

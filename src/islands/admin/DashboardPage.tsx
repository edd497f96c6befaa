import { adminApi } from '../../lib/api/admin.ts'
import { AdminShell } from './AdminShell.tsx'
import { useLoad } from './useLoad.ts'

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

/** /admin/: what waits, by the roles of whoever is signed in (GET /api/admin/dashboard). */
export default function DashboardPage() {
  return (
    <AdminShell title="工作台" permission="self">
      <Counts />
    </AdminShell>
  )
}

import { type Complaint, moderationApi } from '../../../lib/api/admin-moderation.ts'
import { AdminShell } from '../AdminShell.tsx'
import { type Column, DataTable } from '../DataTable.tsx'
import { useLoad } from '../useLoad.ts'
import { useUrlFilters } from '../useUrlFilters.ts'
import { inputClass, ModerationTabs } from './parts.tsx'

const detailHref = (id: number) => `/admin/moderation/complaint/?id=${id}`

const columns: Column<Complaint>[] = [
  {
    id: 'id',
    header: '编号',
    cell: (c) => <a href={detailHref(c.id)}>{c.id}</a>,
    sortValue: (c) => c.id,
  },
  {
    id: 'content',
    header: '投诉内容',
    cell: (c) => (
      <a href={detailHref(c.id)} className="line-clamp-2 max-w-md text-brand-700 hover:underline">
        {c.content}
      </a>
    ),
  },
  { id: 'files', header: '材料', cell: (c) => `${c.files.length} 个` },
  {
    id: 'who',
    header: '投诉人',
    cell: (c) => (
      <>
        {c.postName || c.nickName}
        <span className="block text-xs text-slate-500">{c.tel}</span>
      </>
    ),
  },
  { id: 'time', header: '提交时间', cell: (c) => c.createTime, sortValue: (c) => c.createTime },
  {
    id: 'about',
    header: '涉及内容',
    cell: (c) => (c.about ? `${c.about.kindText} #${c.about.id}` : '—'),
    hidden: true,
  },
  {
    id: 'state',
    header: '状态',
    cell: (c) =>
      c.handled ? (
        <span className="text-slate-600">已处理（{c.handledBy}）</span>
      ) : (
        <span className="font-medium text-amber-700">待处理</span>
      ),
  },
]

function Complaints() {
  const [f, set] = useUrlFilters({ state: 'waiting', pageIndex: '0' })
  const { data, loading } = useLoad(
    () =>
      moderationApi.complaints({
        state: f.state === 'all' ? undefined : f.state,
        pageIndex: Number(f.pageIndex),
        pageSize: 20,
      }),
    JSON.stringify(f),
  )
  return (
    <>
      <ModerationTabs current="/admin/moderation/" />
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <label htmlFor="complaint-state" className="text-sm text-slate-600">
          状态
        </label>
        <select
          id="complaint-state"
          className={inputClass}
          value={f.state}
          onChange={(e) => set({ state: e.target.value })}
        >
          <option value="waiting">待处理</option>
          <option value="handled">已处理</option>
          <option value="all">全部</option>
        </select>
      </div>
      <DataTable
        id="complaints"
        caption="投诉建议"
        columns={columns}
        page={data}
        loading={loading}
        rowKey={(c) => c.id}
        empty={f.state === 'waiting' ? '没有待处理的投诉' : '暂无投诉'}
        onPage={(i) => set({ pageIndex: String(i) })}
      />
    </>
  )
}

/** /admin/moderation/: the complaints queue (waiting ones oldest first). */
export default function ComplaintsPage() {
  return (
    <AdminShell title="内容审核" permission="moderation">
      <Complaints />
    </AdminShell>
  )
}

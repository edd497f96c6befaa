/** /admin/certifications/: the review queue (issue 20), certifications waiting first. */
import { certificationsApi, type StaffCertification } from '../../lib/api/admin-customers.ts'
import { CertStatus } from '../../lib/constants.ts'
import { formatDateTime } from '../../lib/format.ts'
import { AdminShell } from './AdminShell.tsx'
import { type Column, DataTable } from './DataTable.tsx'
import { useLoad } from './useLoad.ts'
import { useUrlFilters } from './useUrlFilters.ts'

const PAGE_SIZE = 20
const STATUSES = [
  [CertStatus.reviewing, '待审核'],
  [CertStatus.approved, '已认证'],
  [CertStatus.form, '未提交 / 已驳回'],
] as const

const detailHref = (userId: number) => `/admin/certifications/detail/?id=${userId}`

const columns: Column<StaffCertification>[] = [
  {
    id: 'user',
    header: '用户',
    cell: (c) => (
      <a className="text-brand-700 hover:underline" href={detailHref(c.userId)}>
        {c.nickName || `用户 ${c.userId}`}
      </a>
    ),
    sortValue: (c) => c.nickName,
  },
  { id: 'tel', header: '手机号', cell: (c) => c.tel },
  { id: 'level', header: '认证身份', cell: (c) => (c.level ? c.levelText : '—') },
  { id: 'recName', header: '联系人', cell: (c) => c.recName },
  { id: 'recTel', header: '联系电话', cell: (c) => c.recTel, hidden: true },
  {
    id: 'submitTime',
    header: '提交时间',
    cell: (c) => formatDateTime(c.submitTime) || '—',
    sortValue: (c) => c.submitTime,
  },
  { id: 'status', header: '状态', cell: (c) => c.statusText },
  {
    id: 'actions',
    header: '操作',
    cell: (c) => (
      <a className="btn-outline px-3 py-1 text-sm" href={detailHref(c.userId)}>
        {c.status === CertStatus.reviewing ? '审核' : '查看'}
        <span className="sr-only">{c.nickName}</span>
      </a>
    ),
  },
]

function Queue() {
  const [f, set] = useUrlFilters({ status: String(CertStatus.reviewing), pageIndex: '0' })
  const query = { status: Number(f.status), pageIndex: Number(f.pageIndex), pageSize: PAGE_SIZE }
  const { data, loading } = useLoad(() => certificationsApi.queue(query), JSON.stringify(query))
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="cert-status" className="text-sm text-slate-600">
          状态
        </label>
        <select
          id="cert-status"
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          value={f.status}
          onChange={(e) => set({ status: e.target.value })}
        >
          {STATUSES.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        id="certifications"
        caption="认证审核队列"
        columns={columns}
        page={data}
        loading={loading}
        rowKey={(c) => c.userId}
        empty={Number(f.status) === CertStatus.reviewing ? '暂无待审核的认证' : '暂无记录'}
        onPage={(i) => set({ pageIndex: String(i) })}
      />
    </div>
  )
}

export default function CertificationsPage() {
  return (
    <AdminShell title="认证审核" permission="certifications.review">
      <Queue />
    </AdminShell>
  )
}

import { type FormEvent, useEffect, useState } from 'react'
import { type AuditRow, adminApi } from '../../lib/api/admin.ts'
import { actionText, auditFields } from '../../lib/audit-text.ts'
import { DAYS_INVERTED, inverted } from '../../lib/rules/fields.ts'
import { toast } from '../../lib/toast.ts'
import { AdminShell } from './AdminShell.tsx'
import { TextField } from './account-parts.tsx'
import { type Column, DataTable } from './DataTable.tsx'
import { useLoad } from './useLoad.ts'
import { useUrlFilters } from './useUrlFilters.ts'

const PAGE_SIZE = 20
const DEFAULTS = { staff: '', action: '', target: '', from: '', to: '', pageIndex: '0' }

const columns: Column<AuditRow>[] = [
  { id: 'at', header: '时间', cell: (r) => r.at, sortValue: (r) => r.at, className: 'whitespace-nowrap' },
  { id: 'staff', header: '操作人', cell: (r) => r.staff, sortValue: (r) => r.staff },
  { id: 'ip', header: 'IP', cell: (r) => r.ip || '—', hidden: true },
  {
    id: 'action',
    header: '动作',
    // In words, with the code the 动作 filter matches beneath it.
    cell: (r) => (
      <>
        {actionText(r.action)}
        <code className="block text-xs text-slate-500">{r.action}</code>
      </>
    ),
    sortValue: (r) => r.action,
  },
  { id: 'target', header: '对象', cell: (r) => <code>{r.target}</code>, sortValue: (r) => r.target },
  {
    id: 'before',
    header: '改动前',
    cell: (r) => <pre className="whitespace-pre-wrap break-all text-xs">{auditFields(r.before)}</pre>,
  },
  {
    id: 'after',
    header: '改动后',
    cell: (r) => <pre className="whitespace-pre-wrap break-all text-xs">{auditFields(r.after)}</pre>,
  },
]

function AuditLog() {
  const [f, set] = useUrlFilters(DEFAULTS)
  const [draft, setDraft] = useState(f)
  // Back and Forward change the filters: the form shows them.
  useEffect(() => setDraft(f), [f])
  const { data, loading } = useLoad(
    () => adminApi.audit({ ...f, pageIndex: Number(f.pageIndex) || 0, pageSize: PAGE_SIZE }),
    JSON.stringify(f),
  )
  const search = (e: FormEvent) => {
    e.preventDefault()
    if (inverted(draft.from, draft.to)) return toast('error', DAYS_INVERTED)
    set({
      staff: draft.staff.trim(),
      action: draft.action.trim(),
      target: draft.target.trim(),
      from: draft.from,
      to: draft.to,
    })
  }
  const clear = () => {
    setDraft(DEFAULTS)
    set({ staff: '', action: '', target: '', from: '', to: '' })
  }
  return (
    <div className="grid gap-4">
      <form
        aria-label="查找操作日志"
        className="grid gap-3 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
        onSubmit={search}
      >
        <TextField label="操作人" value={draft.staff} onChange={(staff) => setDraft({ ...draft, staff })} />
        <TextField
          label="动作（前缀，如 staff.）"
          value={draft.action}
          onChange={(action) => setDraft({ ...draft, action })}
        />
        <TextField
          label="对象（前缀，如 order:）"
          value={draft.target}
          onChange={(target) => setDraft({ ...draft, target })}
        />
        <TextField
          label="开始日期"
          type="date"
          value={draft.from}
          onChange={(from) => setDraft({ ...draft, from })}
        />
        <TextField
          label="结束日期"
          type="date"
          value={draft.to}
          onChange={(to) => setDraft({ ...draft, to })}
        />
        <div className="flex gap-2">
          <button type="submit" className="btn-primary">
            查询
          </button>
          <button type="button" className="btn-outline" onClick={clear}>
            重置
          </button>
        </div>
      </form>
      <DataTable
        id="audit"
        caption="操作日志"
        columns={columns}
        page={data}
        loading={loading}
        empty="没有符合条件的操作记录"
        onPage={(i) => set({ pageIndex: String(i) })}
      />
    </div>
  )
}

/** /admin/audit/: the append-only log of every staff write, for admin (issue 20). */
export default function AuditPage() {
  return (
    <AdminShell title="操作日志" permission="audit.read">
      <AuditLog />
    </AdminShell>
  )
}

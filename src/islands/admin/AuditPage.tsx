/** /admin/audit/: the append-only log of every staff write, for admin (issue 20). */
import { type AuditRow, adminApi } from '../../lib/api/admin.ts'
import { actionText, auditFields } from '../../lib/audit-text.ts'
import { adminPage } from './AdminShell.tsx'
import type { Column } from './kit/DataTable.tsx'
import { ListScreen } from './kit/ListScreen.tsx'
import type { ListDeclaration } from './kit/list-types.ts'

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

const log: ListDeclaration<AuditRow> = {
  id: 'audit',
  caption: '操作日志',
  filtersLabel: '查找操作日志',
  filters: [
    { type: 'text', key: 'staff', label: '操作人' },
    { type: 'text', key: 'action', label: '动作（前缀，如 staff.）' },
    { type: 'text', key: 'target', label: '对象（前缀，如 order:）' },
    { type: 'dateRange', from: { key: 'from', label: '开始日期' }, to: { key: 'to', label: '结束日期' } },
  ],
  submit: '查询',
  reset: true,
  load: (f, page) => adminApi.audit({ ...f, ...page }),
  columns,
  empty: '没有符合条件的操作记录',
}

export default adminPage('操作日志', 'audit.read', () => <ListScreen list={log} />)

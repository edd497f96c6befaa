/**
 * /admin/audit/: the append-only log of every staff write, for admin (issue 20). Searched by
 * pickers (issue 40): the actor by name, the action by its label, the target by its kind and
 * what staff would type (an order code, a phone, a product name); each row reads as a sentence
 * with its changes in words (src/lib/audit-text.ts).
 */
import { useEffect, useMemo, useState } from 'react'
import { type AuditRow, adminApi, type StaffAccount } from '../../lib/api/admin.ts'
import {
  AUDIT_ACTION_TEXT,
  AUDIT_KIND_TEXT,
  AUDIT_KINDS,
  auditChanges,
  auditSentence,
  targetKind,
} from '../../lib/audit-text.ts'
import { staffLabel } from '../../lib/rules/staff.ts'
import { adminPage } from './AdminShell.tsx'
import type { Column } from './kit/DataTable.tsx'
import { ListScreen } from './kit/ListScreen.tsx'
import type { ListDeclaration, Option } from './kit/list-types.ts'

const columns: Column<AuditRow>[] = [
  { id: 'at', header: '时间', cell: (r) => r.at, sortValue: (r) => r.at, className: 'whitespace-nowrap' },
  { id: 'what', header: '操作', cell: (r) => auditSentence(r), sortValue: (r) => r.action },
  {
    id: 'changes',
    header: '改动',
    cell: (r) => {
      const lines = auditChanges(r.before, r.after, targetKind(r.target))
      return lines.length ? (
        <ul className="text-xs">
          {lines.map((l) => (
            <li key={l} className="break-all">
              {l}
            </li>
          ))}
        </ul>
      ) : (
        '—'
      )
    },
  },
  { id: 'ip', header: 'IP', cell: (r) => r.ip || '—', hidden: true },
  { id: 'code', header: '动作代码', cell: (r) => <code className="text-xs">{r.action}</code>, hidden: true },
]

const actionOptions: Option[] = [
  ['', '全部动作'],
  ...Object.entries(AUDIT_ACTION_TEXT)
    .map(([code, label]): Option => [code, label])
    .sort((a, b) => a[1].localeCompare(b[1], 'zh-CN')),
]
const kindOptions: Option[] = [['', '全部对象'], ...AUDIT_KINDS.map((k): Option => [k, AUDIT_KIND_TEXT[k]])]

/** The log's declaration, with the staff accounts the 操作人 picker names. */
const logOf = (staff: readonly StaffAccount[]): ListDeclaration<AuditRow> => ({
  id: 'audit',
  caption: '操作日志',
  filtersLabel: '查找操作日志',
  filters: [
    {
      type: 'select',
      key: 'staffId',
      label: '操作人',
      options: [
        ['', '全部操作人'],
        ...staff.map(
          (s): Option => [String(s.id), s.name ? `${staffLabel(s)}（${s.username}）` : s.username],
        ),
      ],
    },
    { type: 'select', key: 'actionIs', label: '动作', options: actionOptions },
    { type: 'select', key: 'kind', label: '对象种类', options: kindOptions },
    { type: 'text', key: 'q', label: '对象（订单号、手机号、商品名称或姓名）', max: 60 },
    { type: 'dateRange', from: { key: 'from', label: '开始日期' }, to: { key: 'to', label: '结束日期' } },
  ],
  submit: '查询',
  reset: true,
  load: (f, page) => adminApi.audit({ ...f, ...page }),
  columns,
  empty: '没有符合条件的操作记录',
})

function AuditLog() {
  const [staff, setStaff] = useState<StaffAccount[] | null>(null)
  useEffect(() => {
    // Without the accounts the picker offers 全部 only; the log itself still loads.
    adminApi.staff().then(setStaff, () => setStaff([]))
  }, [])
  const log = useMemo(() => (staff ? logOf(staff) : null), [staff])
  return log ? <ListScreen list={log} /> : <p className="text-slate-600">加载中…</p>
}

export default adminPage('操作日志', 'audit.read', AuditLog)

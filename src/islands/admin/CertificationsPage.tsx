/** /admin/certifications/: the review queue (issue 20), certifications waiting first. */
import { certificationsApi, type StaffCertification } from '../../lib/api/admin-customers.ts'
import { CertStatus } from '../../lib/constants.ts'
import { formatDateTime } from '../../lib/format.ts'
import { adminPage } from './AdminShell.tsx'
import { linkColumn } from './kit/columns.tsx'
import type { Column } from './kit/DataTable.tsx'
import { ListScreen } from './kit/ListScreen.tsx'
import type { ListDeclaration, Option } from './kit/list-types.ts'

const STATUSES: readonly Option[] = [
  [String(CertStatus.reviewing), '待审核'],
  [String(CertStatus.approved), '已认证'],
  [String(CertStatus.form), '未提交 / 已驳回'],
]

const detailHref = (userId: number) => `/admin/certifications/detail/?id=${userId}`

const columns: Column<StaffCertification>[] = [
  linkColumn(
    'user',
    '用户',
    { href: (c) => detailHref(c.userId), text: (c) => c.nickName || `用户 ${c.userId}`, look: 'quiet' },
    { sortValue: (c) => c.nickName },
  ),
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
]

const queue: ListDeclaration<StaffCertification> = {
  id: 'certifications',
  caption: '认证审核队列',
  filtersLabel: '筛选认证',
  filters: [
    {
      type: 'select',
      key: 'status',
      label: '状态',
      options: STATUSES,
      live: true,
      initial: STATUSES[0]?.[0],
    },
  ],
  load: (f, page) => certificationsApi.queue({ status: Number(f.status), ...page }),
  columns,
  rowKey: (c) => c.userId,
  empty: (f) => (Number(f.status) === CertStatus.reviewing ? '暂无待审核的认证' : '暂无记录'),
  rowActions: (c) => {
    const label = c.status === CertStatus.reviewing ? '审核' : '查看'
    return [{ label, name: `${label} ${c.nickName}`, href: detailHref(c.userId) }]
  },
}

export default adminPage('认证审核', 'certifications.review', () => <ListScreen list={queue} />)

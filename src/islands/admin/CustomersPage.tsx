/** /admin/customers/: customer lookup by phone, name or id (issue 20). */
import { type CustomerRow, customersApi } from '../../lib/api/admin-customers.ts'
import { adminPage } from './AdminShell.tsx'
import { PendingAdjustments } from './balance-parts.tsx'
import { linkColumn, moneyColumn, timeColumn } from './kit/columns.tsx'
import type { Column } from './kit/DataTable.tsx'
import { customerHref } from './kit/hrefs.ts'
import { ListScreen } from './kit/ListScreen.tsx'
import type { ListDeclaration } from './kit/list-types.ts'

const columns: Column<CustomerRow>[] = [
  { id: 'id', header: '编号', cell: (c) => c.id, sortValue: (c) => c.id },
  linkColumn(
    'nickName',
    '昵称',
    { href: (c) => customerHref(c.id), text: (c) => c.nickName || `用户 ${c.id}`, look: 'quiet' },
    { sortValue: (c) => c.nickName },
  ),
  { id: 'tel', header: '手机号', cell: (c) => c.tel },
  { id: 'realName', header: '姓名', cell: (c) => c.realName, hidden: true },
  {
    id: 'cert',
    header: '认证',
    cell: (c) => (c.level ? `${c.levelText}（${c.statusText}）` : c.statusText),
    sortValue: (c) => c.status,
  },
  moneyColumn('balance', '余额（元）', (c) => c.balance),
  timeColumn('createTime', '注册时间', (c) => c.createTime),
]

const customers: ListDeclaration<CustomerRow> = {
  id: 'customers',
  caption: '客户',
  filtersLabel: '筛选客户',
  filters: [
    {
      type: 'text',
      key: 'q',
      label: '查找客户',
      search: true,
      placeholder: '手机号、姓名或用户编号',
      max: 40,
    },
  ],
  submit: '查找',
  load: (f, page) => customersApi.find({ q: f.q, ...page }),
  columns,
  rowKey: (c) => c.id,
  empty: (f) => (f.q ? '没有找到匹配的客户' : '暂无客户'),
}

// Finance sees every adjustment waiting for a second person above the customers (issue 39).
export default adminPage('客户', 'customers.read', () => (
  <div className="grid gap-6">
    <PendingAdjustments />
    <ListScreen list={customers} />
  </div>
))

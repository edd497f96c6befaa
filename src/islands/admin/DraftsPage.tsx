/**
 * /admin/drafts/: 代客下单 (issue 40) — the drafts staff built for customers and those sent, newest
 * first, filtered by state (kept in the URL). 新建代客订单 opens the editor; a sent draft links to
 * its order.
 */
import { orderHref } from '../../lib/api/admin-customers.ts'
import { type DraftRow, draftHref, draftsApi } from '../../lib/api/admin-drafts.ts'
import { adminPage } from './AdminShell.tsx'
import { linkColumn, personColumn, timeColumn } from './kit/columns.tsx'
import type { Column } from './kit/DataTable.tsx'
import { useList } from './kit/ListScreen.tsx'

const STATUS_OPTIONS: readonly (readonly [string, string])[] = [
  ['', '全部'],
  ['0', '草稿'],
  ['10', '已发送'],
]

const columns: Column<DraftRow>[] = [
  linkColumn(
    'id',
    '草稿',
    { href: (d) => draftHref(d.id), text: (d) => `草稿 ${d.id}`, look: 'strong' },
    { className: 'whitespace-nowrap' },
  ),
  personColumn('customer', '客户', (d) => ({ name: d.customerName, tel: d.customerTel }), 'text-slate-600'),
  { id: 'items', header: '件数', cell: (d) => d.items, className: 'text-right tabular-nums' },
  {
    id: 'discount',
    header: '专属折扣',
    cell: (d) => (d.discountPercent > 0 ? `${d.discountPercent}%` : '—'),
    className: 'text-right tabular-nums',
  },
  { id: 'status', header: '状态', cell: (d) => <span data-draft-status>{d.statusText}</span> },
  {
    id: 'order',
    header: '订单',
    cell: (d) =>
      d.orderCode ? (
        <a className="text-brand-700 hover:underline" href={orderHref(d.orderCode)}>
          {d.orderCode}
        </a>
      ) : (
        '—'
      ),
  },
  { id: 'staff', header: '建单人', cell: (d) => d.staff },
  timeColumn('updateTime', '更新时间', (d) => d.updateTime),
]

function Drafts() {
  const list = useList({
    id: 'drafts',
    caption: '代客下单列表',
    filtersLabel: '筛选代客订单',
    filters: [{ type: 'select', key: 'status', label: '状态', options: STATUS_OPTIONS, live: true }],
    load: (f, page) => draftsApi.list({ ...(f.status ? { status: Number(f.status) } : {}), ...page }),
    columns,
    rowKey: (d) => d.id,
    empty: '还没有代客订单',
    toolbar: (
      <a className="btn-primary px-4 py-2 text-sm" href={draftHref()}>
        新建代客订单
      </a>
    ),
  })
  return list.view
}

export default adminPage('代客下单', 'orders.draft', Drafts)

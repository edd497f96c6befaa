/** /admin/customers/: customer lookup by phone, name or id (issue 20). */
import { type SubmitEvent, useState } from 'react'
import { type CustomerRow, customersApi } from '../../lib/api/admin-customers.ts'
import { formatDateTime, formatMoney } from '../../lib/format.ts'
import { AdminShell } from './AdminShell.tsx'
import { type Column, DataTable } from './DataTable.tsx'
import { useLoad } from './useLoad.ts'
import { useUrlFilters } from './useUrlFilters.ts'

const PAGE_SIZE = 20
export const customerHref = (id: number) => `/admin/customers/detail/?id=${id}`

const columns: Column<CustomerRow>[] = [
  { id: 'id', header: '编号', cell: (c) => c.id, sortValue: (c) => c.id },
  {
    id: 'nickName',
    header: '昵称',
    cell: (c) => (
      <a className="text-brand-700 hover:underline" href={customerHref(c.id)}>
        {c.nickName || `用户 ${c.id}`}
      </a>
    ),
    sortValue: (c) => c.nickName,
  },
  { id: 'tel', header: '手机号', cell: (c) => c.tel },
  { id: 'realName', header: '姓名', cell: (c) => c.realName, hidden: true },
  {
    id: 'cert',
    header: '认证',
    cell: (c) => (c.level ? `${c.levelText}（${c.statusText}）` : c.statusText),
    sortValue: (c) => c.status,
  },
  {
    id: 'balance',
    header: '余额（元）',
    cell: (c) => formatMoney(c.balance),
    sortValue: (c) => c.balance,
    className: 'text-right tabular-nums',
  },
  {
    id: 'createTime',
    header: '注册时间',
    cell: (c) => formatDateTime(c.createTime),
    sortValue: (c) => c.createTime,
  },
]

function Customers() {
  const [f, set] = useUrlFilters({ q: '', pageIndex: '0' })
  const [typed, setTyped] = useState(f.q)
  const query = { q: f.q, pageIndex: Number(f.pageIndex), pageSize: PAGE_SIZE }
  const { data, loading } = useLoad(() => customersApi.find(query), JSON.stringify(query))
  const search = (e: SubmitEvent) => {
    e.preventDefault()
    set({ q: typed.trim() })
  }
  return (
    <div className="grid gap-4">
      <search>
        <form onSubmit={search} className="flex flex-wrap items-center gap-2">
          <label htmlFor="customer-q" className="text-sm text-slate-600">
            查找客户
          </label>
          <input
            id="customer-q"
            type="search"
            className="w-72 max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            placeholder="手机号、姓名或用户编号"
            maxLength={40}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit" className="btn-primary px-4 py-2 text-sm">
            查找
          </button>
        </form>
      </search>
      <DataTable
        id="customers"
        caption="客户"
        columns={columns}
        page={data}
        loading={loading}
        rowKey={(c) => c.id}
        empty={f.q ? '没有找到匹配的客户' : '暂无客户'}
        onPage={(i) => set({ pageIndex: String(i) })}
      />
    </div>
  )
}

export default function CustomersPage() {
  return (
    <AdminShell title="客户" permission="customers.read">
      <Customers />
    </AdminShell>
  )
}

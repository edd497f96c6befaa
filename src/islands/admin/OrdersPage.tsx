/**
 * /admin/orders/: the order list (issue 20). Filters and sort live in the URL (a dashboard count
 * links here with ?queue=…); finance exports the filtered list as CSV.
 */
import { type FormEvent, useEffect, useId, useState } from 'react'
import { type AdminOrderRow, ordersApi } from '../../lib/api/admin-orders.ts'
import { PayWayText } from '../../lib/constants.ts'
import { DAYS_INVERTED, inverted } from '../../lib/rules/fields.ts'
import { toast } from '../../lib/toast.ts'
import { AdminShell, may, useStaff } from './AdminShell.tsx'
import { type Column, DataTable } from './DataTable.tsx'
import { detailHref, inputClass, OrderBadges, QUEUE_OPTIONS, STATUS_OPTIONS, yuan } from './order-parts.tsx'
import { useLoad } from './useLoad.ts'
import { useUrlFilters } from './useUrlFilters.ts'

const DEFAULTS = {
  queue: '',
  status: '',
  code: '',
  tel: '',
  from: '',
  to: '',
  pageOrder: '',
  pageSort: '',
  pageIndex: '0',
}
const PAGE_SIZE = 20

const columns: Column<AdminOrderRow>[] = [
  {
    id: 'code',
    header: '订单号',
    cell: (o) => (
      <a className="font-medium text-brand-700 underline" href={detailHref(o.code)}>
        {o.code}
      </a>
    ),
  },
  {
    id: 'createTime',
    header: '下单时间',
    cell: (o) => o.createTime,
    sortValue: (o) => o.createTime,
    className: 'whitespace-nowrap',
  },
  { id: 'title', header: '商品', cell: (o) => o.title, className: 'min-w-44 max-w-64' },
  {
    id: 'buyer',
    header: '买家',
    cell: (o) => (
      <>
        {o.buyerName || '—'}
        <span className="block text-xs text-slate-600">{o.buyerTel}</span>
      </>
    ),
    className: 'min-w-28',
  },
  {
    id: 'receiver',
    header: '收货人',
    cell: (o) => (
      <>
        {o.recName || '—'}
        <span className="block text-xs text-slate-600">{o.recTel}</span>
      </>
    ),
    hidden: true,
  },
  {
    id: 'tolCost',
    // What the order costs, paid or not (the 状态 column says which); the CSV's 实付金额 is the paid one.
    header: '订单金额（元）',
    cell: (o) => yuan(o.tolCost),
    sortValue: (o) => o.tolCost,
    className: 'text-right tabular-nums',
  },
  { id: 'payWay', header: '支付方式', cell: (o) => PayWayText[o.payWay] ?? '—', hidden: true },
  {
    id: 'payTime',
    header: '支付时间',
    cell: (o) => o.payTime || '—',
    sortValue: (o) => o.payTime,
    hidden: true,
  },
  {
    id: 'status',
    header: '状态',
    cell: (o) => (
      <span data-row-status>
        {o.statusText}
        <OrderBadges o={o} />
      </span>
    ),
    className: 'min-w-24',
  },
  { id: 'invoice', header: '发票', cell: (o) => o.invoiceStatusText || '—', hidden: true },
]

/** Saves a downloaded file under `name`. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' }).replace(/-/g, '')

function Orders() {
  const me = useStaff()
  const [f, set] = useUrlFilters(DEFAULTS)
  const id = useId()
  // What is typed waits for 查询; the URL holds what is applied.
  const [draft, setDraft] = useState(f)
  useEffect(() => setDraft(f), [f])
  const { pageIndex, ...filters } = f
  const { data, loading } = useLoad(
    () => ordersApi.list({ ...f, pageIndex: Number(pageIndex), pageSize: PAGE_SIZE }),
    JSON.stringify(f),
  )
  const [exporting, setExporting] = useState(false)

  const apply = (e: FormEvent) => {
    e.preventDefault()
    if (inverted(draft.from, draft.to)) return toast('error', DAYS_INVERTED)
    const { pageIndex: _p, pageOrder: _o, pageSort: _s, ...typed } = draft
    set(typed)
  }
  const exportCsv = async () => {
    setExporting(true)
    try {
      const { pageOrder: _o, pageSort: _s, ...only } = filters
      save(await ordersApi.export(only), `orders-${today()}.csv`)
      toast('success', '已导出')
    } catch {
      // Refused: the client has shown why.
    } finally {
      setExporting(false)
    }
  }
  const field = (key: keyof typeof DEFAULTS) => ({
    id: `${id}-${key}`,
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  })
  const label = (key: string, text: string) => (
    <label htmlFor={`${id}-${key}`} className="text-xs text-slate-600">
      {text}
    </label>
  )

  return (
    <div className="grid gap-4">
      <form
        onSubmit={apply}
        aria-label="筛选订单"
        className="grid grid-cols-2 gap-3 rounded-lg bg-white p-4 shadow-sm md:grid-cols-4 xl:grid-cols-[repeat(6,minmax(0,1fr))_auto]"
      >
        <div className="grid gap-1">
          {label('queue', '待办')}
          <select className={inputClass} {...field('queue')}>
            {QUEUE_OPTIONS.map(([v, t]) => (
              <option key={v} value={v}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          {label('status', '状态')}
          <select className={inputClass} {...field('status')}>
            {STATUS_OPTIONS.map(([v, t]) => (
              <option key={v} value={v}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          {label('code', '订单号')}
          <input className={inputClass} maxLength={40} {...field('code')} />
        </div>
        <div className="grid gap-1">
          {label('tel', '手机号')}
          <input className={inputClass} maxLength={20} inputMode="numeric" {...field('tel')} />
        </div>
        <div className="grid gap-1">
          {label('from', '下单开始日期')}
          <input type="date" className={`${inputClass} min-w-0`} {...field('from')} />
        </div>
        <div className="grid gap-1">
          {label('to', '下单结束日期')}
          <input type="date" className={`${inputClass} min-w-0`} {...field('to')} />
        </div>
        <div className="col-span-2 flex items-end gap-2 md:col-span-4 xl:col-span-1">
          <button type="submit" className="btn-primary px-4 py-2 text-sm">
            查询
          </button>
          <button type="button" className="btn-outline px-4 py-2 text-sm" onClick={() => set(DEFAULTS)}>
            重置
          </button>
        </div>
      </form>
      {may(me, 'orders.export') && (
        <div className="flex">
          <button
            type="button"
            className="btn-outline px-3 py-1 text-sm"
            disabled={exporting}
            onClick={exportCsv}
          >
            {exporting ? '正在导出…' : '导出 CSV'}
          </button>
        </div>
      )}
      <DataTable
        id="orders"
        caption="订单列表"
        columns={columns}
        page={data}
        loading={loading}
        empty="没有符合条件的订单"
        rowKey={(o) => o.code}
        onPage={(i) => set({ pageIndex: String(i) })}
        sort={f.pageOrder ? { id: f.pageOrder, desc: f.pageSort !== 'asc' } : null}
        onSort={(s) => set({ pageOrder: s?.id ?? '', pageSort: s ? (s.desc ? 'desc' : 'asc') : '' })}
      />
    </div>
  )
}

export default function OrdersPage() {
  return (
    <AdminShell title="订单" permission="orders.read">
      <Orders />
    </AdminShell>
  )
}

/**
 * /admin/orders/: the order list (issue 20). Filters and sort live in the URL (a dashboard count
 * links here with ?queue=…); one search box finds any order by code, phone, buyer, receiver or
 * product title (issue 38); finance exports the filtered list, or the chosen rows (导出所选), as
 * CSV; the chosen orders' packing slips print together; finance exports the transfer
 * reconciliation (TransferExport).
 */
import { type AdminOrderRow, ordersApi } from '../../lib/api/admin-orders.ts'
import { payWayName } from '../../lib/pay-ways.ts'
import { adminPage } from './AdminShell.tsx'
import { linkColumn, moneyColumn, personColumn } from './kit/columns.tsx'
import type { Column } from './kit/DataTable.tsx'
import { ListScreen } from './kit/ListScreen.tsx'
import type { ListDeclaration } from './kit/list-types.ts'
import { today } from './kit/save-file.ts'
import {
  detailHref,
  hasPackingSlip,
  OrderBadges,
  QUEUE_OPTIONS,
  STATUS_OPTIONS,
  slipHref,
} from './order-parts.tsx'
import { ShipImport } from './orders/ShipImport.tsx'
import { TransferExport } from './orders/TransferExport.tsx'

const columns: Column<AdminOrderRow>[] = [
  linkColumn('code', '订单号', { href: (o) => detailHref(o.code), text: (o) => o.code, look: 'strong' }),
  {
    id: 'createTime',
    header: '下单时间',
    cell: (o) => o.createTime,
    sortValue: (o) => o.createTime,
    className: 'whitespace-nowrap',
  },
  { id: 'title', header: '商品', cell: (o) => o.title, className: 'min-w-44 max-w-64' },
  personColumn('buyer', '买家', (o) => ({ name: o.buyerName, tel: o.buyerTel }), 'text-slate-600', {
    className: 'min-w-28',
  }),
  personColumn('receiver', '收货人', (o) => ({ name: o.recName, tel: o.recTel }), 'text-slate-600', {
    hidden: true,
  }),
  // What the order costs, paid or not (the 状态 column says which); the CSV's 实付金额 is the paid one.
  moneyColumn('tolCost', '订单金额（元）', (o) => o.tolCost),
  { id: 'payWay', header: '支付方式', cell: (o) => (o.payWay ? payWayName(o.payWay) : '—'), hidden: true },
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

const orders: ListDeclaration<AdminOrderRow> = {
  id: 'orders',
  caption: '订单列表',
  filtersLabel: '筛选订单',
  filters: [
    {
      type: 'text',
      key: 'q',
      label: '搜索订单',
      max: 50,
      search: true,
      placeholder: '订单号、手机号、姓名、商品名称',
    },
    { type: 'select', key: 'queue', label: '待办', options: QUEUE_OPTIONS },
    { type: 'select', key: 'status', label: '状态', options: STATUS_OPTIONS },
    { type: 'text', key: 'code', label: '订单号', max: 40 },
    { type: 'text', key: 'tel', label: '手机号', max: 20, tel: true },
    {
      type: 'dateRange',
      from: { key: 'from', label: '下单开始日期' },
      to: { key: 'to', label: '下单结束日期' },
    },
  ],
  submit: '查询',
  reset: true,
  load: (f, page) => ordersApi.list({ ...f, ...page }),
  serverSort: true,
  columns,
  rowKey: (o) => o.code,
  empty: '没有符合条件的订单',
  rowLabel: (o) => o.code,
  bulkActions: [
    { label: '打印发货单', href: (rows) => slipHref(rows.map((o) => o.code)), applies: hasPackingSlip },
    {
      label: '导出所选',
      file: {
        permission: 'orders.export',
        file: (rows) => ordersApi.export({ codes: rows.map((o) => o.code).join(',') }),
        name: () => `orders-${today()}-selected.csv`,
      },
    },
  ],
  toolbar: (
    <>
      <TransferExport />
      <ShipImport />
    </>
  ),
  export: {
    permission: 'orders.export',
    file: ordersApi.export,
    name: () => `orders-${today()}.csv`,
  },
}

export default adminPage('订单', 'orders.read', () => <ListScreen list={orders} />)

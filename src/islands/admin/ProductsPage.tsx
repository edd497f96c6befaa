/**
 * /admin/products/: marketing's product list (issue 21) — search by title, filter by category,
 * listed or not, low stock; the filters live in the URL. 新建商品 makes an unlisted product with
 * its first SKU and opens its editor; the chosen products go on or off the shelf together.
 */
import { useState } from 'react'
import { type AdminProductRow, catalogApi } from '../../lib/api/admin-catalog.ts'
import { checkNewProduct, PRODUCT_TITLE_MAX } from '../../lib/rules/product.ts'
import { SKU_TITLE_MAX } from '../../lib/rules/stock.ts'
import { toast } from '../../lib/toast.ts'
import { useConfirm } from '../common/useConfirm.tsx'
import { adminPage } from './AdminShell.tsx'
import { FormDialog } from './FormDialog.tsx'
import { linkColumn, moneyColumn } from './kit/columns.tsx'
import type { Column } from './kit/DataTable.tsx'
import { useList } from './kit/ListScreen.tsx'
import { useLoad } from './kit/useLoad.ts'
import { productHref } from './product-parts.ts'

const columns: Column<AdminProductRow>[] = [
  { id: 'id', header: '编号', cell: (p) => p.id, sortValue: (p) => p.id, className: 'tabular-nums' },
  linkColumn(
    'title',
    '商品',
    { href: (p) => productHref(p.id), text: (p) => p.title, look: 'strong' },
    { className: 'min-w-44 max-w-72' },
  ),
  { id: 'subTitle', header: '副标题', cell: (p) => p.subTitle, hidden: true },
  moneyColumn('priceMin', '起价（元）', (p) => p.priceMin),
  {
    id: 'stock',
    header: '库存',
    cell: (p) => (
      <>
        {p.stock}
        {p.skuCount > 1 && <span className="block text-xs text-slate-600">最少 {p.stockMin}</span>}
      </>
    ),
    sortValue: (p) => p.stockMin,
    className: 'text-right tabular-nums',
  },
  { id: 'skuCount', header: '规格数', cell: (p) => p.skuCount, hidden: true },
  { id: 'sales', header: '销量', cell: (p) => p.sales, sortValue: (p) => p.sales, className: 'text-right' },
  { id: 'listed', header: '状态', cell: (p) => (p.listed ? '上架' : '已下架') },
  { id: 'createTime', header: '创建时间', cell: (p) => p.createTime, hidden: true },
]

/** 新建商品: its title, first SKU and price; saved unlisted, then its editor opens. */
function NewProduct({ close }: { close: () => void }) {
  return (
    <FormDialog
      title="新建商品"
      note="新商品创建后为未上架状态，网站上看不到；在编辑页填好信息、调整库存后再上架。"
      fields={[
        { key: 'title', label: '商品名称', max: PRODUCT_TITLE_MAX, required: true },
        { key: 'skuTitle', label: '首个规格名称', max: SKU_TITLE_MAX, required: true },
        { key: 'price', label: '价格（元）', max: 8, required: true, numeric: true },
      ]}
      initial={{ title: '', skuTitle: '', price: '' }}
      check={checkNewProduct}
      save={async (v) => {
        const made = await catalogApi.create(v)
        toast('success', '商品已创建（未上架）')
        location.assign(productHref(made.id))
      }}
      close={close}
    />
  )
}

function Products() {
  const classes = useLoad(() => catalogApi.classes(), 'classes').data ?? []
  const [creating, setCreating] = useState(false)
  const [confirmDialog, confirm] = useConfirm()
  const list = useList<AdminProductRow>({
    id: 'products',
    caption: '商品列表',
    filtersLabel: '筛选商品',
    filters: [
      { type: 'text', key: 'title', label: '商品名称', max: 50, placeholder: '名称，或货号' },
      {
        type: 'select',
        key: 'classId',
        label: '分类',
        options: [['', '全部'], ...classes.map((c) => [String(c.id), c.title] as const)],
      },
      {
        type: 'select',
        key: 'listed',
        label: '上架状态',
        options: [
          ['', '全部'],
          ['1', '上架'],
          ['0', '已下架'],
        ],
      },
      {
        type: 'select',
        key: 'low',
        label: '库存',
        options: [
          ['', '全部'],
          ['1', '库存紧张'],
        ],
      },
    ],
    submit: '查询',
    reset: true,
    load: (f, page) => catalogApi.list({ ...f, ...page }),
    columns,
    rowKey: (p) => p.id,
    empty: '没有符合条件的商品',
    rowLabel: (p) => p.title,
    bulkActions: [
      {
        label: '上架',
        run: async (rows) => {
          const { changed } = await catalogApi.setListedMany(
            rows.map((p) => p.id),
            true,
          )
          toast('success', `已上架 ${changed.length} 个商品`)
        },
      },
      {
        label: '下架',
        danger: true,
        run: async (rows) => {
          if (
            !(await confirm({
              title: '下架商品',
              text: `确定下架选中的 ${rows.length} 个商品吗？下架后网站上看不到它们。`,
            }))
          )
            return false
          const { changed } = await catalogApi.setListedMany(
            rows.map((p) => p.id),
            false,
          )
          toast('success', `已下架 ${changed.length} 个商品`)
        },
      },
    ],
    toolbar: (
      <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={() => setCreating(true)}>
        新建商品
      </button>
    ),
  })
  return (
    <>
      {list.view}
      {creating && <NewProduct close={() => setCreating(false)} />}
      {confirmDialog}
    </>
  )
}

export default adminPage('商品', 'catalog.write', Products)

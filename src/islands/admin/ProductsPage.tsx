/**
 * /admin/products/: marketing's product list (issue 21) — search by title, filter by category,
 * listed or not, low stock; the filters live in the URL. 新建商品 makes an unlisted product with
 * its first SKU and opens its editor.
 */
import { type FormEvent, useEffect, useId, useState } from 'react'
import { type AdminProductRow, catalogApi } from '../../lib/api/admin-catalog.ts'
import { checkNewProduct, PRODUCT_TITLE_MAX } from '../../lib/rules/product.ts'
import { SKU_TITLE_MAX } from '../../lib/rules/stock.ts'
import { toast } from '../../lib/toast.ts'
import { AdminShell } from './AdminShell.tsx'
import { type Column, DataTable } from './DataTable.tsx'
import { FormDialog } from './FormDialog.tsx'
import { inputClass, yuan } from './order-parts.tsx'
import { productHref } from './product-parts.ts'
import { useLoad } from './useLoad.ts'
import { useUrlFilters } from './useUrlFilters.ts'

const DEFAULTS = { title: '', classId: '', listed: '', low: '', pageIndex: '0' }
const PAGE_SIZE = 20

const columns: Column<AdminProductRow>[] = [
  { id: 'id', header: '编号', cell: (p) => p.id, sortValue: (p) => p.id, className: 'tabular-nums' },
  {
    id: 'title',
    header: '商品',
    cell: (p) => (
      <a className="font-medium text-brand-700 underline" href={productHref(p.id)}>
        {p.title}
      </a>
    ),
    className: 'min-w-44 max-w-72',
  },
  { id: 'subTitle', header: '副标题', cell: (p) => p.subTitle, hidden: true },
  {
    id: 'priceMin',
    header: '起价（元）',
    cell: (p) => yuan(p.priceMin),
    sortValue: (p) => p.priceMin,
    className: 'text-right tabular-nums',
  },
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

function Products() {
  const [f, set] = useUrlFilters(DEFAULTS)
  const id = useId()
  const [draft, setDraft] = useState(f)
  useEffect(() => setDraft(f), [f])
  const { data, loading } = useLoad(
    () => catalogApi.list({ ...f, pageIndex: Number(f.pageIndex), pageSize: PAGE_SIZE }),
    JSON.stringify(f),
  )
  const classes = useLoad(() => catalogApi.classes(), 'classes').data ?? []
  const [creating, setCreating] = useState(false)
  const apply = (e: FormEvent) => {
    e.preventDefault()
    const { pageIndex: _p, ...typed } = draft
    set(typed)
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
      <div className="flex justify-end">
        <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={() => setCreating(true)}>
          新建商品
        </button>
      </div>
      <form
        onSubmit={apply}
        aria-label="筛选商品"
        className="grid grid-cols-2 gap-3 rounded-lg bg-white p-4 shadow-sm md:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
      >
        <div className="grid gap-1">
          {label('title', '商品名称')}
          <input className={inputClass} maxLength={50} {...field('title')} />
        </div>
        <div className="grid gap-1">
          {label('classId', '分类')}
          <select className={inputClass} {...field('classId')}>
            <option value="">全部</option>
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          {label('listed', '上架状态')}
          <select className={inputClass} {...field('listed')}>
            <option value="">全部</option>
            <option value="1">上架</option>
            <option value="0">已下架</option>
          </select>
        </div>
        <div className="grid gap-1">
          {label('low', '库存')}
          <select className={inputClass} {...field('low')}>
            <option value="">全部</option>
            <option value="1">库存紧张</option>
          </select>
        </div>
        <div className="col-span-2 flex items-end gap-2 md:col-span-1">
          <button type="submit" className="btn-primary px-4 py-2 text-sm">
            查询
          </button>
          <button type="button" className="btn-outline px-4 py-2 text-sm" onClick={() => set(DEFAULTS)}>
            重置
          </button>
        </div>
      </form>
      <DataTable
        id="products"
        caption="商品列表"
        columns={columns}
        page={data}
        loading={loading}
        empty="没有符合条件的商品"
        rowKey={(p) => p.id}
        onPage={(i) => set({ pageIndex: String(i) })}
      />
      {creating && (
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
          close={() => setCreating(false)}
        />
      )}
    </div>
  )
}

export default function ProductsPage() {
  return (
    <AdminShell title="商品" permission="catalog.write">
      <Products />
    </AdminShell>
  )
}

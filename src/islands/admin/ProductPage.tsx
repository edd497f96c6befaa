/**
 * /admin/products/detail/?id=<spuId>: one product (issue 21) — listing on/off, the product
 * editor (products/ProductEditor.tsx), and its SKUs: price, picture, stock adjustments (a signed
 * change and its reason, never a new total), add and remove. Each save goes through the same
 * rules as the server; the site follows by the change marks it writes.
 */
import { useState } from 'react'
import { type AdminProduct, type AdminSku, catalogApi } from '../../lib/api/admin-catalog.ts'
import { checkNewSku, SKU_TITLE_MAX } from '../../lib/rules/stock.ts'
import { toast } from '../../lib/toast.ts'
import { useConfirm } from '../common/useConfirm.tsx'
import { AdminShell } from './AdminShell.tsx'
import { type Column, DataTable } from './DataTable.tsx'
import { FormDialog } from './FormDialog.tsx'
import { yuan } from './order-parts.tsx'
import { ProductEditor } from './products/ProductEditor.tsx'
import { SkuDialog, type SkuEdit, SkuImageDialog } from './products/SkuDialogs.tsx'
import { useLoad } from './useLoad.ts'
import { useUrlFilters } from './useUrlFilters.ts'

function Product() {
  const [f] = useUrlFilters({ id: '' })
  const spuId = Number(f.id) || 0
  const { data: p, reload } = useLoad<AdminProduct | null>(
    () => (spuId ? catalogApi.get(spuId) : Promise.resolve(null)),
    String(spuId),
  )
  const [edit, setEdit] = useState<SkuEdit>(null)
  const [imageOf, setImageOf] = useState<AdminSku | null>(null)
  const [addingSku, setAddingSku] = useState(false)
  const [confirmDialog, confirm] = useConfirm()
  if (!spuId) return <p className="text-slate-600">请从商品列表选择商品。</p>
  if (!p) return <p className="text-slate-600">正在加载…</p>

  const toggle = async () => {
    if (
      p.listed &&
      !(await confirm({
        title: '下架商品',
        text: `确定下架「${p.title}」吗？下架后商品不再出现在列表、搜索和首页，商品页不再公开，顾客购买时提示当前商品已经下架。`,
      }))
    )
      return
    try {
      await catalogApi.setListed(p.id, !p.listed)
      toast('success', p.listed ? '已下架' : '已上架')
    } catch {
      // Refused: the client has shown why.
    }
    reload()
  }
  const remove = async (s: AdminSku) => {
    if (
      !(await confirm({
        title: '删除规格',
        text: `确定删除规格「${s.title}」吗？有未完成订单的规格不能删除。`,
      }))
    )
      return
    try {
      await catalogApi.removeSku(s.id)
      toast('success', '规格已删除')
      reload()
    } catch {
      // Refused: the client has shown why.
    }
  }
  const columns: Column<AdminSku>[] = [
    {
      id: 'img',
      header: '图片',
      cell: (s) =>
        s.img ? (
          <img src={s.img} alt={`规格「${s.title}」的图片`} className="h-10 w-10 rounded object-cover" />
        ) : (
          <span className="text-slate-500">无</span>
        ),
    },
    { id: 'title', header: '规格', cell: (s) => s.title },
    { id: 'param', header: '参数', cell: (s) => s.param || '—', hidden: true },
    {
      id: 'price',
      header: '价格（元）',
      cell: (s) => <span data-sku-price>{yuan(s.price)}</span>,
      className: 'text-right tabular-nums',
    },
    {
      id: 'stock',
      header: '库存',
      cell: (s) => <span data-sku-stock>{s.stock}</span>,
      className: 'text-right tabular-nums',
    },
    {
      id: 'actions',
      header: '操作',
      cell: (s) => (
        <span className="flex gap-2 whitespace-nowrap">
          <button
            type="button"
            className="btn-outline px-2 py-1 text-xs"
            aria-label={`修改「${s.title}」的价格`}
            onClick={() => setEdit({ sku: s, kind: 'price' })}
          >
            改价
          </button>
          <button
            type="button"
            className="btn-outline px-2 py-1 text-xs"
            aria-label={`调整「${s.title}」的库存`}
            onClick={() => setEdit({ sku: s, kind: 'stock' })}
          >
            调整库存
          </button>
          <button
            type="button"
            className="btn-outline px-2 py-1 text-xs"
            aria-label={`更换「${s.title}」的图片`}
            onClick={() => setImageOf(s)}
          >
            图片
          </button>
          <button
            type="button"
            className="btn-outline px-2 py-1 text-xs"
            aria-label={`删除规格「${s.title}」`}
            onClick={() => remove(s)}
          >
            删除
          </button>
        </span>
      ),
    },
  ]
  const facts: [string, string][] = [
    ['编号', String(p.id)],
    ['副标题', p.subTitle || '—'],
    ['起价', `${yuan(p.priceMin)} 元`],
    ['总库存', String(p.stock)],
    ['销量', String(p.sales)],
    ['状态', p.listed ? '上架' : '已下架'],
  ]
  return (
    <div className="grid gap-4">
      <section className="grid gap-3 rounded-lg bg-white p-5 shadow-sm" aria-labelledby="product-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="product-heading" className="text-base font-semibold">
            {p.title}
          </h2>
          <span className="flex gap-2">
            {/* Unlisted, the product has no public page to look at. */}
            {p.listed && (
              <a
                className="btn-outline px-3 py-1.5 text-sm"
                href={`/productdetail/${p.id}/`}
                target="_blank"
                rel="noopener"
              >
                查看商品页
              </a>
            )}
            <button
              type="button"
              className="btn-outline px-3 py-1.5 text-sm"
              onClick={() => setAddingSku(true)}
            >
              新增规格
            </button>
            <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={toggle}>
              {p.listed ? '下架' : '上架'}
            </button>
          </span>
        </div>
        <dl className="grid gap-x-8 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {facts.map(([k, v]) => (
            <div key={k} className="grid grid-cols-[5rem_1fr] gap-2 py-1">
              <dt className="text-slate-600">{k}</dt>
              <dd data-fact={k}>{v}</dd>
            </div>
          ))}
        </dl>
        {!p.listed && (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-unlisted-note>
            该商品未上架，网站上看不到它。填好商品信息、调整库存后点“上架”，它才会出现在商品列表、搜索和商品页（站点更新约需几秒）。
          </p>
        )}
      </section>
      <DataTable
        id="product-skus"
        caption="规格"
        columns={columns}
        page={{
          pageData: p.skus,
          pageIndex: 0,
          pageSize: Math.max(p.skus.length, 1),
          pageTotal: p.skus.length,
        }}
        loading={false}
        rowKey={(s) => s.id}
        empty="暂无规格"
        onPage={() => {}}
      />
      <ProductEditor key={p.id} product={p} onSaved={reload} />
      <SkuDialog edit={edit} close={() => setEdit(null)} onDone={reload} />
      {addingSku && (
        <FormDialog
          title="新增规格"
          fields={[
            { key: 'title', label: '规格名称', max: SKU_TITLE_MAX, required: true },
            { key: 'price', label: '价格（元）', max: 8, required: true, numeric: true },
          ]}
          initial={{ title: '', price: '' }}
          check={checkNewSku}
          save={async (v) => {
            await catalogApi.addSku(p.id, v)
            toast('success', '规格已新增，库存为0，请调整库存')
            reload()
          }}
          close={() => setAddingSku(false)}
        />
      )}
      {imageOf && <SkuImageDialog sku={imageOf} close={() => setImageOf(null)} onDone={reload} />}
      {confirmDialog}
    </div>
  )
}

export default function ProductPage() {
  return (
    <AdminShell title="商品详情" permission="catalog.write">
      <Product />
    </AdminShell>
  )
}

/**
 * /admin/products/detail/?id=<spuId>: one product (issue 21) — listing on/off, the product
 * editor (products/ProductEditor.tsx), and its SKUs: price, picture, stock adjustments (a signed
 * change and its reason, never a new total), add and remove. Each save goes through the same
 * rules as the server; the site follows by the change marks it writes.
 */
import { useState } from 'react'
import { type AdminProduct, type AdminSku, catalogApi } from '../../../lib/api/admin-catalog.ts'
import { formatMoney } from '../../../lib/format.ts'
import { checkNewSku, SKU_TITLE_MAX } from '../../../lib/rules/stock.ts'
import { toast } from '../../../lib/toast.ts'
import { useConfirm } from '../../common/useConfirm.tsx'
import { adminPage } from '../AdminShell.tsx'
import { DetailHeader, DetailLayout } from '../detail/DetailLayout.tsx'
import { Facts } from '../detail/Section.tsx'
import { FormDialog } from '../FormDialog.tsx'
import { useLoad } from '../kit/useLoad.ts'
import { useUrlFilters } from '../kit/useUrlFilters.ts'
import { OptionsEditor } from './OptionsEditor.tsx'
import { ProductEditor } from './ProductEditor.tsx'
import { SkuDialog, type SkuEdit, SkuImageDialog } from './SkuDialogs.tsx'
import { SkuTable } from './SkuTable.tsx'

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
  const action = 'btn-outline px-3 py-1.5 text-sm'
  return (
    <DetailLayout
      header={
        <DetailHeader
          id="product-heading"
          title={p.title}
          actions={
            <>
              {/* Unlisted, the product has no public page to look at. */}
              {p.listed && (
                <a className={action} href={`/productdetail/${p.id}/`} target="_blank" rel="noopener">
                  查看商品页
                </a>
              )}
              <button type="button" className={action} onClick={() => setAddingSku(true)}>
                新增规格
              </button>
              <button type="button" className={action} onClick={toggle}>
                {p.listed ? '下架' : '上架'}
              </button>
            </>
          }
        >
          <Facts
            columns={3}
            rows={[
              ['编号', String(p.id)],
              ['副标题', p.subTitle || '—'],
              ['起价', `${formatMoney(p.priceMin)} 元`],
              ['总库存', String(p.stock)],
              ['销量', String(p.sales)],
              ['状态', p.listed ? '上架' : '已下架'],
            ]}
          />
          {!p.listed && (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-unlisted-note>
              该商品未上架，网站上看不到它。填好商品信息、调整库存后点“上架”，它才会出现在商品列表、搜索和商品页（站点更新约需几秒）。
            </p>
          )}
        </DetailHeader>
      }
    >
      <SkuTable skus={p.skus} onEdit={setEdit} onImage={setImageOf} onRemove={remove} />
      {/* Keyed by the SKUs it was made from: a save (or a SKU dialog) starts it again from them. */}
      <OptionsEditor key={JSON.stringify([p.options, p.skus])} product={p} onSaved={reload} />
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
    </DetailLayout>
  )
}

export default adminPage('商品详情', 'catalog.write', Product)

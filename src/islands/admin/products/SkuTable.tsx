/** The product's SKUs as a table, each row with 改价, 调整库存, 图片 and 删除 (named by the SKU for screen readers). */
import type { AdminSku } from '../../../lib/api/admin-catalog.ts'
import { formatMoney } from '../../../lib/format.ts'
import { type Column, DataTable } from '../kit/DataTable.tsx'
import { stockHistoryHref } from '../kit/hrefs.ts'
import type { SkuEdit } from './SkuDialogs.tsx'

export function SkuTable({
  skus,
  onEdit,
  onImage,
  onRemove,
}: {
  skus: AdminSku[]
  onEdit: (edit: SkuEdit) => void
  onImage: (sku: AdminSku) => void
  onRemove: (sku: AdminSku) => void
}) {
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
    { id: 'code', header: '货号', cell: (s) => <span data-sku-code>{s.code || '—'}</span> },
    { id: 'param', header: '参数', cell: (s) => s.param || '—', hidden: true },
    {
      id: 'price',
      header: '价格（元）',
      cell: (s) => <span data-sku-price>{formatMoney(s.price)}</span>,
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
            onClick={() => onEdit({ sku: s, kind: 'price' })}
          >
            改价
          </button>
          <button
            type="button"
            className="btn-outline px-2 py-1 text-xs"
            aria-label={`调整「${s.title}」的库存`}
            onClick={() => onEdit({ sku: s, kind: 'stock' })}
          >
            调整库存
          </button>
          <a
            className="btn-outline px-2 py-1 text-xs"
            aria-label={`「${s.title}」的库存记录`}
            href={stockHistoryHref(s.id)}
          >
            库存记录
          </a>
          <button
            type="button"
            className="btn-outline px-2 py-1 text-xs"
            aria-label={`更换「${s.title}」的图片`}
            onClick={() => onImage(s)}
          >
            图片
          </button>
          <button
            type="button"
            className="btn-outline px-2 py-1 text-xs"
            aria-label={`删除规格「${s.title}」`}
            onClick={() => onRemove(s)}
          >
            删除
          </button>
        </span>
      ),
    },
  ]
  return (
    <DataTable
      id="product-skus"
      caption="规格"
      columns={columns}
      page={{ pageData: skus, pageIndex: 0, pageSize: Math.max(skus.length, 1), pageTotal: skus.length }}
      loading={false}
      rowKey={(s) => s.id}
      empty="暂无规格"
      onPage={() => {}}
    />
  )
}

/**
 * /admin/products/stock/?sku=ID: a SKU's stock history (issue 40), newest first — who, when and
 * why its stock moved: staff adjustments (one at a time, or by import, with their reason and the
 * stock after), orders that took it, and cancels and after-sales that gave it back.
 */
import { catalogApi } from '../../../lib/api/admin-catalog.ts'
import { formatDateTime } from '../../../lib/format.ts'
import { detailPage } from '../AdminShell.tsx'
import { Facts, Section } from '../detail/Section.tsx'
import type { Column } from '../kit/DataTable.tsx'
import { DataTable, onePage } from '../kit/DataTable.tsx'
import { productHref } from '../kit/hrefs.ts'
import { useLoad } from '../kit/useLoad.ts'

type History = Awaited<ReturnType<typeof catalogApi.stockHistory>>
type Entry = History['entries'][number]

const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

const columns: Column<Entry>[] = [
  {
    id: 'at',
    header: '时间',
    cell: (e) => formatDateTime(e.at, true),
    className: 'whitespace-nowrap tabular-nums',
  },
  { id: 'kind', header: '类型', cell: (e) => e.kind },
  {
    id: 'delta',
    header: '变化',
    cell: (e) => (e.delta === null ? '—' : signed(e.delta)),
    className: 'text-right tabular-nums',
  },
  {
    id: 'stockAfter',
    header: '变化后',
    cell: (e) => e.stockAfter ?? '—',
    className: 'text-right tabular-nums',
  },
  { id: 'who', header: '操作人', cell: (e) => e.who },
  { id: 'why', header: '原因', cell: (e) => e.why, className: 'min-w-40 break-words' },
]

function StockHistory() {
  const skuId = Number(new URLSearchParams(location.search).get('sku'))
  const { data, loading } = useLoad(
    () => (skuId > 0 ? catalogApi.stockHistory(skuId) : Promise.reject(new Error('no sku'))),
    String(skuId),
  )
  if (!(skuId > 0)) return <p className="text-sm text-slate-600">请从商品的规格列表打开库存记录。</p>
  return (
    <div className="grid gap-4">
      <Section
        id="stock-sku"
        title={data ? `${data.sku.productTitle}（${data.sku.title}）的库存记录` : '库存记录'}
      >
        {data && (
          <Facts
            columns={2}
            rows={[
              ['规格编号', data.sku.id],
              ['当前库存', data.sku.stock],
              [
                '商品',
                <a key="p" className="text-brand-700 hover:underline" href={productHref(data.sku.spuId)}>
                  {data.sku.productTitle}
                </a>,
              ],
            ]}
          />
        )}
      </Section>
      <DataTable
        id="stock-history"
        caption="库存记录"
        columns={columns}
        page={data ? onePage(data.entries) : null}
        loading={loading}
        onPage={() => {}}
        empty="暂无库存记录"
      />
    </div>
  )
}

export default detailPage(
  '库存记录',
  'catalog.write',
  { href: '/admin/products/', label: '返回商品列表' },
  StockHistory,
)

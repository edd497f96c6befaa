/**
 * /admin/products/detail/?id=<spuId>: one product and its SKUs (issue 21) — listing on/off, a
 * SKU's price, stock adjustments (a signed change and its reason, never a new total). Each save
 * goes through the same rules as the server; the site follows by the change marks it writes.
 */
import { type SubmitEvent, useState } from 'react'
import { refusalMessage } from '../../lib/api/admin.ts'
import { type AdminProduct, type AdminSku, catalogApi } from '../../lib/api/admin-catalog.ts'
import {
  checkNewSku,
  checkProductEdit,
  checkSkuEdit,
  checkStockAdjust,
  PRODUCT_SUBTITLE_MAX,
  PRODUCT_TITLE_MAX,
  SKU_TITLE_MAX,
  STOCK_REASON_MAX,
} from '../../lib/rules/stock.ts'
import { toast } from '../../lib/toast.ts'
import { Dialog } from '../common/Dialog.tsx'
import { Field, inputClass } from '../common/Field.tsx'
import { useConfirm } from '../common/useConfirm.tsx'
import { AdminShell } from './AdminShell.tsx'
import { type Column, DataTable } from './DataTable.tsx'
import { yuan } from './order-parts.tsx'
import { useLoad } from './useLoad.ts'
import { useUrlFilters } from './useUrlFilters.ts'

type Edit = { sku: AdminSku; kind: 'price' | 'stock' } | null

/** 改价 or 调整库存 of one SKU: the form is checked by the server's own rule before it is sent. */
function SkuDialog({ edit, close, onDone }: { edit: Edit; close: () => void; onDone: () => void }) {
  const [v, setV] = useState({ price: '', delta: '', reason: '' })
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const sku = edit?.sku
  const submit = async (e: SubmitEvent) => {
    e.preventDefault()
    if (!edit || !sku) return
    const r = edit.kind === 'price' ? checkSkuEdit({ price: v.price }) : checkStockAdjust(v)
    if (r.error !== null) return setError({ field: r.field, message: r.error })
    setError(null)
    setBusy(true)
    try {
      if (edit.kind === 'price') {
        const done = await catalogApi.editSku(sku.id, { price: v.price })
        toast('success', `价格已改为 ${yuan(done.price)} 元`)
      } else {
        const done = await catalogApi.adjustStock(sku.id, { delta: v.delta, reason: v.reason })
        toast('success', `库存已调整，当前库存 ${done.stock}`)
      }
      setV({ price: '', delta: '', reason: '' })
      close()
      onDone()
    } catch (err) {
      setError({ field: edit.kind === 'price' ? 'price' : 'delta', message: refusalMessage(err) })
    } finally {
      setBusy(false)
    }
  }
  const at = (f: string) => (error?.field === f ? error.message : null)
  const invalid = (f: string) => ({
    'aria-invalid': at(f) ? true : undefined,
    'aria-describedby': at(f) ? `sku-${f}-error` : undefined,
  })
  return (
    <Dialog
      open={edit !== null}
      onOpenChange={(o) => {
        if (!o) {
          setError(null)
          close()
        }
      }}
      title={edit?.kind === 'price' ? '修改价格' : '调整库存'}
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {edit?.kind === 'price' ? (
          <>
            <p className="text-sm text-slate-600">
              规格「{sku?.title}」当前价格 <strong className="tabular-nums">{yuan(sku?.price ?? 0)}</strong>{' '}
              元。
            </p>
            <Field id="sku-price" label="新价格（元）" required error={at('price')}>
              <input
                id="sku-price"
                className={inputClass}
                inputMode="decimal"
                autoComplete="off"
                value={v.price}
                {...invalid('price')}
                onChange={(e) => setV({ ...v, price: e.target.value })}
              />
            </Field>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              规格「{sku?.title}」当前库存 <strong className="tabular-nums">{sku?.stock}</strong>
              。增加填正数，减少填负数（如 -3）；调整记录在案，不会覆盖同时发生的购买。
            </p>
            <Field id="sku-delta" label="调整数量" required error={at('delta')}>
              <input
                id="sku-delta"
                className={inputClass}
                inputMode="numeric"
                autoComplete="off"
                value={v.delta}
                {...invalid('delta')}
                onChange={(e) => setV({ ...v, delta: e.target.value })}
              />
            </Field>
            <Field
              id="sku-reason"
              label="调整原因"
              required
              error={at('reason')}
              count={v.reason.length}
              max={STOCK_REASON_MAX}
            >
              <textarea
                id="sku-reason"
                className={inputClass}
                rows={3}
                maxLength={STOCK_REASON_MAX}
                value={v.reason}
                {...invalid('reason')}
                onChange={(e) => setV({ ...v, reason: e.target.value })}
              />
            </Field>
          </>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={close}>
            取消
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            保存
          </button>
        </div>
      </form>
    </Dialog>
  )
}

/** A small dialog of text fields checked by a rule before `save`; the first refusal shows under its field. */
function FormDialog<K extends string>({
  title,
  fields,
  initial,
  check,
  save,
  close,
}: {
  title: string
  fields: readonly { key: K; label: string; max: number; required?: boolean; numeric?: boolean }[]
  initial: Record<K, string>
  check: (v: Record<K, string>) => { error: string | null; field: string | null }
  save: (v: Record<K, string>) => Promise<void>
  close: () => void
}) {
  const [v, setV] = useState(initial)
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (e: SubmitEvent) => {
    e.preventDefault()
    const r = check(v)
    if (r.error !== null) return setError({ field: r.field ?? '', message: r.error })
    setError(null)
    setBusy(true)
    try {
      await save(v)
      close()
    } catch (err) {
      setError({ field: fields[0]?.key ?? '', message: refusalMessage(err) })
    } finally {
      setBusy(false)
    }
  }
  const at = (f: string) => (error?.field === f ? error.message : null)
  return (
    <Dialog open onOpenChange={(o) => !o && close()} title={title}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {fields.map((f) => (
          <Field
            key={f.key}
            id={`form-${f.key}`}
            label={f.label}
            required={f.required}
            error={at(f.key)}
            count={f.numeric ? undefined : v[f.key].length}
            max={f.numeric ? undefined : f.max}
          >
            <input
              id={`form-${f.key}`}
              className={inputClass}
              maxLength={f.max}
              inputMode={f.numeric ? 'decimal' : undefined}
              autoComplete="off"
              value={v[f.key]}
              aria-invalid={at(f.key) ? true : undefined}
              aria-describedby={at(f.key) ? `form-${f.key}-error` : undefined}
              onChange={(e) => setV({ ...v, [f.key]: e.target.value })}
            />
          </Field>
        ))}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={close}>
            取消
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            保存
          </button>
        </div>
      </form>
    </Dialog>
  )
}

function Product() {
  const [f] = useUrlFilters({ id: '' })
  const spuId = Number(f.id) || 0
  const { data: p, reload } = useLoad<AdminProduct | null>(
    () => (spuId ? catalogApi.get(spuId) : Promise.resolve(null)),
    String(spuId),
  )
  const [edit, setEdit] = useState<Edit>(null)
  const [form, setForm] = useState<'text' | 'sku' | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  if (!spuId) return <p className="text-slate-600">请从商品列表选择商品。</p>
  if (!p) return <p className="text-slate-600">正在加载…</p>

  const toggle = async () => {
    if (
      p.listed &&
      !(await confirm({
        title: '下架商品',
        text: `确定下架「${p.title}」吗？下架后商品页显示当前商品已经下架。`,
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
        <span className="flex gap-2">
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
      <section className="grid gap-3 rounded-lg bg-white p-5 shadow-sm" aria-labelledby="product-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="product-title" className="text-base font-semibold">
            {p.title}
          </h2>
          <span className="flex gap-2">
            <a
              className="btn-outline px-3 py-1.5 text-sm"
              href={`/productdetail/${p.id}/`}
              target="_blank"
              rel="noopener"
            >
              查看商品页
            </a>
            <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={() => setForm('text')}>
              编辑名称
            </button>
            <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={() => setForm('sku')}>
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
      <SkuDialog edit={edit} close={() => setEdit(null)} onDone={reload} />
      {form === 'text' && (
        <FormDialog
          title="编辑名称"
          fields={[
            { key: 'title', label: '商品名称', max: PRODUCT_TITLE_MAX, required: true },
            { key: 'subTitle', label: '副标题', max: PRODUCT_SUBTITLE_MAX },
          ]}
          initial={{ title: p.title, subTitle: p.subTitle }}
          check={checkProductEdit}
          save={async (v) => {
            await catalogApi.editProduct(p.id, v)
            toast('success', '已保存')
            reload()
          }}
          close={() => setForm(null)}
        />
      )}
      {form === 'sku' && (
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
          close={() => setForm(null)}
        />
      )}
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

/**
 * The price-list form (issue 40 item 2): the group, a title, optional start and end, 协议价 per
 * SKU (规格编号 and the price in yuan) and percentages off whole categories. Checked by the
 * server's own rule (src/lib/rules/price-list.ts) before it is sent; an edit sends the whole list.
 */
import { useState } from 'react'
import { refusalMessage } from '../../../lib/api/admin.ts'
import {
  type AdminGroup,
  type AdminPriceListDetail,
  groupsApi,
  type PriceListBody,
} from '../../../lib/api/admin-groups.ts'
import type { ClassifyItem } from '../../../lib/api/types.ts'
import { checkPriceList, PRICE_LIST_TITLE_MAX } from '../../../lib/rules/price-list.ts'
import { toast } from '../../../lib/toast.ts'
import { Dialog } from '../../common/Dialog.tsx'
import { Field, inputClass } from '../../common/Field.tsx'
import { FormError } from '../../common/FormError.tsx'
import { DialogButtons } from '../form/DialogButtons.tsx'
import { FieldControl } from '../form/FieldControl.tsx'

interface Form {
  groupId: string
  title: string
  startTime: string
  endTime: string
  prices: { key: number; skuId: string; price: string; title: string }[]
  categories: { key: number; classId: string; percentOff: string }[]
}

let nextKey = 0
const local = (t: string) => t.slice(0, 16).replace(' ', 'T')
const wire = (v: string) => v.replace('T', ' ').slice(0, 16)

const formOf = (l: AdminPriceListDetail | null, groupId: string): Form => ({
  groupId: l ? String(l.groupId) : groupId,
  title: l?.title ?? '',
  startTime: l ? local(l.startTime) : '',
  endTime: l ? local(l.endTime) : '',
  prices: (l?.prices ?? []).map((p) => ({
    key: nextKey++,
    skuId: String(p.skuId),
    price: String(p.price),
    title: p.title,
  })),
  categories: (l?.categories ?? []).map((c) => ({
    key: nextKey++,
    classId: String(c.classId),
    percentOff: String(c.percentOff),
  })),
})

const bodyOf = (f: Form): PriceListBody => ({
  groupId: Number(f.groupId),
  title: f.title.trim(),
  prices: f.prices.map((p) => ({ skuId: Number(p.skuId), price: p.price.trim() })),
  categories: f.categories.map((c) => ({ classId: Number(c.classId), percentOff: c.percentOff.trim() })),
  startTime: wire(f.startTime),
  endTime: wire(f.endTime),
})

export function PriceListForm({
  list,
  groups,
  categories,
  groupId,
  close,
  onSaved,
}: {
  list: AdminPriceListDetail | null
  groups: AdminGroup[]
  categories: ClassifyItem[]
  groupId: string
  close: () => void
  onSaved: () => void
}) {
  const [f, setF] = useState<Form>(() => formOf(list, groupId))
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const at = (field: string) => (error?.field === field ? error.message : null)
  const set = (change: Partial<Form>) => {
    setF((old) => ({ ...old, ...change }))
    setError(null)
  }
  const submit = async (e: { preventDefault: () => void }) => {
    e.preventDefault()
    const body = bodyOf(f)
    const r = checkPriceList({ ...body })
    if (r.error !== null) return setError({ field: r.field, message: r.error })
    setBusy(true)
    try {
      if (list) await groupsApi.editPriceList(list.id, body)
      else await groupsApi.createPriceList(body)
      toast('success', list ? '价目表已保存' : '价目表已创建')
      onSaved()
      close()
    } catch (err) {
      setError({ field: null, message: refusalMessage(err) })
    } finally {
      setBusy(false)
    }
  }
  const small = `${inputClass} min-w-0`
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={list ? '编辑价目表' : '新建价目表'}
      width="max-w-2xl"
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <Field id="pl-groupId" label="客户组" required error={at('groupId')}>
          <select
            id="pl-groupId"
            className={`${inputClass} sm:max-w-64`}
            value={f.groupId}
            onChange={(e) => set({ groupId: e.target.value })}
          >
            <option value="">请选择</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </Field>
        <FieldControl
          id="pl-title"
          label="名称"
          required
          value={f.title}
          onChange={(v) => set({ title: v })}
          error={at('title')}
          max={PRICE_LIST_TITLE_MAX}
          maxLength={PRICE_LIST_TITLE_MAX}
        />
        <fieldset className="grid gap-1 sm:grid-cols-[7rem_1fr] sm:gap-3">
          <legend className="sr-only">商品协议价</legend>
          <span aria-hidden="true" className="pt-2 text-sm text-slate-600 sm:text-right">
            商品协议价
          </span>
          <div className="grid min-w-0 gap-2">
            {f.prices.map((p, i) => (
              <div key={p.key} className="grid grid-cols-[1fr_1fr_auto] items-center gap-2">
                <input
                  className={small}
                  inputMode="numeric"
                  aria-label={`第${i + 1}项的规格编号`}
                  placeholder="规格编号"
                  value={p.skuId}
                  onChange={(e) =>
                    set({
                      prices: f.prices.map((x) => (x.key === p.key ? { ...x, skuId: e.target.value } : x)),
                    })
                  }
                />
                <input
                  className={small}
                  inputMode="decimal"
                  aria-label={`第${i + 1}项的协议价（元）`}
                  placeholder="协议价（元）"
                  value={p.price}
                  onChange={(e) =>
                    set({
                      prices: f.prices.map((x) => (x.key === p.key ? { ...x, price: e.target.value } : x)),
                    })
                  }
                />
                <button
                  type="button"
                  className="px-2 text-sm text-red-700"
                  aria-label={`删除第${i + 1}项商品价格`}
                  onClick={() => set({ prices: f.prices.filter((x) => x.key !== p.key) })}
                >
                  删除
                </button>
                {p.title && <span className="col-span-3 -mt-1 text-xs text-slate-500">{p.title}</span>}
              </div>
            ))}
            <button
              type="button"
              className="btn-secondary justify-self-start px-3 py-1 text-sm"
              onClick={() =>
                set({ prices: [...f.prices, { key: nextKey++, skuId: '', price: '', title: '' }] })
              }
            >
              添加商品价格
            </button>
            <FormError id="pl-prices-error" at="field" message={at('prices')} />
          </div>
        </fieldset>
        <fieldset className="grid gap-1 sm:grid-cols-[7rem_1fr] sm:gap-3">
          <legend className="sr-only">分类折扣</legend>
          <span aria-hidden="true" className="pt-2 text-sm text-slate-600 sm:text-right">
            分类折扣
          </span>
          <div className="grid min-w-0 gap-2">
            {f.categories.map((c, i) => (
              <div key={c.key} className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-2">
                <select
                  className={small}
                  aria-label={`第${i + 1}项的分类`}
                  value={c.classId}
                  onChange={(e) =>
                    set({
                      categories: f.categories.map((x) =>
                        x.key === c.key ? { ...x, classId: e.target.value } : x,
                      ),
                    })
                  }
                >
                  <option value="">请选择分类</option>
                  {categories.map((k) => (
                    <option key={k.id} value={k.id}>
                      {k.title}
                    </option>
                  ))}
                </select>
                <span className="flex w-28 items-center gap-1 text-sm">
                  减
                  <input
                    className={`${inputClass} max-w-20`}
                    inputMode="numeric"
                    aria-label={`第${i + 1}项减百分之几`}
                    value={c.percentOff}
                    onChange={(e) =>
                      set({
                        categories: f.categories.map((x) =>
                          x.key === c.key ? { ...x, percentOff: e.target.value } : x,
                        ),
                      })
                    }
                  />
                  %
                </span>
                <button
                  type="button"
                  className="px-2 text-sm text-red-700"
                  aria-label={`删除第${i + 1}项分类折扣`}
                  onClick={() => set({ categories: f.categories.filter((x) => x.key !== c.key) })}
                >
                  删除
                </button>
              </div>
            ))}
            <button
              type="button"
              className="btn-secondary justify-self-start px-3 py-1 text-sm"
              onClick={() =>
                set({ categories: [...f.categories, { key: nextKey++, classId: '', percentOff: '' }] })
              }
            >
              添加分类折扣
            </button>
            <FormError id="pl-categories-error" at="field" message={at('categories')} />
          </div>
        </fieldset>
        {(['startTime', 'endTime'] as const).map((k) => (
          <Field key={k} id={`pl-${k}`} label={k === 'startTime' ? '开始时间' : '结束时间'} error={at(k)}>
            <input
              id={`pl-${k}`}
              type="datetime-local"
              className={`${inputClass} sm:max-w-56`}
              value={f[k]}
              onChange={(e) => set({ [k]: e.target.value })}
            />
          </Field>
        ))}
        <p className="text-xs text-slate-500 sm:pl-[7.75rem]">
          时间不填为不限。组内客户每件商品按原价、会员价、协议价中最低的计价；满减门槛仍按原价计算。
        </p>
        <FormError
          id="pl-form-error"
          at="form"
          message={error && error.field === null ? error.message : null}
        />
        <DialogButtons busy={busy} close={close} />
      </form>
    </Dialog>
  )
}

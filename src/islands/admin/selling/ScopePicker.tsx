/**
 * What a coupon applies to: all goods, some categories (checkboxes of the product category
 * dictionary) or listed products (found by title through the product list call, shown as
 * removable chips). Its value is the scope and the chosen ids, as the wire carries them.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { type AdminProductRow, catalogApi } from '../../../lib/api/admin-catalog.ts'
import type { CouponScope } from '../../../lib/rules/promotion.ts'
import { inputClass } from '../../common/Field.tsx'
import { Choice } from '../../publish/form-parts.tsx'
import { useCategories } from './parts.tsx'

const SCOPES: readonly [CouponScope, string][] = [
  ['all', '全场商品'],
  ['category', '指定分类'],
  ['products', '指定商品'],
]

/** The titles of chosen products, fetched once per id (an edited coupon knows only the ids). */
function useProductTitles(ids: number[]) {
  const [titles, setTitles] = useState<Record<number, string>>({})
  const asked = useRef(new Set<number>())
  useEffect(() => {
    for (const id of ids) {
      if (asked.current.has(id)) continue
      asked.current.add(id)
      catalogApi.get(id).then(
        (p) => setTitles((t) => ({ ...t, [id]: p.title })),
        () => setTitles((t) => ({ ...t, [id]: `商品 ${id}` })),
      )
    }
  }, [ids])
  const know = (id: number, title: string) => {
    asked.current.add(id)
    setTitles((t) => ({ ...t, [id]: title }))
  }
  return [titles, know] as const
}

export function ScopePicker({
  id,
  scope,
  ids,
  invalid,
  onChange,
}: {
  id: string
  scope: CouponScope
  ids: number[]
  invalid?: boolean
  onChange: (scope: CouponScope, ids: number[]) => void
}) {
  const categories = useCategories()
  const [titles, know] = useProductTitles(scope === 'products' ? ids : [])
  const [q, setQ] = useState('')
  const [found, setFound] = useState<AdminProductRow[] | null>(null)
  const searchId = useId()
  const search = async () => {
    if (!q.trim()) return
    const page = await catalogApi.list({ title: q.trim(), pageIndex: 0, pageSize: 10 }).catch(() => null)
    setFound(page?.pageData ?? [])
  }
  const toggle = (n: number) => onChange(scope, ids.includes(n) ? ids.filter((x) => x !== n) : [...ids, n])

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {SCOPES.map(([s, label], i) => (
          <Choice
            key={s}
            type="radio"
            name={`${id}-scope`}
            id={i === 0 ? id : undefined}
            checked={scope === s}
            onChange={() => onChange(s, [])}
          >
            {label}
          </Choice>
        ))}
      </div>
      {scope === 'category' && (
        <fieldset
          className={`flex flex-wrap gap-2 rounded-md border p-2 ${invalid ? 'border-red-400' : 'border-slate-200'}`}
        >
          <legend className="sr-only">适用分类</legend>
          {categories.length === 0 && <p className="text-sm text-slate-500">正在加载分类…</p>}
          {categories.map((c) => (
            <Choice
              key={c.id}
              type="checkbox"
              name={`${id}-class`}
              checked={ids.includes(c.id)}
              onChange={() => toggle(c.id)}
            >
              {c.title}
            </Choice>
          ))}
        </fieldset>
      )}
      {scope === 'products' && (
        <div
          className={`grid gap-2 rounded-md border p-2 ${invalid ? 'border-red-400' : 'border-slate-200'}`}
        >
          {ids.length > 0 && (
            <ul aria-label="已选商品" className="flex flex-wrap gap-2">
              {ids.map((n) => (
                <li
                  key={n}
                  className="inline-flex items-center gap-1 rounded bg-brand-50 px-2 py-1 text-sm text-brand-700"
                >
                  {titles[n] ?? `商品 ${n}`}
                  <button
                    type="button"
                    className="rounded px-1 text-slate-600 hover:text-red-700"
                    aria-label={`移除「${titles[n] ?? n}」`}
                    onClick={() => toggle(n)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex gap-2">
            <label htmlFor={searchId} className="sr-only">
              按名称搜索商品
            </label>
            <input
              id={searchId}
              className={inputClass}
              placeholder="输入商品名称搜索"
              maxLength={50}
              value={q}
              onChange={(e) => setQ(e.target.value)}
              onKeyDown={(e) => {
                // Enter searches here instead of saving the whole form.
                if (e.key === 'Enter') {
                  e.preventDefault()
                  search()
                }
              }}
            />
            <button type="button" className="btn-outline shrink-0 px-3 text-sm" onClick={search}>
              搜索
            </button>
          </div>
          {found && (
            <ul aria-label="搜索结果" className="grid max-h-48 gap-1 overflow-y-auto text-sm">
              {found.length === 0 && <li className="text-slate-500">没有找到商品</li>}
              {found.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-2">
                  <span className="truncate">{p.title}</span>
                  <button
                    type="button"
                    className="btn-outline shrink-0 px-2 py-0.5 text-xs"
                    disabled={ids.includes(p.id)}
                    aria-label={`添加「${p.title}」`}
                    onClick={() => {
                      know(p.id, p.title)
                      toggle(p.id)
                    }}
                  >
                    {ids.includes(p.id) ? '已添加' : '添加'}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}

/**
 * 选项与规格 (issue 40 item 3): the product's options (规格: 小号, 中号 …; 包装: 单支, 10支装) and
 * the SKU matrix generated from them, one row per combination: 在售, 货号 (empty: generated),
 * 条码, 价格, and for a new combination its opening stock. A combination the product already sells
 * keeps its SKU (stock, sales, the orders that name it); one left out (在售 unticked, or a value
 * removed) is removed, which the save asks to confirm with the stock it holds. Checked first by
 * the server's own rule (src/lib/rules/options.ts).
 */
import { useMemo, useState } from 'react'
import { type AdminProduct, catalogApi } from '../../../lib/api/admin-catalog.ts'
import {
  checkSkuMatrix,
  combinations,
  comboKey,
  OPTION_NAME_MAX,
  OPTIONS_MAX,
  SKU_CODE_MAX,
  skuTitleOf,
} from '../../../lib/rules/options.ts'
import { toast } from '../../../lib/toast.ts'
import { inputClass } from '../../common/Field.tsx'
import { useConfirm } from '../../common/useConfirm.tsx'

interface OptionRow {
  key: number
  name: string
  /** The values as typed: separated by commas (， or ,), 、 or spaces. */
  values: string
}
interface SkuRow {
  id?: number
  on: boolean
  code: string
  barcode: string
  price: string
  stock: string
}

let nextKey = 1
const splitValues = (s: string) => [
  ...new Set(
    s
      .split(/[,，、\s]+/)
      .map((v) => v.trim())
      .filter(Boolean),
  ),
]
const small = 'btn-outline px-2 py-1 text-xs'
const cellInput = `${inputClass} min-w-20 py-1 text-sm`

export function OptionsEditor({ product, onSaved }: { product: AdminProduct; onSaved: () => void }) {
  const [options, setOptions] = useState<OptionRow[]>(() =>
    product.options.map((o) => ({ key: nextKey++, name: o.name, values: o.values.join('，') })),
  )
  // Rows by combination: the product's SKUs first; a new combination starts at the lowest price.
  const [rows, setRows] = useState<Record<string, SkuRow>>(() =>
    Object.fromEntries(
      product.skus.map((s) => [
        comboKey(s.options),
        {
          id: s.id,
          on: true,
          code: s.code,
          barcode: s.barcode,
          price: String(s.price),
          stock: String(s.stock),
        },
      ]),
    ),
  )
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [confirmDialog, confirm] = useConfirm()
  const parsed = useMemo(
    () => options.map((o) => ({ name: o.name.trim(), values: splitValues(o.values) })),
    [options],
  )
  const combos = useMemo(() => combinations(parsed.filter((o) => o.values.length)), [parsed])
  // A SKU from before an option was added stands for its values with each new option's first
  // value (标准装 becomes 标准装 单支), so adding an option keeps it, with its stock.
  const carried = (values: string[]) =>
    product.skus.find(
      (s) =>
        s.options.length < values.length &&
        s.options.every((v, i) => v === values[i]) &&
        values.slice(s.options.length).every((v, j) => v === parsed[s.options.length + j]?.values[0]),
    )
  // A combination of the saved options without a SKU was left off sale: it stays off until ticked.
  const leftOff = (values: string[]) =>
    parsed.length === product.options.length &&
    values.every(
      (v, i) => product.options[i]?.name === parsed[i]?.name && product.options[i]?.values.includes(v),
    )
  const rowOf = (values: string[]): SkuRow => {
    const row = rows[comboKey(values)]
    if (row) return row
    const s = carried(values)
    return s && !claimedElsewhere(s.id)
      ? {
          id: s.id,
          on: true,
          code: s.code,
          barcode: s.barcode,
          price: String(s.price),
          stock: String(s.stock),
        }
      : { on: !leftOff(values), code: '', barcode: '', price: String(product.priceMin), stock: '0' }
  }
  // A SKU still sold under its own combination is not carried to another.
  const claimedElsewhere = (id: number) =>
    combos.some((v) => rows[comboKey(v)]?.id === id && rows[comboKey(v)]?.on)
  const setRow = (values: string[], change: Partial<SkuRow>) => {
    setRows((old) => ({ ...old, [comboKey(values)]: { ...rowOf(values), ...change } }))
    setError('')
  }
  const setOption = (key: number, change: Partial<OptionRow>) => {
    setOptions((old) => old.map((o) => (o.key === key ? { ...o, ...change } : o)))
    setError('')
  }

  const save = async () => {
    const body = {
      options: parsed,
      skus: combos
        .filter((v) => rowOf(v).on)
        .map((values) => {
          const r = rowOf(values)
          return {
            ...(r.id ? { id: r.id } : {}),
            values,
            code: r.code.trim(),
            barcode: r.barcode.trim(),
            price: r.price,
            ...(r.id ? {} : { stock: r.stock }),
          }
        }),
    }
    const checked = checkSkuMatrix(body)
    if (checked.error !== null) return setError(checked.error)
    // SKUs no longer sold: said with the stock they hold before anything is removed.
    const kept = new Set(body.skus.flatMap((s) => (s.id ? [s.id] : [])))
    const keptCombos = new Set(body.skus.map((s) => comboKey(s.values)))
    const gone = product.skus.filter((s) => !kept.has(s.id) && !keptCombos.has(comboKey(s.options)))
    if (
      gone.length &&
      !(await confirm({
        title: '移除不在售的规格',
        text: `将移除 ${gone.length} 个不再在售的规格：${gone
          .map((s) => `${s.title}（库存 ${s.stock}）`)
          .join('、')}。它们的库存随之不再销售，已有订单不受影响。确定保存吗？`,
      }))
    )
      return
    setBusy(true)
    try {
      await catalogApi.saveOptions(product.id, body)
      toast('success', '选项与规格已保存')
      onSaved()
    } catch {
      // Refused: the client has shown why.
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="product-options-title" className="grid gap-4 rounded-lg bg-white p-5 shadow-sm">
      <h2 id="product-options-title" className="text-base font-semibold">
        选项与规格
      </h2>
      <p className="text-sm text-slate-600">
        每个选项填名称和可选的值（用逗号分隔），下表按选项生成全部规格组合。取消“在售”的组合不出售，商品页上不可选；已有规格的库存请用表格上方的“调整库存”修改。
      </p>
      <ul className="grid gap-3">
        {options.map((o, i) => (
          <li key={o.key} className="flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-sm">
              <span>选项{i + 1}名称</span>
              <input
                className={`${inputClass} w-32`}
                value={o.name}
                maxLength={OPTION_NAME_MAX}
                onChange={(e) => setOption(o.key, { name: e.target.value })}
              />
            </label>
            <label className="grid flex-1 gap-1 text-sm">
              <span>选项{i + 1}的值</span>
              <input
                className={`${inputClass} min-w-48`}
                value={o.values}
                placeholder="如：小号，中号，大号"
                onChange={(e) => setOption(o.key, { values: e.target.value })}
              />
            </label>
            <button
              type="button"
              className={small}
              aria-label={`移除选项${i + 1}${o.name ? `「${o.name}」` : ''}`}
              disabled={options.length <= 1}
              onClick={() => setOptions((old) => old.filter((x) => x.key !== o.key))}
            >
              移除
            </button>
          </li>
        ))}
      </ul>
      <div>
        <button
          type="button"
          className={small}
          disabled={options.length >= OPTIONS_MAX}
          onClick={() => setOptions((old) => [...old, { key: nextKey++, name: '', values: '' }])}
        >
          添加选项
        </button>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" id="product-matrix">
          <caption className="sr-only">规格组合</caption>
          <thead>
            <tr className="text-left text-slate-500">
              <th scope="col" className="px-2 py-1">
                组合
              </th>
              <th scope="col" className="px-2 py-1">
                在售
              </th>
              <th scope="col" className="px-2 py-1">
                货号
              </th>
              <th scope="col" className="px-2 py-1">
                条码
              </th>
              <th scope="col" className="px-2 py-1">
                价格（元）
              </th>
              <th scope="col" className="px-2 py-1">
                库存
              </th>
            </tr>
          </thead>
          <tbody>
            {combos.map((values) => {
              const r = rowOf(values)
              const name = skuTitleOf(values)
              return (
                <tr key={comboKey(values)} className="border-t border-slate-100" data-combo={name}>
                  <th scope="row" className="px-2 py-1 text-left font-normal whitespace-nowrap">
                    {name}
                  </th>
                  <td className="px-2 py-1">
                    <input
                      type="checkbox"
                      checked={r.on}
                      aria-label={`「${name}」在售`}
                      onChange={(e) => setRow(values, { on: e.target.checked })}
                    />
                  </td>
                  <td className="px-2 py-1">
                    <input
                      className={cellInput}
                      value={r.code}
                      maxLength={SKU_CODE_MAX}
                      placeholder="自动生成"
                      aria-label={`「${name}」的货号`}
                      disabled={!r.on}
                      onChange={(e) => setRow(values, { code: e.target.value })}
                    />
                  </td>
                  <td className="px-2 py-1">
                    <input
                      className={cellInput}
                      value={r.barcode}
                      inputMode="numeric"
                      aria-label={`「${name}」的条码`}
                      disabled={!r.on}
                      onChange={(e) => setRow(values, { barcode: e.target.value })}
                    />
                  </td>
                  <td className="px-2 py-1">
                    <input
                      className={cellInput}
                      value={r.price}
                      inputMode="decimal"
                      aria-label={`「${name}」的价格`}
                      disabled={!r.on}
                      onChange={(e) => setRow(values, { price: e.target.value })}
                    />
                  </td>
                  <td className="px-2 py-1 tabular-nums">
                    {r.id ? (
                      r.stock
                    ) : (
                      <input
                        className={cellInput}
                        value={r.stock}
                        inputMode="numeric"
                        aria-label={`「${name}」的初始库存`}
                        disabled={!r.on}
                        onChange={(e) => setRow(values, { stock: e.target.value })}
                      />
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div>
        <button type="button" className="btn-primary px-4 py-2 text-sm" disabled={busy} onClick={save}>
          保存选项与规格
        </button>
      </div>
      {confirmDialog}
    </section>
  )
}

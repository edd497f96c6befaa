/**
 * The product's specs (参数) in the editor: rows of a name and a text, in the order the public
 * page shows them, each with 上移 / 下移 / 删除 buttons named for screen readers, and 添加参数.
 * Brand and model are fields of their own above (they are the 品牌 / 型号 entries of the same list).
 */
import { type ReactNode, useEffect, useRef } from 'react'
import { PARAM_TEXT_MAX, PARAM_TITLE_MAX, PARAMS_MAX } from '../../../lib/rules/product.ts'
import { inputClass } from '../../common/Field.tsx'
import { invalidProps } from '../../common/form-errors.ts'

/** A row as the form holds it: `key` keeps React's rows (and focus) with their text when rows move. */
export interface ParamRow {
  key: number
  title: string
  text: string
}

let nextKey = 1
/** paramRows([{ title: '产地', text: '南京' }]) → rows with fresh keys. */
export const paramRows = (params: readonly { title: string; text: string }[]): ParamRow[] =>
  params.map((p) => ({ key: nextKey++, title: p.title, text: p.text }))

/** The element id of a row's name or text: where a refusal (params.2.title) moves focus. */
export const paramFieldId = (i: number, part: 'title' | 'text') => `product-param-${i}-${part}`

const smallButton =
  'btn-outline px-2 py-1 text-xs disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent'

/** A small button of the list; `focus` is how focus finds it again after the rows change. */
function RowButton({
  focus,
  label,
  disabled,
  onClick,
  children,
}: {
  focus: string
  label?: string
  disabled?: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      data-focus={focus}
      className={smallButton}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  )
}

export function ParamsEditor({
  rows,
  onChange,
  errorOf,
}: {
  rows: ParamRow[]
  onChange: (rows: ParamRow[]) => void
  /** The refusal shown under a row's name or text (field `params.<i>.title|text`). */
  errorOf: (field: `params.${number}.${'title' | 'text'}`) => string | null
}) {
  // After a move or removal, focus stays with what the user was doing: the moved row's same
  // button, the next row's remove button, or 添加参数 when no row is left.
  const focusNext = useRef<string | null>(null)
  const root = useRef<HTMLDivElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change
  useEffect(() => {
    const id = focusNext.current
    focusNext.current = null
    if (id) root.current?.querySelector<HTMLElement>(`[data-focus="${id}"]`)?.focus()
  }, [rows])

  const set = (i: number, part: 'title' | 'text', value: string) =>
    onChange(rows.map((r, k) => (k === i ? { ...r, [part]: value } : r)))
  const move = (i: number, by: -1 | 1) => {
    const j = i + by
    const next = [...rows]
    ;[next[i], next[j]] = [next[j] as ParamRow, next[i] as ParamRow]
    focusNext.current = `${by < 0 ? 'up' : 'down'}-${j}`
    // At an end the button it would land on is disabled: the other one of the same row instead.
    if ((by < 0 && j === 0) || (by > 0 && j === rows.length - 1))
      focusNext.current = `${by < 0 ? 'down' : 'up'}-${j}`
    onChange(next)
  }
  const remove = (i: number) => {
    const rest = rows.filter((_, k) => k !== i)
    focusNext.current = rest.length ? `remove-${Math.min(i, rest.length - 1)}` : 'add'
    onChange(rest)
  }
  const add = () => {
    focusNext.current = `title-${rows.length}`
    onChange([...rows, { key: nextKey++, title: '', text: '' }])
  }

  return (
    <div ref={root} className="grid gap-2">
      {rows.length > 0 && (
        <ol className="grid gap-2">
          {rows.map((r, i) => {
            const n = i + 1
            const titleId = paramFieldId(i, 'title')
            const textId = paramFieldId(i, 'text')
            const titleError = errorOf(`params.${i}.title`)
            const textError = errorOf(`params.${i}.text`)
            /** The row's name or text; the name is where a new row puts focus. */
            const input = (part: 'title' | 'text', name: string, placeholder: string, max: number) => {
              const id = paramFieldId(i, part)
              return (
                <input
                  id={id}
                  data-focus={part === 'title' ? `title-${i}` : undefined}
                  className={inputClass}
                  aria-label={`第${n}项参数${name}`}
                  placeholder={placeholder}
                  maxLength={max}
                  autoComplete="off"
                  value={r[part]}
                  onChange={(e) => set(i, part, e.target.value)}
                  {...invalidProps(id, part === 'title' ? titleError : textError)}
                />
              )
            }
            return (
              <li key={r.key} className="grid gap-1">
                <div className="grid grid-cols-[8rem_1fr] gap-2 sm:grid-cols-[10rem_1fr_auto]">
                  {input('title', '名称', '名称，如 产地', PARAM_TITLE_MAX)}
                  {input('text', '内容', '内容，如 江苏南京', PARAM_TEXT_MAX)}
                  <span className="col-span-2 flex gap-1 sm:col-span-1">
                    <RowButton
                      focus={`up-${i}`}
                      label={`上移第${n}项参数`}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    >
                      上移
                    </RowButton>
                    <RowButton
                      focus={`down-${i}`}
                      label={`下移第${n}项参数`}
                      disabled={i === rows.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      下移
                    </RowButton>
                    <RowButton focus={`remove-${i}`} label={`删除第${n}项参数`} onClick={() => remove(i)}>
                      删除
                    </RowButton>
                  </span>
                </div>
                {(titleError || textError) && (
                  <p
                    id={`${titleError ? titleId : textId}-error`}
                    className="text-xs text-red-600"
                    role="alert"
                  >
                    {titleError ?? textError}
                  </p>
                )}
              </li>
            )
          })}
        </ol>
      )}
      <div className="flex items-center gap-3">
        <RowButton focus="add" disabled={rows.length >= PARAMS_MAX} onClick={add}>
          添加参数
        </RowButton>
        <span className="text-xs text-slate-500">
          {rows.length}/{PARAMS_MAX} 项，按此顺序显示在商品页
        </span>
      </div>
    </div>
  )
}

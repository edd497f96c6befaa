/**
 * The result of each row of an imported file (批量发货, 导入导出): its row number in the file,
 * what names it (an order code, a SKU), and what it did or why it was refused, in red. The
 * caller sorts the rows (the refused ones first, so they are fixed and imported again).
 */
import type { ReactNode } from 'react'

export interface RowResult {
  row: number
  ok: boolean
  /** What names the row: an order code, a SKU id (a link); '—' when the file gave none. */
  name: ReactNode
  text: string
  /** data-import-row, for the tests and the eye: 'failed' for a refused row. */
  state: string
}

const th = 'whitespace-nowrap py-1 pr-3 font-medium'

export function RowResults({
  caption,
  nameHeader,
  rows,
}: {
  caption: string
  nameHeader: string
  rows: RowResult[]
}) {
  return (
    <div className="max-h-[28rem] overflow-auto">
      <table className="w-full min-w-[20rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-left text-slate-600">
          <tr>
            <th scope="col" className={th}>
              行
            </th>
            <th scope="col" className={th}>
              {nameHeader}
            </th>
            <th scope="col" className="py-1 font-medium">
              结果
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row} className="border-t border-slate-100 align-top" data-import-row={r.state}>
              <td className="py-1 pr-3 tabular-nums">{r.row}</td>
              <td className="py-1 pr-3 tabular-nums">{r.name}</td>
              <td className={`break-words py-1 ${r.ok ? 'text-slate-700' : 'text-red-700'}`}>{r.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The bars around a list's table: the chosen rows' bulk actions, and the export. */
import { useState } from 'react'
import { toast } from '../../../lib/toast.ts'
import { look } from './Actions.tsx'
import type { BulkAction, Filters, ListExport } from './list-types.ts'
import { saveFile } from './save-file.ts'
import { may, useStaff } from './staff.ts'

/** 已选 N 项 and what may be done with them; shown once a row is chosen. */
export function BulkBar<Row>({
  rows,
  actions,
  done,
  clear,
}: {
  rows: Row[]
  actions: readonly BulkAction<Row>[]
  /** After a write: the choice is cleared and the list reloaded (a refusal was toasted). */
  done: (ok: boolean) => void
  clear: () => void
}) {
  const me = useStaff()
  const [busy, setBusy] = useState(false)
  if (!rows.length) return null
  const run = async (a: BulkAction<Row>, chosen: Row[]) => {
    setBusy(true)
    try {
      if (a.file) {
        saveFile(await a.file.file(chosen), a.file.name())
        toast('success', '已导出')
        return
      }
      // false: the action was called off (its question answered 取消); the rows stay chosen.
      if ((await a.run?.(chosen)) !== false) done(true)
    } catch {
      // Refused: the client has shown why; the rows stay chosen.
      if (!a.file) done(false)
    } finally {
      setBusy(false)
    }
  }
  // Each action with the chosen rows it is for; one for none of them, or not the staff's, is left out.
  const shown = actions
    .filter((a) => !a.file || may(me, a.file.permission))
    .map((a) => ({ a, chosen: a.applies ? rows.filter(a.applies) : rows }))
    .filter(({ chosen }) => chosen.length > 0)
  return (
    <section
      aria-label="批量操作"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm"
    >
      <span className="mr-2 text-slate-700" aria-live="polite">
        已选 {rows.length} 项
      </span>
      {shown.map(({ a, chosen }) => {
        // Said when it is for some of the chosen rows only: 打印发货单（2 项）.
        const label = chosen.length < rows.length ? `${a.label}（${chosen.length} 项）` : a.label
        return a.href ? (
          <a key={a.label} className={look(a.danger)} href={a.href(chosen)}>
            {label}
          </a>
        ) : (
          <button
            key={a.label}
            type="button"
            className={look(a.danger)}
            disabled={busy}
            onClick={() => run(a, chosen)}
          >
            {label}
          </button>
        )
      })}
      <button type="button" className="px-2 py-1 text-slate-600 hover:underline" onClick={clear}>
        取消选择
      </button>
    </section>
  )
}

/** 导出 CSV of the list as filtered, for those who may. */
export function ExportButton({ spec, filters }: { spec: ListExport; filters: Filters }) {
  const me = useStaff()
  const [exporting, setExporting] = useState(false)
  if (!may(me, spec.permission)) return null
  const run = async () => {
    setExporting(true)
    try {
      saveFile(await spec.file(filters), spec.name())
      toast('success', '已导出')
    } catch {
      // Refused: the client has shown why.
    } finally {
      setExporting(false)
    }
  }
  return (
    <button type="button" className="btn-outline px-3 py-1 text-sm" disabled={exporting} onClick={run}>
      {exporting ? '正在导出…' : '导出 CSV'}
    </button>
  )
}

import { useId, useRef, useState } from 'react'

export interface PickableColumn {
  id: string
  header: string
  visible: boolean
  toggle: (visible: boolean) => void
}

/** 列设置: the columns a table shows, chosen by checkbox; the last visible one stays. */
export function ColumnPicker({ columns }: { columns: readonly PickableColumn[] }) {
  const pickerId = useId()
  const button = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const shown = columns.filter((c) => c.visible).length
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        className="btn-outline px-3 py-1 text-sm"
        aria-expanded={open}
        aria-controls={pickerId}
        onClick={() => setOpen((p) => !p)}
      >
        列设置
      </button>
      {open && (
        // Closes as a menu does: Escape (focus back on 列设置) or focus moving elsewhere.
        <fieldset
          id={pickerId}
          className="absolute right-0 z-20 mt-1 grid min-w-40 gap-1 rounded-md border border-slate-200 bg-white p-3 shadow-lg"
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return
            setOpen(false)
            button.current?.focus()
          }}
          onBlur={(e) => {
            const to = e.relatedTarget as Node | null
            if (!e.currentTarget.contains(to) && to !== button.current) setOpen(false)
          }}
        >
          <legend className="sr-only">显示的列</legend>
          {columns.map((col) => (
            <label key={col.id} className="flex items-center gap-2 whitespace-nowrap">
              <input
                type="checkbox"
                checked={col.visible}
                disabled={col.visible && shown === 1}
                onChange={(e) => col.toggle(e.target.checked)}
              />
              {col.header}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  )
}

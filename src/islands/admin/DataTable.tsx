/**
 * THE table of the back office (issue 20): every list screen uses it. Headless state from
 * @tanstack/react-table (sorting, column visibility); markup, paging and the empty state here.
 * Rows come a page at a time from the server ({pageData, pageIndex, pageSize, pageTotal});
 * sorting is the server's when the screen passes `sort` (kept in the URL), else it orders the
 * page shown. Hidden columns are remembered per table in localStorage.
 *
 *   <DataTable id="audit" columns={columns} page={page} loading={loading} empty="暂无记录"
 *     onPage={(i) => set({ pageIndex: i })} />
 */
import {
  type ColumnDef,
  type ColumnVisibilityState,
  columnVisibilityFeature,
  createSortedRowModel,
  type RowData,
  rowSortingFeature,
  type SortingState,
  sortFn_basic,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'

export interface Column<Row> {
  id: string
  header: string
  cell: (row: Row) => ReactNode
  /** The value to order by: sortable on this page (or on the server, with `sort`). */
  sortValue?: (row: Row) => string | number | null
  /** Hidden until chosen in 列设置. */
  hidden?: boolean
  /** Extra classes of the cells (alignment, width). */
  className?: string
}

export interface PageOf<Row> {
  pageData: Row[]
  pageIndex: number
  pageSize: number
  pageTotal: number
}

/** A whole list as one page, for screens whose call answers every row (a product's SKUs, the templates). */
export const onePage = <Row,>(rows: Row[]): PageOf<Row> => ({
  pageData: rows,
  pageIndex: 0,
  pageSize: Math.max(rows.length, 1),
  pageTotal: rows.length,
})

const features = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
})

type Def<Row extends RowData> = ColumnDef<typeof features, Row>

const NO_ROWS: never[] = []
const visibilityKey = (id: string) => `admin-columns:${id}`

function storedVisibility(id: string, columns: readonly Column<never>[]): ColumnVisibilityState {
  const initial = Object.fromEntries(columns.filter((c) => c.hidden).map((c) => [c.id, false]))
  try {
    const saved = JSON.parse(
      localStorage.getItem(visibilityKey(id)) ?? 'null',
    ) as ColumnVisibilityState | null
    return saved ? { ...initial, ...saved } : initial
  } catch {
    return initial
  }
}

export function DataTable<Row extends RowData>({
  id,
  columns,
  page,
  loading = false,
  empty = '暂无数据',
  onPage,
  sort,
  onSort,
  rowKey,
  caption,
}: {
  /** Names the table's remembered column choice. */
  id: string
  columns: readonly Column<Row>[]
  page: PageOf<Row> | null
  loading?: boolean
  empty?: string
  onPage: (pageIndex: number) => void
  /** Server-side sorting: the column id and direction, e.g. from useUrlFilters. */
  sort?: { id: string; desc: boolean } | null
  onSort?: (sort: { id: string; desc: boolean } | null) => void
  rowKey?: (row: Row) => string | number
  /** Read by screen readers: what the table lists. */
  caption?: string
}) {
  const defs = useMemo<Def<Row>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: Row) => c.sortValue?.(row) ?? null,
        cell: (ctx: { row: { original: Row } }) => c.cell(ctx.row.original),
        enableSorting: !!c.sortValue,
        sortFn: 'basic',
      })) as Def<Row>[],
    [columns],
  )
  const [localSort, setLocalSort] = useState<SortingState>([])
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(() =>
    storedVisibility(id, columns as readonly Column<never>[]),
  )
  useEffect(() => {
    try {
      localStorage.setItem(visibilityKey(id), JSON.stringify(visibility))
    } catch {
      // Not remembered where storage is blocked; the choice holds for this page.
    }
  }, [id, visibility])

  const manual = !!onSort
  const sorting: SortingState = manual ? (sort ? [sort] : []) : localSort
  const table = useTable({
    features,
    columns: defs,
    data: (page?.pageData ?? NO_ROWS) as Row[],
    state: { sorting, columnVisibility: visibility },
    manualSorting: manual,
    enableSortingRemoval: true,
    onSortingChange: (u) => {
      const next = typeof u === 'function' ? u(sorting) : u
      if (manual) onSort?.(next[0] ? { id: next[0].id, desc: next[0].desc } : null)
      else setLocalSort(next)
    },
    onColumnVisibilityChange: (u) => setVisibility((v) => (typeof u === 'function' ? u(v) : u)),
    getRowId: rowKey ? (row: Row) => String(rowKey(row)) : undefined,
  })

  const rows = table.getRowModel().rows
  const visible = table.getVisibleLeafColumns()
  const pages = page ? Math.max(1, Math.ceil(page.pageTotal / page.pageSize)) : 1
  // Past the last page (a typed address, rows gone since): to the last one, as the public lists do.
  const pastEnd = !loading && page !== null && page.pageTotal > 0 && page.pageIndex >= pages
  useEffect(() => {
    if (pastEnd) onPage(pages - 1)
  }, [pastEnd, pages, onPage])
  const pickerId = useId()
  const pickerButton = useRef<HTMLButtonElement>(null)
  const [picking, setPicking] = useState(false)

  return (
    <div className="min-w-0">
      <div className="mb-2 flex items-center justify-end gap-2 text-sm">
        <div className="relative">
          <button
            ref={pickerButton}
            type="button"
            className="btn-outline px-3 py-1 text-sm"
            aria-expanded={picking}
            aria-controls={pickerId}
            onClick={() => setPicking((p) => !p)}
          >
            列设置
          </button>
          {picking && (
            // Closes as a menu does: Escape (focus back on 列设置) or focus moving elsewhere.
            <fieldset
              id={pickerId}
              className="absolute right-0 z-20 mt-1 grid min-w-40 gap-1 rounded-md border border-slate-200 bg-white p-3 shadow-lg"
              onKeyDown={(e) => {
                if (e.key !== 'Escape') return
                setPicking(false)
                pickerButton.current?.focus()
              }}
              onBlur={(e) => {
                const to = e.relatedTarget as Node | null
                if (!e.currentTarget.contains(to) && to !== pickerButton.current) setPicking(false)
              }}
            >
              <legend className="sr-only">显示的列</legend>
              {table.getAllLeafColumns().map((col) => (
                <label key={col.id} className="flex items-center gap-2 whitespace-nowrap">
                  <input
                    type="checkbox"
                    checked={col.getIsVisible()}
                    disabled={col.getIsVisible() && visible.length === 1}
                    onChange={(e) => col.toggleVisibility(e.target.checked)}
                  />
                  {String(col.columnDef.header)}
                </label>
              ))}
            </fieldset>
          )}
        </div>
      </div>
      {/* relative: an sr-only text in a cell (absolutely placed) stays inside the scroll box
          instead of widening the page at 390 px. */}
      <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full border-collapse text-sm" aria-busy={loading}>
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className="bg-slate-50 text-left text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const col = header.column
                  const dir = col.getIsSorted()
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                      className="whitespace-nowrap border-b border-slate-200 px-3 py-2 font-medium"
                    >
                      {col.getCanSort() ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 hover:text-brand-700"
                          onClick={col.getToggleSortingHandler()}
                        >
                          <table.FlexRender header={header} />
                          <span aria-hidden="true">{dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}</span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`px-3 py-2 align-top ${columns.find((c) => c.id === cell.column.id)?.className ?? ''}`}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {!rows.length && (
              <tr>
                <td colSpan={visible.length} className="px-3 py-10 text-center text-slate-500">
                  {/* No page once loading ended: the call was refused, and its toast said why. */}
                  {loading ? '加载中…' : page ? empty : '未能加载，请按提示修改后重试'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {page && page.pageTotal > 0 && (
        <nav aria-label="分页" className="mt-3 flex flex-wrap items-center justify-end gap-2 text-sm">
          <span className="text-slate-600">
            共 {page.pageTotal} 条，第 {page.pageIndex + 1}/{pages} 页
          </span>
          <button
            type="button"
            className="btn-outline px-3 py-1 text-sm"
            disabled={page.pageIndex <= 0 || loading}
            onClick={() => onPage(page.pageIndex - 1)}
          >
            上一页
          </button>
          <button
            type="button"
            className="btn-outline px-3 py-1 text-sm"
            disabled={page.pageIndex + 1 >= pages || loading}
            onClick={() => onPage(page.pageIndex + 1)}
          >
            下一页
          </button>
        </nav>
      )}
    </div>
  )
}

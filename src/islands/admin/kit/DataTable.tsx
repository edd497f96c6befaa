/**
 * THE table of the back office (issue 20): every list screen uses it, most through the list kit
 * (kit/ListScreen.tsx). Headless state from @tanstack/react-table (sorting, column visibility,
 * row selection); markup here, the pager and 列设置 beside it in kit/.
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
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  sortFn_basic,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { ColumnPicker } from './ColumnPicker.tsx'
import { Pager } from './Pager.tsx'

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

/** A sort of one column: its id and direction. */
export type Sort = { id: string; desc: boolean }

/** Rows chosen by their checkbox for a bulk action: by row key, with what names a row to a screen reader. */
export interface Selection<Row> {
  chosen: RowSelectionState
  onChange: (chosen: RowSelectionState) => void
  /** 选择 {label}: the checkbox's name, e.g. the order code. */
  label: (row: Row) => string
  /** Rows the bulk actions do not apply to get no live checkbox. */
  can?: (row: Row) => boolean
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
  rowSelectionFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
})

type Def<Row extends RowData> = ColumnDef<typeof features, Row>

const NO_ROWS: never[] = []
const NO_CHOICE: RowSelectionState = {}
const SELECT = '_select'
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

/** The columns shown, as chosen in 列设置 and remembered for the table `id`. */
function useVisibility(id: string, columns: readonly Column<never>[]) {
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(() => storedVisibility(id, columns))
  useEffect(() => {
    try {
      localStorage.setItem(visibilityKey(id), JSON.stringify(visibility))
    } catch {
      // Not remembered where storage is blocked; the choice holds for this page.
    }
  }, [id, visibility])
  return [visibility, setVisibility] as const
}

/** A checkbox that can also show "some chosen" (the header's, when part of the page is). */
function Check(p: {
  label: string
  checked: boolean
  mixed?: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
}) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = !!p.mixed
  }, [p.mixed])
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={p.label}
      className="size-4 align-middle"
      checked={p.checked}
      disabled={p.disabled}
      onChange={(e) => p.onChange(e.target.checked)}
    />
  )
}

/** The column definitions TanStack reads: the screen's, behind a checkbox column when rows are chosen. */
function useDefs<Row extends RowData>(columns: readonly Column<Row>[], selection?: Selection<Row>) {
  const label = selection?.label
  return useMemo<Def<Row>[]>(() => {
    const defs = columns.map((c) => ({
      id: c.id,
      header: c.header,
      accessorFn: (row: Row) => c.sortValue?.(row) ?? null,
      cell: (ctx: { row: { original: Row } }) => c.cell(ctx.row.original),
      enableSorting: !!c.sortValue,
      sortFn: 'basic',
    })) as Def<Row>[]
    if (!label) return defs
    const select = {
      id: SELECT,
      enableSorting: false,
      enableHiding: false,
      header: ({ table }) => (
        <Check
          label="选择本页全部"
          checked={table.getIsAllPageRowsSelected()}
          mixed={table.getIsSomePageRowsSelected()}
          onChange={(v) => table.toggleAllPageRowsSelected(v)}
        />
      ),
      cell: ({ row }) => (
        <Check
          label={`选择 ${label(row.original)}`}
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onChange={(v) => row.toggleSelected(v)}
        />
      ),
    } as Def<Row>
    return [select, ...defs]
  }, [columns, label])
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
  defaultSort,
  rowKey,
  caption,
  selection,
}: {
  /** Names the table's remembered column choice. */
  id: string
  columns: readonly Column<Row>[]
  page: PageOf<Row> | null
  loading?: boolean
  empty?: string
  onPage: (pageIndex: number) => void
  /** Server-side sorting: the column id and direction, e.g. from useUrlFilters. */
  sort?: Sort | null
  onSort?: (sort: Sort | null) => void
  /** The page's order before a header is clicked (sorting on this page). */
  defaultSort?: Sort
  rowKey?: (row: Row) => string | number
  /** Read by screen readers: what the table lists. */
  caption?: string
  /** Checkboxes on the rows, for bulk actions (needs rowKey). */
  selection?: Selection<Row>
}) {
  const defs = useDefs(columns, selection)
  const [localSort, setLocalSort] = useState<SortingState>(defaultSort ? [defaultSort] : [])
  const [visibility, setVisibility] = useVisibility(id, columns as readonly Column<never>[])
  const manual = !!onSort
  const sorting: SortingState = manual ? (sort ? [sort] : []) : localSort
  const can = selection?.can
  const table = useTable({
    features,
    columns: defs,
    data: (page?.pageData ?? NO_ROWS) as Row[],
    state: { sorting, columnVisibility: visibility, rowSelection: selection?.chosen ?? NO_CHOICE },
    manualSorting: manual,
    enableSortingRemoval: true,
    enableRowSelection: can ? (row) => can(row.original) : !!selection,
    onRowSelectionChange: (u) => {
      const chosen = selection?.chosen ?? NO_CHOICE
      selection?.onChange(typeof u === 'function' ? u(chosen) : u)
    },
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
  const classOf = (columnId: string) => columns.find((c) => c.id === columnId)?.className ?? ''

  return (
    <div className="min-w-0">
      <div className="mb-2 flex items-center justify-end gap-2 text-sm">
        <ColumnPicker
          columns={columns.map((c) => {
            const col = table.getColumn(c.id)
            return {
              id: c.id,
              header: c.header,
              visible: col?.getIsVisible() ?? true,
              toggle: (v: boolean) => col?.toggleVisibility(v),
            }
          })}
        />
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
                      className={`whitespace-nowrap border-b border-slate-200 px-3 py-2 font-medium ${col.id === SELECT ? 'w-8' : ''}`}
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
              <tr
                key={row.id}
                className={`border-b border-slate-100 last:border-0 hover:bg-slate-50 ${row.getIsSelected() ? 'bg-brand-50' : ''}`}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={`px-3 py-2 align-top ${classOf(cell.column.id)}`}>
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
      <Pager page={page} loading={loading} onPage={onPage} />
    </div>
  )
}

/**
 * The list kit (issue 37): a back-office list declared as data (list-types.ts) and drawn here —
 * the filters and page kept in the URL (so /admin/orders/?queue=ship links keep working), the
 * load with its loading, empty and error states, the table with its row actions, the checkboxes
 * and bulk actions, the export and the pager. At 390 px the filters stack and the table scrolls
 * inside its box.
 *
 *   const list = useList({ id: 'coupons', caption: '优惠券列表', load: …, columns, … })
 *   return <>{list.view}{dialog}</>          // list.reload() after a write
 *   export default adminPage('优惠券', 'promotions.write', Coupons)   // AdminShell.tsx
 */
import type { RowData, RowSelectionState } from '@tanstack/react-table'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { RowActions } from './Actions.tsx'
import { type Column, DataTable, onePage, type Sort } from './DataTable.tsx'
import { FilterBar, fieldsOf } from './FilterBar.tsx'
import { BulkBar, ExportButton } from './ListBars.tsx'
import type { Filters, ListDeclaration } from './list-types.ts'
import { useLoad } from './useLoad.ts'
import { useUrlFilters } from './useUrlFilters.ts'

const PAGE_SIZE = 20
const ORDER = 'pageOrder'
const DIRECTION = 'pageSort'

/** The URL's defaults: every filter's initial value, the page, the server's sort. */
function initialOf(
  list: Pick<ListDeclaration<unknown>, 'filters' | 'pageSize' | 'serverSort' | 'defaultSort'>,
): Filters {
  const values: Filters = Object.fromEntries(
    fieldsOf(list.filters ?? []).map((f) => [f.key, f.initial ?? '']),
  )
  if ((list.pageSize ?? PAGE_SIZE) > 0) values.pageIndex = '0'
  if (list.serverSort) {
    values[ORDER] = list.defaultSort?.id ?? ''
    values[DIRECTION] = list.defaultSort ? (list.defaultSort.desc ? 'desc' : 'asc') : ''
  }
  return values
}

/** The screen's columns, with 操作 last when rows have actions. */
function useColumns<Row extends RowData>(
  list: ListDeclaration<Row>,
  reload: () => void,
): readonly Column<Row>[] {
  const { columns, rowActions } = list
  return useMemo(
    () =>
      rowActions
        ? [
            ...columns,
            {
              id: 'actions',
              header: '操作',
              cell: (r: Row) => <RowActions actions={rowActions(r, { reload })} />,
            },
          ]
        : columns,
    [columns, rowActions, reload],
  )
}

/** The rows chosen by checkbox; a new load (filters, page) starts with none. */
function useChoice(key: string) {
  const [chosen, setChosen] = useState<RowSelectionState>({})
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is what asks for a clear choice.
  useEffect(() => setChosen({}), [key])
  return [chosen, setChosen] as const
}

export function useList<Row extends RowData>(
  list: ListDeclaration<Row>,
): {
  view: ReactNode
  reload: () => void
  filters: Filters
} {
  const [initial] = useState(() => initialOf(list))
  const [f, set] = useUrlFilters(initial)
  const pageSize = list.pageSize ?? PAGE_SIZE
  const key = JSON.stringify(f)
  const { data, loading, reload } = useLoad(
    () => list.load(f, { pageIndex: Number(f.pageIndex) || 0, pageSize }),
    key,
  )
  const page = data && (Array.isArray(data) ? onePage(data) : data)
  const columns = useColumns(list, reload)
  const [chosen, setChosen] = useChoice(key)
  const chosenRows = (page?.pageData ?? []).filter((r, i) => chosen[String(list.rowKey ? list.rowKey(r) : i)])
  const { pageIndex: _p, [ORDER]: _o, [DIRECTION]: _d, ...filtersOnly } = f
  const sort: Sort | null = f[ORDER] ? { id: f[ORDER], desc: f[DIRECTION] !== 'asc' } : null

  const view = (
    <div className="grid min-w-0 gap-4">
      {list.toolbar && <div className="flex flex-wrap items-center justify-end gap-3">{list.toolbar}</div>}
      {list.filters?.length ? (
        <FilterBar
          label={list.filtersLabel ?? `筛选${list.caption}`}
          filters={list.filters}
          applied={f}
          initial={initial}
          apply={set}
          submit={list.submit}
          reset={list.reset}
        />
      ) : null}
      {list.export && (
        <div className="flex">
          <ExportButton spec={list.export} filters={filtersOnly} />
        </div>
      )}
      {list.bulkActions && (
        <BulkBar
          rows={chosenRows}
          actions={list.bulkActions}
          clear={() => setChosen({})}
          done={(ok) => {
            if (ok) setChosen({})
            reload()
          }}
        />
      )}
      <DataTable
        id={list.id}
        caption={list.caption}
        columns={columns}
        page={page}
        loading={loading}
        empty={typeof list.empty === 'string' ? list.empty : list.empty(f)}
        rowKey={list.rowKey}
        onPage={(i) => set({ pageIndex: String(i) })}
        defaultSort={list.serverSort ? undefined : list.defaultSort}
        {...(list.serverSort && {
          sort,
          onSort: (s: Sort | null) =>
            set({ [ORDER]: s?.id ?? '', [DIRECTION]: s ? (s.desc ? 'desc' : 'asc') : '' }),
        })}
        selection={
          list.bulkActions && list.rowLabel
            ? { chosen, onChange: setChosen, label: list.rowLabel, can: list.selectable }
            : undefined
        }
      />
    </div>
  )
  return { view, reload, filters: f }
}

/** A list with nothing beside it: its declaration drawn. */
export function ListScreen<Row extends RowData>({ list }: { list: ListDeclaration<Row> }) {
  return <>{useList(list).view}</>
}

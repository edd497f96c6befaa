/**
 * A DataTable of what one call answers, loaded here: the tabs of a detail screen (a customer's
 * orders, wallet and addresses). A call that answers every row at once is shown as one page.
 * `loadKey` says when to load again (the page asked for, a change made elsewhere).
 */
import type { RowData } from '@tanstack/react-table'
import type { ComponentProps } from 'react'
import { DataTable, onePage, type PageOf } from './DataTable.tsx'
import { useLoad } from './useLoad.ts'

type TableProps<Row extends RowData> = Omit<
  ComponentProps<typeof DataTable<Row>>,
  'page' | 'loading' | 'onPage'
>

export function LoadedTable<Row extends RowData>({
  load,
  loadKey,
  onPage = () => {},
  ...table
}: TableProps<Row> & {
  load: () => Promise<PageOf<Row> | Row[]>
  loadKey: string
  onPage?: (pageIndex: number) => void
}) {
  const { data, loading } = useLoad(load, loadKey)
  const page = data && (Array.isArray(data) ? onePage(data) : data)
  return <DataTable {...table} page={page} loading={loading} onPage={onPage} />
}

/**
 * A back-office list declared as data (issue 37): what it loads, its columns and filters, its
 * row and bulk actions, its export. kit/ListScreen.tsx draws every list from one of these.
 */
import type { ReactNode } from 'react'
import type { Permission } from '../../../lib/permissions.ts'
import type { Column, PageOf, Sort } from './DataTable.tsx'

/** An option of a select: its value in the URL and its text. */
export type Option = readonly [value: string, text: string]

/** A filter's value as the URL holds it, under its key. */
export type Filters = Record<string, string>

interface FilterBase {
  /** The URL key (?queue=ship) and the key of the load's query. */
  key: string
  label: string
  /** The label for screen readers only (the field's placeholder or first option says it). */
  hideLabel?: boolean
  /** The value when the URL has none; '' unless said. */
  initial?: string
}

export type Filter =
  | (FilterBase & {
      type: 'text'
      max?: number
      placeholder?: string
      /** An id: only its digits are applied (12a → 12), typed with the number pad. */
      numeric?: boolean
      /** A phone number: the number pad, the text as typed. */
      tel?: boolean
      /** A search box (type=search). */
      search?: boolean
    })
  | (FilterBase & {
      type: 'select'
      options: readonly Option[]
      /** Applied as soon as it changes, without 查询. */
      live?: boolean
    })
  | {
      type: 'dateRange'
      from: FilterBase
      to: FilterBase
    }

/** A button (or link) of a row, or of the selection bar. */
export interface Action {
  label: string
  /** The accessible name when the label alone does not say which row: 编辑「满100减10」. */
  name?: string
  href?: string
  run?: () => unknown
  /** Red: takes something away (下架, 隐藏); its `run` asks first. */
  danger?: boolean
}

export interface BulkAction<Row> {
  label: string
  /** A page to open with the chosen rows (the packing slips of the chosen orders). */
  href?: (rows: Row[]) => string
  /** A write on the chosen rows; the kit clears the choice and reloads after it (false: called off). */
  run?: (rows: Row[]) => Promise<unknown>
  /** A file of the chosen rows to download (导出所选), for those with its permission; the choice stays. */
  file?: Omit<ListExport, 'file'> & { file: (rows: Row[]) => Promise<Blob> }
  /** The chosen rows it is for (打印发货单: those with goods to pack); hidden when none is. */
  applies?: (row: Row) => boolean
  danger?: boolean
}

export interface ListExport {
  permission: Permission
  /** The file of the list as filtered (not its sort or page). */
  file: (filters: Filters) => Promise<Blob>
  /** Its name, e.g. orders-20260501.csv. */
  name: () => string
}

export interface ListDeclaration<Row> {
  /** Names the remembered column choice (admin-columns:{id}). */
  id: string
  /** What the table lists, for screen readers: 订单列表. */
  caption: string
  /** The filter form's name: 筛选订单. */
  filtersLabel?: string
  filters?: readonly Filter[]
  /** The button that applies the typed filters: 查询 (with 重置) or 查找. */
  submit?: '查询' | '查找'
  /** 重置 beside it: every filter back to its initial value. */
  reset?: boolean
  /** Loads a page (or, for a short list, every row) for the filters applied. */
  load: (filters: Filters, page: { pageIndex: number; pageSize: number }) => Promise<PageOf<Row> | Row[]>
  /** Rows a page; 0 for a list answered whole. */
  pageSize?: number
  columns: readonly Column<Row>[]
  /** Sorted by the server: the column id in ?pageOrder=, the direction in ?pageSort=. */
  serverSort?: boolean
  defaultSort?: Sort
  /** What keeps a row's identity (and its checkbox) across loads; its place on the page if none. */
  rowKey?: (row: Row) => string | number
  empty: string | ((filters: Filters) => string)
  rowActions?: (row: Row, list: { reload: () => void }) => readonly (Action | false | null | undefined)[]
  /** What a row's checkbox is called (its code, its title); needed with bulkActions. */
  rowLabel?: (row: Row) => string
  /** Rows the bulk actions apply to (others have no live checkbox). */
  selectable?: (row: Row) => boolean
  bulkActions?: readonly BulkAction<Row>[]
  export?: ListExport
  /** Above the filters, right-aligned: 新建… buttons, a note. */
  toolbar?: ReactNode
}

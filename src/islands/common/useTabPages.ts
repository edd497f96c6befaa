/**
 * The state of a user's paged list with tabs (orders, coupons, transactions): the tab, the page
 * (1-based on screen) and the date range of RangeFilter. Choosing another tab or range starts
 * again at page 1, so a list never opens on a page its new filter does not have.
 */
import { useState } from 'react'
import { PAGE_SIZE_DEFAULT, pageCount } from '../../lib/rules/paging.ts'
import type { ApiRange } from './RangeFilter.tsx'

export function useTabPages<T extends string>(first: T) {
  const [tab, setTab] = useState<T>(first)
  const [page, setPage] = useState(1)
  const [range, setRange] = useState<ApiRange>({})
  return {
    tab,
    page,
    setPage,
    range,
    selectTab: (t: T) => {
      setTab(t)
      setPage(1)
    },
    search: (r: ApiRange) => {
      setRange(r)
      setPage(1)
    },
    /** The call's paging: 0-based, 20 a page. */
    paging: { pageIndex: page - 1, pageSize: PAGE_SIZE_DEFAULT },
  }
}

/** How many pages an answer has; 0 before the first answer (no pager). */
export const pagesOf = (data: { pageTotal: number; pageSize: number } | null) =>
  data ? pageCount(data.pageTotal, data.pageSize || PAGE_SIZE_DEFAULT) : 0

import { useEffect } from 'react'
import type { PageOf } from './DataTable.tsx'

/** How many pages a page's total makes (at least one). */
export const pageCount = (page: PageOf<unknown>) => Math.max(1, Math.ceil(page.pageTotal / page.pageSize))

/**
 * 共 N 条，第 i/n 页 with 上一页 / 下一页. A page past the last (a typed address, rows gone since)
 * goes to the last one, as the public lists do.
 */
export function Pager({
  page,
  loading,
  onPage,
}: {
  page: PageOf<unknown> | null
  loading: boolean
  onPage: (pageIndex: number) => void
}) {
  const pages = page ? pageCount(page) : 1
  const pastEnd = !loading && page !== null && page.pageTotal > 0 && page.pageIndex >= pages
  useEffect(() => {
    if (pastEnd) onPage(pages - 1)
  }, [pastEnd, pages, onPage])
  if (!page || page.pageTotal === 0) return null
  return (
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
  )
}

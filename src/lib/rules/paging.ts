/** Paging limits shared by the pager islands and the server's query checks (storefront §9). */
export const PAGE_SIZE_DEFAULT = 20
export const PAGE_SIZE_MAX = 100
/** Deep pages past this are refused rather than scanned. */
export const PAGE_INDEX_MAX = 100_000

/** pageTotal → pages: pageCount(41, 20) → 3 */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** The creation-time range of list calls, yyyymmddhhmmss in China time. */
export interface DateRange {
  stime?: string
  etime?: string
}

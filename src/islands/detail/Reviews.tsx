/**
 * The reviews of a product (issue 24 item 6): the summary (average, count), a 全部 / 有图 filter
 * and the reviews newest first with 加载更多. Rendered on the server with the build's newest
 * reviews and summary (readers without JavaScript, search engines), it hydrates only when reached
 * (client:interact="reach", as the comments do) and then reads Reviews/GetReviewsPage live, so a
 * review written since the build shows. A click on a filter before hydration is replayed.
 */
import { useEffect, useState } from 'react'
import { ReviewList, Stars } from '../../components/detail/ReviewList.tsx'
import type { ReviewItem, ReviewSummary } from '../../lib/api/reviews.ts'
import { reviewsApi } from '../../lib/api/reviews.ts'
import { summaryLine } from '../../lib/rules/review.ts'

const PAGE_SIZE = 10
type Filter = 'all' | 'img'

export function Reviews({
  spuId,
  initial,
  summary: built,
}: {
  spuId: number
  initial: ReviewItem[]
  summary: ReviewSummary
}) {
  const [filter, setFilter] = useState<Filter>('all')
  const [list, setList] = useState<ReviewItem[]>(initial)
  const [summary, setSummary] = useState<ReviewSummary>(built)
  /** Reviews matching the filter; null until the API has said (the build's list stands). */
  const [total, setTotal] = useState<number | null>(null)
  const [page, setPage] = useState(0)
  const [loading, setLoading] = useState(false)

  useEffect(() => {
    const ctrl = new AbortController()
    setLoading(true)
    reviewsApi
      .getReviewsPage(
        { spuId, pageIndex: 0, pageSize: PAGE_SIZE, ...(filter === 'img' ? { hasImg: 1 as const } : {}) },
        { silent: true, signal: ctrl.signal },
      )
      .then((p) => {
        setList(p.pageData)
        setTotal(p.pageTotal)
        setSummary(p.summary)
        setPage(0)
      })
      // The build's reviews stay when the call fails.
      .catch(() => {})
      .finally(() => setLoading(false))
    return () => ctrl.abort()
  }, [spuId, filter])

  async function more() {
    setLoading(true)
    try {
      const p = await reviewsApi.getReviewsPage({
        spuId,
        pageIndex: page + 1,
        pageSize: PAGE_SIZE,
        ...(filter === 'img' ? { hasImg: 1 as const } : {}),
      })
      const have = new Set(list.map((r) => r.id))
      setList((l) => [...l, ...p.pageData.filter((r) => !have.has(r.id))])
      setTotal(p.pageTotal)
      setPage(page + 1)
    } catch {
      // The toast said why.
    } finally {
      setLoading(false)
    }
  }

  const chip = (f: Filter, label: string, n: number) => (
    <button
      type="button"
      aria-pressed={filter === f}
      onClick={() => setFilter(f)}
      className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:border-brand-600 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
    >
      {label}
      <span className="ml-1 tabular-nums">{n}</span>
    </button>
  )

  return (
    <div className="flex flex-col gap-4" data-reviews={spuId}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {summary.count > 0 && (
          <p className="flex items-baseline gap-2">
            <span className="text-3xl font-semibold tabular-nums text-amber-600">
              {summary.average.toFixed(1)}
            </span>
            <Stars n={Math.round(summary.average)} />
          </p>
        )}
        <p className="text-sm text-slate-600" data-review-summary>
          {summary.count > 0 ? `${summary.count}条评价` : summaryLine(summary)}
        </p>
        <fieldset className="ml-auto flex gap-2">
          <legend className="sr-only">筛选评价</legend>
          {chip('all', '全部', summary.count)}
          {chip('img', '有图', summary.withImages)}
        </fieldset>
      </div>
      <p className="sr-only" aria-live="polite">
        {total === null ? '' : `共 ${total} 条${filter === 'img' ? '有图' : ''}评价`}
      </p>
      <div aria-busy={loading || undefined}>
        <ReviewList reviews={list} empty={filter === 'img' ? '暂无有图评价' : '暂无评价'} />
      </div>
      {total !== null && list.length < total && (
        <button type="button" className="btn-outline self-center" disabled={loading} onClick={more}>
          加载更多评价
        </button>
      )}
    </div>
  )
}

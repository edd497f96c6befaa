import type { ReactNode } from 'react'
import type { SpuDetail } from '../../lib/api/types.ts'
import { summaryLine } from '../../lib/rules/review.ts'
import { ReviewList } from './ReviewList.tsx'

/** '4.8分 · 12条评价' beside the price, a link down to the reviews; as the build saw them. */
export function ReviewsLink({ summary }: { summary: SpuDetail['reviewSummary'] }) {
  return (
    <a href="#product-reviews" className="text-amber-700 hover:underline" data-review-link>
      {summaryLine(summary)}
    </a>
  )
}

/**
 * The 商品评价 section of a product page (issue 24 item 6). `children` is the reviews island on a
 * built page; without it (the query-route island) the build's newest reviews show read-only.
 */
export function ProductReviews({ p, children }: { p: SpuDetail; children?: ReactNode }) {
  return (
    <section
      id="product-reviews"
      aria-labelledby="product-reviews-h"
      className="mt-5 scroll-mt-24 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-6"
    >
      <h2 id="product-reviews-h" className="mb-3 text-lg font-semibold text-slate-900">
        商品评价
      </h2>
      {children ?? <ReviewList reviews={p.reviewList} />}
    </section>
  )
}

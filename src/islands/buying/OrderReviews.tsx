/**
 * 商品评价 of an order (issue 24 item 6): on a completed order, each product with 评价, then
 * 追评 once reviewed, then nothing after the 追评; what the buyer wrote shows under it. Its own
 * call (Reviews/GetReviewsOrder) and its own section, so the order page only places it.
 */
import { useCallback, useEffect, useState } from 'react'
import { Stars } from '../../components/detail/ReviewList.tsx'
import { type OrderReviewLine, reviewsApi } from '../../lib/api/reviews.ts'
import { ItemThumb } from './parts.tsx'
import { ReviewDialog, type ReviewTarget } from './ReviewDialog.tsx'

export function OrderReviews({ orderId }: { orderId: number }) {
  const [lines, setLines] = useState<OrderReviewLine[] | null>(null)
  const [target, setTarget] = useState<ReviewTarget | null>(null)
  const load = useCallback(
    () =>
      reviewsApi
        .getReviewsOrder(orderId, { silent: true })
        .then((r) => setLines(r.canReview ? r.list : []))
        .catch(() => setLines([])),
    [orderId],
  )
  useEffect(() => {
    void load()
  }, [load])
  if (!lines || lines.length === 0) return null

  return (
    <section
      aria-labelledby="od-reviews"
      className="rounded-lg border border-slate-200 p-4"
      data-order-reviews
    >
      <h2 id="od-reviews" className="mb-1 text-base font-semibold text-slate-900">
        商品评价
      </h2>
      <ul className="divide-y divide-slate-100">
        {lines.map((l) => (
          <li key={l.spuId} className="flex flex-wrap items-start gap-3 py-3" data-review-line={l.spuId}>
            <ItemThumb path={l.imgurl} size="sm" />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 break-all text-sm text-slate-800">{l.title}</p>
              {l.review && (
                <div className="mt-1 text-sm text-slate-600">
                  <Stars n={l.review.stars} className="text-sm" />
                  {l.review.hidden && <span className="ml-2 text-xs text-red-700">已被平台隐藏</span>}
                  <p className="mt-1 line-clamp-3 whitespace-pre-line break-words">{l.review.content}</p>
                  {l.review.addition && (
                    <p className="mt-1 line-clamp-2 break-words text-slate-500">
                      <span className="text-accent-600">追评：</span>
                      {l.review.addition.content}
                    </p>
                  )}
                </div>
              )}
            </div>
            {!l.review ? (
              <button
                type="button"
                className="btn-primary shrink-0 px-4 py-1.5 text-sm"
                onClick={() => setTarget({ kind: 'review', orderId, spuId: l.spuId, title: l.title })}
              >
                评价<span className="sr-only"> {l.title}</span>
              </button>
            ) : (
              !l.review.addition && (
                <button
                  type="button"
                  className="btn-outline shrink-0 px-4 py-1.5 text-sm"
                  onClick={() =>
                    setTarget({ kind: 'addition', reviewId: (l.review as { id: number }).id, title: l.title })
                  }
                >
                  追评<span className="sr-only"> {l.title}</span>
                </button>
              )
            )}
          </li>
        ))}
      </ul>
      <ReviewDialog
        target={target}
        onOpenChange={(open) => !open && setTarget(null)}
        onDone={() => {
          setTarget(null)
          void load()
        }}
      />
    </section>
  )
}

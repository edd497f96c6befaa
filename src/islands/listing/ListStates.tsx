/**
 * What a user's own list (orders, coupons, transactions, favourites, messages, published items)
 * shows in place of its rows: the failure with 重试 (lists fail quietly, storefront §8), 正在加载…
 * before the first answer, or the empty text. One piece, so every list says these the same way.
 */
import type { ReactNode } from 'react'
import { EmptyState } from './parts.tsx'

/** The wait for a list's first answer. */
export function Loading() {
  return <p className="py-12 text-center text-slate-500">正在加载…</p>
}

/** A list that did not load, with the way to ask again. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <EmptyState
      text={text}
      action={
        <button type="button" className="btn-outline" onClick={onRetry}>
          重试
        </button>
      }
    />
  )
}

/**
 * The failure, the wait or the empty state of a list loaded with usePaged; `children` draws the
 * answer when there are rows to show.
 */
export function ListStates<T>({
  data,
  failed,
  onRetry,
  failedText,
  empty,
  emptyText,
  emptyAction,
  children,
}: {
  /** The answer; null before the first one. */
  data: T | null
  failed: boolean
  onRetry: () => void
  failedText: string
  /** The answer has no rows. */
  empty: boolean
  emptyText: string
  /** A way on from the empty list (e.g. 发布…). */
  emptyAction?: ReactNode
  children: (data: T) => ReactNode
}) {
  if (failed) return <LoadFailed text={failedText} onRetry={onRetry} />
  if (data === null) return <Loading />
  if (empty) return <EmptyState text={emptyText} action={emptyAction} />
  return children(data)
}

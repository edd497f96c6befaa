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
 * The failure, the wait or the empty state of a list loaded with usePaged (`list`); `children`
 * draws the answer when there are rows to show. A failure says 「`what`加载失败」.
 */
export function ListStates<T>({
  list,
  what,
  empty,
  emptyText,
  emptyAction,
  children,
}: {
  /** usePaged's answer: null before the first one. */
  list: { data: T | null; failed: boolean; reload: () => void }
  /** What the list holds: 订单, 收藏 … */
  what: string
  /** The answer has no rows. */
  empty: boolean
  emptyText: string
  /** A way on from the empty list (e.g. 发布…). */
  emptyAction?: ReactNode
  children: (data: T) => ReactNode
}) {
  if (list.failed) return <LoadFailed text={`${what}加载失败`} onRetry={list.reload} />
  if (list.data === null) return <Loading />
  if (empty) return <EmptyState text={emptyText} action={emptyAction} />
  return children(list.data)
}

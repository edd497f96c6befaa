/**
 * The blocks a detail page (an article's, a product's) is built of, so the two pages keep one
 * look: the title with its 收藏 button, subtitle and tags; a titled panel; the row of
 * recommended cards at the foot.
 */
import type { ReactNode } from 'react'
import { FavouriteButton } from './FavouriteButton.tsx'

/** The title (the page's h1) beside its 收藏 button, then the subtitle and the tags. */
export function TitleBlock({
  title,
  titleClass,
  subTitle,
  tags,
  like,
}: {
  title: string
  /** More classes for the h1. */
  titleClass?: string
  subTitle: string | null | undefined
  tags: string[]
  /** What 收藏 keeps: the item and its kind. */
  like: { id: number; status: number }
}) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <h1
          className={[titleClass, 'text-xl font-bold leading-snug text-slate-900 md:text-2xl']
            .filter(Boolean)
            .join(' ')}
        >
          {title}
        </h1>
        <div className="shrink-0">
          <FavouriteButton id={like.id} status={like.status} />
        </div>
      </div>
      {subTitle && <p className="mt-2 leading-6 text-slate-500">{subTitle}</p>}
      {tags.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="标签">
          {tags.map((t) => (
            <li key={t} className="chip px-2 py-1">
              {t}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/** A white panel named by its h2 (`${id}-h`); `className` places it in the page's grid. */
export function Panel({
  id,
  title,
  className,
  children,
}: {
  id: string
  title: string
  className: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${id}-h`}
      className={`min-w-0 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-6 ${className}`}
    >
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** 推荐课程 / 推荐产品: up to four cards under the page; nothing when there are none. */
export function Recommended({ id, title, children }: { id: string; title: string; children: ReactNode[] }) {
  if (children.length === 0) return null
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-4">{children}</div>
    </section>
  )
}

/**
 * The frame of a listing card (storefront §2): the picture, the title as the link over the whole
 * card, at most 3 tags, and the card's own foot (a price, who, how many). ArticleCard and
 * ProductCard fill it, so every card of a grid has one look.
 */
import type { ReactNode } from 'react'
import { cardTags } from '../lib/format.ts'
import { AssetImg } from './AssetImg.tsx'

export function ItemCard({
  href,
  title,
  tag,
  image,
  headingLevel,
  footClass,
  children,
}: {
  href: string
  title: string
  /** The item's tags as the API gives them (cardTags shows at most 3). */
  tag: string | null | undefined
  /** The picture's path, size and box (`aspect-…` class). */
  image: { path: string | null | undefined; width: number; height?: number; box: string }
  headingLevel: 2 | 3
  footClass: string
  children: ReactNode
}) {
  const H = `h${headingLevel}` as const
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      <div className={`${image.box} overflow-hidden bg-slate-100`}>
        <AssetImg
          path={image.path}
          width={image.width}
          height={image.height}
          lazy
          className="h-full w-full object-cover transition group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <H className="line-clamp-2 text-[15px] font-medium leading-snug text-slate-900">
          <a href={href} className="hover:text-brand-700 after:absolute after:inset-0 after:content-['']">
            {title}
          </a>
        </H>
        {tag && (
          <ul className="flex flex-wrap gap-1" aria-label="标签">
            {cardTags(tag).map((t) => (
              <li key={t} className="chip">
                {t}
              </li>
            ))}
          </ul>
        )}
        <div className={`mt-auto flex flex-wrap justify-between gap-x-2 ${footClass}`}>{children}</div>
      </div>
    </article>
  )
}

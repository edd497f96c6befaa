import type { SpuCard } from '../lib/api/types.ts'
import { cardTags, firstImage, formatPrice } from '../lib/format.ts'
import { productPath } from '../lib/routes.ts'
import { AssetImg } from './AssetImg.tsx'

/** A product card: first image, title, at most 3 tags, the lowest SKU price. */
export function ProductCard({ p, headingLevel = 3 }: { p: SpuCard; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as const
  const price = formatPrice(p.priceMin)
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      <div className="aspect-square overflow-hidden bg-slate-100">
        <AssetImg
          path={firstImage(p.imgurls)}
          width={300}
          lazy
          className="h-full w-full object-cover transition group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <H className="line-clamp-2 text-[15px] font-medium leading-snug text-slate-900">
          <a
            href={productPath(p.id)}
            className="hover:text-brand-700 after:absolute after:inset-0 after:content-['']"
          >
            {p.title}
          </a>
        </H>
        {p.tag && (
          <ul className="flex flex-wrap gap-1" aria-label="标签">
            {cardTags(p.tag).map((t) => (
              <li key={t} className="chip">
                {t}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex flex-wrap items-baseline justify-between gap-x-2">
          <span className="price shrink-0 whitespace-nowrap text-base">
            {price === '免费' ? price : `¥${price}`}
            <small className="text-xs font-normal text-slate-400">{price === '免费' ? '' : ' 起'}</small>
          </span>
          <span className="min-w-0 truncate text-xs text-slate-500">已售 {p.extMore}</span>
        </div>
      </div>
    </article>
  )
}

import type { ArticleCard as Article } from '../lib/api/types.ts'
import { cardTags, formatPrice } from '../lib/format.ts'
import { articlePath } from '../lib/routes.ts'
import { AssetImg } from './AssetImg.tsx'

/** A course, post or task card: cover, title, at most 3 tags, price (storefront §2). */
export function ArticleCard({ a, headingLevel = 3 }: { a: Article; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as const
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      <div className="aspect-[16/10] overflow-hidden bg-slate-100">
        <AssetImg
          path={a.imgurl}
          width={320}
          height={200}
          lazy
          className="h-full w-full object-cover transition group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <H className="line-clamp-2 text-[15px] font-medium leading-snug text-slate-900">
          <a
            href={articlePath(a.id)}
            className="hover:text-brand-700 after:absolute after:inset-0 after:content-['']"
          >
            {a.title}
          </a>
        </H>
        {a.tag && (
          <ul className="flex flex-wrap gap-1" aria-label="标签">
            {cardTags(a.tag).map((t) => (
              <li key={t} className="chip">
                {t}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 text-xs text-slate-500">
          <span className="price shrink-0 whitespace-nowrap text-base">
            {formatPrice(a.price) === '免费' ? '免费' : `¥${formatPrice(a.price)}`}
          </span>
          <span className="min-w-0 truncate">
            {a.city && `${a.city} · `}
            {a.status === 30 ? `${a.hitsTrue}人学习` : a.nickName}
          </span>
        </div>
      </div>
    </article>
  )
}

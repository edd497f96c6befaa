import type { ArticleCard as Article } from '../lib/api/types.ts'
import { formatPrice } from '../lib/format.ts'
import { articlePath } from '../lib/routes.ts'
import { ItemCard } from './ItemCard.tsx'

/** A course, post or task card: cover, title, at most 3 tags, price (storefront §2). */
export function ArticleCard({ a, headingLevel = 3 }: { a: Article; headingLevel?: 2 | 3 }) {
  return (
    <ItemCard
      href={articlePath(a.id)}
      title={a.title}
      tag={a.tag}
      image={{ path: a.imgurl, width: 320, height: 200, box: 'aspect-[16/10]' }}
      headingLevel={headingLevel}
      footClass="items-center text-xs text-slate-500"
    >
      <span className="price shrink-0 whitespace-nowrap text-base">
        {formatPrice(a.price) === '免费' ? '免费' : `¥${formatPrice(a.price)}`}
      </span>
      <span className="min-w-0 truncate">
        {a.city && `${a.city} · `}
        {a.status === 30 ? `${a.hitsTrue}人学习` : a.nickName}
      </span>
    </ItemCard>
  )
}

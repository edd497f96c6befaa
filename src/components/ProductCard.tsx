import type { SpuCard } from '../lib/api/types.ts'
import { firstImage, formatPrice } from '../lib/format.ts'
import { productPath } from '../lib/routes.ts'
import { ItemCard } from './ItemCard.tsx'

/** A product card: first image, title, at most 3 tags, the lowest SKU price. */
export function ProductCard({ p, headingLevel = 3 }: { p: SpuCard; headingLevel?: 2 | 3 }) {
  const price = formatPrice(p.priceMin)
  return (
    <ItemCard
      href={productPath(p.id)}
      title={p.title}
      tag={p.tag}
      image={{ path: firstImage(p.imgurls), width: 300, box: 'aspect-square' }}
      headingLevel={headingLevel}
      footClass="items-baseline"
    >
      <span className="price shrink-0 whitespace-nowrap text-base">
        {price === '免费' ? price : `¥${price}`}
        <small className="text-xs font-normal text-slate-400">{price === '免费' ? '' : ' 起'}</small>
      </span>
      <span className="min-w-0 truncate text-xs text-slate-500">已售 {p.extMore}</span>
    </ItemCard>
  )
}

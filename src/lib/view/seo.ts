/** Structured data (JSON-LD) for the pre-rendered pages; one builder per schema.org type. */
import type { ArticleDetail, SpuDetail } from '../api/types.ts'
import { splitList } from '../format.ts'
import { site } from '../site.ts'

export type JsonLd = Record<string, unknown>

export interface Crumb {
  label: string
  href?: string
}

/** breadcrumbLd('https://x.cn', [{label:'首页', href:'/'}, {label:'产品'}]) */
export function breadcrumbLd(origin: string, crumbs: Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      ...(c.href ? { item: new URL(c.href, origin).href } : {}),
    })),
  }
}

const absolute = (origin: string, path: string) => (path ? new URL(path, origin).href : undefined)

export function productLd(origin: string, p: SpuDetail, url: string): JsonLd {
  const prices = p.skuList.map((s) => s.price)
  const inStock = p.skuList.some((s) => s.stock > 0)
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.title,
    description: p.subTitle || p.title,
    image: splitList(p.imgurls).map((i) => absolute(origin, i)),
    sku: String(p.skuList[0]?.id ?? p.id),
    brand: { '@type': 'Brand', name: String(p.params.find((x) => x.title === '品牌')?.text ?? site.name) },
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'CNY',
      lowPrice: Math.min(...prices, p.priceMin).toFixed(2),
      highPrice: Math.max(...prices, p.priceMin).toFixed(2),
      offerCount: p.skuList.length,
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url,
    },
  }
}

export function courseLd(origin: string, a: ArticleDetail, url: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: a.title,
    description: a.brief || a.subTitle || a.title,
    url,
    image: absolute(origin, a.imgurl),
    provider: { '@type': 'Organization', name: site.fullName, sameAs: origin },
    ...(a.nickName ? { instructor: { '@type': 'Person', name: a.nickName } } : {}),
    offers: {
      '@type': 'Offer',
      category: a.price > 0 ? 'Paid' : 'Free',
      price: a.price.toFixed(2),
      priceCurrency: 'CNY',
    },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'online',
      courseWorkload: `PT${Math.max(1, Math.round(a.hits / 60))}M`,
    },
  }
}

/** Plain text of HTML for meta descriptions: tags dropped, whitespace folded, cut to `max`. */
export function textOf(html: string | null | undefined, max = 120): string {
  const t = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return t.length > max ? `${t.slice(0, max - 1)}…` : t
}

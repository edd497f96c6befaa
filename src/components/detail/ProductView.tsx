import type { ReactNode } from 'react'
import type { PromotionOffer, SpuDetail } from '../../lib/api/types.ts'
import { PRODUCT_LIKE_STATUS } from '../../lib/constants.ts'
import { cardTags, splitList } from '../../lib/format.ts'
import { productPath } from '../../lib/routes.ts'
import { promotionsFor, promotionText } from '../../lib/view/offers.ts'
import type { Crumb } from '../../lib/view/seo.ts'
import { Breadcrumbs } from '../Breadcrumbs.tsx'
import { ProductCard } from '../ProductCard.tsx'
import { RichText } from '../RichText.tsx'
import { Panel, Recommended, TitleBlock } from './blocks.tsx'
import { Gallery } from './Gallery.tsx'
import { ProductBuy } from './ProductBuy.tsx'
import { ProductReviews, ReviewsLink } from './ProductReviews.tsx'
import { priceLabel } from './text.ts'

/** 首页 > 产品 > title: the visible trail and the BreadcrumbList of the page. */
export function productCrumbs(p: Pick<SpuDetail, 'title' | 'id'>): Crumb[] {
  return [
    { label: '首页', href: '/' },
    { label: '产品', href: '/product/' },
    { label: p.title, href: productPath(p.id) },
  ]
}

/** The lowest SKU price, or the list price when the product has no SKU. */
export function cheapestPrice(p: Pick<SpuDetail, 'skuList' | 'priceMin'>): number {
  return p.skuList.length ? Math.min(...p.skuList.map((s) => s.price)) : p.priceMin
}

/**
 * Product detail (storefront §2 "Product detail"): gallery, title, tags, price, SKUs,
 * parameters, the HTML description and 4 recommended products. Rendered to static HTML by
 * src/pages/productdetail/[id].astro and in the browser by the query-route island.
 *
 * The buy box (ProductBuy: SKU selector, quantity, 立即购买, 加入购物车) and 收藏 (FavouriteButton)
 * are static HTML brought to life by buy.ts and favourite.ts through startDetail(); `buy` can
 * replace the buy box; `reviews` (from an .astro page: slot="reviews") the static review list.
 *
 * Offers (issue 24), beside the price: the 满减 promotions that count this product (`promotions`,
 * the build's list), its shipping label, and `coupons` (slot="coupons"), the 领券 row island.
 */
export function ProductView({
  p,
  buy,
  reviews,
  promotions = [],
  coupons,
}: {
  p: SpuDetail
  buy?: ReactNode
  reviews?: ReactNode
  promotions?: readonly PromotionOffer[]
  coupons?: ReactNode
}) {
  const tags = cardTags(p.tag)
  const price = cheapestPrice(p)
  const priceVaries = new Set(p.skuList.map((s) => s.price)).size > 1
  const recommended = p.spuList.slice(0, 4)
  return (
    <div className="container-page py-4 md:py-6">
      <Breadcrumbs
        items={productCrumbs(p).map((c, i, all) => (i === all.length - 1 ? { label: c.label } : c))}
      />

      <div className="mt-3 grid gap-5 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-2 md:gap-8 md:p-6 lg:grid-cols-[minmax(0,460px)_minmax(0,1fr)]">
        <Gallery images={splitList(p.imgurls)} alt={p.title} label="产品图片" />

        <div className="flex min-w-0 flex-col gap-4">
          <div>
            <TitleBlock
              title={p.title}
              subTitle={p.subTitle}
              tags={tags}
              like={{ id: p.id, status: PRODUCT_LIKE_STATUS }}
            />
          </div>

          <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1 rounded-lg bg-linear-to-r from-orange-50 to-amber-50/40 px-4 py-3">
            <p className="flex items-baseline gap-2">
              <span className="text-sm text-slate-500">价格</span>
              <span className="price text-3xl leading-none">{priceLabel(price)}</span>
              {priceVaries && <span className="text-sm text-slate-500">起</span>}
            </p>
            <p className="flex flex-wrap gap-x-3 text-sm text-slate-500">
              <ReviewsLink summary={p.reviewSummary} />
              <span>
                已售 <span data-live="sold">{p.extMore}</span>
              </span>
            </p>
          </div>

          <Offers p={p} promotions={promotions} coupons={coupons} />

          {p.params.length > 0 && (
            // A glance at the first parameters beside the gallery; the full table follows below.
            <dl className="hidden grid-cols-2 gap-x-6 gap-y-2 text-sm md:grid">
              {p.params.slice(0, 4).map((row) => (
                <div key={`${row.title}:${row.text}`} className="flex min-w-0 gap-2">
                  <dt className="shrink-0 text-slate-500">{row.title}</dt>
                  <dd className="truncate text-slate-800" title={row.text}>
                    {row.text}
                  </dd>
                </div>
              ))}
            </dl>
          )}

          {buy ?? <ProductBuy p={p} />}
        </div>
      </div>

      <div className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_340px]">
        <Panel id="product-params" title="规格参数" className="self-start lg:col-start-2 lg:row-start-1">
          {p.params.length > 0 ? (
            <table className="mt-3 w-full border-collapse text-sm">
              <caption className="sr-only">{p.title} 规格参数</caption>
              <tbody>
                {p.params.map((row) => (
                  <tr key={`${row.title}:${row.text}`} className="border-b border-slate-100 last:border-0">
                    <th
                      scope="row"
                      className="w-24 whitespace-nowrap py-2.5 pr-3 text-left align-top font-normal text-slate-500"
                    >
                      {row.title}
                    </th>
                    <td className="break-all py-2.5 text-slate-800">{row.text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="mt-3 text-sm text-slate-500">暂无参数</p>
          )}
        </Panel>

        <Panel id="product-desc" title="商品详情" className="lg:col-start-1 lg:row-start-1">
          <RichText
            html={p.content}
            className="mt-2 overflow-x-auto break-words"
            empty={<p className="mt-3 text-sm text-slate-500">暂无详情</p>}
          />
        </Panel>
      </div>

      <ProductReviews p={p}>{reviews}</ProductReviews>

      <Recommended id="product-rec-h" title="推荐产品">
        {recommended.map((r) => (
          <ProductCard key={r.id} p={r} />
        ))}
      </Recommended>
    </div>
  )
}

/** 促销 (满减 chips), 运费 (the template's label) and the 领券 row, under the price. */
function Offers({
  p,
  promotions,
  coupons,
}: {
  p: SpuDetail
  promotions: readonly PromotionOffer[]
  coupons?: ReactNode
}) {
  const promos = promotionsFor(p, promotions)
  const label = p.shippingLabel
  return (
    <div className="flex flex-col gap-2 text-sm" data-offers>
      {promos.length > 0 && (
        <div className="flex items-start gap-3">
          <span className="w-10 shrink-0 pt-0.5 text-slate-500">促销</span>
          <ul className="flex flex-wrap gap-1.5" aria-label="满减活动">
            {promos.map((x) => (
              <li
                key={x.id}
                title={x.title}
                className="rounded border border-accent-500/50 px-1.5 py-0.5 text-accent-600"
                data-promotion={x.id}
              >
                {promotionText(x)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="flex items-start gap-3">
        <span className="w-10 shrink-0 text-slate-500">运费</span>
        <span className="text-slate-700" data-shipping-label>
          {label ?? '按收货地区计算，结算时显示'}
        </span>
      </p>
      {coupons}
    </div>
  )
}

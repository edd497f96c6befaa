import { answers, apiRoute, pagedOf, z } from '../../contract/index.ts'
import { catalogQuery, Flag, ownItemsNeedLogin, sortQuery } from '../../contract/listing.ts'
import { id, page } from '../../contract/params.ts'
import { ReviewItem, ReviewSummary } from '../reviews/reviews.queries.ts'
import { SpuCard } from './catalog.queries.ts'

export { SpuCard }

const tags = ['产品']

export const SkuItem = z
  .object({
    id: z.number().int(),
    spuId: z.number().int(),
    title: z.string(),
    param: z.string(),
    price: z.number().openapi({ description: '价格（元）' }),
    stock: z.number().int(),
    img: z.string(),
    quantity: z.number().int().openapi({ description: '总是 1：购买框的起始数量' }),
    code: z.string().openapi({ description: '货号（所有规格中唯一）' }),
    options: z
      .array(z.string())
      .openapi({ description: '这个规格的选项值，按商品 options 的顺序（如 ["小号","单支"]）' }),
  })
  .openapi('SkuItem', { description: '产品规格' })

/** A product option and its values, e.g. { name: '规格', values: ['小号', '中号'] }. */
export const SpuOption = z
  .object({ name: z.string(), values: z.array(z.string()) })
  .openapi('SpuOption', { description: '商品选项' })

/** One row of a product's parameter table. */
export const SpuParam = z.object({ title: z.string(), text: z.string() }).openapi('SpuParam')

export const SpuDetail = SpuCard.extend({
  desdepPropicture: z.string(),
  params: z.array(SpuParam),
  content: z.string().openapi({ description: '详情 HTML' }),
  isLike: Flag.openapi({ description: '当前用户已收藏' }),
  skuList: z.array(SkuItem),
  options: z.array(SpuOption).openapi({
    description: '选项（如 规格、包装）；skuList 中每个规格是它们的一种组合，没有的组合不可选',
  }),
  buyLimit: z.number().int().openapi({
    description: '一个订单最多可买同一规格的件数（UNPAID_SKU_HOLD_CAP，或商品自己更低的限购）',
  }),
  spuList: z.array(SpuCard).openapi({ description: '同类推荐产品' }),
  reviewSummary: ReviewSummary,
  reviewList: z
    .array(ReviewItem)
    .openapi({ description: '最新的几条评价（构建页面用；全部见 Reviews/GetReviewsPage）' }),
}).openapi('SpuDetail', { description: 'ProductSpu/GetProductSpu?id=' })

export const ProductPageQuery = z.object({ ...catalogQuery, ...sortQuery, ...page })

export const getProductPage = apiRoute('get', '/ProductSpu/GetProductSpuPage', tags, {
  summary: '产品列表：上架的产品，或 isCreate=1 时自己发布的；按分类、标签、标题筛选',
  middleware: [ownItemsNeedLogin()],
  request: { query: ProductPageQuery },
  responses: answers(pagedOf(SpuCard), [401]),
})

export const getProduct = apiRoute('get', '/ProductSpu/GetProductSpu', tags, {
  summary: '产品详情，含规格、参数与同类推荐。下架的只有发布者能看',
  request: { query: z.object({ id: id() }) },
  responses: answers(SpuDetail, [404]),
})

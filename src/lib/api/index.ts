import type { CallOptions, Http, QueryParams } from './http.ts'
import type {
  ArticleCard,
  ArticleContact,
  ArticleDetail,
  ArticleIndex,
  ArticlePageQuery,
  Banner,
  ClassifyGroup,
  Coupon,
  FaqItem,
  Notification,
  Paged,
  ProductPageQuery,
  PromotionOffer,
  PublicUser,
  ShippingTemplates,
  SpuCard,
  SpuDetail,
  Street,
  UsersConfigs,
} from './types.ts'

export type { CallOptions, Http, HttpOptions, Notify, NotifyKind } from './http.ts'
export { ApiRequestError, cleanQuery, createHttp } from './http.ts'
export type * from './types.ts'

/** The public calls of storefront §7 / accounts §7, typed. createApi(http).getArticle(3) */
export function createApi(http: Http) {
  // http.get drops undefined and empty query values.
  const get = <T>(path: string, query?: object, opts?: CallOptions) =>
    http.get<T>(path, query as QueryParams, opts)

  function getArticleQuery(status: 40, isMapping?: undefined, opts?: CallOptions): Promise<FaqItem[]>
  function getArticleQuery(status: 200, isMapping?: undefined, opts?: CallOptions): Promise<Notification[]>
  function getArticleQuery(status: 10 | 20 | 30, isMapping: 1, opts?: CallOptions): Promise<ArticleCard[]>
  function getArticleQuery(
    status: number,
    isMapping?: 0 | 1,
    opts?: CallOptions,
  ): Promise<FaqItem[] | Notification[] | ArticleCard[]>
  /** Article/GetArticleQuery: 40 FAQ, 200 notifications, 10/20/30 with isMapping=1 the items the user joined. */
  function getArticleQuery(status: number, isMapping?: 0 | 1, opts?: CallOptions) {
    return get<FaqItem[] | Notification[] | ArticleCard[]>(
      '/api/Article/GetArticleQuery',
      { status, isMapping },
      opts,
    )
  }

  return {
    getAdinfoAll: (opts?: CallOptions) => get<Banner[]>('/api/Adinfo/GetAdinfoAll', undefined, opts),
    getClassifyQuerys: (opts?: CallOptions) =>
      get<ClassifyGroup[]>('/api/Classify/GetClassifyQuerys', undefined, opts),
    getArticleIndex: (opts?: CallOptions) =>
      get<ArticleIndex>('/api/Article/GetArticleIndex', undefined, opts),
    getArticlePage: (q: ArticlePageQuery, opts?: CallOptions) =>
      get<Paged<ArticleCard>>('/api/Article/GetArticlePage', q, opts),
    getArticle: (id: number, opts?: CallOptions) =>
      get<ArticleDetail>('/api/Article/GetArticle', { id }, opts),
    /** A task's contacts for its signed-in author or a buyer (a paid task's are withheld from others). */
    getArticleContact: (id: number, opts?: CallOptions) =>
      get<ArticleContact>('/api/Article/GetArticleContact', { id }, opts),
    getArticleQuery,
    getProductSpuPage: (q: ProductPageQuery, opts?: CallOptions) =>
      get<Paged<SpuCard>>('/api/ProductSpu/GetProductSpuPage', q, opts),
    getProductSpu: (id: number, opts?: CallOptions) =>
      get<SpuDetail>('/api/ProductSpu/GetProductSpu', { id }, opts),
    getUsers: (id: number, opts?: CallOptions) => get<PublicUser>('/api/Users/GetUsers', { id }, opts),
    getUsersConfigs: (opts?: CallOptions) => get<UsersConfigs>('/api/Users/GetUsersConfigs', undefined, opts),
    /** Streets of a district; `city` picks among districts of the same name (鼓楼区). */
    getRegionQueryTitle: (title: string, city?: string, opts?: CallOptions) =>
      get<Street[]>('/api/Region/GetRegionQueryTitle', { title, city }, opts),
    // Issue 24: what the shop offers, read-cached like the catalogue.
    /** Coupons on offer now, for one product (spuId) or one course (articleId), or all; largest first. */
    getCouponsList: (q: { spuId?: number; articleId?: number } = {}, opts?: CallOptions) =>
      get<Coupon[]>('/api/Coupons/GetCouponsList', q, opts),
    /** The 满减 promotions running now. */
    getPromotionsList: (opts?: CallOptions) =>
      get<PromotionOffer[]>('/api/Promotions/GetPromotionsList', undefined, opts),
    getShippingTemplates: (opts?: CallOptions) =>
      get<ShippingTemplates>('/api/Shipping/GetShippingTemplates', undefined, opts),
  }
}

export type Api = ReturnType<typeof createApi>

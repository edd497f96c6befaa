/**
 * Wire shapes of the API (storefront §7, accounts §7), written out from the answers of
 * server/routes/*.ts rather than imported from them: the site may be built against another
 * backend that honours the same contract, so these types are the contract, not the server.
 * Money is yuan (a number with at most two decimals); times are the server's local text
 * 'yyyy-mm-dd hh:mm:ss'; list fields (tag, imgurls) are comma-joined strings.
 */

/** Every answer: { status: 200, data } on success, otherwise data holds the Chinese message. */
export interface Envelope<T> {
  status: number
  data: T
}

/** A page of a list; pageIndex is 0-based, pageTotal counts rows (not pages). */
export interface Paged<T> {
  pageData: T[]
  pageSize: number
  pageIndex: number
  pageTotal: number
}

/** 0/1 flags the server sends as numbers. */
export type Flag = 0 | 1

/** Adinfo/GetAdinfoAll: all shown banners, ordered by position then sort. */
export interface Banner {
  id: number
  /** One of BannerPosition in constants.ts, e.g. 'pc_home'. */
  position: string
  imgurl: string
  urls: string
  title: string
}

export interface ClassifyItem {
  id: number
  title: string
}

/** Classify/GetClassifyQuerys: one group per dictionary key of ClassifyKey (constants.ts). */
export interface ClassifyGroup {
  key: string
  list: ClassifyItem[]
}

/** The card of a post (10), task (20) or course (30), shared by every article list. */
export interface ArticleCard {
  id: number
  status: number
  statusText: string
  title: string
  subTitle: string
  imgurl: string
  tag: string
  classId: number | null
  city: string
  price: number
  brief: string
  hits: number
  hitsTrue: number
  /** Sales / joins: the "best-selling" sort key. */
  extMore: number
  /** Listed flag: '是' on the shelf, '否' off. */
  ext: string
  isShow: number
  createId: number | null
  createTime: string
  nickName: string
  avatarUrl: string
}

/** A course section; a locked section comes without its file path. */
export interface ArticleSection {
  id: number
  title: string
  imgurl: string
  kind: 'pdf' | 'mp4'
  status: number
  price: number
  params: number
  unlock: Flag
}

/** A comment with its replies, newest threads first, replies oldest first. */
export interface CommentNode {
  id: number
  parentId: number | null
  content: string
  imgurl: string
  status: number
  createTime: string
  nickName: string
  avatarUrl: string
  children: CommentNode[]
}

/** Article/GetArticle?id= */
export interface ArticleDetail extends ArticleCard {
  content: string
  imgurls: string
  postName: string
  tel: string
  addressx: string
  authorIntro: string
  isLike: Flag
  /** The whole item is open to this visitor (free, bought or owned). */
  unlock: Flag
  /** Course sections. */
  list: ArticleSection[]
  listDict: ClassifyItem[]
  listRecommend: ArticleCard[]
  listComment: CommentNode[]
}

/** Product card (storefront §3). */
export interface SpuCard {
  id: number
  title: string
  subTitle: string
  tag: string
  classId: number | null
  imgurls: string
  priceMin: number
  extMore: number
  ext: string
  isShow: number
  createId: number | null
  createTime: string
}

export interface SkuItem {
  id: number
  spuId: number
  title: string
  param: string
  price: number
  stock: number
  img: string
  /** Always 1: the starting quantity of the buy box. */
  quantity: number
}

/** One row of a product's parameter table. */
export interface SpuParam {
  title: string
  text: string
}

/** ProductSpu/GetProductSpu?id= */
export interface SpuDetail extends SpuCard {
  desdepPropicture: string
  params: SpuParam[]
  content: string
  isLike: Flag
  skuList: SkuItem[]
  /** Recommended products of the same category. */
  spuList: SpuCard[]
}

/** What anyone may see of a user (instructor page, home teachers). */
export interface PublicUser {
  id: number
  nickName: string
  avatarUrl: string
  content: string
  level: number
  levelText: string
  isTeacher: number
}

/** Article/GetArticleIndex: the home page blocks; list40 carries products. */
export interface ArticleIndex {
  list10: ArticleCard[]
  list20: ArticleCard[]
  list30: ArticleCard[]
  list40: SpuCard[]
  user: PublicUser[]
}

/** Users/GetUsersConfigs: HTML texts and, when configured, the membership thresholds. */
export interface UsersConfigs {
  agreement: string
  content: string
  imgurl: string
  /** Stored as JSON by the operator; its shape is theirs (DESIGN "Where the specs leave a choice"). */
  levels?: unknown
}

/** Region/GetRegionQueryTitle: a street of a district; id is the region code. */
export interface Street {
  id: string
  title: string
}

/** Article/GetArticleQuery?status=40 */
export interface FaqItem {
  id: number
  title: string
  brief: string
}

/** Article/GetArticleQuery?status=200: system notifications of the signed-in user. */
export interface Notification {
  id: number
  title: string
  content: string
  createTime: string
}

/** Upload/PostUpload answer data. */
export interface UploadResult {
  path: string
}

/** pageOrder names the field, pageSort the direction; no pageOrder is newest first. */
export type PageOrder = 'price' | 'priceMin' | 'extMore'
export type PageSort = 'asc' | 'desc'

/** Article/GetArticlePage; dates are yyyymmddhhmmss (format.ts toApiDate). */
export interface ArticlePageQuery {
  /** 10 post, 20 task, 30 course. */
  status: 10 | 20 | 30
  city?: string
  tag?: string
  classId?: number
  stime?: string
  etime?: string
  pageOrder?: PageOrder
  pageSort?: PageSort
  /** 0-based. */
  pageIndex?: number
  pageSize?: number
  /** 0 free only, 1 paid only, 2 all (default). */
  isPrice?: 0 | 1 | 2
  /** 1: the signed-in user's own items, listed or not. */
  isCreate?: 0 | 1
  createId?: number
  title?: string
}

/** ProductSpu/GetProductSpuPage */
export interface ProductPageQuery {
  tag?: string
  classId?: number
  pageOrder?: PageOrder
  pageSort?: PageSort
  pageIndex?: number
  pageSize?: number
  isCreate?: 0 | 1
  title?: string
}

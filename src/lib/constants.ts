/** Status numbers and dictionary keys shared by the site and the server (storefront §3-§4, accounts §4). */

export const ArticleStatus = { post: 10, task: 20, course: 30, faq: 40, complaint: 50 } as const
export type ArticleStatusCode = (typeof ArticleStatus)[keyof typeof ArticleStatus]
/** The kinds that appear in public listings, search and the instructor page. */
export const LISTED_KINDS = [ArticleStatus.post, ArticleStatus.task, ArticleStatus.course] as const
/** Favourites use the article codes, plus this one for products. */
export const PRODUCT_LIKE_STATUS = 40
/** Article/GetArticleQuery?status=200 answers the signed-in user's system notifications. */
export const NOTIFICATION_QUERY_STATUS = 200

export const ArticleStatusText: Record<number, string> = {
  10: '社区',
  20: '任务',
  30: '课程',
  40: '常见问题',
  50: '投诉建议',
}

/** The listed flag of articles and products: 是 is on the shelf. */
export const LISTED = '是'
export const UNLISTED = '否'

export const OrderStatus = {
  unpaid: 10,
  unshipped: 20,
  unreceived: 30,
  completed: 40,
  cancelled: 100,
  /** List filter only: refund and after-sales. */
  afterSales: -1,
} as const

export const OrderStatusText: Record<number, string> = {
  10: '待付款',
  20: '待发货',
  30: '待收货',
  40: '已完成',
  100: '已取消',
}

/** Classification dictionary keys (storefront §3). */
export const ClassifyKey = {
  courseClass: 'courseClass',
  courseTag: 'courseTag',
  productClass: 'productClass',
  productTag: 'productTag',
  communityClass: 'communityClass',
  communityTag: 'communityTag',
  taskClass: 'taskClass',
  taskTag: 'taskTag',
  cityTag: 'cityTag',
} as const
export type ClassifyKeyName = keyof typeof ClassifyKey

/** Which dictionary keys a listing uses for its category and tag filters. */
export const KIND_KEYS = {
  10: { classKey: 'communityClass', tagKey: 'communityTag' },
  20: { classKey: 'taskClass', tagKey: 'taskTag' },
  30: { classKey: 'courseClass', tagKey: 'courseTag' },
  product: { classKey: 'productClass', tagKey: 'productTag' },
} as const

/** Banner positions (storefront §3), each the desktop variant. */
export const BannerPosition = {
  home: 'pc_home',
  products: 'pc_products',
  tasks: 'pc_tasks',
  shares: 'pc_shares',
  courses: 'pc_courses',
  coursePage: 'pc_course_page',
  productPage: 'pc_product_page',
} as const
export type BannerPositionCode = (typeof BannerPosition)[keyof typeof BannerPosition]

/** Certification status (accounts §4): 0 form, 1/4 no data, 2 under review, 3 approved. */
export const CertStatus = { form: 0, none: 1, reviewing: 2, approved: 3, noData: 4 } as const
/** Certified identity kept in `level` (storefront §4). */
export const CertLevel = { doctor: 10, institution: 20 } as const
export const CertLevelText: Record<number, string> = { 0: '游客', 10: '医生', 20: '机构' }

/** Wallet transaction tags (storefront §7). */
export const RechargeTag = { expense: 1, income: 2 } as const

export const PAGE_SIZE = 20
export const MAX_TAGS = 3
export const RECOMMENDED_PRODUCTS = 4

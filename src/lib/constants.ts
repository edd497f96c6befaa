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
/**
 * The spec's one message for an item that is not on the shelf (storefront §5, §8: shown as
 * info): a product, course, post or task alike, for favourites, comments and orders.
 */
export const OFF_SHELF = '当前商品已经下架'
/** A post, task or course that never was, or its author deleted (404). */
export const CONTENT_GONE = '内容不存在或已删除'
/** A product bought without choosing its SKU (storefront §5, §8): the buy box and the order call. */
export const PICK_SKU = '请选择商品规格'

export const OrderStatus = {
  unpaid: 10,
  unshipped: 20,
  unreceived: 30,
  completed: 40,
  cancelled: 100,
  /** List filter only: refund and after-sales. */
  afterSales: -1,
} as const

/** Orders that were paid: awaiting shipment, awaiting receipt, completed (storefront §4). */
export const PAID_ORDER_STATUSES = [
  OrderStatus.unshipped,
  OrderStatus.unreceived,
  OrderStatus.completed,
] as const

/** The status filters of an order list, the customer's and the back office's; -1 is refund/after-sales. */
export const ORDER_STATUS_FILTERS: readonly number[] = [10, 20, 30, 40, 100, OrderStatus.afterSales]

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
export type CertLevelCode = (typeof CertLevel)[keyof typeof CertLevel]
/** The identities a verification may ask for, the only levels the form offers. */
export const CERT_LEVELS: readonly CertLevelCode[] = [CertLevel.doctor, CertLevel.institution]
/** isCertLevel(20) → true; isCertLevel(0) → false */
export const isCertLevel = (n: number): n is CertLevelCode => (CERT_LEVELS as readonly number[]).includes(n)
export const CertLevelText: Record<number, string> = { 0: '游客', 10: '医生', 20: '机构' }

/** Wallet transaction tags (storefront §7). */
export const RechargeTag = { expense: 1, income: 2 } as const

/** Seconds between two SMS codes to one phone: the server's limit and the client's countdown (accounts §4, §9). */
export const SMS_RESEND_SECONDS = 60

export const MAX_TAGS = 3
export const RECOMMENDED_PRODUCTS = 4

/** A user keeps at most this many saved addresses, and as many invoice infos (accounts §7). */
export const OWNED_MAX = 50

/** The largest upload the server takes, in MB (accounts §5, §9: 上传的内容不能超过20MB). */
export const UPLOAD_MAX_MB = 20
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024
export const UPLOAD_TOO_BIG = `上传的内容不能超过${UPLOAD_MAX_MB}MB`
/**
 * Each user's uploads per China day (issue 13), counted over every accepted upload (the same file
 * twice counts twice: it is sent and read twice): at most this many files and this many MB.
 */
export const UPLOAD_DAILY_FILES = 100
export const UPLOAD_DAILY_MB = 200
export const UPLOAD_DAILY_BYTES = UPLOAD_DAILY_MB * 1024 * 1024
export const UPLOAD_QUOTA_REACHED = `今日上传已达上限（每天最多${UPLOAD_DAILY_FILES}个文件、共${UPLOAD_DAILY_MB}MB），请明天再试`
/**
 * What the uploader's hint promises for one image or material, in MB (accounts §5 complaint
 * files "each under 2MB", §9 "image hint under 2MB", storefront refund images): the uploader
 * enforces it, so the hint is true.
 */
export const UPLOAD_HINT_MAX_MB = 2

/**
 * A course section's file (mp4 or pdf) may be up to this many MB: 2 GB, for real lectures
 * (issue 22 lifts accounts §5's 4MB). Such files go up in resumable parts (Upload/PostResumable),
 * never through the 20MB single upload; covers and images keep their limits.
 */
export const SECTION_FILE_MAX_MB = 2048
export const SECTION_FILE_MAX_BYTES = SECTION_FILE_MAX_MB * 1024 * 1024
/** The refusal of a section file that is not an mp4 or pdf, or too large. */
export const SECTION_FILE_RULE = '课程内容须为不超过2GB的mp4或pdf文件'
/**
 * Course files' own daily allowance per author, in MB (issue 22): the 200MB of UPLOAD_DAILY_MB
 * is sized for pictures and scans and would not take one lecture. 10GB is five full-size
 * lectures or dozens of usual ones a day; only authors who may create courses upload them, and
 * the cap bounds what one account (or a stolen session) can pour into storage. Each course file
 * still counts as one of the day's UPLOAD_DAILY_FILES.
 */
export const COURSE_UPLOAD_DAILY_MB = 10 * 1024
export const COURSE_UPLOAD_QUOTA_REACHED = '今日课程文件上传已达上限（每天共10GB），请明天再试'
/** The size of each part of a resumable upload, in MB: S3 wants at least 5 (but the last). */
export const RESUMABLE_PART_MB = 8

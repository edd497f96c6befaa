/** The calls the plan makes, the reads that need a session, and what the groups learn and share (Facts). */
import type { z } from 'zod'
import type * as favourites from '../../../server/modules/favourites/favourites.routes.ts'
import type { Profile, SpuCard, Street } from '../../../src/lib/api/types.ts'
import { PRODUCT_LIKE_STATUS } from '../../../src/lib/constants.ts'
import type { Call } from '../runner.ts'

export type Favourite = z.infer<typeof favourites.Favourite>
export type Query = Record<string, string | number>

export const API = {
  banners: 'GET /api/Adinfo/GetAdinfoAll',
  classify: 'GET /api/Classify/GetClassifyQuerys',
  configs: 'GET /api/Users/GetUsersConfigs',
  streets: 'GET /api/Region/GetRegionQueryTitle',
  smsCode: 'GET /api/Account/GetAccountCodes',
  qr: 'GET /api/WeChat/GetWeChatQrcode',
  qrResult: 'GET /api/WeChat/GetWeChatQrcodeResultpc',
  products: 'GET /api/ProductSpu/GetProductSpuPage',
  product: 'GET /api/ProductSpu/GetProductSpu',
  articles: 'GET /api/Article/GetArticlePage',
  article: 'GET /api/Article/GetArticle',
  articleContact: 'GET /api/Article/GetArticleContact',
  articleSales: 'GET /api/Article/GetArticleSales',
  index: 'GET /api/Article/GetArticleIndex',
  articleQuery: 'GET /api/Article/GetArticleQuery',
  user: 'GET /api/Users/GetUsers',
  comments: 'GET /api/Comment/GetCommentQuery',
  reviews: 'GET /api/Reviews/GetReviewsPage',
  reviewSummary: 'GET /api/Reviews/GetReviewsSummary',
  orderReviews: 'GET /api/Reviews/GetReviewsOrder',
  stockAlerts: 'GET /api/ProductSpu/GetStockAlerts',
  myPrices: 'GET /api/ProductSpu/GetMyPrices',
  replies: 'GET /api/Comment/GetCommentReplyPage',
  login: 'POST /api/Users/PostUsersPsw',
  logout: 'POST /api/Users/PostUsersLogout',
  me: 'GET /api/Users/GetUsersInfo',
  unread: 'GET /api/Users/GetUsersUnread',
  customers: 'GET /api/Users/GetUsersIntroducer',
  orders: 'GET /api/Orders/GetOrdersPage',
  order: 'GET /api/Orders/GetOrders',
  orderStatus: 'GET /api/Orders/GetOrdersStatus',
  waybills: 'GET /api/Express/GetWay',
  orderPay: 'GET /api/Orders/GetOrdersPay',
  rechargePay: 'GET /api/Recharge/GetRechargePay',
  recharge: 'GET /api/Recharge/GetRecharge',
  wallet: 'GET /api/Recharge/GetRechargePage',
  likes: 'GET /api/UserLike/GetUserLikeQuery',
  unlike: 'GET /api/UserLike/GetUserLikeDeleteWhere',
  like: 'POST /api/UserLike/PostUserLikeAppend',
  addresses: 'GET /api/UserAddress/GetUserAddressQuery',
  address: 'GET /api/UserAddress/GetUserAddress',
  addAddress: 'POST /api/UserAddress/PostUserAddressAppend',
  updateAddress: 'POST /api/UserAddress/PostUserAddressUpdate',
  deleteAddress: 'POST /api/UserAddress/PostUserAddressDelete',
  invoices: 'GET /api/UserInvoice/GetUserInvoiceQuery',
  invoice: 'GET /api/UserInvoice/GetUserInvoice',
  privateFile: 'GET /api/Upload/GetPrivateFile',
  resumable: 'GET /api/Upload/GetResumable',
  privateFileLink: 'GET /api/Upload/GetPrivateFileLink',
  coupons: 'GET /api/Coupons/GetCouponsList',
  myCoupons: 'GET /api/Coupons/GetMyCouponsPage',
  promotions: 'GET /api/Promotions/GetPromotionsList',
  shipping: 'GET /api/Shipping/GetShippingTemplates',
} as const satisfies Record<string, Call>

/** The reads that need a session, each with parameters it would otherwise accept. */
export const SIGNED_IN_READS: [Call, Query][] = [
  [API.me, {}],
  [API.unread, {}],
  [API.customers, {}],
  [API.orders, {}],
  [API.order, { id: 1 }],
  [API.orderStatus, { id: 1 }],
  [API.orderReviews, { orderId: 1 }],
  [API.stockAlerts, { spuId: 1 }],
  [API.myPrices, { id: 1 }],
  [API.waybills, { id: 1 }],
  [API.orderPay, { id: 1, way: 'alipay' }],
  [API.rechargePay, { id: 1, way: 'alipay' }],
  [API.recharge, { id: 1 }],
  [API.wallet, {}],
  [API.replies, {}],
  [API.likes, {}],
  [API.unlike, { id: 1, status: PRODUCT_LIKE_STATUS }],
  [API.addresses, {}],
  [API.address, { id: 1 }],
  [API.invoices, {}],
  [API.invoice, { id: 1 }],
  // A file answer, not an envelope: only its refusal without a session is checked.
  [API.privateFile, { path: '/private/u/00/00000000000000000000000000000000.png' }],
  // A resumable upload of a course file (issue 22): one nobody started.
  [API.resumable, { id: '00000000000000000000000000000000' }],
  [API.privateFileLink, { path: '/private/u/00/00000000000000000000000000000000.mp4' }],
  [API.myCoupons, { status: 0 }],
]

/** An id no backend has handed out: the largest the contract accepts. */
export const UNKNOWN_ID = 2_147_483_647
/** A district that exists in every copy of the national division, and one of its cities. */
export const DISTRICT = { province: '江苏省', city: '苏州市', area: '姑苏区', code: '320508' }
/** A sign made with a key no backend uses. */
export const FOREIGN_SECRET = { key: 'conformance-0000', iv: 'conformance-1111' }
export const STALE_MS = 10 * 60_000

export const NO_ACCOUNT = 'no test account (give --phone and --password, or --token)'
export const NOT_UNDOABLE = 'a write that cannot be undone'

/** What earlier cases learnt and later ones use. */
export interface Facts {
  token?: string
  /** Signed in by this run (and signed out at the end), rather than given a token. */
  ownSession?: boolean
  me?: Profile
  streets?: Street[]
  product?: SpuCard
  loginFailed?: string
}

// --- checks beyond the schema -----------------------------------------------------------------

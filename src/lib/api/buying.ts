/**
 * The signed-in calls of buying and paying (storefront §7 "Orders", "Wallet"; issue 8): order,
 * order detail and status, cancel, pay, and the wallet top-up. GETs resolve to `data`, POSTs to
 * `{status, data}` like account.ts.
 */
import type { DateRange } from '../rules/paging.ts'
import { PAGE_SIZE_DEFAULT } from '../rules/paging.ts'
import type { CallOptions, Http } from './http.ts'
import type {
  LocusEntry,
  MyCoupon,
  MyPrice,
  OrderCard,
  OrderDetail,
  OrderItem,
  Paged,
  PayAnswer,
  Quote,
  Recharge,
  Waybill,
} from './types.ts'

export type {
  LocusEntry,
  MyCoupon,
  MyPrice,
  OrderCard,
  OrderDetail,
  OrderItem,
  PayAnswer,
  Quote,
  Recharge,
  Waybill,
}

/**
 * The body of Orders/PostOrdersAppend. The server declares it as loose fields (objectBody), so
 * there is no schema to derive it from: this is the client's side of /tmp/buying-contract.md.
 */
/** A product line; title/imgurl are ignored by the server. */
export interface OrderLineGoods {
  skuId: number
  quantity: number
  spuId?: number
  title?: string
  imgurl?: string
}
/** A course, paid post or task line. */
export interface OrderLineArticle {
  articleId: number
  sectionId?: number
}
export interface OrderAppendBody {
  recName?: string
  recTel?: string
  recProvince?: string
  recCity?: string
  recArea?: string
  recStreet?: string
  recAddress?: string
  recAddressx?: string
  nickName?: string
  list: OrderLineGoods[] | OrderLineArticle[]
  /** 我的优惠券 to use: 0 or absent none, -1 the one that takes off most (the quote preselects it too). */
  userCouponId?: number
  /** 买家留言, at most 200 characters (src/lib/rules/order-note.ts). */
  buyerNote?: string
}
/** Orders/PostOrdersQuote: the order's body; userCouponId -1 or absent lets the server pick the best, 0 none. */
export type QuoteBody = Omit<OrderAppendBody, 'buyerNote'>

import type { PayWay } from '../pay-ways.ts'
import type { RefundForm } from '../rules/refund.ts'

/**
 * The bodies of Orders/PostOrdersRefund and PostOrdersReturn. Declared as loose fields on the
 * server (objectBody, read through checkRefund and sendBack), so they are written from those.
 */
export type RefundBody = { id: number; afterRemarks: string; extMore: string } & Partial<
  Pick<RefundForm, 'kind' | 'lines'>
>
export interface ReturnBody {
  id: number
  /** A name of COURIERS, or another company's as typed. */
  company: string
  number: string
}

export type { PayWay }

export function createBuyingApi(http: Http) {
  const { get, post } = http
  return {
    postOrdersAppend: (b: OrderAppendBody) => post<number>('/api/Orders/PostOrdersAppend', b),
    /** What the order would cost now (issue 24); silent by default, the checkout shows its own state. */
    postOrdersQuote: (b: QuoteBody, o?: CallOptions) => post<Quote>('/api/Orders/PostOrdersQuote', b, o),
    /** The buyer's own unit prices of a product's SKUs: 会员价 or 协议价 (issue 40), for the live buy box. */
    getMyPrices: (spuId: number, o?: CallOptions) =>
      get<MyPrice[]>('/api/ProductSpu/GetMyPrices', { id: spuId }, o),
    // Coupons (issue 24)
    postCouponsClaim: (id: number) => post<string>('/api/Coupons/PostCouponsClaim', { id }),
    getMyCouponsPage: (q: { status: 0 | 1 | 2; pageIndex: number; pageSize?: number }, o?: CallOptions) =>
      get<Paged<MyCoupon>>('/api/Coupons/GetMyCouponsPage', { pageSize: PAGE_SIZE_DEFAULT, ...q }, o),
    getOrdersPage: (
      q: { pageIndex: number; pageSize?: number; status?: number | '' } & DateRange,
      o?: CallOptions,
    ) => get<Paged<OrderCard>>('/api/Orders/GetOrdersPage', { pageSize: PAGE_SIZE_DEFAULT, ...q }, o),
    getOrders: (id: number, o?: CallOptions) => get<OrderDetail>('/api/Orders/GetOrders', { id }, o),
    cancelOrder: (id: number) => post<string>('/api/Orders/PostOrdersStatus', { id, status: 100 }),
    getOrdersStatus: (id: number, o?: CallOptions) => get<number>('/api/Orders/GetOrdersStatus', { id }, o),
    /** On a phone, `scene` (the registry's): jsapi in WeChat's browser (`code`: its 网页授权's), h5 elsewhere. */
    getOrdersPay: (
      id: number,
      way: PayWay,
      o?: CallOptions,
      phone: { scene?: 'jsapi' | 'h5'; code?: string } = {},
    ) => get<PayAnswer>('/api/Orders/GetOrdersPay', { id, way, ...phone }, o),
    postRechargeAppend: (price: number) =>
      post<{ id: number }>('/api/Recharge/PostRechargeAppend', { groups: 30, title: '余额充值', price }),
    // After the order (issue 9): logistics, receipt, after-sales, invoice.
    getWay: (id: number, o?: CallOptions) => get<Waybill[]>('/api/Express/GetWay', { id }, o),
    confirmReceipt: (id: number) => post<string>('/api/Orders/PostOrdersStatus', { id, status: 40 }),
    /** kind absent is 仅退款, lines absent the whole order (src/lib/rules/refund.ts, issue 38). */
    postOrdersRefund: (b: RefundBody) => post<string>('/api/Orders/PostOrdersRefund', b),
    /** Once approved (待寄回): the courier and waybill of the goods sent back → 待验收. */
    postOrdersReturn: (b: ReturnBody, o?: CallOptions) => post<string>('/api/Orders/PostOrdersReturn', b, o),
    cancelAfterSales: (id: number) => post<string>('/api/Orders/PostOrdersTypes', { id }),
    /** invoiceId missing: sent anyway (accounts §5), the server answers 请选择发票. */
    postOrdersInvoice: (b: { id: number; invoiceId?: number }, o?: CallOptions) =>
      post<string>('/api/Orders/PostOrdersInvoice', b, o),
    getRechargePay: (id: number, way: 'alipay' | 'wechat', o?: CallOptions) =>
      get<PayAnswer>('/api/Recharge/GetRechargePay', { id, way }, o),
    getRecharge: (id: number, o?: CallOptions) => get<Recharge>('/api/Recharge/GetRecharge', { id }, o),
    // 到货通知 (issue 24): subscribe on a sold-out SKU; the SKUs of a product still awaited.
    postStockAlert: (skuId: number) => post<string>('/api/ProductSpu/PostStockAlert', { skuId }),
    getStockAlerts: (spuId: number, o?: CallOptions) =>
      get<number[]>('/api/ProductSpu/GetStockAlerts', { spuId }, o),
  }
}
export type BuyingApi = ReturnType<typeof createBuyingApi>

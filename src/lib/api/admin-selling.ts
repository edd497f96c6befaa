/**
 * The back office's selling-tool calls (issue 24: coupons, 满减 promotions, shipping templates)
 * on the staff session, permission promotions.write. Money is yuan on the wire, rates in 折,
 * times 'YYYY-MM-DD HH:mm:ss' China time; typed from their routes. Imported by admin islands only.
 */
import type { CouponKind, CouponScope } from '../rules/promotion.ts'
import { type AdminAnswer, adminCall } from './admin-call.ts'
import type { QueryParams } from './http.ts'

/** The wire shapes, as the admin calls answer them (server/modules/promotions). */
export type AdminCoupon = AdminAnswer<'post', '/admin/coupons'>
export type AdminCouponDetail = AdminAnswer<'get', '/admin/coupons/{id}'>
export type AdminPromotion = AdminAnswer<'post', '/admin/promotions'>
export type AdminShippingTemplate = AdminAnswer<'post', '/admin/shipping-templates'>
export type SellingState = AdminCoupon['state']

/** What the coupon form sends: the whole form, on an edit also whether it is shown (false stops it). */
export interface CouponBody {
  title: string
  kind: CouponKind
  threshold: number
  amount: number
  rate: number
  cap: number
  scope: CouponScope
  scopeIds: number[]
  includeCourses: boolean
  stacksWithPromotion: boolean
  totalLimit: number
  perUserLimit: number
  startTime: string
  endTime: string
  isShow?: boolean
}

export interface PromotionBody {
  title: string
  classId: number | null
  threshold: number
  off: number
  startTime: string
  endTime: string
  isShow?: boolean
}

export interface ShippingTemplateBody {
  name: string
  freeAbove: number
  base: number
  rates: { province: string; fee: number }[]
}

export const sellingApi = {
  coupons: (query: QueryParams) => adminCall('get', '/admin/coupons')({ query }),
  coupon: (id: number) => adminCall('get', '/admin/coupons/{id}')({ param: { id } }),
  /** A new coupon is shown from the start: isShow belongs to an edit. */
  createCoupon: (body: Omit<CouponBody, 'isShow'>) => adminCall('post', '/admin/coupons')({ json: body }),
  editCoupon: (id: number, body: CouponBody) =>
    adminCall('put', '/admin/coupons/{id}')({ param: { id }, json: body }),
  stopCoupon: (id: number) => adminCall('post', '/admin/coupons/{id}/stop')({ param: { id } }),

  /** Every promotion, newest first (few enough for one page). */
  promotions: (query: QueryParams = {}) => adminCall('get', '/admin/promotions')({ query }),
  createPromotion: (body: Omit<PromotionBody, 'isShow'>) =>
    adminCall('post', '/admin/promotions')({ json: body }),
  editPromotion: (id: number, body: PromotionBody) =>
    adminCall('put', '/admin/promotions/{id}')({ param: { id }, json: body }),
  stopPromotion: (id: number) => adminCall('post', '/admin/promotions/{id}/stop')({ param: { id } }),

  templates: () => adminCall('get', '/admin/shipping-templates')(),
  createTemplate: (body: ShippingTemplateBody) =>
    adminCall('post', '/admin/shipping-templates')({ json: body }),
  editTemplate: (id: number, body: ShippingTemplateBody) =>
    adminCall('put', '/admin/shipping-templates/{id}')({ param: { id }, json: body }),
  setDefaultTemplate: (id: number) =>
    adminCall('post', '/admin/shipping-templates/{id}/default')({ param: { id } }),
  removeTemplate: (id: number) => adminCall('delete', '/admin/shipping-templates/{id}')({ param: { id } }),
}

/**
 * The back office's selling-tool calls (issue 24: coupons, 满减 promotions, shipping templates)
 * on the staff session, permission promotions.write. Money is yuan on the wire, rates in 折,
 * times 'YYYY-MM-DD HH:mm:ss' China time. Imported by admin islands only.
 */
import type { z } from '@hono/zod-openapi'
import type { Paged } from '../../../server/db/sql.ts'
import type {
  AdminCouponDetail as AdminCouponDetailSchema,
  AdminCoupon as AdminCouponSchema,
  AdminPromotion as AdminPromotionSchema,
  AdminTemplate as AdminTemplateSchema,
} from '../../../server/modules/promotions/promotions.admin-routes.ts'
import type { CouponKind, CouponScope } from '../rules/promotion.ts'
import { adminHttp } from './admin.ts'
import type { QueryParams } from './http.ts'

/** The wire shapes, from the admin calls' own schemas (server/modules/promotions). */
export type AdminCoupon = z.infer<typeof AdminCouponSchema>
export type AdminCouponDetail = z.infer<typeof AdminCouponDetailSchema>
export type AdminPromotion = z.infer<typeof AdminPromotionSchema>
export type AdminShippingTemplate = z.infer<typeof AdminTemplateSchema>
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

const post = async <T>(path: string, body: unknown = {}) => (await adminHttp().post<T>(path, body)).data
const put = async <T>(path: string, body: object) =>
  (await adminHttp().fetch<{ data: T }>(path, { method: 'PUT', body })).data

export const sellingApi = {
  coupons: (query: QueryParams) => adminHttp().get<Paged<AdminCoupon>>('/api/admin/coupons', query),
  coupon: (id: number) => adminHttp().get<AdminCouponDetail>(`/api/admin/coupons/${id}`),
  createCoupon: (body: CouponBody) => post<AdminCoupon>('/api/admin/coupons', body),
  editCoupon: (id: number, body: CouponBody) => put<AdminCoupon>(`/api/admin/coupons/${id}`, body),
  stopCoupon: (id: number) => post<AdminCoupon>(`/api/admin/coupons/${id}/stop`),

  /** Every promotion, newest first (few enough for one page). */
  promotions: (query: QueryParams = {}) => adminHttp().get<AdminPromotion[]>('/api/admin/promotions', query),
  createPromotion: (body: PromotionBody) => post<AdminPromotion>('/api/admin/promotions', body),
  editPromotion: (id: number, body: PromotionBody) =>
    put<AdminPromotion>(`/api/admin/promotions/${id}`, body),
  stopPromotion: (id: number) => post<AdminPromotion>(`/api/admin/promotions/${id}/stop`),

  templates: () =>
    adminHttp().get<{ defaultId: number | null; templates: AdminShippingTemplate[] }>(
      '/api/admin/shipping-templates',
    ),
  createTemplate: (body: ShippingTemplateBody) =>
    post<AdminShippingTemplate>('/api/admin/shipping-templates', body),
  editTemplate: (id: number, body: ShippingTemplateBody) =>
    put<AdminShippingTemplate>(`/api/admin/shipping-templates/${id}`, body),
  setDefaultTemplate: (id: number) =>
    post<AdminShippingTemplate>(`/api/admin/shipping-templates/${id}/default`),
  removeTemplate: async (id: number) =>
    (await adminHttp().fetch<{ data: unknown }>(`/api/admin/shipping-templates/${id}`, { method: 'DELETE' }))
      .data,
}

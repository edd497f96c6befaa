/**
 * The back office's selling-tool calls (issue 24: coupons, 满减 promotions, shipping templates)
 * on the staff session, permission promotions.write. Money is yuan on the wire, rates in 折,
 * times 'YYYY-MM-DD HH:mm:ss' China time. Imported by admin islands only.
 */
import type { Paged } from '../../../server/db/sql.ts'
import type { CouponKind, CouponScope } from '../rules/promotion.ts'
import { adminHttp } from './admin.ts'
import type { QueryParams } from './http.ts'

export type SellingState = '未开始' | '进行中' | '已结束' | '已停用'

/** What the coupon form sends (POST creates, PUT edits). */
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
  /** Edits only: shown to customers or stopped. */
  isShow?: boolean
}

export interface AdminCoupon extends Omit<CouponBody, 'isShow'> {
  id: number
  left: number
  ruleText: string
  scopeText: string
  claimed: number
  used: number
  isShow: boolean
  state: SellingState
  createTime: string
}

export interface CouponUsage {
  claimed: number
  used: number
  unusedExpired: number
  ordersPaid: number
  /** Yuan: Σ coupon reductions of the paid orders. */
  offTotal: number
  /** Yuan: Σ what those orders paid. */
  salesTotal: number
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

export interface AdminPromotion extends Omit<PromotionBody, 'isShow'> {
  id: number
  isShow: boolean
  state: SellingState
  createTime: string
}

export interface ShippingRate {
  province: string
  fee: number
}

export interface ShippingTemplateBody {
  name: string
  freeAbove: number
  base: number
  rates: ShippingRate[]
}

export interface AdminShippingTemplate extends ShippingTemplateBody {
  id: number
  label: string | null
  /** How many products use it (the default counts those without a template of their own too, as the server says). */
  products: number
  isDefault: boolean
}

const post = async <T>(path: string, body: unknown = {}) => (await adminHttp().post<T>(path, body)).data
const put = async <T>(path: string, body: object) =>
  (await adminHttp().fetch<{ data: T }>(path, { method: 'PUT', body })).data

export const sellingApi = {
  coupons: (query: QueryParams) => adminHttp().get<Paged<AdminCoupon>>('/api/admin/coupons', query),
  coupon: (id: number) => adminHttp().get<AdminCoupon & { usage: CouponUsage }>(`/api/admin/coupons/${id}`),
  createCoupon: (body: CouponBody) => post<AdminCoupon>('/api/admin/coupons', body),
  editCoupon: (id: number, body: Partial<CouponBody>) => put<AdminCoupon>(`/api/admin/coupons/${id}`, body),
  stopCoupon: (id: number) => post<AdminCoupon>(`/api/admin/coupons/${id}/stop`),

  promotions: (query: QueryParams = {}) =>
    adminHttp().get<Paged<AdminPromotion>>('/api/admin/promotions', query),
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
  setDefaultTemplate: (id: number) => post<unknown>(`/api/admin/shipping-templates/${id}/default`),
  removeTemplate: async (id: number) =>
    (await adminHttp().fetch<{ data: unknown }>(`/api/admin/shipping-templates/${id}`, { method: 'DELETE' }))
      .data,
}

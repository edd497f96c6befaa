/**
 * The back office's product calls (server/modules/catalog/catalog.admin-routes.ts) on the staff
 * session. Imported by admin islands only.
 */
import type { Paged } from '../../../server/db/sql.ts'
import type {
  AdminProduct,
  AdminProductRow,
  AdminSku,
} from '../../../server/modules/catalog/catalog.admin-routes.ts'
import type { BulkListingAnswer } from '../../../server/modules/catalog/catalog.bulk.admin-routes.ts'
import { adminHttp } from './admin.ts'
import type { QueryParams } from './http.ts'
import type { ClassifyGroup } from './types.ts'

export type { AdminProduct, AdminProductRow, AdminSku }

/** What the editor sends: the fields it changed, as the rule (src/lib/rules/product.ts) reads them. */
export interface ProductEditBody {
  title?: string
  subTitle?: string
  brand?: string
  model?: string
  classId?: number
  tag?: string[]
  /** The product's shipping template; null for the default one. */
  shippingTemplateId?: number | null
  imgurls?: string[]
  params?: { title: string; text: string }[]
  content?: string
}

const dictionaryOf = async (key: 'productClass' | 'productTag') =>
  (await adminHttp().get<ClassifyGroup[]>('/api/Classify/GetClassifyQuerys')).find((g) => g.key === key)
    ?.list ?? []

/** A shipping template as the public call answers it (GetShippingTemplates): the editor's 运费模板 choices. */
export interface ShippingChoice {
  id: number
  name: string
  /** 包邮, 满¥99.00包邮, or null when it ships for a fee. */
  label: string | null
}

export const catalogApi = {
  list: (query: QueryParams) => adminHttp().get<Paged<AdminProductRow>>('/api/admin/products', query),
  get: (id: number) => adminHttp().get<AdminProduct>(`/api/admin/products/${id}`),
  /** The public dictionary: the product categories the filter and the editor offer. */
  classes: () => dictionaryOf('productClass'),
  /** The product tags the editor offers (包邮 among them: the free-shipping flag). */
  tags: () => dictionaryOf('productTag'),
  /** The shipping templates a product may use, and which one is the default. */
  shippingTemplates: () =>
    adminHttp().get<{ defaultId: number | null; templates: ShippingChoice[] }>(
      '/api/Shipping/GetShippingTemplates',
    ),
  /** A new product with its first SKU, unlisted. */
  create: async (body: { title: string; skuTitle: string; price: string }) =>
    (await adminHttp().post<AdminProduct>('/api/admin/products', body)).data,
  setListed: async (id: number, listed: boolean) =>
    (await adminHttp().post<AdminProduct>(`/api/admin/products/${id}/listing`, { listed })).data,
  editSku: async (skuId: number, body: { price?: string; title?: string; img?: string }) =>
    (await adminHttp().fetch<{ data: AdminSku }>(`/api/admin/skus/${skuId}`, { method: 'PATCH', body })).data,
  adjustStock: async (skuId: number, body: { delta: string; reason: string; requestId?: string }) =>
    (await adminHttp().post<{ skuId: number; stock: number }>(`/api/admin/skus/${skuId}/stock`, body)).data,
  editProduct: async (id: number, body: ProductEditBody) =>
    (await adminHttp().fetch<{ data: AdminProduct }>(`/api/admin/products/${id}`, { method: 'PATCH', body }))
      .data,
  addSku: async (id: number, body: { title: string; price: string }) =>
    (await adminHttp().post<AdminSku>(`/api/admin/products/${id}/skus`, body)).data,
  removeSku: async (skuId: number) =>
    (await adminHttp().fetch<{ data: AdminProduct }>(`/api/admin/skus/${skuId}`, { method: 'DELETE' })).data,
  /** A picture for a product, a SKU or the detail text (public): its stored path. */
  async uploadImage(file: Blob, name: string, signal?: AbortSignal): Promise<string> {
    const form = new FormData()
    form.append('file', file, name)
    const r = await adminHttp().fetch<{ data: { path: string } }>('/api/admin/products/images', {
      method: 'POST',
      body: form,
      signal,
    })
    return r.data.path
  },
  /** The chosen products on (listed: true) or off the shelf in one call; answers those it changed. */
  setListedMany: async (ids: number[], listed: boolean) =>
    (await adminHttp().post<BulkListingAnswer>('/api/admin/products/listing', { ids, listed })).data,
}

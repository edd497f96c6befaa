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
import { adminHttp } from './admin.ts'
import type { QueryParams } from './http.ts'
import type { ClassifyGroup } from './types.ts'

export type { AdminProduct, AdminProductRow, AdminSku }

export const catalogApi = {
  list: (query: QueryParams) => adminHttp().get<Paged<AdminProductRow>>('/api/admin/products', query),
  get: (id: number) => adminHttp().get<AdminProduct>(`/api/admin/products/${id}`),
  /** The public dictionary: the product categories the filter offers. */
  classes: async () =>
    (await adminHttp().get<ClassifyGroup[]>('/api/Classify/GetClassifyQuerys')).find(
      (g) => g.key === 'productClass',
    )?.list ?? [],
  setListed: async (id: number, listed: boolean) =>
    (await adminHttp().post<AdminProduct>(`/api/admin/products/${id}/listing`, { listed })).data,
  editSku: async (skuId: number, body: { price?: string; title?: string }) =>
    (await adminHttp().fetch<{ data: AdminSku }>(`/api/admin/skus/${skuId}`, { method: 'PATCH', body })).data,
  adjustStock: async (skuId: number, body: { delta: string; reason: string }) =>
    (await adminHttp().post<{ skuId: number; stock: number }>(`/api/admin/skus/${skuId}/stock`, body)).data,
  editProduct: async (id: number, body: { title: string; subTitle: string }) =>
    (await adminHttp().fetch<{ data: AdminProduct }>(`/api/admin/products/${id}`, { method: 'PATCH', body }))
      .data,
  addSku: async (id: number, body: { title: string; price: string }) =>
    (await adminHttp().post<AdminSku>(`/api/admin/products/${id}/skus`, body)).data,
  removeSku: async (skuId: number) =>
    (await adminHttp().fetch<{ data: AdminProduct }>(`/api/admin/skus/${skuId}`, { method: 'DELETE' })).data,
}

/**
 * The back office's product calls (server/modules/catalog/catalog.admin-routes.ts) on the staff
 * session, typed from their routes. Imported by admin islands only.
 */
import type {
  AdminProduct,
  AdminProductRow,
  AdminSku,
} from '../../../server/modules/catalog/catalog.admin-routes.ts'
import { type AdminAnswer, adminCall, adminDownload, adminUpload } from './admin-call.ts'
import type { QueryParams } from './http.ts'

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
  /** 每单限购 as typed: digits, 0 for none. */
  orderLimit?: string
  imgurls?: string[]
  params?: { title: string; text: string }[]
  content?: string
}

/** What the 选项与规格 editor sends: prices and stock as typed. */
export interface MatrixBody {
  options: { name: string; values: string[] }[]
  skus: { id?: number; values: string[]; code: string; barcode: string; price: string; stock?: string }[]
}

const dictionaryOf = async (key: 'productClass' | 'productTag') =>
  (await adminCall('get', '/Classify/GetClassifyQuerys')()).find((g) => g.key === key)?.list ?? []

/** A shipping template as the public call answers it: the editor's 运费模板 choices (label: 包邮, 满¥99.00包邮 or null). */
export type ShippingChoice = AdminAnswer<'get', '/Shipping/GetShippingTemplates'>['templates'][number]

export const catalogApi = {
  list: (query: QueryParams) => adminCall('get', '/admin/products')({ query }),
  get: (id: number) => adminCall('get', '/admin/products/{id}')({ param: { id } }),
  /** The public dictionary: the product categories the filter and the editor offer. */
  classes: () => dictionaryOf('productClass'),
  /** The product tags the editor offers (包邮 among them: the free-shipping flag). */
  tags: () => dictionaryOf('productTag'),
  /** The shipping templates a product may use, and which one is the default. */
  shippingTemplates: () => adminCall('get', '/Shipping/GetShippingTemplates')(),
  /** A new product with its first SKU, unlisted. */
  create: (body: { title: string; skuTitle: string; price: string }) =>
    adminCall('post', '/admin/products')({ json: body }),
  setListed: (id: number, listed: boolean) =>
    adminCall('post', '/admin/products/{id}/listing')({ param: { id }, json: { listed } }),
  editSku: (skuId: number, body: { price?: string; title?: string; img?: string }) =>
    adminCall('patch', '/admin/skus/{skuId}')({ param: { skuId }, json: body }),
  adjustStock: (skuId: number, body: { delta: string; reason: string; requestId?: string }) =>
    adminCall('post', '/admin/skus/{skuId}/stock')({ param: { skuId }, json: body }),
  editProduct: (id: number, body: ProductEditBody) =>
    adminCall('patch', '/admin/products/{id}')({ param: { id }, json: body }),
  addSku: (id: number, body: { title: string; price: string }) =>
    adminCall('post', '/admin/products/{id}/skus')({ param: { id }, json: body }),
  /** The product's options and the combinations on sale (src/lib/rules/options.ts). */
  saveOptions: (id: number, body: MatrixBody) =>
    adminCall('put', '/admin/products/{id}/options')({ param: { id }, json: body }),
  removeSku: (skuId: number) => adminCall('delete', '/admin/skus/{skuId}')({ param: { skuId } }),
  /** A picture for a product, a SKU or the detail text (public): its stored path. */
  uploadImage: (file: Blob, name: string, signal?: AbortSignal) =>
    adminUpload('/admin/products/images')(file, name, signal),
  /** The chosen products on (listed: true) or off the shelf in one call; answers those it changed. */
  setListedMany: (ids: number[], listed: boolean) =>
    adminCall('post', '/admin/products/listing')({ json: { ids, listed } }),
  /** The catalogue file (issue 40): every SKU with its price and stock, as CSV or XLSX. */
  exportCatalogue: (format: 'csv' | 'xlsx') =>
    adminDownload('/admin/catalogue/export')({ query: { format } }),
  /** The same file back: a preview of each row (apply false), or the good rows applied in one batch. */
  importCatalogue: (body: { format: 'csv' | 'xlsx'; file: string; apply?: boolean; reason?: string }) =>
    adminCall('post', '/admin/catalogue/import')({ json: body }),
  /** A SKU's stock history, newest first. */
  stockHistory: (skuId: number) =>
    adminCall('get', '/admin/skus/{skuId}/stock-history')({ param: { skuId } }),
}

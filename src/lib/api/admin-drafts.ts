/**
 * 代客下单 (issue 40): the back office's draft-order calls, permission orders.draft, typed from
 * their routes (server/modules/order-desk/draft-orders.admin-routes.ts). Admin islands only.
 */
import { type AdminAnswer, adminCall } from './admin-call.ts'

export type DraftRow = AdminAnswer<'get', '/admin/draft-orders'>['pageData'][number]
export type Draft = AdminAnswer<'get', '/admin/draft-orders/{id}'>
export type DraftPreview = AdminAnswer<'post', '/admin/draft-orders/preview'>
export type DraftChoices = AdminAnswer<'get', '/admin/draft-orders/customers/{userId}'>
export type DraftSku = AdminAnswer<'get', '/admin/draft-orders/skus'>[number]

/** What the editor sends: the issue's { userId, lines, discountPercent? } plus the address and invoice title. */
// A type, not an interface: the route's body is a loose object (objectBody), which takes only
// types with an implicit index signature.
export type DraftBody = {
  userId: number
  lines: { skuId: number; quantity: number }[]
  discountPercent?: number
  addressId?: number | null
  invoiceId?: number | null
}

/** The editor's page, by draft id (none: a new draft). */
export const draftHref = (id?: number) => (id ? `/admin/drafts/edit/?id=${id}` : '/admin/drafts/edit/')

// The editor shows the preview's refusal beside the price, so it is not toasted too.
const silent = { silent: true }

export const draftsApi = {
  list: (query: { status?: number; pageIndex: number; pageSize: number }) =>
    adminCall('get', '/admin/draft-orders')({ query }),
  one: (id: number) => adminCall('get', '/admin/draft-orders/{id}')({ param: { id } }),
  create: (body: DraftBody) => adminCall('post', '/admin/draft-orders')({ json: body }),
  edit: (id: number, body: DraftBody) =>
    adminCall('put', '/admin/draft-orders/{id}')({ param: { id }, json: body }),
  remove: (id: number) => adminCall('delete', '/admin/draft-orders/{id}')({ param: { id } }),
  send: (id: number) => adminCall('post', '/admin/draft-orders/{id}/send')({ param: { id } }),
  preview: (body: DraftBody) => adminCall('post', '/admin/draft-orders/preview')({ json: body }, silent),
  skus: (q: string) => adminCall('get', '/admin/draft-orders/skus')({ query: { q } }),
  customer: (userId: number) =>
    adminCall('get', '/admin/draft-orders/customers/{userId}')({ param: { userId } }),
}

/** The back-office pages that screens link to by id: one place for their addresses. */

/** A customer's page: customerHref(12) → '/admin/customers/detail/?id=12'. */
export const customerHref = (id: number) => `/admin/customers/detail/?id=${id}`

/** A product's page: productHref(3) → '/admin/products/detail/?id=3'. */
export const productHref = (id: number) => `/admin/products/detail/?id=${id}`

/** A SKU's stock history (issue 40). */
export const stockHistoryHref = (skuId: number) => `/admin/products/stock/?sku=${skuId}`

/** The address of a product's back-office page. */
export const productHref = (id: number) => `/admin/products/detail/?id=${id}`

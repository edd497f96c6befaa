/** The address of a product's back-office page (kit/hrefs.ts). */
export { productHref } from './kit/hrefs.ts'

/** Where things live on the site: static detail pages by id, listings by kind. */
export const productPath = (id: number) => `/productdetail/${id}/`
export const articlePath = (id: number) => `/detail/${id}/`
export const teacherPath = (id: number) => `/teacher/${id}/`

/** The listing of each article kind (storefront §2). */
export const LISTING_PATH: Record<number, string> = { 10: '/association/', 20: '/task/', 30: '/course/' }

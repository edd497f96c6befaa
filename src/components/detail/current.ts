/**
 * The item of a detail page as the API says now. A built page is a snapshot; several parts of it
 * want the live answer (已售, learners, comments count, 收藏 for the signed-in reader, what they
 * have bought), and they share one request per item and page. The API client is loaded with the
 * first ask, not with the page. A failed ask is forgotten, so a later one tries again.
 */
import type { ArticleDetail, SpuDetail } from '../../lib/api/types.ts'

const asked = new Map<string, Promise<unknown>>()

function once<T>(key: string, ask: () => Promise<T>): Promise<T> {
  let p = asked.get(key) as Promise<T> | undefined
  if (!p) {
    p = ask()
    p.catch(() => asked.delete(key))
    asked.set(key, p)
  }
  return p
}

/** currentProduct(12): ProductSpu/GetProductSpu?id=12, silent (the page keeps its built figures on failure). */
export function currentProduct(id: number): Promise<SpuDetail> {
  return once(`product:${id}`, () =>
    import('../../lib/api/browser.ts').then(({ api }) => api.getProductSpu(id, { silent: true })),
  )
}

/** currentArticle(12): Article/GetArticle?id=12, silent. */
export function currentArticle(id: number): Promise<ArticleDetail> {
  return once(`article:${id}`, () =>
    import('../../lib/api/browser.ts').then(({ api }) => api.getArticle(id, { silent: true })),
  )
}

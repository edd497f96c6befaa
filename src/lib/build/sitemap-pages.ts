import { LISTED_KINDS } from '../constants.ts'
import { articlePath, productPath, teacherPath } from '../routes.ts'
import { allArticles, allProducts, allTeachers } from './data.ts'

/** Static pages that are not generated from data, spelled as their canonical URLs (directory format). */
const FIXED = ['/', '/product/', '/course/', '/association/', '/task/', '/about/', '/link/', '/question/']

/**
 * Every pre-rendered public page the sitemap lists, from the same cached build data as the detail
 * pages, so it lists exactly what was built: the fixed pages, then products, articles, teachers.
 */
export async function sitemapPaths(): Promise<string[]> {
  const [products, teachers, ...articles] = await Promise.all([
    allProducts(),
    allTeachers(),
    ...LISTED_KINDS.map((s) => allArticles(s)),
  ])
  return [
    ...new Set([
      ...FIXED,
      ...products.map((p) => productPath(p.id)),
      ...articles.flat().map((a) => articlePath(a.id)),
      ...teachers.map((t) => teacherPath(t.id)),
    ]),
  ]
}

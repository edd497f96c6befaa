import { type SelectQueryBuilder, sql } from 'kysely'
import type { Page, Paged } from './sql.ts'

// A page of any filtered builder: Kysely widens its types with each alias and join.
// biome-ignore lint/suspicious/noExplicitAny: see above. (And {} is Kysely's "nothing selected yet".)
// biome-ignore lint/complexity/noBannedTypes: see above.
type From = SelectQueryBuilder<any, any, {}>

/**
 * One page of a filtered query and the count of all its rows (`pageTotal` counts rows; README,
 * API): pageOf(base, (q) => q.select(COLUMNS).orderBy('m.id', 'desc'), { pageIndex, pageSize }, wire).
 * For the back office's lists; the public listings that must be fast use pagedList.
 */
export async function pageOf<Q extends From, Row, T>(
  base: Q,
  // biome-ignore lint/suspicious/noExplicitAny: whatever the builder's database and tables are.
  rows: (q: Q) => SelectQueryBuilder<any, any, Row>,
  page: Page,
  wire: (r: Row) => T,
): Promise<Paged<T>> {
  const [count, found] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    rows(base)
      .limit(page.pageSize)
      .offset(page.pageIndex * page.pageSize)
      .execute(),
  ])
  return {
    pageData: found.map(wire),
    pageIndex: page.pageIndex,
    pageSize: page.pageSize,
    pageTotal: Number((count as { n?: number } | undefined)?.n ?? 0),
  }
}

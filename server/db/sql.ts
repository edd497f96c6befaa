/** SQL helpers every module shares: the one way to build a condition, page a list, search text. */
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely'

/** likeContains('5%_') → '%5\%\_%': what a user types is matched literally. */
export const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`

/** Rows whose comma-joined `column` holds exactly `value`: listHas('a.tag', '种植') */
export const listHas = (column: string, value: string): Expression<SqlBool> =>
  sql<SqlBool>`(',' || ${sql.ref(column)} || ',') LIKE ${likeContains(`,${value},`)} ESCAPE '\\'`

/** A case-insensitive title search: titleHas('a.title', 'abc') */
export const titleHas = (column: string, text: string): Expression<SqlBool> =>
  sql<SqlBool>`LOWER(${sql.ref(column)}) LIKE LOWER(${likeContains(text)}) ESCAPE '\\'`

/** column = value, for conditions assembled as a list: eq('a.status', 30) */
export const eq = (column: string, value: string | number): Expression<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} = ${value}`

/** The stime–etime filter of list calls on a stored creation time. */
export function inRange(column: string, r: { stime?: string; etime?: string }): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = []
  if (r.stime) out.push(sql<SqlBool>`${sql.ref(column)} >= ${r.stime}`)
  if (r.etime) out.push(sql<SqlBool>`${sql.ref(column)} <= ${r.etime}`)
  return out
}

/** A sort order as [column, direction] pairs, applied the same way wherever the list is read. */
export type Order = readonly (readonly [column: string, dir: 'asc' | 'desc'])[]

export function ordered<Q extends { orderBy: (e: Expression<unknown>, d: 'asc' | 'desc') => Q }>(
  q: Q,
  order: Order,
): Q {
  return order.reduce((acc, [column, dir]) => acc.orderBy(sql.ref(column), dir), q)
}

/**
 * The sort of a list call: pageOrder names the field, pageSort the direction; 综合 (no
 * pageOrder) is newest first. Ties break on `id` in the same direction, which keeps paging
 * stable and lets one index serve both directions.
 */
export function sortOrder(
  fields: Record<string, string>,
  id: string,
  pageOrder: string | undefined,
  pageSort: 'asc' | 'desc' | undefined,
): Order {
  const column = pageOrder ? fields[pageOrder] : undefined
  const dir = pageSort ?? 'desc'
  return column
    ? [
        [column, dir],
        [id, dir],
      ]
    : [[id, 'desc']]
}

export interface Page {
  pageIndex: number
  pageSize: number
}

export interface Paged<T> {
  pageData: T[]
  pageSize: number
  pageIndex: number
  pageTotal: number
}

/**
 * One page of `filtered` (FROM + WHERE, nothing selected yet) in `order`. The page is found on
 * ids alone (an index walk, even deep into OFFSET) and only its rows are read and joined by
 * `read`, which gets the ids as a subquery; the count never needs the join either.
 */
export async function paged<DB, TB extends keyof DB, T>(
  // biome-ignore lint/complexity/noBannedTypes: Kysely's own type for "nothing selected yet".
  filtered: SelectQueryBuilder<DB, TB, {}>,
  key: string,
  order: Order,
  page: Page,
  read: (ids: SelectQueryBuilder<DB, TB, { id: number }>, order: Order) => Promise<T[]>,
): Promise<Paged<T>> {
  // Over generic DB/TB, TypeScript cannot reduce the selection to { id: number }; it is exactly that.
  const ids = ordered(filtered.select(sql<number>`${sql.ref(key)}`.as('id')), order)
    .limit(page.pageSize)
    .offset(page.pageIndex * page.pageSize) as unknown as SelectQueryBuilder<DB, TB, { id: number }>
  const [total, rows] = await Promise.all([
    filtered.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    read(ids, order),
  ])
  return {
    pageData: rows,
    pageSize: page.pageSize,
    pageIndex: page.pageIndex,
    pageTotal: Number((total as { n?: number } | undefined)?.n ?? 0),
  }
}

/** SQL helpers every module shares: the one way to build a condition, page a list, search text. */
import {
  type Compilable,
  type CompiledQuery,
  type Expression,
  type Insertable,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely'
import { refuse } from '../refusal.ts'
import { type Database, type Db, isPg } from './index.ts'

/**
 * Inside a transaction, before counting what a user owns or did (a cap, a rate limit): locks the
 * user's row on PostgreSQL, so a second transaction of the same user waits for this one's insert
 * instead of counting beside it. SQLite runs one write transaction at a time anyway.
 * await db.transaction().execute(async (t) => { await lockUser(t, userId); …count, insert… })
 */
export const lockUser = (t: Db, userId: number) => lockRow(t, 'users', userId)

/**
 * On PostgreSQL, holds one row until the transaction ends (SELECT … FOR UPDATE): a second
 * transaction locking it waits, and under READ COMMITTED the statements after the lock see every
 * write committed before it was granted. SQLite's BEGIN IMMEDIATE already serializes writers.
 * await lockRow(t, 'product_spus', 12)
 */
export async function lockRow(
  t: Db,
  table: 'users' | 'product_spus' | 'product_skus' | 'payments',
  id: number,
): Promise<void> {
  if (isPg(t)) await t.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute()
}

/** The tables whose rows have an `id`. */
type IdTable = { [T in keyof Database]: Database[T] extends { id: unknown } ? T : never }[keyof Database]

/**
 * Whether `table` holds a row whose columns equal `match` (null: IS NULL), other than the row
 * `except`: the "is there one already" check before a write.
 * await hasRow(t, 'stock_alerts', { user_id: 3, sku_id: 8, notified_time: null }) → true
 */
export async function hasRow<T extends IdTable>(
  t: Db,
  table: T,
  match: { [C in keyof Database[T]]?: string | number | null },
  except?: number,
): Promise<boolean> {
  // The table is the caller's, its columns checked by the signature; Kysely cannot type a table
  // chosen by a type parameter.
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  let q = (t as unknown as Kysely<any>).selectFrom(table as string).select('id')
  for (const [column, value] of Object.entries(match))
    q = value === null ? q.where(column, 'is', null) : q.where(column, '=', value)
  if (except !== undefined) q = q.where('id', '<>', except)
  return (await q.executeTakeFirst()) !== undefined
}

/** The tables of staff adjustments, each row carrying the request id it was made for. */
type AdjustmentTable = 'stock_adjustments' | 'wallet_transactions' | 'balance_adjustments'

/**
 * A staff adjustment (stock, wallet) made once per request id, so a retried request changes
 * nothing twice: inserts `values` and answers { id }. When a row of this request id exists (the
 * conflict waited for its commit) it answers { earlier }: that row's `columns` — after refusing
 * 409 `reused` when the earlier row adjusted something else (its `owner` column differs).
 */
export async function adjustOnce<T extends AdjustmentTable, C extends keyof Selectable<Database[T]> & string>(
  t: Db,
  table: T,
  values: Insertable<Database[T]> & { request_id: string | null },
  earlier: { columns: readonly C[]; owner: keyof Database[T] & string; reused: string },
): Promise<{ id: number; earlier?: never } | { id?: never; earlier: Pick<Selectable<Database[T]>, C> }> {
  // Two tables with the same request_id column; Kysely cannot type a table chosen by a type parameter.
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  const loose = t as unknown as Kysely<any>
  const written = await loose
    .insertInto(table)
    .values(values)
    .onConflict((oc) => oc.column('request_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (written) return { id: Number(written.id) }
  const row: Record<string, unknown> = await loose
    .selectFrom(table as string)
    .select([...new Set<string>([...earlier.columns, earlier.owner])])
    .where('request_id', '=', values.request_id ?? '')
    .executeTakeFirstOrThrow()
  if (row[earlier.owner] !== values[earlier.owner as keyof typeof values]) throw refuse(earlier.reused, 409)
  return { earlier: row as Pick<Selectable<Database[T]>, C> }
}

/** likeContains('5%_') → '%5\%\_%': what a user types is matched literally. */
export const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`

/** The LIKE pattern of one entry of a comma-joined list: listPattern('种植') → '%,种植,%' */
export const listPattern = (value: string) => likeContains(`,${value},`)

/** Rows whose comma-joined `column` matches a listPattern(). */
export const listLike = (column: string, pattern: string): Expression<SqlBool> =>
  sql<SqlBool>`(',' || ${sql.ref(column)} || ',') LIKE ${pattern} ESCAPE '\\'`

/** Rows whose comma-joined `column` holds exactly `value`: listHas('a.tag', '种植') */
export const listHas = (column: string, value: string) => listLike(column, listPattern(value))

/** A case-insensitive search of `column` for a likeContains() pattern. */
export const textLike = (column: string, pattern: string): Expression<SqlBool> =>
  sql<SqlBool>`LOWER(${sql.ref(column)}) LIKE LOWER(${pattern}) ESCAPE '\\'`

/** A case-insensitive title search: titleHas('a.title', 'abc') */
export const titleHas = (column: string, text: string) => textLike(column, likeContains(text))

/** column = value, for conditions assembled as a list: eq('a.status', 30) */
export const eq = (column: string, value: string | number): Expression<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} = ${value}`

/** The stime–etime filter of list calls ('yyyy-mm-dd hh:mm:ss' China time, both ends included). */
export interface TimeRange {
  stime?: string
  etime?: string
}

/** The stime–etime filter of list calls on a stored creation time. */
export function inRange(column: string, r: TimeRange): Expression<SqlBool>[] {
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

/** The same page with each row as `wire` answers it: mapPage(await list(db, v, order, page), cardOf) */
export const mapPage = <Row, T>(page: Paged<Row>, wire: (r: Row) => T): Paged<T> => ({
  ...page,
  pageData: page.pageData.map(wire),
})

/** Where a value goes in a query compiled once per shape; filled in on every run. */
class Slot {
  readonly name: string
  constructor(name: string) {
    this.name = name
  }
}

type Built<Row> = Compilable<Row> & { compile(): CompiledQuery<Row> }
// Kysely widens the database type with each alias and join; a list takes any of those builders.
// biome-ignore lint/suspicious/noExplicitAny: see above. (And {} is Kysely's "nothing selected yet".)
// biome-ignore lint/complexity/noBannedTypes: see above.
type From = SelectQueryBuilder<any, any, {}>
// biome-ignore lint/suspicious/noExplicitAny: see above.
type Read<Row> = SelectQueryBuilder<any, any, Row>

/**
 * A paged list (`pageTotal` counts rows; README, API). `filtered(db, v)` is FROM + WHERE,
 * `read(db, ids)` selects and joins the rows of one page, given its ids as a subquery: the page
 * is found on ids alone (an index walk, even deep into OFFSET), only its rows are joined, and
 * the count never needs the join.
 *
 * Kysely builds and compiles a query on every call, which for a listing cost more than SQLite's
 * own work (npm run bench). So each shape of the list — which values are present, and the
 * order — is built and compiled once, with a slot for every value, and then only run. `v` holds
 * every value the query uses; `filtered` must read values only from it (whether one is present
 * may decide a condition; a present one must be used as a value, not looked at).
 *
 * `scan(db, v)`, where given, names a column of `filtered`'s FROM that equals `key` and comes in
 * its order (a search index's match id): the page's ids are selected and sorted by it, so the
 * walk of that index can stop at the page's last row instead of sorting every match.
 */
export function pagedList<V extends object, Row>(spec: {
  key: string
  filtered: (db: Db, v: V) => From
  scan?: (db: Db, v: V) => string
  read: (db: Db, ids: SelectQueryBuilder<Database, never, { id: number }>) => Read<Row>
}) {
  type Compiled = { count: CompiledQuery<{ n: number }>; page: CompiledQuery<Row> }
  const compiled = new WeakMap<Db, Map<string, Compiled>>()
  const build = (db: Db, present: string[], order: Order) => {
    const slots = Object.fromEntries(present.map((k) => [k, new Slot(k)])) as unknown as V
    const from = spec.filtered(db, slots)
    const key = spec.scan?.(db, slots) ?? spec.key
    const byKey = order.map(([column, dir]) => [column === spec.key ? key : column, dir] as const)
    const ids = ordered(from.select(sql<number>`${sql.ref(key)}`.as('id')), byKey)
      .limit(new Slot('limit') as unknown as number)
      .offset(new Slot('offset') as unknown as number) as unknown as SelectQueryBuilder<
      Database,
      never,
      { id: number }
    >
    return {
      count: (from.select(sql<number>`COUNT(*)`.as('n')) as unknown as Built<{ n: number }>).compile(),
      page: (ordered(spec.read(db, ids), order) as unknown as Built<Row>).compile(),
    }
  }
  const run = <R>(db: Db, q: CompiledQuery<R>, values: Record<string, unknown>) =>
    db.executeQuery<R>({
      ...q,
      parameters: q.parameters.map((p) => (p instanceof Slot ? values[p.name] : p)),
    })

  return async (db: Db, v: V, order: Order, page: Page): Promise<Paged<Row>> => {
    const present = Object.entries(v).flatMap(([k, x]) => (x === undefined ? [] : [k]))
    const shape = `${present.join()}|${order.map((o) => o.join(' ')).join()}`
    const byShape: Map<string, Compiled> = compiled.get(db) ?? new Map()
    compiled.set(db, byShape)
    const q = byShape.get(shape) ?? build(db, present, order)
    byShape.set(shape, q)
    const values = { ...v, limit: page.pageSize, offset: page.pageIndex * page.pageSize }
    const [total, rows] = await Promise.all([run(db, q.count, values), run(db, q.page, values)])
    return {
      pageData: rows.rows,
      pageSize: page.pageSize,
      pageIndex: page.pageIndex,
      pageTotal: Number(total.rows[0]?.n ?? 0),
    }
  }
}

/** A write refused by a unique index (PostgreSQL 23505, SQLite's UNIQUE constraint failed). */
export const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: unknown; message?: unknown }
  return err.code === '23505' || /UNIQUE constraint failed/i.test(String(err.message ?? ''))
}

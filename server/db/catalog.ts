/** The filters the article and product listings share (storefront §7), written once. */
import type { Expression, SqlBool } from 'kysely'
import { LISTED } from '../../src/lib/constants.ts'
import type { Db } from './index.ts'
import { eq, listLike, listPattern, sortOrder } from './sql.ts'
import { type TitleValues, titleFrom, titleScan, titleValues, titleWhere } from './title-search.ts'

export interface CatalogFilter {
  /** The signed-in user's id when they asked for their own items (isCreate=1). */
  owner?: number
  /** One creator's listed items. Ignored with `owner`. */
  createId?: number
  classId?: number
  /** One tag of the comma-joined tag list. */
  tag?: string
  /** A substring of the title, case-insensitive, typed characters literal. */
  title?: string
}

/** What a listing call (GetProductPage, GetArticlePage) is asked besides its filters. */
interface ListingQuery {
  /** The signed-in user's own items (isCreate=1). */
  isCreate: boolean
  pageOrder?: string | undefined
  pageSort?: 'asc' | 'desc' | undefined
  pageIndex: number
  pageSize: number
}

/**
 * A listing call's query as the listing (productPage, articlePage) takes it after `db`: the
 * filters, with `owner` when the caller asked for their own (`me` answers the signed-in user,
 * refusing 401 without one); the order by sortOrder(fields, id, …); the page.
 */
export function listingArgs<Q extends ListingQuery>(
  query: Q,
  fields: Record<string, string>,
  id: string,
  me: () => number,
) {
  const { isCreate, pageOrder, pageSort, pageIndex, pageSize, ...filter } = query
  return [
    { ...filter, owner: isCreate ? me() : undefined },
    sortOrder(fields, id, pageOrder, pageSort),
    { pageIndex, pageSize },
  ] as const
}

/** The values of a catalogue filter as its query uses them (patterns for the searches). */
export interface CatalogValues extends TitleValues {
  owner?: number
  listed?: string
  createId?: number
  classId?: number
  tag?: string
}

/** catalogValues({ tag: '种植' }) → { listed: '是', tag: '%,种植,%' } */
export function catalogValues(f: CatalogFilter): CatalogValues {
  return {
    owner: f.owner,
    listed: f.owner === undefined ? LISTED : undefined,
    createId: f.owner === undefined ? f.createId : undefined,
    classId: f.classId,
    tag: f.tag === undefined ? undefined : listPattern(f.tag),
    ...titleValues(f.title),
  }
}

/**
 * The conditions of a listing over table alias `t` ('a' articles, 'p' products): the owner's own
 * items with `owner` (listed or not), otherwise listed ones, optionally of one creator; then
 * category, tag and a title search (server/db/title-search.ts). Deleted items (is_show 0) never show.
 */
/** What a listing over `t` reads from: the table, or a title search's matches joined to it (titleFrom). */
export const catalogFrom = (db: Db, t: 'a' | 'p', v: CatalogValues) =>
  titleFrom(db, t === 'a' ? 'articles' : 'product_spus', t, v)

/** The column catalogFrom's rows come in id order by (titleScan): pagedList's `scan`. */
export const catalogScan = (db: Db, t: 'a' | 'p', v: CatalogValues) => titleScan(db, t, v)

export function catalogWhere(db: Db, t: 'a' | 'p', v: CatalogValues): Expression<SqlBool>[] {
  const col = (name: string) => `${t}.${name}`
  const out = [eq(col('is_show'), 1)]
  if (v.owner !== undefined) out.push(eq(col('create_id'), v.owner))
  if (v.listed !== undefined) out.push(eq(col('ext'), v.listed))
  if (v.createId !== undefined) out.push(eq(col('create_id'), v.createId))
  if (v.classId !== undefined) out.push(eq(col('class_id'), v.classId))
  if (v.tag !== undefined) out.push(listLike(col('tag'), v.tag))
  out.push(...titleWhere(db, t, v))
  return out
}

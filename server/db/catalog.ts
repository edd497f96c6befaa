/** The filters the article and product listings share (storefront §7), written once. */
import type { Expression, SqlBool } from 'kysely'
import { LISTED } from '../../src/lib/constants.ts'
import { eq, listHas, titleHas } from './sql.ts'

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

/**
 * The conditions of a listing over table alias `t` ('a' articles, 'p' products): the owner's own
 * items with `owner` (listed or not), otherwise listed ones, optionally of one creator; then
 * category, tag and a title search. Deleted items (is_show 0) never show.
 */
export function catalogWhere(t: 'a' | 'p', f: CatalogFilter): Expression<SqlBool>[] {
  const col = (name: string) => `${t}.${name}`
  const out = [eq(col('is_show'), 1)]
  if (f.owner !== undefined) out.push(eq(col('create_id'), f.owner))
  else {
    out.push(eq(col('ext'), LISTED))
    if (f.createId !== undefined) out.push(eq(col('create_id'), f.createId))
  }
  if (f.classId !== undefined) out.push(eq(col('class_id'), f.classId))
  if (f.tag !== undefined) out.push(listHas(col('tag'), f.tag))
  if (f.title !== undefined) out.push(titleHas(col('title'), f.title))
  return out
}

/**
 * The back office's one search box over orders (issue 38, `q` of GET /api/admin/orders and its
 * export): an order matches when its code, its buyer's account phone, nick name or real name,
 * its receiver's name or phone, or any line's title contains the text (case-insensitive as
 * LOWER() is, the text literal: % and _ are themselves).
 *
 * Each order's fields are one row of `order_search` (migration 34, kept by triggers), indexed as
 * the public title search is (server/db/title-search.ts):
 * - SQLite, 3+ characters: the FTS5 trigram index `order_search_fts`, one phrase;
 * - SQLite, 1–2 characters: `order_search_grams`, every 1- and 2-character piece;
 * - PostgreSQL: LIKE on the stored text, served by its pg_trgm GIN index (3+) or, for 1–2
 *   characters, found by the GIN index of title_grams(text) and kept exact by the LIKE.
 * The fields are joined by char(31), and a search loses its control characters, so no match
 * spans two fields.
 */
import { type Expression, type SqlBool, sql } from 'kysely'
import { type Db, isPg } from '../../db/index.ts'
import { likeContains } from '../../db/sql.ts'

/** The search as typed, without control characters and the spaces around it: searchText(' 张三\n') → '张三' */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
export const searchText = (q: string) => q.replace(/[\u0000-\u001f\u007f]/g, '').trim()

/** The ids of the orders matching `text` (not empty), as its index finds them: one subquery. */
function matches(db: Db, text: string) {
  const short = [...text].length < 3
  if (isPg(db)) {
    const like = sql<SqlBool>`s.text LIKE LOWER(${likeContains(text)}) ESCAPE '\\'`
    const grams = short ? sql` AND title_grams(s.text) @> ARRAY[LOWER(CAST(${text} AS text))]` : sql``
    return sql`SELECT s.id FROM order_search AS s WHERE ${like}${grams}`
  }
  if (short) return sql`SELECT g.id FROM order_search_grams AS g WHERE g.gram = LOWER(${text})`
  // One FTS5 phrase: inside double quotes every character is literal but a doubled quote.
  return sql`SELECT rowid FROM order_search_fts WHERE order_search_fts MATCH '"' || replace(LOWER(${text}), '"', '""') || '"'`
}

/**
 * The condition `o.id` is among the orders matching `q` (orderSearch(db, 'o.id', '种植体')); none
 * for an empty search. The subquery reads the index only: the list's other filters, its sort and
 * its paging stay where they were. SQLite reads the matches and then their rows; with `probe`
 * it walks the rows in the query's order instead and tests each against the matches (+o.id
 * keeps it off the primary key), which is quicker for a page of a search matching many.
 */
export function orderSearch(
  db: Db,
  idColumn: string,
  q: string | undefined,
  probe = false,
): Expression<SqlBool>[] {
  const text = searchText(q ?? '')
  if (!text) return []
  const id = probe && !isPg(db) ? sql`+${sql.ref(idColumn)}` : sql.ref(idColumn)
  return [sql<SqlBool>`${id} IN (${matches(db, text)})`]
}

/**
 * How many orders match `q`, from the index alone: the count of a list whose only filter is the
 * search (the orders themselves need not be read). searchCount(db, '种植体') → 11632
 */
export async function searchCount(db: Db, q: string): Promise<number> {
  const text = searchText(q)
  if (!text) return 0
  const row = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM (${matches(db, text)}) AS m`.execute(db)
  return Number(row.rows[0]?.n ?? 0)
}

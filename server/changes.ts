/**
 * Change marks: every content write names what it changed, as tags, in the database (so all API
 * processes see them). The site builder re-renders the pages of the marked tags, and the public
 * read cache drops answers built before the newest mark.
 *
 * Tags: `article:<id>`, `product:<id>`, `teacher:<userId>` (an item's or a person's own page),
 * `list:<10|20|30|product>` (the listings of a kind, their first pages, search), `home`,
 * `config` (legal, levels), `company` (the facts every page shows), `banner`, `faq`, `dictionary`,
 * `offers` (coupons, 满减 and shipping templates as the public calls list them) and `all` (everything).
 */
import type { Db } from './db/index.ts'

export type ChangeTag =
  | `article:${number}`
  | `product:${number}`
  | `teacher:${number}`
  | `list:${10 | 20 | 30 | 'product'}`
  | 'home'
  | 'config'
  /** The company facts (hotline, addresses …) that every page's footer shows: a full build. */
  | 'company'
  | 'banner'
  | 'faq'
  | 'dictionary'
  /** Coupons, promotions, shipping templates: read by islands through the public calls (issue 24). */
  | 'offers'
  | 'all'

/** The tags of a post, task or course and everything that lists it. */
export const articleTags = (a: {
  id: number
  status: 10 | 20 | 30
  createId: number | null
}): ChangeTag[] => [
  `article:${a.id}`,
  `list:${a.status}`,
  'home',
  ...(a.createId === null ? [] : [`teacher:${a.createId}` as const]),
]

/** Marks made by this process so far: what its memos (server/marked-memo.ts) look at before asking the database. */
let madeHere = 0
export const marksMadeHere = () => madeHere

/** Who hears of the marks this process makes: its site builder, which then reads them at once. */
const markListeners = new Set<() => void>()

/** onMarked(look): `look` is called after each markChanged here; answers a function that stops it. */
export function onMarked(look: () => void): () => void {
  markListeners.add(look)
  return () => {
    markListeners.delete(look)
  }
}

/** markChanged(db, ['article:12', 'list:10', 'home'], at): records the marks, one row each. */
export async function markChanged(db: Db, tags: readonly ChangeTag[], at: string): Promise<void> {
  if (!tags.length) return
  madeHere++
  await db
    .insertInto('site_changes')
    .values([...new Set(tags)].map((tag) => ({ tag, create_time: at })))
    .execute()
  // Usually inside the write's transaction: a listener looks a moment later, once it commits.
  for (const look of markListeners) look()
}

/** The newest mark's id (0 when nothing was ever marked): what a reader has seen up to. */
export async function latestChange(db: Db): Promise<number> {
  const row = await db
    .selectFrom('site_changes')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  return Number(row?.id ?? 0)
}

/** The distinct tags marked after `sinceId`, and the newest id among them. */
export async function changesSince(db: Db, sinceId: number): Promise<{ tags: ChangeTag[]; upTo: number }> {
  const rows = await db
    .selectFrom('site_changes')
    .select(['id', 'tag'])
    .where('id', '>', sinceId)
    .orderBy('id')
    .execute()
  return {
    tags: [...new Set(rows.map((r) => r.tag as ChangeTag))],
    upTo: rows.length ? Number(rows[rows.length - 1]?.id) : sinceId,
  }
}

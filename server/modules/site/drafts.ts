/**
 * Preview before publishing (issue 21): the parts every kind of draft shares. A banner, an FAQ
 * entry or a rich configuration text keeps its unpublished next version in its own row's `draft`
 * column (migration 18), which no public query reads: saving or discarding a draft changes
 * nothing public, so it records an audit row but no change mark. Publishing copies the draft onto
 * the live columns and clears it with ONE conditional UPDATE (`WHERE draft = <the draft read>`),
 * together with the audit row and the change mark, so a second publish of the same draft — or
 * two staff publishing at once — finds nothing and changes nothing.
 */
import type { Kysely, UpdateResult } from 'kysely'
import { type Actor, audit } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'

/** The answer to publishing or discarding when there is no draft (it was published already, say). */
export const NO_DRAFT = '没有待发布的草稿'

/** The stored draft as an object; null when there is none. */
export const readDraft = <T>(stored: string | null): T | null =>
  stored === null ? null : (JSON.parse(stored) as T)

/** Refuses with 409 NO_DRAFT when the conditional UPDATE of a publish or discard found no draft. */
export function tookDraft(r: UpdateResult): void {
  if (r.numUpdatedRows === 0n) throw refuse(NO_DRAFT, 409)
}

/** The fields given, undefined ones left out, to spread over a draft: defined({ a: 1, b: undefined }) → { a: 1 }. */
export const defined = <T extends object>(v: T): Partial<T> =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<T>

/** The row that holds a draft: a banner or an FAQ entry by id, a configuration text by its key. */
export type DraftRow = { table: 'banners' | 'articles'; id: number } | { table: 'configs'; ckey: string }

/**
 * The one conditional UPDATE of a publish or a discard: clears the row's draft, writing `live`
 * (the published columns) with it, while the row still holds `held` — the draft read before, or
 * any draft when not given. 409 NO_DRAFT when it found none, so a second attempt changes nothing.
 */
export async function takeDraft(
  t: Db,
  row: DraftRow,
  live: object = {},
  held?: string | null,
): Promise<void> {
  // The table is chosen at run time, which Kysely cannot type; each caller's columns are its table's.
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  const loose = t as unknown as Kysely<any>
  const [column, key] = row.table === 'configs' ? ['ckey', row.ckey] : ['id', row.id]
  const q = loose
    .updateTable(row.table)
    .set({ ...live, draft: null })
    .where(column, '=', key)
  tookDraft(
    await (held === undefined
      ? q.where('draft', 'is not', null)
      : q.where('draft', '=', held)
    ).executeTakeFirst(),
  )
}

/**
 * Discards a row's draft and audits it (`action` on `target`, before: the draft it held); the
 * live row stays as it is. 409 NO_DRAFT without one.
 */
export async function discardDraft(
  t: Db,
  actor: Actor,
  now: Date,
  row: DraftRow,
  entry: { action: string; target: string; held: unknown },
): Promise<void> {
  await takeDraft(t, row)
  await audit(t, actor, now, { action: entry.action, target: entry.target, before: { draft: entry.held } })
}

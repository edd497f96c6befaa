/**
 * Preview before publishing (issue 21): the parts every kind of draft shares. A banner, an FAQ
 * entry or a rich configuration text keeps its unpublished next version in its own row's `draft`
 * column (migration 18), which no public query reads: saving or discarding a draft changes
 * nothing public, so it records an audit row but no change mark. Publishing copies the draft onto
 * the live columns and clears it with ONE conditional UPDATE (`WHERE draft = <the draft read>`),
 * together with the audit row and the change mark, so a second publish of the same draft — or
 * two staff publishing at once — finds nothing and changes nothing.
 */
import type { UpdateResult } from 'kysely'
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

/**
 * Listing many products at once (issue 37, the product list's bulk 上架 / 下架): one transaction
 * over the single call's write (applyListing), so each changed product is audited and marks its
 * pages exactly as one at a time would, and an unknown product refuses the whole call with
 * nothing changed. Products already so are passed over, not refused: the list may be stale.
 */
import type { Actor } from '../../admin/audit.ts'
import type { Db } from '../../db/index.ts'
import { applyListing } from './catalog.admin.service.ts'

/** Lists (or unlists) the products `ids`; answers the ids it changed. */
export async function setListedMany(
  db: Db,
  actor: Actor,
  ids: readonly number[],
  listed: boolean,
  now: Date,
): Promise<{ changed: number[] }> {
  return db.transaction().execute(async (t) => {
    const changed: number[] = []
    // In id order: two bulk calls over the same products take their row locks in one order.
    for (const id of [...new Set(ids)].sort((a, b) => a - b))
      if (await applyListing(t, actor, id, listed, now)) changed.push(id)
    return { changed }
  })
}

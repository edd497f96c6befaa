/**
 * A value read from the database and kept in this process until a newer change mark appears
 * (server/changes.ts), the way the read cache keeps answers: the newest mark is read at most every
 * `pollMs`, and at once after this process made a mark, so a write through another process shows
 * within `pollMs` and one through this process on the next use. For rows every call of a hot path
 * needs and only marked writes change: the promotions and shipping templates every order is
 * priced with (orders/order-pricing.ts; two of an order's twelve round trips, issue 23).
 *
 *   const offers = markedMemo(readOffers)
 *   const { promotions } = await offers(db)
 */
import { latestChange, marksMadeHere } from './changes.ts'
import type { Db } from './db/index.ts'

interface Kept<T> {
  value: Promise<T> | undefined
  /** The newest mark when `value` was read. */
  mark: number
  checkedAt: number
  /** marksMadeHere() when last checked. */
  madeHere: number
  checking: Promise<T> | undefined
}

export function markedMemo<T>(load: (db: Db) => Promise<T>, pollMs = 500): (db: Db) => Promise<T> {
  const byDb = new WeakMap<Db, Kept<T>>()
  const refresh = async (db: Db, k: Kept<T>): Promise<T> => {
    const madeHere = marksMadeHere()
    const mark = await latestChange(db)
    if (!k.value || mark !== k.mark) {
      const value = load(db)
      // A failed read is not kept: the next call reads again.
      await value
      k.value = value
      k.mark = mark
    }
    k.checkedAt = performance.now()
    k.madeHere = madeHere
    return k.value
  }
  return (db) => {
    let k = byDb.get(db)
    if (!k) {
      k = {
        value: undefined,
        mark: -1,
        checkedAt: Number.NEGATIVE_INFINITY,
        madeHere: -1,
        checking: undefined,
      }
      byDb.set(db, k)
    }
    if (k.value && performance.now() - k.checkedAt < pollMs && k.madeHere === marksMadeHere()) return k.value
    const kept = k
    kept.checking ??= refresh(db, kept).finally(() => {
      kept.checking = undefined
    })
    return kept.checking
  }
}

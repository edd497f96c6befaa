/**
 * The one write path of coupons and 满减 promotions (permission promotions.write): create, edit
 * and stop are the same transaction for both — the write, the change marks (`offers` for the
 * read cache, the product pages the offer shows on) and the audit row. What differs per kind is
 * a small table (`OfferKind`): its rows, columns, checks, pages and facts.
 */
import { type Actor, audit } from '../../admin/audit.ts'
import { type ChangeTag, markChanged } from '../../changes.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'

export type CouponState = '未开始' | '进行中' | '已结束' | '已停用'
export const COUPON_STATE_FILTERS = {
  upcoming: '未开始',
  live: '进行中',
  ended: '已结束',
  stopped: '已停用',
} as const
export type StateFilter = keyof typeof COUPON_STATE_FILTERS

/** A new coupon or promotion that has ended before it is made would never be seen: refused. */
export const ENDED_ALREADY = '结束时间须晚于当前时间'

export const stateAt = (
  r: { is_show: number; start_time: string; end_time: string },
  at: string,
): CouponState =>
  Number(r.is_show) !== 1 ? '已停用' : at < r.start_time ? '未开始' : at > r.end_time ? '已结束' : '进行中'

/** The rows of one state at `at`, for the list's filter (shared by coupons and promotions). */
export function inState<Q extends { where: (...a: never[]) => Q }>(
  q: Q,
  state: StateFilter | undefined,
  at: string,
): Q {
  // biome-ignore lint/suspicious/noExplicitAny: one filter for two tables' builders, both with these columns
  const w = q as any
  if (state === 'stopped') return w.where('is_show', '=', 0)
  if (state === 'upcoming') return w.where('is_show', '=', 1).where('start_time', '>', at)
  if (state === 'ended') return w.where('is_show', '=', 1).where('end_time', '<', at)
  if (state === 'live')
    return w.where('is_show', '=', 1).where('start_time', '<=', at).where('end_time', '>=', at)
  return q
}

/** What a kind of offer brings to the shared write. */
export interface OfferKind<Row, In, Wire> {
  table: 'coupons' | 'promotions'
  /** The audit's name: `${name}.create` on `${name}:${id}`. */
  name: 'coupon' | 'promotion'
  notFound: string
  stopped: string
  row: (t: Db, id: number) => Promise<Row | undefined>
  /** The stored columns of a checked form (is_show and create_time aside). */
  columns: (v: In) => Record<string, unknown>
  /** Before a creation: what the form names exists. */
  check: (t: Db, v: In) => Promise<void>
  /** Before an edit, with the row as it was: what may change, what must exist. */
  checkEdit: (t: Db, before: Row, v: In) => Promise<void>
  /** The pages that show these rows (before and after an edit: both). */
  pages: (t: Db, rows: Row[]) => Promise<ChangeTag[]>
  /** What the audit row keeps of one. */
  facts: (r: Row) => Record<string, unknown>
  wire: (r: Row, at: string) => Wire
  /**
   * Takes the row's lock before an edit reads it, so a write committed meanwhile (a claim) is
   * seen; answers whether the row exists. Without it the edit just reads the row.
   */
  hold?: (t: Db, id: number) => Promise<boolean>
}

// The two tables share the columns written here (id, is_show, create_time); the kind's own
// columns are typed where the kind is declared. Kysely cannot type a write to a table named at
// run time, hence the one cast.
const tableOf = (kind: { table: 'coupons' | 'promotions' }) => kind.table as 'coupons'

/** What one offer write did: the row as it is now, the rows whose pages show it, the audit's facts. */
interface OfferChange<Row> {
  id: number
  row: Row
  /** Every version of the row a page may show (before and after an edit: both). */
  shown: Row[]
  before?: Record<string, unknown>
  after?: Record<string, unknown>
}

/**
 * The one transaction of every offer write: `write` changes the row, then the `offers` mark and
 * the pages that show it, and the audit row `${name}.${verb}` on `${name}:${id}`; answers the row
 * as the wire shows it.
 */
async function offerWrite<Row, In, Wire>(
  db: Db,
  kind: OfferKind<Row, In, Wire>,
  actor: Actor,
  verb: 'create' | 'edit' | 'stop',
  now: Date,
  write: (t: Db, at: string) => Promise<OfferChange<Row>>,
): Promise<Wire> {
  const at = dbTime(now)
  const row = await db.transaction().execute(async (t) => {
    const { id, row, shown, before, after } = await write(t, at)
    await markChanged(t, ['offers', ...(await kind.pages(t, shown))], at)
    await audit(t, actor, now, {
      action: `${kind.name}.${verb}`,
      target: `${kind.name}:${id}`,
      before,
      after,
    })
    return row
  })
  return kind.wire(row, at)
}

/** createOffer(db, COUPON, actor, checked, now): a new one, shown from its start. */
export async function createOffer<Row, In extends { endTime: string }, Wire>(
  db: Db,
  kind: OfferKind<Row, In, Wire>,
  actor: Actor,
  v: In,
  now: Date,
): Promise<Wire> {
  if (v.endTime <= dbTime(now)) throw refuse(ENDED_ALREADY)
  return offerWrite(db, kind, actor, 'create', now, async (t, at) => {
    await kind.check(t, v)
    const { id } = await t
      .insertInto(tableOf(kind))
      .values({ ...kind.columns(v), is_show: 1, create_time: at } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    const r = (await kind.row(t, id)) as Row
    return { id, row: r, shown: [r], after: kind.facts(r) }
  })
}

/** editOffer(db, PROMOTION, actor, 2, checked, now): the whole form, as far as checkEdit lets it. */
export async function editOffer<Row, In extends { isShow?: boolean | undefined }, Wire>(
  db: Db,
  kind: OfferKind<Row, In, Wire>,
  actor: Actor,
  id: number,
  v: In,
  now: Date,
): Promise<Wire> {
  return offerWrite(db, kind, actor, 'edit', now, async (t) => {
    const held = kind.hold ? await kind.hold(t, id) : true
    const before = held ? await kind.row(t, id) : undefined
    if (!before) throw refuse(kind.notFound, 404)
    await kind.checkEdit(t, before, v)
    await t
      .updateTable(tableOf(kind))
      .set({ ...kind.columns(v), ...(v.isShow === undefined ? {} : { is_show: v.isShow ? 1 : 0 }) })
      .where('id', '=', id)
      .execute()
    const after = (await kind.row(t, id)) as Row
    return { id, row: after, shown: [before, after], before: kind.facts(before), after: kind.facts(after) }
  })
}

/** stopOffer(db, COUPON, actor, 3, now): no longer shown; a second stop is refused (409). */
export async function stopOffer<Row, In, Wire>(
  db: Db,
  kind: OfferKind<Row, In, Wire>,
  actor: Actor,
  id: number,
  now: Date,
): Promise<Wire> {
  return offerWrite(db, kind, actor, 'stop', now, async (t) => {
    const stopped = await t
      .updateTable(tableOf(kind))
      .set({ is_show: 0 })
      .where('id', '=', id)
      .where('is_show', '=', 1)
      .executeTakeFirst()
    const r = await kind.row(t, id)
    if (!r) throw refuse(kind.notFound, 404)
    if (stopped.numUpdatedRows === 0n) throw refuse(kind.stopped, 409)
    return { id, row: r, shown: [r], before: { isShow: true }, after: { isShow: false } }
  })
}

/**
 * The audit log (issue 20): every staff write records who, when, from which IP, the action, the
 * target and the changed fields before/after — written by the write's own transaction, so a
 * write and its record exist together or not at all. Append-only: no call updates or deletes a
 * row, and the database refuses to (migration 11's triggers).
 */
import { sql } from 'kysely'
import type { Db } from '../db/index.ts'
import type { Paged } from '../db/sql.ts'
import { likeContains } from '../db/sql.ts'
import { dbTime } from '../time.ts'

/** Who acts: a signed-in staff member (actorOf(c) in admin-route.ts) or OPS_ACTOR. */
export interface Actor {
  staffId: number | null
  username: string
  ip: string
}

/** `npm run ops` on the server's own terminal: no staff account, no IP. */
export const OPS_ACTOR: Actor = { staffId: null, username: 'ops', ip: '' }

type Fields = Record<string, unknown>

export interface AuditEntry {
  /** '<domain>.<verb>': 'order.ship', 'staff.roles', 'certification.approve'. */
  action: string
  /** What was acted on, '<kind>:<id>': 'order:202610011234', 'user:12', 'staff:3'. */
  target: string
  before?: Fields | null
  after?: Fields | null
}

/**
 * Keeps what changed: onlyChanged({ a: 1, b: 2 }, { a: 1, b: 3 }) → [{ b: 2 }, { b: 3 }].
 * A key present on one side only counts as changed.
 */
export function onlyChanged(before: Fields, after: Fields): [Fields, Fields] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  const b: Fields = {}
  const a: Fields = {}
  for (const k of keys) {
    if (JSON.stringify(before[k]) === JSON.stringify(after[k])) continue
    if (k in before) b[k] = before[k]
    if (k in after) a[k] = after[k]
  }
  return [b, a]
}

const json = (v: Fields | null | undefined) => (v ? JSON.stringify(v) : null)

/**
 * Writes one audit row with `t`, the caller's transaction. With both before and after, only
 * the fields that differ are kept (pass whole records; onlyChanged picks).
 * await audit(t, actorOf(c), now, { action: 'order.ship', target: `order:${code}`, before: { status: 20 }, after: { status: 30 } })
 */
export async function audit(t: Db, actor: Actor, now: Date, entry: AuditEntry): Promise<void> {
  const [before, after] =
    entry.before && entry.after ? onlyChanged(entry.before, entry.after) : [entry.before, entry.after]
  await t
    .insertInto('audit_log')
    .values({
      at: dbTime(now),
      staff_id: actor.staffId,
      staff_username: actor.username,
      ip: actor.ip,
      action: entry.action,
      target: entry.target,
      before_json: json(before),
      after_json: json(after),
    })
    .execute()
}

export interface AuditRow {
  at: string
  staff: string
  ip: string
  action: string
  target: string
  before: Fields | null
  after: Fields | null
}

export interface AuditQuery {
  /** A username, exactly. */
  staff?: string | undefined
  /** An action or the start of one: 'order.' finds every order action. */
  action?: string | undefined
  /** A target or the start of one: 'order:2026' or 'staff:3'. */
  target?: string | undefined
  /** China days 'YYYY-MM-DD', both included. */
  from?: string | undefined
  to?: string | undefined
  pageIndex: number
  pageSize: number
}

const parse = (s: string | null): Fields | null => {
  if (!s) return null
  try {
    return JSON.parse(s) as Fields
  } catch {
    return null
  }
}

const startsWith = (s: string) => likeContains(s).slice(1)

/** searchAudit(db, { action: 'staff.', pageIndex: 0, pageSize: 20 }) → the newest rows first. */
export async function searchAudit(db: Db, q: AuditQuery): Promise<Paged<AuditRow>> {
  let base = db.selectFrom('audit_log')
  if (q.staff) base = base.where('staff_username', '=', q.staff)
  if (q.action) base = base.where(sql<boolean>`action LIKE ${startsWith(q.action)} ESCAPE '\\'`)
  if (q.target) base = base.where(sql<boolean>`target LIKE ${startsWith(q.target)} ESCAPE '\\'`)
  if (q.from) base = base.where('at', '>=', `${q.from} 00:00:00`)
  if (q.to) base = base.where('at', '<=', `${q.to} 23:59:59`)
  const [count, rows] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset(q.pageIndex * q.pageSize)
      .execute(),
  ])
  return {
    pageData: rows.map((r) => ({
      at: r.at,
      staff: r.staff_username,
      ip: r.ip,
      action: r.action,
      target: r.target,
      before: parse(r.before_json),
      after: parse(r.after_json),
    })),
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    pageTotal: Number(count?.n ?? 0),
  }
}

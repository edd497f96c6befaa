/**
 * The audit log (issue 20): every staff write records who, when, from which IP, the action, the
 * target and the changed fields before/after — written by the write's own transaction, so a
 * write and its record exist together or not at all. Append-only: no call updates or deletes a
 * row, and the database refuses to (migration 11's triggers).
 */
import { type Expression, type SqlBool, sql } from 'kysely'
import type { AuditKind } from '../../src/lib/audit-text.ts'
import type { Db } from '../db/index.ts'
import type { Paged } from '../db/sql.ts'
import { likeContains, textLike } from '../db/sql.ts'
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
  /** The actor's display name now, else the username they acted under. */
  staffName: string
  ip: string
  action: string
  target: string
  /** What the target is called: an order's code, a user's phone, a product's title, a staff member's name; '' when unknown. */
  targetName: string
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
  /** One action exactly (the 动作 picker): 'wallet.adjust' without 'wallet.adjust.request'. */
  actionIs?: string | undefined
  /** The acting staff member's id (the 操作人 picker). */
  staffId?: number | undefined
  /** A kind of target (AUDIT_KIND_TEXT), and with it `q`: the target as staff type it. */
  kind?: AuditKind | undefined
  q?: string | undefined
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

/** The most targets one typed identifier stands for (a product name shared by many). */
const TARGETS_MAX = 200

const numeric = (q: string) => (/^\d{1,10}$/.test(q) ? Number(q) : -1)

/**
 * The targets a kind and a typed identifier stand for, as staff would type it: an order's code
 * (or its start), a user's phone, a product's or a SKU's product name, a staff member's name or
 * username; an id works for each. Other kinds take their id. targetsOf(db, 'user', '13800000001') → ['user:12']
 */
async function targetsOf(db: Db, kind: AuditKind, q: string): Promise<Expression<SqlBool>> {
  const ids = async (rows: Promise<{ id: number }[]>) => {
    const found = (await rows).map((r) => `${kind}:${r.id}`)
    return found.length ? sql<SqlBool>`target IN (${sql.join(found)})` : sql<SqlBool>`1 = 0`
  }
  const like = likeContains(q)
  if (kind === 'order') return sql<SqlBool>`target LIKE ${startsWith(`order:${q}`)} ESCAPE '\\'`
  if (kind === 'user')
    return ids(
      db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('tel', 'like', like), eb('id', '=', numeric(q))]))
        .limit(TARGETS_MAX)
        .execute(),
    )
  if (kind === 'product')
    return ids(
      db
        .selectFrom('product_spus')
        .select('id')
        .where((eb) => eb.or([textLike('title', like), eb('id', '=', numeric(q))]))
        .limit(TARGETS_MAX)
        .execute(),
    )
  if (kind === 'sku')
    return ids(
      db
        .selectFrom('product_skus as k')
        .innerJoin('product_spus as p', 'p.id', 'k.spu_id')
        .select('k.id')
        .where((eb) => eb.or([textLike('p.title', like), eb('k.id', '=', numeric(q))]))
        .limit(TARGETS_MAX)
        .execute(),
    )
  if (kind === 'staff')
    return ids(
      db
        .selectFrom('staff')
        .select('id')
        .where((eb) =>
          eb.or([
            textLike('display_name', like),
            eb('username', '=', q.toLowerCase()),
            eb('id', '=', numeric(q)),
          ]),
        )
        .limit(TARGETS_MAX)
        .execute(),
    )
  return sql<SqlBool>`target = ${`${kind}:${q}`}`
}

/** The ids of the rows' targets of one kind: idsOf(rows, 'user') → [12, 15]. */
const idsOf = (targets: string[], kind: string) => [
  ...new Set(
    targets.flatMap((t) => {
      const [k, id] = t.split(':')
      return k === kind && /^\d{1,10}$/.test(id ?? '') ? [Number(id)] : []
    }),
  ),
]

/** What each target of a page is called ('user:12' → '13800000001'), by one query per kind present. */
async function targetNames(db: Db, targets: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  for (const t of targets) if (t.startsWith('order:')) names.set(t, t.slice('order:'.length))
  const users = idsOf(targets, 'user')
  const products = idsOf(targets, 'product')
  const skus = idsOf(targets, 'sku')
  const staff = idsOf(targets, 'staff')
  const [u, p, k, s] = await Promise.all([
    users.length ? db.selectFrom('users').select(['id', 'tel']).where('id', 'in', users).execute() : [],
    products.length
      ? db.selectFrom('product_spus').select(['id', 'title']).where('id', 'in', products).execute()
      : [],
    skus.length
      ? db
          .selectFrom('product_skus as k')
          .innerJoin('product_spus as p', 'p.id', 'k.spu_id')
          .select(['k.id', 'k.title', 'p.title as product'])
          .where('k.id', 'in', skus)
          .execute()
      : [],
    staff.length
      ? db.selectFrom('staff').select(['id', 'username', 'display_name']).where('id', 'in', staff).execute()
      : [],
  ])
  for (const r of u) names.set(`user:${r.id}`, r.tel ?? '')
  for (const r of p) names.set(`product:${r.id}`, r.title)
  for (const r of k) names.set(`sku:${r.id}`, `${r.product} ${r.title}`)
  for (const r of s) names.set(`staff:${r.id}`, r.display_name || r.username)
  return names
}

/** searchAudit(db, { action: 'staff.', pageIndex: 0, pageSize: 20 }) → the newest rows first. */
export async function searchAudit(db: Db, q: AuditQuery): Promise<Paged<AuditRow>> {
  let base = db.selectFrom('audit_log')
  if (q.staff) base = base.where('staff_username', '=', q.staff)
  if (q.staffId) base = base.where('staff_id', '=', q.staffId)
  if (q.kind && q.q) base = base.where(await targetsOf(db, q.kind, q.q))
  else if (q.kind) base = base.where(sql<boolean>`target LIKE ${startsWith(`${q.kind}:`)} ESCAPE '\\'`)
  // Typed without a kind: any target holding it (an order code, an id).
  else if (q.q) base = base.where(sql<boolean>`target LIKE ${likeContains(q.q)} ESCAPE '\\'`)
  if (q.actionIs) base = base.where('action', '=', q.actionIs)
  if (q.action) base = base.where(sql<boolean>`action LIKE ${startsWith(q.action)} ESCAPE '\\'`)
  if (q.target) base = base.where(sql<boolean>`target LIKE ${startsWith(q.target)} ESCAPE '\\'`)
  if (q.from) base = base.where('at', '>=', `${q.from} 00:00:00`)
  if (q.to) base = base.where('at', '<=', `${q.to} 23:59:59`)
  const [count, rows] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    base
      .leftJoin('staff', 'staff.id', 'audit_log.staff_id')
      .selectAll('audit_log')
      .select('staff.display_name')
      .orderBy('audit_log.id', 'desc')
      .limit(q.pageSize)
      .offset(q.pageIndex * q.pageSize)
      .execute(),
  ])
  const names = await targetNames(
    db,
    rows.map((r) => r.target),
  )
  return {
    pageData: rows.map((r) => ({
      at: r.at,
      staff: r.staff_username,
      staffName: r.display_name || r.staff_username,
      ip: r.ip,
      action: r.action,
      target: r.target,
      targetName: names.get(r.target) ?? '',
      before: parse(r.before_json),
      after: parse(r.after_json),
    })),
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    pageTotal: Number(count?.n ?? 0),
  }
}

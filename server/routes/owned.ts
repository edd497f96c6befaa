import { Hono } from 'hono'
import type { Checked, Input } from '../../src/lib/rules/fields.ts'
import type { Param } from '../db/legacy.ts'
import {
  body,
  bodyId,
  type Ctx,
  type Env,
  type OwnedTable,
  ok,
  ownedRow,
  Query,
  refuse,
  requireUser,
  toId,
  valid,
} from '../legacy-http.ts'
import { dbTime } from '../time.ts'

/** A user's own saved records with a default flag: addresses and invoice infos. */
export interface OwnedSpec<V extends { status: 0 | 1 }, R> {
  /** The call prefix: UserAddress → /UserAddress/GetUserAddressQuery … */
  resource: string
  table: OwnedTable
  /** The rule of src/lib/rules that checks and cleans the form. */
  check: (input: Input) => Checked<V>
  /** The stored columns of a cleaned form, besides user_id and status. */
  columns: (v: V) => Record<string, Param>
  answer: (row: R) => object
  /** A user keeps at most this many. */
  max: number
  messages: { saved: string; deleted: string; notFound: string; full: string }
}

/**
 * The five calls of accounts §7 for one owned resource: Query (list), Get, Append, Update and
 * Delete. Another user's id answers 404 exactly like a missing one. Marking one record default
 * (status 1) clears the flag on the others.
 */
export function ownedRoutes<V extends { status: 0 | 1 }, R>(spec: OwnedSpec<V, R>) {
  const { resource: name, table, messages } = spec
  const routes = new Hono<Env>()

  /** Saves the cleaned form into `id` (an update) or a new row, and keeps one default. */
  const save = async (c: Ctx, v: V, id?: number) => {
    const { db, now } = c.get('deps')
    const user = requireUser(c)
    const cols = spec.columns(v)
    const names = Object.keys(cols)
    await db.tx(async (t) => {
      let rowId = id
      if (rowId === undefined) {
        rowId = await t.insert(
          `INSERT INTO ${table} (${names.join(', ')}, status, user_id, create_time) VALUES (${names.map(() => '?').join(', ')}, ?, ?, ?)`,
          [...Object.values(cols), v.status, user.id, dbTime(now())],
        )
      } else {
        await t.run(
          `UPDATE ${table} SET ${names.map((n) => `${n} = ?`).join(', ')}, status = ? WHERE id = ?`,
          [...Object.values(cols), v.status, rowId],
        )
      }
      if (v.status === 1) {
        await t.run(`UPDATE ${table} SET status = 0 WHERE user_id = ? AND id <> ?`, [user.id, rowId])
      }
    })
  }

  routes.get(`/${name}/Get${name}Query`, async (c) => {
    const { db } = c.get('deps')
    const rows = await db.all<R>(
      `SELECT * FROM ${table} WHERE user_id = ? AND is_show = 1 ORDER BY status DESC, id DESC`,
      [requireUser(c).id],
    )
    return ok(c, rows.map(spec.answer))
  })

  routes.get(`/${name}/Get${name}`, async (c) => {
    const { db } = c.get('deps')
    const row = await ownedRow<R>(db, table, new Query(c).id(), requireUser(c).id, messages.notFound)
    return ok(c, spec.answer(row))
  })

  routes.post(`/${name}/Post${name}Append`, async (c) => {
    const { db } = c.get('deps')
    const user = requireUser(c)
    const v = valid(spec.check(await body(c)))
    const count = await db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ? AND is_show = 1`,
      [user.id],
    )
    if (Number(count?.n ?? 0) >= spec.max) throw refuse(messages.full)
    await save(c, v)
    return ok(c, messages.saved)
  })

  routes.post(`/${name}/Post${name}Update`, async (c) => {
    const { db } = c.get('deps')
    const user = requireUser(c)
    const b = await body(c)
    const id = toId(b.id)
    await ownedRow(db, table, id, user.id, messages.notFound)
    await save(c, valid(spec.check(b)), id)
    return ok(c, messages.saved)
  })

  routes.post(`/${name}/Post${name}Delete`, async (c) => {
    const { db } = c.get('deps')
    const user = requireUser(c)
    const id = await bodyId(c)
    await ownedRow(db, table, id, user.id, messages.notFound)
    await db.run(`UPDATE ${table} SET is_show = 0, status = 0 WHERE id = ?`, [id])
    return ok(c, messages.deleted)
  })

  return routes
}

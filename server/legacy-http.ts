import type { Checked } from '../src/lib/rules/fields.ts'
import { PAGE_INDEX_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../src/lib/rules/paging.ts'
import type { Db, Param, Row } from './db/legacy.ts'
import { apiToDbTime } from './time.ts'

import { ApiError, type Ctx, refuse } from './http.ts'
export { ApiError, type AuthUser, type Ctx, type Deps, type Env, refuse, requireUser, clientIp } from './http.ts'
/** TRANSITIONAL: the pre-contract helpers, removed once every module is on the contract. */

/** The envelope of every answer: { status: 200, data }. */
export function ok(c: Ctx, data: unknown) {
  return c.json({ status: 200, data })
}

export interface Paged<T> {
  pageData: T[]
  pageSize: number
  pageIndex: number
  pageTotal: number
}

/** Reads and checks query parameters; each bad value is refused with a message naming it. */
export class Query {
  private readonly c: Ctx
  constructor(c: Ctx) {
    this.c = c
  }

  raw(name: string): string | undefined {
    const v = this.c.req.query(name)
    return v === undefined || v.trim() === '' ? undefined : v.trim()
  }

  int(
    name: string,
    label: string,
    opts: { min?: number; max?: number; def?: number } = {},
  ): number | undefined {
    const v = this.raw(name)
    if (v === undefined) return opts.def
    const min = opts.min ?? 0
    const max = opts.max ?? 2_147_483_647
    if (!/^-?\d{1,10}$/.test(v) || Number(v) < min || Number(v) > max) {
      throw refuse(`${label}须为${min}到${max}之间的整数`)
    }
    return Number(v)
  }

  id(name = 'id', label = '编号'): number {
    const v = this.int(name, label, { min: 1 })
    if (v === undefined) throw refuse(`请提供${label}`)
    return v
  }

  str(name: string, label: string, max = 50): string | undefined {
    const v = this.raw(name)
    if (v !== undefined && v.length > max) throw refuse(`${label}不能超过${max}个字符`)
    return v
  }

  oneOf<T extends string>(name: string, label: string, values: readonly T[]): T | undefined {
    const v = this.raw(name)
    if (v === undefined) return undefined
    if (!(values as readonly string[]).includes(v)) throw refuse(`${label}不正确`)
    return v as T
  }

  /** yyyymmddhhmmss on the wire, stored-time text back. */
  time(name: string, label: string): string | undefined {
    const v = this.raw(name)
    if (v === undefined) return undefined
    const t = apiToDbTime(v)
    if (!t) throw refuse(`${label}格式不正确，应为yyyymmddhhmmss`)
    return t
  }

  page(): { pageIndex: number; pageSize: number } {
    return {
      pageIndex: this.int('pageIndex', '页码', { min: 0, max: PAGE_INDEX_MAX, def: 0 }) ?? 0,
      pageSize:
        this.int('pageSize', '每页条数', { min: 1, max: PAGE_SIZE_MAX, def: PAGE_SIZE_DEFAULT }) ?? 20,
    }
  }
}

/** The stime–etime filter of list calls as conditions on `column`, a stored creation time. */
export function timeRange(q: Query, column: string, where: string[], params: Param[]): void {
  const stime = q.time('stime', '开始时间')
  const etime = q.time('etime', '结束时间')
  if (stime) {
    where.push(`${column} >= ?`)
    params.push(stime)
  }
  if (etime) {
    where.push(`${column} <= ?`)
    params.push(etime)
  }
}

/**
 * Runs a paged query over `FROM {table} WHERE {where}`, where `key` is the table's id column.
 * The page is found on ids alone (an index walk, even deep into OFFSET) and only its rows are
 * read and joined; the count never needs the join either.
 */
export async function paged<R, T>(
  db: Db,
  q: {
    select: string
    table: string
    key: string
    join?: string
    where: string[]
    params: Param[]
    order: string
  },
  page: { pageIndex: number; pageSize: number },
  map: (row: R) => T,
): Promise<Paged<T>> {
  const where = q.where.length ? `WHERE ${q.where.join(' AND ')}` : ''
  const ids = `SELECT ${q.key} FROM ${q.table} ${where} ORDER BY ${q.order} LIMIT ? OFFSET ?`
  const [total, rows] = await Promise.all([
    db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${q.table} ${where}`, q.params),
    db.all<R>(
      `SELECT ${q.select} FROM ${q.table} ${q.join ?? ''} WHERE ${q.key} IN (${ids}) ORDER BY ${q.order}`,
      [...q.params, page.pageSize, page.pageIndex * page.pageSize],
    ),
  ])
  return {
    pageData: rows.map(map),
    pageSize: page.pageSize,
    pageIndex: page.pageIndex,
    pageTotal: Number(total?.n ?? 0),
  }
}


/** The value a rule of src/lib/rules cleaned, or a 400 with the rule's message. */
export function valid<T>(r: Checked<T>): T {
  if (r.error !== null) throw refuse(r.error)
  return r.value
}

const BAD_BODY = '请求内容格式不正确'

/**
 * The JSON body of a POST as a record of unknowns, for the rules of src/lib/rules to read.
 * Malformed JSON, or JSON that is not an object, is refused with one message.
 */
export async function body(c: Ctx): Promise<Record<string, unknown>> {
  const v = await jsonBody(c)
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw refuse(BAD_BODY)
  return v as Record<string, unknown>
}

/**
 * The id of a delete call: the body is the id itself as a JSON string or number (accounts §7),
 * and `{ id }` is accepted too.
 */
export async function bodyId(c: Ctx): Promise<number> {
  const v = await jsonBody(c)
  return toId(typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as { id?: unknown }).id : v)
}

async function jsonBody(c: Ctx): Promise<unknown> {
  const raw = await c.req.text()
  try {
    return JSON.parse(raw)
  } catch {
    throw refuse(BAD_BODY)
  }
}

/** toId('12') → 12; anything but a positive whole number is refused. */
export function toId(v: unknown, label = '编号'): number {
  const s = typeof v === 'number' || typeof v === 'string' ? String(v).trim() : ''
  if (!/^\d{1,10}$/.test(s) || Number(s) < 1 || Number(s) > 2_147_483_647)
    throw refuse(`请提供正确的${label}`)
  return Number(s)
}

/** Tables whose rows belong to one user (user_id) and are deleted by clearing is_show. */
export type OwnedTable = 'addresses' | 'invoice_infos'

/**
 * The row `id` of `table` when it belongs to `userId`; otherwise a 404 with `notFound`, the same
 * answer whether the row is someone else's or does not exist, so ids of others leak nothing.
 */
export async function ownedRow<T = Row>(
  db: Db,
  table: OwnedTable,
  id: number,
  userId: number,
  notFound: string,
): Promise<T> {
  const row = await db.get<T>(`SELECT * FROM ${table} WHERE id = ? AND user_id = ? AND is_show = 1`, [
    id,
    userId,
  ])
  if (!row) throw refuse(notFound, 404)
  return row
}


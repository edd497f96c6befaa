import { LISTED } from '../../src/lib/constants.ts'
import type { Param } from '../db/legacy.ts'
import { type Ctx, type Query, requireUser } from '../legacy-http.ts'

/** '%' and '_' typed by a user are literal characters in a title search. */
export const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`

/** Item whose comma-joined `column` contains exactly `value`. */
export const listHas = (column: string) => `(',' || ${column} || ',') LIKE ? ESCAPE '\\'`
export const listHasParam = (value: string) => likeContains(`,${value},`)

/** A WHERE clause built up condition by condition, each with its parameters. */
export class Where {
  readonly parts: string[] = []
  readonly params: Param[] = []
  add(sql: string, ...params: Param[]): this {
    this.parts.push(sql)
    this.params.push(...params)
    return this
  }
}

/**
 * The filters articles and products share (storefront §7): the owner's own items with
 * isCreate=1 (listed or not), otherwise listed ones, optionally by one creator; then
 * category, tag and a title search. `t` is the table alias.
 */
export function catalogFilters(c: Ctx, q: Query, t: 'a' | 'p', w: Where): Where {
  w.add(`${t}.is_show = 1`)
  if (q.raw('isCreate') === '1') {
    w.add(`${t}.create_id = ?`, requireUser(c).id)
  } else {
    w.add(`${t}.ext = ?`, LISTED)
    const createId = q.int('createId', '发布者编号', { min: 1 })
    if (createId !== undefined) w.add(`${t}.create_id = ?`, createId)
  }
  const classId = q.int('classId', '分类编号', { min: 1 })
  if (classId !== undefined) w.add(`${t}.class_id = ?`, classId)
  const tag = q.str('tag', '标签', 20)
  if (tag !== undefined) w.add(listHas(`${t}.tag`), listHasParam(tag))
  const title = q.str('title', '搜索内容', 50)
  if (title !== undefined) w.add(`LOWER(${t}.title) LIKE LOWER(?) ESCAPE '\\'`, likeContains(title))
  return w
}

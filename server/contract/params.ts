/**
 * Query parameters and bodies as zod schemas that refuse with the messages the API has always
 * given (页码须为0到100000之间的整数 …), and document themselves for /api/doc. A blank parameter
 * counts as absent.
 */

import { type Checked, DAYS_INVERTED, type Input, inverted } from '../../src/lib/rules/fields.ts'
import { PAGE_INDEX_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../src/lib/rules/paging.ts'
import { apiToDbTime } from '../time.ts'
import { BAD_INPUT, z } from './index.ts'

const MAX_INT = 2_147_483_647

/** '' and blanks count as absent: a query string value, trimmed, or undefined. */
const blankless = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim())

const fail = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message })
  return z.NEVER
}

/**
 * A query parameter read by one function: (trimmed value or undefined, ctx) → what the handler
 * gets. One transform per parameter: these run on every listing request (npm run bench).
 */
const param = <T>(read: (v: string | undefined, ctx: z.RefinementCtx) => T) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => read(blankless(v), ctx))

/**
 * int('页码', { min: 0, def: 0 }): an optional whole number in [min, max], or one of `values`.
 * The label names the parameter in the refusal (页码须为…); `about` only documents it.
 */
export function int<D extends number | undefined = undefined>(
  label: string,
  opts: { min?: number; max?: number; def?: D; values?: readonly number[]; about?: string } = {},
) {
  const min = opts.min ?? 0
  const max = opts.max ?? MAX_INT
  const { values } = opts
  return param((v, ctx): number | D => {
    if (v === undefined) return opts.def as D
    const n = /^-?\d{1,10}$/.test(v) ? Number(v) : Number.NaN
    if (values) return values.includes(n) ? n : fail(ctx, `${label}不正确`)
    if (!(n >= min && n <= max)) return fail(ctx, `${label}须为${min}到${max}之间的整数`)
    return n
  }).openapi({
    type: 'integer',
    ...(values ? { enum: [...values] } : { minimum: min, maximum: max }),
    description: opts.about ? `${label}：${opts.about}` : label,
    default: opts.def,
  })
}

/** id('编号'): a required positive id; absent → 请提供编号. */
export const id = (label = '编号') =>
  param((v, ctx): number => {
    if (v === undefined) return fail(ctx, `请提供${label}`)
    if (!/^-?\d{1,10}$/.test(v) || Number(v) < 1 || Number(v) > MAX_INT)
      return fail(ctx, `${label}须为1到${MAX_INT}之间的整数`)
    return Number(v)
  }).openapi({ type: 'integer', minimum: 1, description: label })

/**
 * The control characters (C0, DEL, C1) no text parameter holds (issue 39): none is typed into a
 * search box, PostgreSQL refuses a NUL in text and an FTS5 MATCH ended its string at one (a 500).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g

/**
 * str('城市', 20): optional text of at most `max` characters. Control characters (CONTROL_CHARS)
 * are removed, as the order search always did (searchText): a%00b searches for ab, and a text of
 * nothing else counts as absent. Every text query parameter is a str, so the rule holds for all.
 */
export const str = (label: string, max = 50) =>
  param((v, ctx) => {
    const text = blankless(v?.replace(CONTROL_CHARS, ''))
    return text !== undefined && text.length > max ? fail(ctx, `${label}不能超过${max}个字符`) : text
  }).openapi({
    type: 'string',
    maxLength: max,
    description: label,
  })

/**
 * pathStr('订单号', 40): a text path parameter of at most `max` characters. An identifier is never
 * typed with a control character: one is refused (400 订单号不能包含控制字符), not removed.
 */
export const pathStr = (label: string, max: number) =>
  z
    .string()
    .max(max, { message: `${label}不能超过${max}个字符` })
    .refine((v) => v.replace(CONTROL_CHARS, '') === v, { message: `${label}不能包含控制字符` })
    .openapi({ type: 'string', maxLength: max, description: label })

/** oneOf('排序方向', ['asc', 'desc']): optional, one of the values. */
export const oneOf = <T extends string>(label: string, values: readonly [T, ...T[]]) =>
  param((v, ctx): T | undefined =>
    v === undefined || (values as readonly string[]).includes(v)
      ? (v as T | undefined)
      : fail(ctx, `${label}不正确`),
  ).openapi({ type: 'string', enum: [...values], description: label })

/** time('开始时间'): yyyymmddhhmmss (China time) on the wire, stored-time text back. */
export const time = (label: string) =>
  param((v, ctx) => {
    if (v === undefined) return undefined
    return apiToDbTime(v) ?? fail(ctx, `${label}格式不正确，应为yyyymmddhhmmss`)
  }).openapi({ type: 'string', pattern: '^\\d{14}$', description: `${label}（yyyymmddhhmmss）` })

/** day('开始日期'): a China day 'yyyy-mm-dd' (the back office's date filters), as given. */
export const day = (label: string) =>
  param((v, ctx) => {
    if (v === undefined) return undefined
    const t = apiToDbTime(`${v.replace(/-/g, '')}000000`)
    return /^\d{4}-\d{2}-\d{2}$/.test(v) && t ? v : fail(ctx, `${label}格式不正确，应为yyyy-mm-dd`)
  }).openapi({ type: 'string', format: 'date', description: `${label}（yyyy-mm-dd）` })

/**
 * The from/to check of a query with two day() parameters, for z.object({...}).superRefine:
 * an inverted range is refused (DAYS_INVERTED) instead of answering an empty list.
 */
export const daysInOrder = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (inverted(q.from, q.to)) ctx.addIssue({ code: 'custom', message: DAYS_INVERTED, path: ['to'] })
}

/** A flag parameter such as isCreate=1: true only for '1'. */
export const flag = (label: string) =>
  param((v) => v === '1').openapi({ type: 'string', enum: ['1'], description: label })

/** pageIndex (0-based) and pageSize (1-100, default 20) of every paged call. */
export const page = {
  pageIndex: int('页码', { min: 0, max: PAGE_INDEX_MAX, def: 0 }),
  pageSize: int('每页条数', { min: 1, max: PAGE_SIZE_MAX, def: PAGE_SIZE_DEFAULT }),
}

/** stime and etime, the creation-time range of list calls. */
export const range = { stime: time('开始时间'), etime: time('结束时间') }

/** One documented field of a rule-checked body; the rule, not zod, reads and checks it. */
export const field = (
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object',
  description: string,
) => z.unknown().optional().openapi({ type, description })

/**
 * A JSON body checked by a rule of src/lib/rules, the same function the island runs before
 * submitting: its first message is the refusal, its cleaned value what the handler gets.
 * `doc` only describes the fields for /api/doc.
 */
export const ruleBody = <T, const Doc extends Record<string, ReturnType<typeof field>>>(
  check: (input: Input) => Checked<T>,
  doc: Doc,
  prepare: (input: Input) => Input = (i) => i,
) =>
  z.looseObject(doc, { error: BAD_INPUT }).transform((input, ctx): T => {
    const r = check(prepare(input as Input))
    return r.error === null ? r.value : fail(ctx, r.error)
  })

/** A body read as it comes, for handlers that check it themselves. */
export const objectBody = (doc: Record<string, ReturnType<typeof field>>) =>
  z.looseObject(doc, { error: BAD_INPUT }).transform((v) => v as Input)

/** toId('12') → 12; anything but a positive whole number is refused. */
export function parseId(v: unknown): number | null {
  const s = typeof v === 'number' || typeof v === 'string' ? String(v).trim() : ''
  return /^\d{1,10}$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_INT ? Number(s) : null
}

/**
 * The body of a delete call: the id itself as a JSON string or number (accounts §7); `{ id }`
 * is accepted too.
 */
export const idBody = (label = '编号') =>
  z
    .union([z.string(), z.number(), z.looseObject({ id: z.unknown().optional() })], { error: BAD_INPUT })
    .transform((v, ctx) => {
      const n = parseId(typeof v === 'object' ? v.id : v)
      return n ?? fail(ctx, `请提供正确的${label}`)
    })
    .openapi({ description: `${label}：JSON 字符串或数字，或 { id }`, example: '12' })

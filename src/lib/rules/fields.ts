/**
 * Small readers shared by every rule in this folder. Rules take the raw form or request body
 * (a record of unknowns) and answer the first broken check's message and the field it is about,
 * in the order the specs give, or the cleaned value.
 */

export type Input = Record<string, unknown>

/**
 * The outcome of a rule: the first message and the field it refuses (the input key a form
 * shows it under), or the normalised value. The server reads only `error` and `value`.
 */
export type Checked<T, F extends string = string> =
  | { error: string; field: F; value: null }
  | { error: null; field: null; value: T }

/** The outcome of a rule that found nothing wrong: passed(v) → { error: null, field: null, value: v } */
export const passed = <T>(value: T) => ({ error: null, field: null, value })

/** One check of a rule: the field it is about, "broken?", and its message. */
export type Check<F extends string = string> = readonly [field: F, broken: boolean, message: string]

/** A rule's refusal: which field, and what to say. */
export interface Refusal<F extends string = string> {
  field: F
  error: string
}

/** refusal('tel', '请填写手机号') → { field: 'tel', error: '请填写手机号' } */
export const refusal = <F extends string>(field: F, error: string): Refusal<F> => ({ field, error })

/** text({ a: ' x ' }, 'a') → 'x'; numbers become text, anything else (objects, null) is empty. */
export function text(input: Input, key: string): string {
  const v = input[key]
  if (typeof v === 'string') return v.trim()
  if (typeof v === 'number' && Number.isFinite(v)) return String(v)
  return ''
}

/** list({ a: 'x, y,,z' }, 'a') → ['x','y','z']; an array of strings is accepted too. */
export function list(input: Input, key: string): string[] {
  const v = input[key]
  const parts = Array.isArray(v)
    ? v.filter((x): x is string => typeof x === 'string')
    : text(input, key).split(',')
  return parts.map((s) => s.trim()).filter(Boolean)
}

/** isEmail('service@detai-dental.cn') → true: something@domain.tld, no spaces. */
export const isEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)

/** Length as a person counts it: one per character, an emoji included. */
export const len = (s: string) => [...s].length

/**
 * firstError([['a', false, 'x'], ['b', true, 'y']]) → { field: 'b', error: 'y' }. Each check is
 * its field, "broken?" and its message, listed in the order the specs check them.
 */
export function firstError<F extends string>(checks: readonly Check<F>[]): Refusal<F> | null {
  const hit = checks.find(([, broken]) => broken)
  return hit ? refusal(hit[0], hit[2]) : null
}

/**
 * checked(null, v) → { error: null, field: null, value: v };
 * checked(refusal('tel', 'msg'), v) → { error: 'msg', field: 'tel', value: null }.
 */
export function checked<T, F extends string>(refused: Refusal<F> | null, value: T): Checked<T, F> {
  return refused === null
    ? { error: null, field: null, value }
    : { error: refused.error, field: refused.field, value: null }
}

/**
 * A stored file's path as the uploader answers it ('/uploads/u/202601/ab.png') or a full
 * http(s) URL. Anything else (javascript:, "../", spaces) is not a file of ours.
 */
export function isFilePath(s: string): boolean {
  if (s.length > 300 || /[\s"'<>\\]/.test(s)) return false
  if (/^https?:\/\/[^/]+/i.test(s)) return true
  return s.startsWith('/') && !s.startsWith('//') && !s.split('/').includes('..')
}

/**
 * Where a link of the site may lead (a banner, a footer QR code): a full http(s) address, or a
 * path of this site ('/?from=app'). Never javascript:, data: or a protocol-relative //host.
 */
export const isLinkTarget = (s: string) =>
  (/^https?:\/\/[^\s/]+/i.test(s) || (s.startsWith('/') && !s.startsWith('//'))) && !/[\s"'<>\\]/.test(s)

/** The refusal of a link that isLinkTarget refuses. */
export const LINK_TARGET = '链接须以 http://、https:// 或 / 开头'

/**
 * A form's id for one write (a UUID made when its dialog opens): sent again — a double click, a
 * retry after a lost answer — the write is not made twice (balance and stock adjustments).
 */
export const isRequestId = (s: string) => /^[A-Za-z0-9-]{8,64}$/.test(s)
export const REQUEST_ID_BAD = '请求编号格式不正确'

/** A sort number of the back office's lists (banners, FAQ, dictionary): smaller first. */
export const SORT_RANGE = '排序须为0到9999之间的整数'

/** A sort box's text as the call sends it: empty is 0; anything not a number goes as sent, for the server to refuse. */
export const sortNumber = (s: string) => (s.trim() === '' ? 0 : Number(s))

/** 1 (default) or 0: the status flag of addresses and invoices (accounts §3). */
/**
 * A from-to date filter (yyyy-mm-dd) that can match nothing, said rather than shown as an empty
 * list: inverted('2026-05-02', '2026-05-01') → true. Either end may be open ('').
 */
export const inverted = (from: string | undefined, to: string | undefined) => Boolean(from && to && from > to)
export const DAYS_INVERTED = '开始日期不能晚于结束日期'

export const defaultFlag = (input: Input): 0 | 1 => (text(input, 'status') === '1' ? 1 : 0)

/** A password as typed: a leading space is part of it, so unlike text() nothing is trimmed. */
export function secret(input: Input, key: string): string {
  const v = input[key]
  return typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : ''
}

/**
 * filled('name', v, '收货人', 20) → the two checks of field `name`, 请填写收货人 and
 * 收货人不能超过20个字, in that order.
 */
export const filled = <F extends string>(
  field: F,
  value: string,
  label: string,
  max: number,
  unit = '个字',
): Check<F>[] => [
  [field, !value, `请填写${label}`],
  [field, len(value) > max, `${label}不能超过${max}${unit}`],
]

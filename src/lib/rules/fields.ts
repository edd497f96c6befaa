/**
 * Small readers shared by every rule in this folder. Rules take the raw form or request body
 * (a record of unknowns) and answer the first broken rule's message, in the order the specs
 * give, or the cleaned value.
 */

export type Input = Record<string, unknown>

/** The outcome of a rule: the first message, or the normalised value. */
export type Checked<T> = { error: string; value: null } | { error: null; value: T }

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

/** Length as a person counts it: one per character, an emoji included. */
export const len = (s: string) => [...s].length

/**
 * firstError([[false, 'a'], [true, 'b']]) → 'b'. Each pair is "broken?" and its message,
 * listed in the order the specs check them.
 */
export function firstError(checks: readonly (readonly [boolean, string])[]): string | null {
  return checks.find(([broken]) => broken)?.[1] ?? null
}

/** checked(null, v) → { error: null, value: v }; checked('msg', v) → { error: 'msg', value: null }. */
export function checked<T>(error: string | null, value: T): Checked<T> {
  return error === null ? { error: null, value } : { error, value: null }
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

/** 1 (default) or 0: the status flag of addresses and invoices (accounts §3). */
export const defaultFlag = (input: Input): 0 | 1 => (text(input, 'status') === '1' ? 1 : 0)

/** A password as typed: a leading space is part of it, so unlike text() nothing is trimmed. */
export function secret(input: Input, key: string): string {
  const v = input[key]
  return typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : ''
}

/** filled(v, '收货人', 20) → the pair of checks 请填写收货人 and 收货人不能超过20个字, in that order. */
export const filled = (value: string, label: string, max: number, unit = '个字') =>
  [
    [!value, `请填写${label}`],
    [len(value) > max, `${label}不能超过${max}${unit}`],
  ] as const

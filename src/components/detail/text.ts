/** Small display helpers shared by the detail views (static pages and the query-route island). */
import type { CommentNode } from '../../lib/api/types.ts'
import { formatPrice } from '../../lib/format.ts'

/** priceLabel(0) → '免费'; priceLabel(12.5) → '¥12.50' */
export function priceLabel(yuan: number | null | undefined): string {
  const p = formatPrice(yuan)
  return p === '免费' ? p : `¥${p}`
}

/** mmss(413) → '06:53'; minutes are not wrapped into hours: mmss(4000) → '66:40'. */
export function mmss(seconds: number | null | undefined): string {
  const s = Math.max(0, Math.round(Number(seconds) || 0))
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

/** The server's local time text as an ISO date-time for structured data; the company runs on China time. */
export function isoTime(t: string | null | undefined): string | undefined {
  if (!t || !/^\d{4}-\d{2}-\d{2}/.test(t)) return undefined
  return t.length >= 19 ? `${t.slice(0, 10)}T${t.slice(11, 19)}+08:00` : t.slice(0, 10)
}

/** Every comment of a tree, replies included: countComments([{ children: [reply] }]) → 2. */
export function countComments(list: CommentNode[]): number {
  return list.reduce((n, c) => n + 1 + countComments(c.children), 0)
}

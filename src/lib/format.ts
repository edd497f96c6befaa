/** Display formatting used at the edge: pages, islands and e-mails. */

/** formatPrice(12.5) → '12.50'; formatPrice(0) → '免费' (storefront §5). */
export function formatPrice(yuan: number | string | null | undefined): string {
  const n = Number(yuan ?? 0)
  if (!Number.isFinite(n) || n === 0) return '免费'
  return n.toFixed(2)
}

/** formatMoney(0) → '0.00': amounts that are never "free" (balances, totals). */
export function formatMoney(yuan: number | string | null | undefined): string {
  const n = Number(yuan ?? 0)
  return (Number.isFinite(n) ? n : 0).toFixed(2)
}

/** maskPhone('13812345678') → '138****5678': first 3 digits, four stars, digits from the 8th (accounts §2). */
export function maskPhone(tel: string | null | undefined): string {
  if (!tel) return ''
  if (tel.length < 8) return tel
  return `${tel.slice(0, 3)}****${tel.slice(7)}`
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

/** toApiDate(new Date(2026, 0, 2, 3, 4, 5)) → '20260102030405': the wire format of stime/etime. */
export function toApiDate(d: Date): string {
  return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`
}

/** fromApiDate('20260102030405') → Date in local time; null when malformed or impossible. */
export function fromApiDate(s: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s)
  if (!m) return null
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number]
  const date = new Date(y, mo - 1, d, h, mi, se)
  const same =
    date.getFullYear() === y &&
    date.getMonth() === mo - 1 &&
    date.getDate() === d &&
    date.getHours() === h &&
    date.getMinutes() === mi &&
    date.getSeconds() === se
  return same ? date : null
}

/** formatDateTime('2026-01-02 03:04:05') → '2026-01-02 03:04'; the server's times are already local text. */
export function formatDateTime(s: string | null | undefined, withSeconds = false): string {
  if (!s) return ''
  return withSeconds ? s.slice(0, 19) : s.slice(0, 16)
}

/** firstImage('a.png,b.png') → 'a.png': list fields are comma-joined (storefront §3). */
export function firstImage(list: string | null | undefined): string {
  return splitList(list)[0] ?? ''
}

/** splitList('a, b,,c') → ['a','b','c'] */
export function splitList(list: string | null | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** cardTags('a,b,c,d') → ['a','b','c']: cards show at most 3 tags. */
export function cardTags(list: string | null | undefined, max = 3): string[] {
  return splitList(list).slice(0, max)
}

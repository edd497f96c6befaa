import { fromApiDate } from '../src/lib/format.ts'

const pad = (n: number) => String(n).padStart(2, '0')

/** dbTime(new Date(2026, 0, 2, 3, 4, 5)) → '2026-01-02 03:04:05', the stored form of every time. */
export function dbTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/** apiToDbTime('20260102030405') → '2026-01-02 03:04:05'; null when malformed. */
export function apiToDbTime(s: string): string | null {
  const d = fromApiDate(s)
  return d ? dbTime(d) : null
}

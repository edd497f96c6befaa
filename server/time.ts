/**
 * The portal lives in China time (UTC+8 all year, no daylight saving) whatever the host's zone:
 * stored times, the date filters and the "daily" SMS caps all mean Beijing wall-clock time.
 */
export const CHINA_OFFSET_MS = 8 * 3600_000

const pad = (n: number) => String(n).padStart(2, '0')

/** dbTime(new Date('2026-01-01T19:04:05Z')) → '2026-01-02 03:04:05', China time. */
export function dbTime(d: Date): string {
  const c = new Date(d.getTime() + CHINA_OFFSET_MS)
  return `${c.getUTCFullYear()}-${pad(c.getUTCMonth() + 1)}-${pad(c.getUTCDate())} ${pad(c.getUTCHours())}:${pad(c.getUTCMinutes())}:${pad(c.getUTCSeconds())}`
}

/** fromDbTime('2026-01-02 03:04:05') → the instant it names (2026-01-01T19:04:05Z); inverse of dbTime. */
export const fromDbTime = (s: string) => new Date(`${s.replace(' ', 'T')}+08:00`)

/** chinaDayStart(new Date('2026-01-01T17:00:00Z')) → the instant 2026-01-02 00:00 in China. */
export function chinaDayStart(d: Date): number {
  const c = d.getTime() + CHINA_OFFSET_MS
  return c - (c % 86_400_000) - CHINA_OFFSET_MS
}

/** apiToDbTime('20260102030405') → '2026-01-02 03:04:05' (both China wall-clock); null when malformed. */
export function apiToDbTime(s: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s)
  if (!m) return null
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number]
  // Read as UTC only to check the calendar (no 30 February, no hour 24), whatever the host's zone.
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, se))
  const real =
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    t.getUTCSeconds() === se
  return real ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}` : null
}

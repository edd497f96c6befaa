/** What the builder reports: the last build, the queue, a build running, failures and timings. */
import type { ChangeTag } from '../changes.ts'
import type { BuildRecord } from './record.ts'

/** The median of some numbers: median([3, 1, 2]) → 2; median([]) → null. */
export function median(xs: readonly number[]): number | null {
  if (!xs.length) return null
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

export interface BuildStatus {
  /** The last good build, as recorded in DIST_DIR. */
  last: Omit<BuildRecord, 'recent' | 'db'> | null
  /** Marks not yet in the site: their tags (the first 50) and how many. */
  queued: { tags: ChangeTag[]; count: number; upTo: number }
  /** What this process is building now, and since when. */
  building: { kind: 'full' | 'partial'; since: string; tags: number } | null
  failures: number
  lastError: string | null
  nextRetryAt: string | null
  /** Seconds of recent builds, by kind. */
  timings: Record<'full' | 'partial', { last: number | null; median: number | null; count: number }>
}

/** The status from the record and the queue alone (the ops command, a process without a builder). */
export function statusOf(
  record: BuildRecord | null,
  queued: { tags: ChangeTag[]; upTo: number },
  state: Pick<BuildStatus, 'building' | 'failures' | 'lastError' | 'nextRetryAt'> = {
    building: null,
    failures: 0,
    lastError: null,
    nextRetryAt: null,
  },
): BuildStatus {
  const timing = (kind: 'full' | 'partial') => {
    const xs = (record?.recent ?? []).filter((t) => t.kind === kind).map((t) => t.seconds)
    return { last: xs[0] ?? null, median: median(xs), count: xs.length }
  }
  const last = record
    ? {
        changeId: record.changeId,
        builtAt: record.builtAt,
        seconds: record.seconds,
        kind: record.kind,
        codeHash: record.codeHash,
      }
    : null
  // The status shows 50 of them: the kinds that rebuild many pages (banner, dictionary, all …)
  // first, then single pages (product:12), so a long queue of items never hides a site-wide change.
  const wide = queued.tags.filter((t) => !t.includes(':'))
  const items = queued.tags.filter((t) => t.includes(':'))
  return {
    last,
    queued: { tags: [...wide, ...items].slice(0, 50), count: queued.tags.length, upTo: queued.upTo },
    ...state,
    timings: { full: timing('full'), partial: timing('partial') },
  }
}

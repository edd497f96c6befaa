/**
 * One round of the builder: read the marks, decide whether a build is due, and run it under the
 * build lock, recording what was built. The state lives in one object (BuilderState) that the
 * builder (builder.ts) owns and its status reads.
 */
import type { ChangeTag } from '../changes.ts'
import type { BuilderDeps, BuildResult } from './deps.ts'
import { type BuildPlan, planFor, planPaths } from './plan.ts'
import { type BuildRecord, decideStart } from './record.ts'

export interface BuilderTiming {
  /** How often the marks are read. */
  pollMs: number
  /** A build starts once no new mark came for this long … */
  quietMs: number
  /** … or when the oldest waiting mark is this old, whatever keeps coming. */
  maxWaitMs: number
  /** The first retry after a failure; doubled each time, up to retryMaxMs. */
  retryMs: number
  retryMaxMs: number
  /** After a mark made by this process, the marks are read this soon (its transaction commits meanwhile). */
  markedMs: number
}

export interface BuilderState {
  lastBuiltId: number
  /** The newest mark seen waiting, when it was first seen, and when the oldest waiting one was. */
  seenUpTo: number
  lastMarkAt: number
  waitingSince: number | null
  forceFull: boolean
  /** Marks a build handed to the next one (BuildResult.deferred). */
  followUp: ChangeTag[]
  /** forceFull came from the start decision (re-checked under the lock, see buildNow). */
  startForced: boolean
  running: { kind: 'full' | 'partial'; since: number; tags: number } | null
  failures: number
  lastError: string | null
  nextRetryAt: number
  stopped: boolean
  /** Another process held the build lock at the last attempt. */
  busy: boolean
}

export const newState = (): BuilderState => ({
  lastBuiltId: 0,
  seenUpTo: 0,
  lastMarkAt: 0,
  waitingSince: null,
  forceFull: false,
  followUp: [],
  startForced: false,
  running: null,
  failures: 0,
  lastError: null,
  nextRetryAt: 0,
  stopped: false,
  busy: false,
})

const RECENT = 20

export const iso = (ms: number) => new Date(ms).toISOString()

/** The builds of other processes sharing DIST_DIR count as ours. */
export function catchUp(deps: BuilderDeps, s: BuilderState): BuildRecord | null {
  const r = deps.records.read()
  if (r && r.db === deps.db && r.changeId > s.lastBuiltId && !s.forceFull) s.lastBuiltId = r.changeId
  return r
}

/** Processes starting together: the first built everything, the others need not. */
async function reconsiderStart(deps: BuilderDeps, s: BuilderState, record: BuildRecord): Promise<void> {
  const again = decideStart(record, { codeHash: deps.codeHash(), db: deps.db, latestId: await deps.latest() })
  if (!again.build) {
    s.forceFull = s.startForced = false
    s.lastBuiltId = Math.max(s.lastBuiltId, record.changeId)
  }
}

const kindText = (plan: BuildPlan) => (plan.kind === 'full' ? '完整生成' : '局部生成')

/** Builds the plan and records it; the marks up to `upTo` are then built. */
async function buildAndRecord(
  deps: BuilderDeps,
  s: BuilderState,
  signal: AbortSignal,
  plan: BuildPlan,
  pending: { tags: ChangeTag[]; upTo: number },
  record: BuildRecord | null,
): Promise<void> {
  const codeHash = plan.kind === 'full' || !record ? deps.codeHash() : record.codeHash
  const started = deps.now()
  s.running = { kind: plan.kind, since: started, tags: pending.tags.length }
  deps.log(
    `[site] ${kindText(plan)}开始：${pending.tags.length} 个变更标记${
      plan.kind === 'partial' ? `，${planPaths(plan).length} 个页面` : ''
    }`,
  )
  const result: BuildResult = await deps.build(plan, signal)
  const seconds = Math.round((deps.now() - started) / 100) / 10
  const builtAt = iso(deps.now())
  const recent = [
    { kind: plan.kind, seconds, at: builtAt, pages: result.pages },
    ...(record?.db === deps.db ? record.recent : []),
  ].slice(0, RECENT)
  deps.records.write({
    changeId: pending.upTo,
    builtAt,
    seconds,
    kind: plan.kind,
    codeHash,
    db: deps.db,
    recent,
  })
  // Only now: a failed build leaves the marks waiting.
  s.lastBuiltId = pending.upTo
  s.forceFull = s.startForced = false
  s.followUp = result.deferred ?? []
  if (s.followUp.length)
    deps.log(`[site] 有页面链接到尚未生成的页面，暂留旧版，立即再生成：${s.followUp.join(', ')}`)
  deps.log(
    `[site] ${kindText(plan)}完成 (${seconds}s，${result.pages} 个页面${
      result.liveAfter === undefined ? '' : `，${result.liveAfter.toFixed(1)}s 时已上线，其后压缩`
    })`,
  )
}

/** A build of what is waiting, under the build lock (another process may hold it: then none). */
export async function buildNow(deps: BuilderDeps, s: BuilderState, signal: AbortSignal): Promise<void> {
  const got = await deps.exclusive(async () => {
    // Under the lock: another process may have built meanwhile.
    const record = catchUp(deps, s)
    if (s.startForced && record) await reconsiderStart(deps, s, record)
    const marked = await deps.changes(s.lastBuiltId)
    const pending = { tags: [...new Set([...marked.tags, ...s.followUp])], upTo: marked.upTo }
    if (!pending.tags.length && !s.forceFull) return null
    // Code edited while running (development) does not force a full build here: the partial
    // pages come with their own new assets, and the record keeps the hash of the last full
    // build, so the next start builds everything.
    const stale = !record || record.db !== deps.db
    // A follow-up build moves every page it makes: no second deferral, no loop.
    const plan = { ...planFor(pending.tags, s.forceFull || stale), defer: !s.followUp.length }
    if (record && plan.kind === 'partial' && !planPaths(plan).length) {
      // Marks no built page shows (the configuration texts): live already, nothing to build.
      deps.records.write({ ...record, changeId: pending.upTo })
      s.lastBuiltId = pending.upTo
      s.followUp = []
      return plan
    }
    await buildAndRecord(deps, s, signal, plan, pending, record)
    return plan
  })
  // Said once per wait, not every poll of a two-minute build.
  if (!got.ran && !s.busy) deps.log('[site] 另一个进程正在生成站点，等它完成')
  s.busy = !got.ran
}

/** Whether a build is due now: marks waiting, quiet long enough (or waiting too long), no retry pending. */
async function due(
  deps: BuilderDeps,
  t: BuilderTiming,
  s: BuilderState,
  now: number,
): Promise<number | null> {
  catchUp(deps, s)
  const pending = await deps.changes(s.lastBuiltId)
  if (!pending.tags.length && !s.forceFull && !s.followUp.length) {
    s.waitingSince = null
    return null
  }
  if (pending.upTo > s.seenUpTo) {
    s.seenUpTo = pending.upTo
    s.lastMarkAt = now
  }
  s.waitingSince ??= now
  if (now < s.nextRetryAt) return null
  const isDue =
    s.forceFull ||
    s.followUp.length > 0 ||
    now - s.lastMarkAt >= t.quietMs ||
    now - s.waitingSince >= t.maxWaitMs
  return isDue ? pending.tags.length : null
}

/** One round: read the marks, and build when due; a failure is retried later, doubling the wait. */
export async function tick(
  deps: BuilderDeps,
  t: BuilderTiming,
  s: BuilderState,
  signal: AbortSignal,
): Promise<void> {
  if (s.running || s.stopped) return
  const now = deps.now()
  const tags = await due(deps, t, s, now)
  if (tags === null) return
  s.running = { kind: s.forceFull ? 'full' : 'partial', since: now, tags }
  try {
    await buildNow(deps, s, signal)
    s.failures = 0
    s.lastError = null
    s.nextRetryAt = 0
    s.waitingSince = null
  } catch (e) {
    if (s.stopped) return
    s.failures++
    s.lastError = e instanceof Error ? e.message : String(e)
    const wait = Math.min(t.retryMs * 2 ** (s.failures - 1), t.retryMaxMs)
    s.nextRetryAt = deps.now() + wait
    deps.log(
      `[site] 站点生成失败（第 ${s.failures} 次），继续提供上一次生成的站点，${Math.round(wait / 1000)}s 后重试：${s.lastError}`,
    )
  } finally {
    s.running = null
  }
}

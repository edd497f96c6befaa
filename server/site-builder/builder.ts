/**
 * The builder itself: polls the change marks and runs one build at a time (run.ts), with its
 * status and a retry after a failure.
 */
import type { BuilderDeps } from './deps.ts'
import { decideStart, type StartDecision } from './record.ts'
import { type BuilderState, type BuilderTiming, iso, newState, tick } from './run.ts'
import { type BuildStatus, statusOf } from './status.ts'

// A mark is seen within half a second (a mark this process made, within 50 ms) and built after
// half a second without another: an edit's wait before its build is 0.55-1 s (1.05-1.5 s with a
// 1 s quiet, which put edit-to-live at 5.0-5.8 s at 100,000 items with 50 readers; issue 23), and
// a burst of saves a form or a script makes in quick succession still goes into one build. Marks
// made while a build runs wait for it and go into the next one together.
export const DEFAULT_TIMING: BuilderTiming = {
  pollMs: 500,
  quietMs: 500,
  maxWaitMs: 10_000,
  retryMs: 5000,
  retryMaxMs: 300_000,
  markedMs: 50,
}

export interface SiteBuilder {
  /**
   * Decides what to do at start (decideStart) and starts polling: when a build is due it runs in
   * the background while the last good site is served.
   */
  start(): Promise<StartDecision>
  /** One round: read the marks, and build when due. The poll loop calls it; tests call it directly. */
  tick(): Promise<void>
  status(): Promise<BuildStatus>
  /**
   * After a failure: the next round (within a second) builds again instead of waiting out the
   * retry delay. Answers whether a retry was waiting.
   */
  retryNow(): boolean
  /** Stops polling and aborts a running build (its output is discarded). */
  stop(): Promise<void>
}

/** What the server's routes use of a builder: its status, and a retry after a failure. */
export type BuilderView = Pick<SiteBuilder, 'status' | 'retryNow'>

/**
 * A builder over its dependencies (siteBuilderDeps gives the real ones; tests give a fake build
 * and clock and call tick()).
 */
export function createSiteBuilder(deps: BuilderDeps, timing: Partial<BuilderTiming> = {}): SiteBuilder {
  const t = { ...DEFAULT_TIMING, ...timing }
  const s = newState()
  const abort = new AbortController()
  const round = () => tick(deps, t, s, abort.signal)
  const poll = polling(deps, t, s, round)

  return {
    async start() {
      const record = deps.records.read()
      const latestId = await deps.latest()
      const decision = decideStart(record, { codeHash: deps.codeHash(), db: deps.db, latestId })
      if (decision.build) s.forceFull = s.startForced = true
      if (record && record.db === deps.db && record.changeId <= latestId) s.lastBuiltId = record.changeId
      // The first round at once: a needed build starts now, in the background.
      poll.start()
      return decision
    },
    tick: round,
    async status() {
      const record = deps.records.read()
      const base = Math.max(s.lastBuiltId, record?.db === deps.db ? record.changeId : 0)
      const queued = await deps.changes(base)
      queued.tags = [...new Set([...queued.tags, ...s.followUp])]
      const { running } = s
      return statusOf(record?.db === deps.db ? record : null, queued, {
        building: running ? { kind: running.kind, since: iso(running.since), tags: running.tags } : null,
        failures: s.failures,
        lastError: s.lastError,
        nextRetryAt: s.nextRetryAt ? iso(s.nextRetryAt) : null,
      })
    },
    retryNow() {
      if (!s.failures || s.running) return false
      s.nextRetryAt = 0
      return true
    },
    async stop() {
      s.stopped = true
      poll.stop()
      abort.abort()
    },
  }
}

/**
 * The rounds: one every pollMs, and markedMs after this process made marks (a mark made while a
 * round runs brings the next one that soon after it).
 */
function polling(deps: BuilderDeps, t: BuilderTiming, s: BuilderState, round: () => Promise<void>) {
  let timer: ReturnType<typeof setTimeout> | undefined
  /** A mark made here while a round runs: the next round comes markedMs after it, not pollMs. */
  let lookSoon = false
  /** One round after `delay`, then the next; `timer` is set only while a round waits to start. */
  const loop = (delay: number) => {
    if (s.stopped) return
    timer = setTimeout(() => {
      timer = undefined
      round()
        .catch((e: unknown) => deps.log(`[site] 读取变更失败：${e instanceof Error ? e.message : e}`))
        .finally(() => {
          loop(lookSoon ? t.markedMs : t.pollMs)
          lookSoon = false
        })
    }, delay)
    timer.unref()
  }
  /** This process made marks: the waiting round comes sooner, or the next one right after the running one. */
  const look = () => {
    if (s.stopped) return
    if (timer === undefined) {
      lookSoon = true
      return
    }
    clearTimeout(timer)
    loop(t.markedMs)
  }
  let stopLooking = () => {}
  return {
    start() {
      loop(0)
      stopLooking = deps.onMarked?.(look) ?? stopLooking
    },
    stop() {
      stopLooking()
      clearTimeout(timer)
    },
  }
}

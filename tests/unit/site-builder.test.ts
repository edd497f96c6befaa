import { describe, expect, it, vi } from 'vitest'
import type { ChangeTag } from '../../server/changes.ts'
import {
  type BuilderDeps,
  type BuildPlan,
  type BuildRecord,
  createSiteBuilder,
  planPaths,
} from '../../server/site-builder.ts'

const TIMING = {
  pollMs: 1000,
  quietMs: 2500,
  maxWaitMs: 10_000,
  retryMs: 5000,
  retryMaxMs: 60_000,
  markedMs: 50,
}

/**
 * A builder over fakes: marks in an array, a clock moved by hand, a build that records its plans
 * (and can be made to fail or to hang), the record in memory, and a lock that can be held.
 */
function rig(opts: { record?: BuildRecord | null; codeHash?: string } = {}) {
  const marks: { id: number; tag: ChangeTag }[] = []
  let clock = 1_000_000
  let record: BuildRecord | null = opts.record === undefined ? null : opts.record
  const built: BuildPlan[] = []
  const site = { version: 0 }
  let failWith: string | null = null
  let hang: Promise<void> | null = null
  let lockHeld = false
  let deferOnce: ChangeTag[] = []
  const logs: string[] = []
  let reads = 0
  let look: (() => void) | undefined
  const deps: BuilderDeps = {
    async changes(since) {
      reads++
      const rows = marks.filter((m) => m.id > since)
      return { tags: [...new Set(rows.map((r) => r.tag))], upTo: rows.at(-1)?.id ?? since }
    },
    latest: async () => marks.at(-1)?.id ?? 0,
    async exclusive(work) {
      if (lockHeld) return { ran: false }
      return { ran: true, value: await work() }
    },
    async build(plan) {
      built.push(plan)
      if (hang) await hang
      if (failWith) throw new Error(failWith)
      site.version++
      const deferred = deferOnce
      deferOnce = []
      return {
        pages: plan.kind === 'full' ? 100 : planPaths(plan).length,
        ...(deferred.length ? { deferred } : {}),
      }
    },
    records: {
      read: () => record,
      write: (r) => {
        record = r
      },
    },
    codeHash: () => opts.codeHash ?? 'code1',
    db: 'db1',
    now: () => clock,
    log: (l) => logs.push(l),
    onMarked(l) {
      look = l
      return () => {
        look = undefined
      }
    },
  }
  const builder = createSiteBuilder(deps, TIMING)
  return {
    builder,
    built,
    site,
    logs,
    mark(...tags: ChangeTag[]) {
      for (const tag of tags) marks.push({ id: marks.length + 1, tag })
    },
    /** How often the marks were read. */
    get reads() {
      return reads
    },
    /** Says the marks were made by this process (markChanged's listeners); false once it stopped listening. */
    madeHere() {
      look?.()
      return look !== undefined
    },
    advance(ms: number) {
      clock += ms
    },
    get record() {
      return record
    },
    failWith(why: string | null) {
      failWith = why
    },
    hangUntil(p: Promise<void> | null) {
      hang = p
    },
    holdLock(on: boolean) {
      lockHeld = on
    },
    /** The next build holds pages back, handing these marks to the one after. */
    deferNext(tags: ChangeTag[]) {
      deferOnce = tags
    },
  }
}

const fresh: BuildRecord = {
  changeId: 0,
  builtAt: '2026-11-22T10:00:00.000Z',
  seconds: 80,
  kind: 'full',
  codeHash: 'code1',
  db: 'db1',
  recent: [],
}

/** A rig over the fresh record with `tags` marked, one tick taken and the quiet time waited out. */
async function markedAndQuiet(...tags: ChangeTag[]) {
  const r = rig({ record: fresh })
  r.mark(...tags)
  await r.builder.tick()
  r.advance(3000)
  return r
}

describe('the site builder: debounce, one at a time', () => {
  it('waits until the writes pause, then builds the marked pages once', async () => {
    const r = rig({ record: fresh })
    r.mark('article:5', 'list:20', 'home')
    await r.builder.tick()
    r.advance(1000)
    r.mark('article:6', 'list:20')
    await r.builder.tick()
    r.advance(2000)
    await r.builder.tick()
    expect(r.built).toEqual([]) // 2 s after the last mark: still waiting
    r.advance(600)
    await r.builder.tick()
    expect(r.built).toHaveLength(1)
    expect(r.built[0]?.kind).toBe('partial')
    expect(r.built[0]?.only.article).toEqual([5, 6])
    expect(r.record?.changeId).toBe(5)
    expect(r.record?.kind).toBe('partial')
    r.advance(5000)
    await r.builder.tick()
    expect(r.built).toHaveLength(1) // nothing new: nothing built
  })

  it('builds after the bounded wait even while marks keep coming', async () => {
    const r = rig({ record: fresh })
    for (let s = 0; s < 12; s++) {
      r.mark(`article:${s + 1}`)
      await r.builder.tick()
      if (r.built.length) break
      r.advance(1000)
    }
    expect(r.built).toHaveLength(1)
    expect(r.built[0]?.only.article).toHaveLength(11) // at 10 s, the 11th mark
  })

  it('runs one build at a time; marks during a build go into the next one', async () => {
    const r = rig({ record: fresh })
    r.mark('article:1')
    r.advance(3000)
    let release = () => {}
    r.hangUntil(
      new Promise((ok) => {
        release = ok
      }),
    )
    await r.builder.tick() // the first look at the mark: waits for the writes to pause
    r.advance(3000)
    const first = r.builder.tick() // starts the build, which hangs
    await new Promise((ok) => setTimeout(ok, 0))
    expect(r.built).toHaveLength(1)
    expect((await r.builder.status()).building?.kind).toBe('partial')
    r.mark('article:2')
    r.advance(5000)
    await r.builder.tick() // a build runs: this round does nothing
    await r.builder.tick()
    expect(r.built).toHaveLength(1)
    release()
    await first
    r.hangUntil(null)
    expect(r.record?.changeId).toBe(1) // only what the build started with
    await r.builder.tick() // article:2 seen as waiting
    r.advance(3000)
    await r.builder.tick()
    expect(r.built.map((p) => p.only.article)).toEqual([[1], [2]])
    expect(r.record?.changeId).toBe(2)
  })

  it('leaves the build to the process holding the lock (PostgreSQL), and takes over after', async () => {
    const r = rig({ record: fresh })
    r.mark('home')
    r.holdLock(true)
    await r.builder.tick()
    r.advance(3000)
    await r.builder.tick()
    await r.builder.tick()
    expect(r.built).toEqual([])
    expect(r.logs.filter((l) => l.includes('另一个进程'))).toHaveLength(1)
    expect((await r.builder.status()).failures).toBe(0)
    r.holdLock(false)
    await r.builder.tick()
    expect(r.built).toHaveLength(1)
  })

  it('builds what a build held back at once, without holding anything back again', async () => {
    const r = await markedAndQuiet('article:1', 'list:20')
    r.deferNext(['list:20', 'article:7'])
    await r.builder.tick()
    expect((await r.builder.status()).queued.tags).toEqual(['list:20', 'article:7'])
    r.advance(100)
    await r.builder.tick() // no debounce for a follow-up
    expect(r.built.map((p) => [p.only.article, p.pages, p.defer])).toEqual([
      [[1], ['/task/'], true],
      [[7], ['/task/'], false],
    ])
    r.advance(10_000)
    await r.builder.tick()
    expect(r.built).toHaveLength(2)
  })

  it('a site-wide mark builds everything', async () => {
    const r = await markedAndQuiet('article:1', 'dictionary')
    await r.builder.tick()
    expect(r.built[0]?.kind).toBe('full')
    expect(r.record?.kind).toBe('full')
  })

  it('marks no built page shows (the configuration texts) are live without a build', async () => {
    const r = await markedAndQuiet('config')
    await r.builder.tick()
    expect(r.built).toEqual([])
    expect(r.record).toEqual({ ...fresh, changeId: 1 })
    const s = await r.builder.status()
    expect([s.queued.count, s.building]).toEqual([0, null])
  })
})

describe('the site builder: marks made by this process', () => {
  it('reads them markedMs after they are made, not at the next poll; after the running round when one runs', async () => {
    vi.useFakeTimers()
    try {
      const r = rig({ record: fresh })
      await r.builder.start()
      await vi.advanceTimersByTimeAsync(0)
      expect(r.reads).toBe(1) // the first round, at once
      await vi.advanceTimersByTimeAsync(200)
      expect(r.reads).toBe(1) // nothing made here: the next round waits for pollMs
      r.mark('article:5')
      expect(r.madeHere()).toBe(true)
      await vi.advanceTimersByTimeAsync(TIMING.markedMs)
      expect(r.reads).toBe(2)
      await vi.advanceTimersByTimeAsync(TIMING.pollMs)
      expect(r.reads).toBe(3) // then polling as before

      // A mark made while a round builds: the next round comes markedMs after it ends.
      let finish = () => {}
      r.hangUntil(new Promise<void>((done) => (finish = done)))
      r.advance(TIMING.quietMs)
      await vi.advanceTimersByTimeAsync(TIMING.pollMs)
      expect(r.built).toHaveLength(1)
      const reads = r.reads
      r.mark('article:6')
      r.madeHere()
      r.hangUntil(null)
      finish()
      await vi.advanceTimersByTimeAsync(TIMING.markedMs)
      expect(r.reads).toBe(reads + 1)

      await r.builder.stop()
      expect(r.madeHere()).toBe(false) // it no longer listens
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('the site builder: failures', () => {
  it('keeps the last good site and the marks, says why, and retries with a growing wait', async () => {
    const r = await markedAndQuiet('article:3', 'list:30')
    r.failWith('API 无响应')
    await r.builder.tick()
    expect(r.built).toHaveLength(1)
    expect(r.site.version).toBe(0) // the live site untouched
    expect(r.record).toEqual(fresh) // the record (and so the marks) did not move
    let s = await r.builder.status()
    expect(s.failures).toBe(1)
    expect(s.lastError).toBe('API 无响应')
    expect(s.queued.tags).toEqual(['article:3', 'list:30'])
    expect(r.logs.at(-1)).toContain('继续提供上一次生成的站点')
    r.advance(4000)
    await r.builder.tick()
    expect(r.built).toHaveLength(1) // 5 s not yet passed
    r.advance(1500)
    await r.builder.tick()
    expect(r.built).toHaveLength(2) // retried, failed again: now 10 s
    r.advance(9000)
    await r.builder.tick()
    expect(r.built).toHaveLength(2)
    // Asked from the back office (重试): the next round, without waiting the 10 s.
    expect(r.builder.retryNow()).toBe(true)
    await r.builder.tick()
    expect(r.built).toHaveLength(3)
    expect(r.logs.at(-1)).toContain('第 3 次')
    r.failWith(null)
    r.advance(20_500)
    await r.builder.tick()
    expect(r.built).toHaveLength(4)
    expect(r.built[3]?.only.article).toEqual([3])
    expect(r.site.version).toBe(1)
    // Nothing failed: nothing to retry.
    expect(r.builder.retryNow()).toBe(false)
    expect(r.record?.changeId).toBe(2)
    s = await r.builder.status()
    expect([s.failures, s.lastError, s.nextRetryAt]).toEqual([0, null, null])
    expect(s.timings.partial.count).toBe(1)
  })
})

/** Lets start()'s first round, which runs in the background, finish. */
const settle = () => new Promise((ok) => setTimeout(ok, 20))

describe('the site builder at start', () => {
  it('serves an unchanged site without building', async () => {
    const r = rig({ record: { ...fresh, changeId: 2 } })
    r.mark('article:1', 'home')
    const d = await r.builder.start()
    await settle()
    r.advance(60_000)
    await r.builder.tick()
    await r.builder.stop()
    expect(d).toEqual({ build: false, why: '内容与代码均未改动' })
    expect(r.built).toEqual([])
  })

  it('builds everything at once (no debounce) when nothing was built, then follows the marks', async () => {
    const r = rig({ record: null })
    const d = await r.builder.start()
    await settle()
    expect(d).toEqual({ build: true, why: '站点尚未生成' })
    expect(r.built.map((p) => p.kind)).toEqual(['full'])
    r.mark('article:1', 'list:10')
    await r.builder.tick()
    r.advance(3000)
    await r.builder.tick()
    await r.builder.stop()
    expect(r.built.map((p) => p.kind)).toEqual(['full', 'partial'])
    expect(r.record?.changeId).toBe(2)
  })

  it('builds everything when the code changed, and records the new code', async () => {
    const r = rig({ record: fresh, codeHash: 'code2' })
    const d = await r.builder.start()
    await settle()
    await r.builder.stop()
    expect(d).toEqual({ build: true, why: '站点代码已改动' })
    expect(r.built.map((p) => p.kind)).toEqual(['full'])
    expect(r.record?.codeHash).toBe('code2')
  })

  it('builds everything for a re-seeded database (another database id)', async () => {
    const r = rig({ record: { ...fresh, db: 'old-db', changeId: 50 } })
    r.mark('home')
    const d = await r.builder.start()
    await settle()
    await r.builder.stop()
    expect(d.build).toBe(true)
    expect(r.built.map((p) => p.kind)).toEqual(['full'])
    expect(r.record?.db).toBe('db1')
    expect(r.record?.changeId).toBe(1)
  })

  it('follows marks made while it was down with a partial build, not a full one', async () => {
    const r = rig({ record: fresh })
    r.mark('product:4', 'list:product')
    const d = await r.builder.start()
    await settle()
    r.advance(3000)
    await r.builder.tick()
    await r.builder.stop()
    expect(d.build).toBe(false)
    expect(r.built.map((p) => [p.kind, planPaths(p)])).toEqual([
      ['partial', ['/productdetail/4/', '/product/']],
    ])
  })

  it('keeps the code hash of the last full build through partial builds', async () => {
    const r = rig({ record: fresh, codeHash: 'edited' })
    r.mark('article:9')
    await r.builder.tick()
    r.advance(3000)
    await r.builder.tick()
    expect(r.built[0]?.kind).toBe('partial')
    expect(r.record?.codeHash).toBe('code1')
  })
})

/**
 * The lease of the site builder and the background jobs (server/lease.ts), on the run's database
 * (SQLite and PostgreSQL): one holder at a time, renewals keep it, a lapsed lease is taken over,
 * and lead() starts and stops what the holder runs. tests/api/cluster.test.ts shows the same with
 * two real server processes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openRunDb } from '../tests/api/run-db.ts'
import type { Db } from './db/index.ts'
import { lead, leaseOf, releaseLease, takeLease } from './lease.ts'

let db: Db
beforeAll(async () => {
  db = await openRunDb()
})
afterAll(() => db.destroy())

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** A lease name of this test alone: other files share the database. */
const fresh = (what: string) => `test-${what}-${process.pid}-${Date.now()}`

describe('takeLease', () => {
  it('gives a lease to one holder at a time, keeps it on renewal, and hands it over once it lapses', async () => {
    const name = fresh('take')
    expect(await takeLease(db, name, 'a', 400)).toBe(true)
    const first = await leaseOf(db, name)
    expect(first?.holder).toBe('a')
    expect(await takeLease(db, name, 'b', 400)).toBe(false)
    await sleep(150)
    // A renewal: still a's, lasting longer, taken at the same moment as before.
    expect(await takeLease(db, name, 'a', 400)).toBe(true)
    const renewed = await leaseOf(db, name)
    expect(renewed?.since_ms).toBe(first?.since_ms)
    expect(Number(renewed?.expires_ms)).toBeGreaterThan(Number(first?.expires_ms))
    expect(await takeLease(db, name, 'b', 400)).toBe(false)
    // a stops renewing (it died): once the lease lapsed, b takes it, and a cannot take it back.
    await sleep(500)
    expect(await takeLease(db, name, 'b', 400)).toBe(true)
    expect(await takeLease(db, name, 'a', 400)).toBe(false)
    const taken = await leaseOf(db, name)
    expect(taken?.holder).toBe('b')
    expect(Number(taken?.since_ms)).toBeGreaterThan(Number(first?.since_ms))
  })

  it('lets exactly one of many holders asking at once take a free lease', async () => {
    const name = fresh('race')
    const got = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((who) => takeLease(db, name, who, 10_000)))
    expect(got.filter(Boolean)).toHaveLength(1)
  })

  it('is free at once after its holder releases it; a release by another holder changes nothing', async () => {
    const name = fresh('release')
    expect(await takeLease(db, name, 'a', 10_000)).toBe(true)
    await releaseLease(db, name, 'b')
    expect(await takeLease(db, name, 'b', 10_000)).toBe(false)
    await releaseLease(db, name, 'a')
    expect(await takeLease(db, name, 'b', 10_000)).toBe(true)
  })
})

describe('lead', () => {
  it('runs the reign only while holding the lease, and hands it over on stop', async () => {
    const name = fresh('lead')
    const log: string[] = []
    const reigns: string[] = []
    const reign = (who: string) => async () => {
      reigns.push(`${who} start`)
      return async () => {
        reigns.push(`${who} stop`)
      }
    }
    const a = lead({ db, name, holder: 'a', ttlMs: 600, reign: reign('a'), log: (l) => log.push(l) })
    await sleep(100)
    const b = lead({ db, name, holder: 'b', ttlMs: 600, reign: reign('b'), log: (l) => log.push(l) })
    await sleep(500)
    // a renewed meanwhile (every 200 ms): b waits.
    expect([a.leading(), b.leading()]).toEqual([true, false])
    expect(reigns).toEqual(['a start'])
    await a.stop()
    // Released: b takes it at its next ask, without waiting for a lapse.
    await sleep(300)
    expect([a.leading(), b.leading()]).toEqual([false, true])
    expect(reigns).toEqual(['a start', 'a stop', 'b start'])
    expect((await leaseOf(db, name))?.holder).toBe('b')
    await b.stop()
    expect(await leaseOf(db, name)).toBeUndefined()
  })

  it('stops reigning when another process took the lease over (this one was paused past it)', async () => {
    const name = fresh('lost')
    const reigns: string[] = []
    const a = lead({
      db,
      name,
      holder: 'a',
      ttlMs: 300,
      reign: async () => {
        reigns.push('start')
        return async () => {
          reigns.push('stop')
        }
      },
      log: () => {},
    })
    await sleep(50)
    expect(a.leading()).toBe(true)
    // As if a lapsed and b took over: the row now names b, and b keeps renewing it.
    await db
      .updateTable('leases')
      .set({ holder: 'b', expires_ms: Date.now() + 60_000 })
      .where('name', '=', name)
      .execute()
    await sleep(250)
    expect(a.leading()).toBe(false)
    expect(reigns).toEqual(['start', 'stop'])
    await a.stop()
    // a's stop gives up only its own lease.
    expect((await leaseOf(db, name))?.holder).toBe('b')
  })
})

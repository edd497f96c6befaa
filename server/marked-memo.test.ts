/**
 * A memo kept until a change mark (server/marked-memo.ts), on the run's database (SQLite and
 * PostgreSQL): read once, kept while no mark comes, read again at once after a mark made here and
 * within its poll after one made elsewhere (another process, or a row written by hand).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openRunDb } from '../tests/api/run-db.ts'
import { markChanged } from './changes.ts'
import type { Db } from './db/index.ts'
import { markedMemo } from './marked-memo.ts'

let db: Db
beforeAll(async () => {
  db = await openRunDb()
})
afterAll(() => db.destroy())

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const at = '2026-11-26 12:00:00'

describe('markedMemo', () => {
  it('keeps its value until a mark made in this process, then reads again on the next use', async () => {
    let reads = 0
    // A poll longer than the test: only this process's own mark can make it read again.
    const memo = markedMemo(async () => ++reads, 60_000)
    expect(await memo(db)).toBe(1)
    expect(await Promise.all([memo(db), memo(db)])).toEqual([1, 1])
    await markChanged(db, ['offers'], at)
    expect(await memo(db)).toBe(2)
    expect(await memo(db)).toBe(2)
  })

  it('sees a mark made elsewhere once its poll has passed', async () => {
    let reads = 0
    const memo = markedMemo(async () => ++reads, 100)
    expect(await memo(db)).toBe(1)
    // Another process's mark: a row in site_changes, not made through this process's markChanged.
    await db.insertInto('site_changes').values({ tag: 'offers', create_time: at }).execute()
    await sleep(150)
    expect(await memo(db)).toBeGreaterThanOrEqual(2)
  })

  it('keeps no failed read: the next use reads again', async () => {
    let reads = 0
    const memo = markedMemo(async () => {
      reads++
      if (reads === 1) throw new Error('database away')
      return reads
    }, 60_000)
    await expect(memo(db)).rejects.toThrow('database away')
    expect(await memo(db)).toBe(2)
    expect(await memo(db)).toBe(2)
  })
})

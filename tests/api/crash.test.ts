/**
 * Crash safety (issue 13): the real server process is killed with SIGKILL in the middle of an
 * order-and-payment storm, started again on the same database, and the books are checked —
 * every order the server acknowledged exists, none is half-written, every acknowledged payment
 * and cancel holds, stock + sold = initial stock per SKU and every balance equals its wallet
 * records (tests/load/storm.ts). On SQLite (the file, its WAL recovered by the restart) and on
 * PostgreSQL.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, expect, inject, it } from 'vitest'
import { defaultConfig } from '../../server/config.ts'
import { type Db, isPg, openDb } from '../../server/db/index.ts'
import { migrate } from '../../server/db/migrations.ts'
import { seed } from '../../server/seed/index.ts'
import { makeSign } from '../../src/lib/sign.ts'
import { freePort, serverProcess } from '../load/server-process.ts'
import { noAcks, prepareStorm, reconcile, storm } from '../load/storm.ts'

const dir = mkdtempSync(join(tmpdir(), 'portal-crash-'))
const schema = `crash_${process.pid}_${Date.now()}`
const url = inject('dbUrl')
const config = defaultConfig()
const sign = () => makeSign({ key: config.signKey, iv: config.signIv })
let db: Db | undefined
let server: ChildProcess | undefined

afterAll(async () => {
  server?.kill('SIGKILL')
  if (db && isPg(db)) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db)
  await db?.destroy()
  rmSync(dir, { recursive: true, force: true })
})

/** `npm start` without the site build, on this test's database; resolves once it answers. */
const start = (port: number) => serverProcess({ port, dir, pg: url ? { url, schema } : undefined })

it('SIGKILL in the middle of an order-and-payment storm loses no acknowledged order and leaves the books balanced', async () => {
  db = url ? await openDb({ url, schema }) : await openDb({ file: join(dir, 'portal.db') })
  await migrate(db)
  await seed(db, { uploadDir: join(dir, 'uploads') })
  const s = await prepareStorm(db, { buyers: 20, skus: 4, stock: 100_000 })
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`

  server = await start(port)
  const acks = noAcks()
  const stop = new AbortController()
  const running = storm(base, sign, s, { seconds: 30, concurrency: 16, stop: stop.signal, acks })
  // Kill it once the storm is well under way: orders and payments in flight.
  const until = Date.now() + 15_000
  while (acks.paid.size < 40 && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
  server.kill('SIGKILL')
  await new Promise((r) => setTimeout(r, 300))
  stop.abort()
  await running

  server = await start(port)
  const problems = await reconcile(db, s, acks)
  const unreachable = [...acks.other]
    .filter(([why]) => why.startsWith('unreachable'))
    .reduce((n, [, c]) => n + c, 0)
  console.log(
    `${isPg(db) ? 'PostgreSQL' : 'SQLite'} crash: ${acks.orders.size} orders and ${acks.paid.size} payments acknowledged ` +
      `before SIGKILL, ${unreachable} calls cut off; after restart all found: ${problems.length === 0}`,
  )
  expect(acks.paid.size).toBeGreaterThanOrEqual(40)
  expect(unreachable).toBeGreaterThan(0)
  expect(problems).toEqual([])
  // The restarted server takes orders again.
  const again = await storm(base, sign, s, { seconds: 1, concurrency: 4 })
  expect(again.orders.size).toBeGreaterThan(0)
  expect(await reconcile(db, s, { ...again, orders: new Set([...acks.orders, ...again.orders]) })).toEqual([])
}, 120_000)

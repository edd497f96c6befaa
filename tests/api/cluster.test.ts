/**
 * Several API processes on one PostgreSQL database behave as one portal (issue 23): two real
 * server processes (`npm start`, each its own port, as on two machines) share a schema and a
 * DIST_DIR, and the test shows
 * - exactly one of them holds the lease and runs the site builder; a build runs only there;
 * - SIGKILL in the middle of its build: the other takes the lease over once it lapses, and builds;
 * - a background job (expiring an unpaid order) acts once, in the lease holder, and moves with it;
 * - a write through one process empties the other's read cache within a second.
 * The Astro build is replaced by a wait (tests/api/cluster-build.ts); everything else is the real
 * server. PostgreSQL only: WORKERS>1 is refused on SQLite (README "Scaling out").
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, expect, inject, it } from 'vitest'
import { defaultConfig } from '../../server/config.ts'
import { type Db, openDb } from '../../server/db/index.ts'
import { migrate } from '../../server/db/migrations.ts'
import { leaseOf, SITE_LEASE } from '../../server/lease.ts'
import { placeGoodsOrder } from '../../server/modules/orders/orders.writes.ts'
import { DEMO_ACCOUNTS, seed } from '../../server/seed/index.ts'
import { freePort, pgUrlIn } from '../load/server-process.ts'
import { buildFiles, readBuilds } from './cluster-build.ts'
import { product, stockOf } from './fixtures.ts'
import { type Harness, remote } from './harness.ts'
import { ADDRESS } from './orders.ts'
import { staffSignIn } from './staff.ts'

const url = inject('dbUrl')
const dir = mkdtempSync(join(tmpdir(), 'portal-cluster-'))
const distDir = join(dir, 'dist')
const schema = `cluster_${process.pid}_${Date.now()}`
/** Short, so a takeover is seconds away; renewed every third of it. */
const LEASE_SECONDS = 2
const EXPIRED = '个未支付订单已超时取消'
const RECEIVER = { ...ADDRESS, recAddress: '' }
let db: Db | undefined
const procs: Proc[] = []

afterAll(async () => {
  for (const p of procs) p.child.kill('SIGKILL')
  if (db) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db)
  await db?.destroy()
  rmSync(dir, { recursive: true, force: true })
})

interface Proc {
  child: ChildProcess
  pid: number
  base: string
  /** What it printed, stdout and stderr. */
  out: string[]
  h: Harness
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Asks until `ok`, at most `ms`; the last answer either way. */
async function until<T>(
  ask: () => Promise<T> | T,
  ok: (v: T) => boolean,
  ms: number,
  every = 25,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await ask()
    if (ok(v) || Date.now() > end) return v
    await sleep(every)
  }
}

/** `npm start` (with the stand-in build) on this test's schema and DIST_DIR; resolves once it answers. */
async function start(db: Db): Promise<Proc> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--import', './tests/api/cluster-build-hook.ts', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: pgUrlIn(url, schema),
      PORT: String(port),
      HOST: '127.0.0.1',
      UPLOAD_DIR: join(dir, 'uploads'),
      DIST_DIR: distDir,
      LEASE_SECONDS: String(LEASE_SECONDS),
      READ_CACHE: '30',
      WORKERS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const out: string[] = []
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (b: Buffer) => out.push(...b.toString('utf8').split('\n').filter(Boolean)))
  const p: Proc = { child, pid: child.pid as number, base, out, h: remote(db, base) }
  procs.push(p)
  const up = await until(
    () =>
      p.h
        .get('/api/Classify/GetClassifyQuerys')
        .then((r) => r.http === 200)
        .catch(() => false),
    Boolean,
    40_000,
    100,
  )
  if (!up) throw new Error(`server did not start:\n${out.join('\n')}`)
  return p
}

const holderPid = async (db: Db) => Number((await leaseOf(db, SITE_LEASE))?.holder.split('#')[1] ?? 0)
const statusOf = async (db: Db, id: number) =>
  (await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
/** The buyer's notices that order `id` expired. */
const expiredNotices = async (db: Db, id: number) => {
  const order = await db
    .selectFrom('orders')
    .select(['code', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const rows = await db
    .selectFrom('notifications')
    .select('content')
    .where('user_id', '=', order.user_id)
    .where('title', '=', '订单已取消')
    .execute()
  return rows.filter((n) => n.content.includes(order.code))
}
/** Order `id` expires (status 100, within 10 s): the SKU's stock back at its 10, the buyer told once. */
async function expectExpiredOnce(db: Db, id: number, skuId: number) {
  expect(
    await until(
      () => statusOf(db, id),
      (s) => s === 100,
      10_000,
    ),
  ).toBe(100)
  expect(await stockOf(db, skuId)).toBe(10)
  expect(await expiredNotices(db, id)).toHaveLength(1)
}
const expiryLines = (p: Proc) => p.out.filter((l) => l.includes(EXPIRED))

/** A public read straight from the server: its title and whether the read cache answered. */
async function productRead(p: Proc, id: number) {
  const res = await fetch(`${p.base}/api/ProductSpu/GetProductSpu?id=${id}`, {
    headers: { sign: p.h.sign() },
  })
  const json = (await res.json()) as { data: { title: string } }
  return { title: json.data.title, hit: res.headers.get('X-Read-Cache') === 'hit' }
}

it.skipIf(!url)(
  'two API processes on one PostgreSQL database: one builder, taken over after a SIGKILL; a job acts once; caches follow writes within a second',
  async () => {
    db = await openDb({ url, schema })
    await migrate(db)
    await seed(db, { uploadDir: join(dir, 'uploads'), products: 4, articles: 3 })
    mkdirSync(distDir, { recursive: true })
    // The first build lasts until its process is killed.
    writeFileSync(buildFiles(distDir).ms, '60000')
    const buyer = await db
      .selectFrom('users')
      .select('id')
      .where('tel', '=', DEMO_ACCOUNTS[0]?.tel ?? '')
      .executeTakeFirstOrThrow()
    const goods = await product(db, [{ priceFen: 1000, stock: 10 }])
    const skuId = goods.skuIds[0] as number
    const twoHoursAgo = () => new Date(Date.now() - 2 * 3600_000)
    // Unpaid past its 30 minutes before either process starts: the first job run finds it.
    const holds = defaultConfig().holds
    const first = await placeGoodsOrder(
      db,
      buyer.id,
      RECEIVER,
      [{ skuId, quantity: 1 }],
      twoHoursAgo(),
      holds,
    )
    expect(await stockOf(db, skuId)).toBe(9)

    const [a, b] = await Promise.all([start(db), start(db)])
    if (!a || !b) throw new Error('two processes expected')

    // --- one lease holder, the only one building -------------------------------------------------
    const leaderPid = await until(
      () => holderPid(db as Db),
      (pid) => pid === a.pid || pid === b.pid,
      10_000,
    )
    const [leader, follower] = leaderPid === a.pid ? [a, b] : [b, a]
    expect([a.pid, b.pid]).toContain(leaderPid)
    const building = await until(
      () => readBuilds(distDir),
      (lines) => lines.some((l) => l.event === 'start'),
      10_000,
    )
    expect(building.map((l) => [l.pid, l.event])).toEqual([[leader.pid, 'start']])
    expect(leader.out).toContain(
      `[lease] 本进程 (${(await leaseOf(db, SITE_LEASE))?.holder}) 负责站点生成与后台任务`,
    )

    // --- the expiry job acts once, in the holder ---------------------------------------------
    await expectExpiredOnce(db as Db, first, skuId)
    // One run, in the holder (the seed's own overdue orders went in it too); none in the other.
    // (its log line may trail the commit a little through the pipe).
    await until(
      () => expiryLines(leader),
      (l) => l.length > 0,
      5000,
    )
    expect([expiryLines(leader).length, expiryLines(follower)]).toEqual([1, []])

    // --- a write through the holder empties the other's read cache within a second -------------
    const marketing = await staffSignIn(leader.h, 'marketing')
    const cached = await until(
      () => productRead(follower, goods.spuId),
      (r) => r.hit,
      5000,
    )
    expect(cached.hit).toBe(true)
    const title = `集群改名${Date.now() % 100_000}`
    const edited = await leader.h.send(
      'PATCH',
      `/api/admin/products/${goods.spuId}`,
      { title },
      marketing.auth,
    )
    expect(edited.http).toBe(200)
    const written = Date.now()
    const seen = await until(
      () => productRead(follower, goods.spuId),
      (r) => r.title === title,
      3000,
    )
    const within = Date.now() - written
    expect(seen.title).toBe(title)
    expect(within).toBeLessThan(1000)

    // --- SIGKILL the holder in the middle of its build: the other takes over once the lease lapses
    const second = await placeGoodsOrder(
      db,
      buyer.id,
      RECEIVER,
      [{ skuId, quantity: 1 }],
      twoHoursAgo(),
      holds,
    )
    await sleep(300)
    // The holder's job runs once a minute: the new order waits for it.
    expect(await statusOf(db, second)).toBe(10)
    writeFileSync(buildFiles(distDir).ms, '300')
    expect(readBuilds(distDir).filter((l) => l.event === 'end')).toEqual([])
    leader.child.kill('SIGKILL')
    const killedAt = Date.now()
    await new Promise((r) => leader.child.once('exit', r))
    // The dead holder's lease as it left it: when it lapses, on the database's clock.
    const lapses = Number((await leaseOf(db, SITE_LEASE))?.expires_ms)
    const taken = await until(
      () => holderPid(db as Db),
      (pid) => pid === follower.pid,
      10_000,
    )
    const takeover = Date.now() - killedAt
    expect(taken).toBe(follower.pid)
    // Not before the lease lapsed, and soon after (the other asks every third of it).
    expect(Number((await leaseOf(db, SITE_LEASE))?.since_ms)).toBeGreaterThanOrEqual(lapses)
    expect(takeover).toBeLessThan(LEASE_SECONDS * 1000 * 2 + 2000)

    // The job moved with the lease: the new holder expires the order at once, once.
    await expectExpiredOnce(db as Db, second, skuId)
    await until(
      () => expiryLines(follower),
      (l) => l.length > 0,
      5000,
    )
    expect(expiryLines(follower)).toEqual([`[orders] 1 ${EXPIRED}`])

    // The builder moved too: the killed build never finished, the new holder's did, and no two
    // builds ever ran at once.
    const builds = await until(
      () => readBuilds(distDir),
      (lines) => lines.some((l) => l.pid === follower.pid && l.event === 'end'),
      15_000,
    )
    expect(builds.filter((l) => l.pid === leader.pid).map((l) => l.event)).toEqual(['start'])
    const followerStarts = builds.filter((l) => l.pid === follower.pid && l.event === 'start')
    expect(followerStarts.length).toBeGreaterThanOrEqual(1)
    expect(Math.min(...followerStarts.map((l) => l.at))).toBeGreaterThan(killedAt)
    // The killed build ended with its process.
    const timeline = [...builds, { pid: leader.pid, event: 'end' as const, at: killedAt }].sort(
      (x, y) => x.at - y.at || (x.event === 'end' ? -1 : 1),
    )
    let running = 0
    for (const l of timeline) {
      running += l.event === 'start' ? 1 : -1
      expect(running).toBeLessThanOrEqual(1)
    }

    // A clean stop gives the lease up at once, for the next process to take without waiting.
    follower.child.kill('SIGTERM')
    await new Promise((r) => follower.child.once('exit', r))
    expect(await leaseOf(db, SITE_LEASE)).toBeUndefined()
    console.log(
      `cluster: read cache of the other process followed a write in ${within} ms; ` +
        `lease taken over ${takeover} ms after SIGKILL (LEASE_SECONDS=${LEASE_SECONDS})`,
    )
  },
  120_000,
)

// npm run soak: the real server (`npm start` with its site build, on a fresh SQLite database in a
// temporary folder, or PostgreSQL with DATABASE_URL) under mixed load for SOAK_SECONDS (600):
// visitors browsing pages and public reads, users signing in with their password, buyers
// ordering, paying and cancelling (tests/load/storm.ts). Prints requests, errors (5xx, network
// failures), p50/p99 latency per kind and the server's memory at start and end; then checks the
// books. Exits 1 on any error or anything that does not reconcile.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { defaultConfig } from '../server/config.ts'
import { isPg, openDb } from '../server/db/index.ts'
import { migrate } from '../server/db/migrations.ts'
import { DEMO_ACCOUNTS, seed } from '../server/seed/index.ts'
import { makeSign } from '../src/lib/sign.ts'
import { noAcks, prepareStorm, reconcile, storm } from '../tests/load/storm.ts'

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600)
const PORT = Number(process.env.SOAK_PORT ?? 4590)
const dir = mkdtempSync(join(tmpdir(), 'portal-soak-'))
const url = process.env.DATABASE_URL
const schema = `soak_${process.pid}`
const config = defaultConfig()
const sign = () => makeSign({ key: config.signKey, iv: config.signIv })
const base = `http://127.0.0.1:${PORT}`

const db = url ? await openDb({ url, schema }) : await openDb({ file: join(dir, 'portal.db') })
await migrate(db)
await seed(db, { uploadDir: join(dir, 'uploads') })
const s = await prepareStorm(db, { buyers: 30, skus: 5, stock: 1_000_000 })

const server: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
  env: {
    ...process.env,
    ...(url
      ? {
          DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
        }
      : { DATABASE_URL: '', SQLITE_FILE: join(dir, 'portal.db') }),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    UPLOAD_DIR: join(dir, 'uploads'),
    // Its seeded files are on this disk: never a bucket the shell's STORAGE=s3 may name.
    STORAGE: 'local',
    DIST_DIR: join(dir, 'dist'),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const rssMb = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))
  return m ? Number(m[1]) / 1024 : Number.NaN
}
// Ready when the site is built (the home page answers 200).
for (let ok = false, until = Date.now() + 300_000; !ok; ) {
  if (Date.now() > until) throw new Error('the server did not come up')
  ok = await fetch(`${base}/`).then(
    (r) => r.ok,
    () => false,
  )
  if (!ok) await new Promise((r) => setTimeout(r, 500))
}
const rssStart = rssMb()

const times = new Map<string, number[]>()
const errors = new Map<string, number>()
let requests = 0
async function timed(kind: string, path: string, init?: RequestInit) {
  const t = performance.now()
  requests++
  try {
    const res = await fetch(base + path, { ...init, signal: AbortSignal.timeout(15_000) })
    await res.arrayBuffer()
    if (res.status >= 500) errors.set(`${kind} ${res.status}`, (errors.get(`${kind} ${res.status}`) ?? 0) + 1)
  } catch (e) {
    errors.set(`${kind} ${(e as Error).name}`, (errors.get(`${kind} ${(e as Error).name}`) ?? 0) + 1)
  }
  const list = times.get(kind) ?? []
  list.push(performance.now() - t)
  times.set(kind, list)
}

const end = Date.now() + SECONDS * 1000
const articleIds = (
  await db.selectFrom('articles').select('id').where('status', '=', 30).limit(50).execute()
).map((r) => r.id)
const productIds = (await db.selectFrom('product_spus').select('id').limit(50).execute()).map((r) => r.id)
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)] as T
const pages = () =>
  pick([
    '/',
    '/course/',
    '/product/',
    '/task/',
    `/detail/${pick(articleIds)}/`,
    `/productdetail/${pick(productIds)}/`,
  ])
const reads = () =>
  pick([
    '/api/Classify/GetClassifyQuerys',
    '/api/Article/GetArticlePage?status=30&pageIndex=1&pageSize=20',
    '/api/ProductSpu/GetProductSpuPage?pageIndex=0&pageSize=20&pageOrder=price&pageSort=asc',
    `/api/Article/GetArticle?id=${pick(articleIds)}`,
  ])
const loop = async (work: () => Promise<void>) => {
  while (Date.now() < end) await work()
}
const acks = noAcks()
// The server's memory each minute: a plateau is a heap that settled, a steady climb a leak.
const rssEachMinute: number[] = []
const sampler = setInterval(() => rssEachMinute.push(rssMb()), 60_000)
await Promise.all([
  ...Array.from({ length: 8 }, () =>
    loop(() => timed('page', pages(), { headers: { 'accept-encoding': 'br, gzip' } })),
  ),
  ...Array.from({ length: 8 }, () => loop(() => timed('read', reads(), { headers: { sign: sign() } }))),
  ...Array.from({ length: 2 }, () =>
    loop(async () => {
      const a = pick([...DEMO_ACCOUNTS])
      await timed('login', '/api/Users/PostUsersPsw', {
        method: 'POST',
        headers: { sign: sign(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ tel: a.tel, password: a.password }),
      })
    }),
  ),
  storm(base, sign, s, { seconds: SECONDS, concurrency: 8, acks }),
])
clearInterval(sampler)
const rssEnd = rssMb()
server.kill('SIGTERM')

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0
const problems = await reconcile(db, s, acks)
const orderCalls = acks.orders.size + acks.paid.size + acks.cancelled.size + acks.soldOut
const stormErrors = [...acks.other].filter(([why]) => why.startsWith('unreachable'))
console.log(`soak ${SECONDS}s on ${isPg(db) ? 'PostgreSQL' : 'SQLite'}: ${requests + orderCalls} requests`)
for (const [kind, xs] of times)
  console.log(
    `  ${kind.padEnd(6)} ${String(xs.length).padStart(7)}  p50 ${pct(xs, 0.5).toFixed(1)} ms  p99 ${pct(xs, 0.99).toFixed(1)} ms`,
  )
console.log(`  orders ${acks.orders.size}, paid ${acks.paid.size}, cancelled ${acks.cancelled.size}`)
console.log(
  `  errors: ${errors.size || stormErrors.length ? JSON.stringify([...errors, ...stormErrors]) : 0}`,
)
console.log(`  server memory (RSS): ${rssStart.toFixed(0)} MB at start, ${rssEnd.toFixed(0)} MB at the end`)
console.log(`  each minute: ${rssEachMinute.map((m) => m.toFixed(0)).join(', ')} MB`)
console.log(problems.length ? `NOT RECONCILED:\n  ${problems.join('\n  ')}` : '  books reconciled')
if (isPg(db)) await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db)
await db.destroy()
rmSync(dir, { recursive: true, force: true })
process.exit(problems.length || errors.size || stormErrors.length ? 1 : 0)

// npm run bench: request rate of Article/GetArticlePage on a 10,000-product, 10,000-article
// SQLite seed, measured with wrk (Debian package) on loopback. Bounded: 3 runs of 15 s.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDb } from '../server/db/index.ts'
import { migrate } from '../server/db/migrations.ts'
import { seed } from '../server/seed/index.ts'
import { DEV_SIGN_IV, DEV_SIGN_KEY, makeSign } from '../src/lib/sign.ts'

const port = 4398
const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'))
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  SQLITE_FILE: join(dir, 'b.db'),
  UPLOAD_DIR: join(dir, 'up'),
}

if (spawnSync('wrk', ['--version']).error) {
  console.error('wrk 未安装：apt-get install -y wrk')
  process.exit(1)
}
const db = await openDb({ file: env.SQLITE_FILE })
await migrate(db)
const t0 = performance.now()
const summary = await seed(db, { products: 10_000, articles: 10_000, uploadDir: env.UPLOAD_DIR })
console.log(
  `seeded ${summary.products} products, ${summary.courses + summary.posts + summary.tasks} articles in ${((performance.now() - t0) / 1000).toFixed(1)}s`,
)
await db.destroy()

const server = spawn(process.execPath, ['server/main.ts', '--no-build'], { env, stdio: 'ignore' })
const base = `http://127.0.0.1:${port}`
for (let i = 0; i < 100; i++) {
  if (
    await fetch(`${base}/api/Adinfo/GetAdinfoAll`).then(
      () => true,
      () => false,
    )
  )
    break
  await new Promise((r) => setTimeout(r, 100))
}
const sign = makeSign({ key: process.env.SIGN_KEY ?? DEV_SIGN_KEY, iv: process.env.SIGN_IV ?? DEV_SIGN_IV })
const cases = [
  'status=30&pageIndex=0&pageSize=20',
  'status=30&pageIndex=50&pageSize=20&pageOrder=price&pageSort=asc',
  'status=20&pageIndex=0&pageSize=20&isPrice=1&title=%E5%8F%A3',
]
try {
  // Warm up first (JIT, statement caches), so the figures are the steady state, not the start.
  for (const q of cases)
    spawnSync('wrk', [
      '-t2',
      '-c32',
      '-d3s',
      '-H',
      `sign: ${sign}`,
      `${base}/api/Article/GetArticlePage?${q}`,
    ])
  for (const q of cases) {
    const out = spawnSync(
      'wrk',
      ['-t2', '-c32', '-d15s', '--latency', '-H', `sign: ${sign}`, `${base}/api/Article/GetArticlePage?${q}`],
      {
        encoding: 'utf8',
      },
    )
    const rps = /Requests\/sec:\s+([\d.]+)/.exec(out.stdout)?.[1]
    const p99 = /99%\s+(\S+)/.exec(out.stdout)?.[1]
    const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out.stdout)?.[1] ?? '0'
    console.log(`GetArticlePage?${q}\n  ${rps} req/s, p99 ${p99}, non-2xx ${non2xx}`)
  }
} finally {
  server.kill()
  rmSync(dir, { recursive: true, force: true })
}

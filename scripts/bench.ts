// npm run bench: the public read calls against the bare framework, in one run (issue 12).
// Seeds 10,000 products + 10,000 articles into a temp SQLite database, starts three processes —
// a bare Hono app answering a 20-item JSON page, the API with its read cache, the API with
// READ_CACHE=0 — and measures each call with wrk (-t2 -c32) on loopback: req/s, p99 and the ratio
// to the bare answer. Bounded: 14 runs of warm-up + measure, and a hard stop at 20 minutes.
//
//   npm run bench                       the full run (about 3 minutes)
//   npm run bench -- --seconds 5        shorter runs
//   npm run bench -- --smoke            a small seed and 1 s runs: that everything answers (CI)
//   npm run bench -- --port 4485        ports from 4485 (three in a row)
//   npm run bench -- --only 第一页      only the calls whose name holds this (a before/after of one change)
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { openDb } from '../server/db/index.ts'
import { migrate } from '../server/db/migrations.ts'
import { seed } from '../server/seed/index.ts'
import { DEV_SIGN_IV, DEV_SIGN_KEY, makeSign } from '../src/lib/sign.ts'

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    products: { type: 'string' },
    articles: { type: 'string' },
    port: { type: 'string', default: '4398' },
    smoke: { type: 'boolean', default: false },
    only: { type: 'string' },
    // Internal: this file run as the bare framework app on that port.
    bare: { type: 'string' },
  },
})

/** The bare answer: what GetArticlePage's first page looks like, made once, serialised per request. */
function barePage() {
  const pageData = Array.from({ length: 20 }, (_, i) => ({
    id: 10_000 - i,
    status: 30,
    statusText: '课程',
    title: `附件设计与邻面去釉病例课（第${i + 1}期）`,
    subTitle: '刘老师 · 正畸培训',
    imgurl: `/uploads/seed/course-${i % 8}.png`,
    price: '199.00',
    ext: '是',
    extMore: 120 + i,
    tag: '进阶,实操',
    createTime: '20261122100000',
  }))
  return { status: 200, data: { pageData, pageSize: 20, pageIndex: 0, pageTotal: 3334 } }
}

interface Run {
  rps: number
  p99ms: number
  /** Answers that were not 2xx, and connections that failed (connect, read, write). */
  bad: number
  /** Requests wrk gave up on after 2 s: a machine under load, not a wrong answer. */
  timeouts: number
}

function wrk(url: string, seconds: string, headers: Record<string, string>): Run {
  const h = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`])
  const out = spawnSync('wrk', ['-t2', '-c32', `-d${seconds}s`, '--latency', ...h, url], {
    encoding: 'utf8',
    timeout: (Number(seconds) + 30) * 1000,
  }).stdout
  const p99 = /\n\s+99%\s+([\d.]+)(us|ms|s)\b/.exec(out ?? '')
  const unit = { us: 0.001, ms: 1, s: 1000 }[(p99?.[2] ?? 'ms') as 'us' | 'ms' | 's']
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out ?? '')
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out ?? '')?.[1] ?? 0),
    p99ms: Number(p99?.[1] ?? Number.NaN) * unit,
    bad:
      Number(/Non-2xx or 3xx responses: (\d+)/.exec(out ?? '')?.[1] ?? 0) +
      (errors ? errors.slice(1, 4).reduce((n, e) => n + Number(e), 0) : 0),
    timeouts: Number(errors?.[4] ?? 0),
  }
}

async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not answer`)
}

/** Whether nothing listens on the port: a server left there would be measured instead of ours. */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })

async function bench() {
  if (spawnSync('wrk', ['--version']).error) {
    console.error('wrk 未安装：apt-get install -y wrk')
    process.exit(1)
  }
  const smoke = args.smoke
  const seconds = smoke ? '1' : args.seconds
  const warmup = smoke ? '1' : args.warmup
  const products = Number(args.products ?? (smoke ? 300 : 10_000))
  const articles = Number(args.articles ?? (smoke ? 300 : 10_000))
  const port = Number(args.port)
  for (const p of [port, port + 1, port + 2]) {
    if (!(await portFree(p))) {
      console.error(`bench: 端口 ${p} 已被占用；用 --port 换一组（需要连续三个空闲端口）`)
      process.exit(1)
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'))
  const children: ChildProcess[] = []
  // The servers are gone before their directory: SQLite removes its -wal file as it closes,
  // which would race the removal and leave the directory behind.
  const cleanup = async () => {
    const exited = children.map((c) =>
      c.exitCode !== null || c.signalCode !== null ? undefined : new Promise((r) => c.once('exit', r)),
    )
    for (const c of children) c.kill()
    await Promise.race([Promise.all(exited), new Promise((r) => setTimeout(r, 5000))])
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
  }
  // Bounded whatever happens: a stuck server or wrk never keeps the run alive.
  const deadline = setTimeout(
    () => {
      console.error('bench: 超过 20 分钟，已停止')
      void cleanup().then(() => process.exit(2))
    },
    20 * 60 * 1000,
  )
  deadline.unref()
  process.once('SIGINT', () => {
    void cleanup().then(() => process.exit(130))
  })

  try {
    const dbFile = join(dir, 'b.db')
    const uploadDir = join(dir, 'up')
    const db = await openDb({ file: dbFile })
    await migrate(db)
    const t0 = performance.now()
    const summary = await seed(db, { products, articles, uploadDir })
    console.log(
      `seeded ${summary.products} products, ${summary.courses + summary.posts + summary.tasks} articles in ${((performance.now() - t0) / 1000).toFixed(1)}s`,
    )
    await db.destroy()

    const api = (p: number, readCache: string) => {
      const env = {
        ...process.env,
        PORT: String(p),
        HOST: '127.0.0.1',
        // The seeded SQLite file, even where DATABASE_URL names a PostgreSQL database.
        DATABASE_URL: '',
        SQLITE_FILE: dbFile,
        UPLOAD_DIR: uploadDir,
        // Its seeded files are on this disk: never a bucket the shell's STORAGE=s3 may name.
        STORAGE: 'local',
        DIST_DIR: join(dir, 'dist'),
        READ_CACHE: readCache,
      }
      // Its log is shown when a run fails (the temp dir goes at the end).
      const log = openSync(join(dir, `api-${p}.log`), 'w')
      children.push(
        spawn(process.execPath, ['server/main.ts', '--no-build'], { env, stdio: ['ignore', log, log] }),
      )
      return `http://127.0.0.1:${p}`
    }
    children.push(
      spawn(process.execPath, [fileURLToPath(import.meta.url), '--bare', String(port)], { stdio: 'ignore' }),
    )
    const bare = `http://127.0.0.1:${port}/bare`
    const cached = api(port + 1, '30')
    const uncached = api(port + 2, '0')
    await Promise.all([waitFor(bare), waitFor(`${cached}/api/doc`), waitFor(`${uncached}/api/doc`)])

    const secret = { key: process.env.SIGN_KEY ?? DEV_SIGN_KEY, iv: process.env.SIGN_IV ?? DEV_SIGN_IV }
    // A demo customer's session: a signed-in visitor's listing reads (server/read-cache.ts ANY_CALLER).
    const login = await fetch(`${cached}/api/Users/PostUsersPsw`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', sign: makeSign(secret) },
      body: JSON.stringify({ tel: '13800000001', password: 'demo1234' }),
    }).then((r) => r.json() as Promise<{ data: { owinToken: { access_token: string } } }>)
    const session = { Authorization: `Bearer ${login.data.owinToken.access_token}` }
    const cases: [string, string, Record<string, string>?][] = [
      ['Classify/GetClassifyQuerys', '/api/Classify/GetClassifyQuerys'],
      ['GetArticlePage 第一页', '/api/Article/GetArticlePage?status=30&pageIndex=0&pageSize=20'],
      [
        'GetArticlePage 第50页 按价格',
        '/api/Article/GetArticlePage?status=30&pageIndex=50&pageSize=20&pageOrder=price&pageSort=asc',
      ],
      [
        'GetArticlePage 收费任务 标题搜索',
        '/api/Article/GetArticlePage?status=20&pageIndex=0&pageSize=20&isPrice=1&title=%E5%8F%A3',
      ],
      // Three characters and more go to the trigram index; one or two (above) to the piece table.
      [
        'GetArticlePage 收费任务 三字搜索',
        `/api/Article/GetArticlePage?status=20&pageIndex=0&pageSize=20&isPrice=1&title=${encodeURIComponent('口腔诊')}`,
      ],
      ['GetProductSpuPage 第一页', '/api/ProductSpu/GetProductSpuPage?pageIndex=0&pageSize=20'],
      // A signed-in visitor's listing: the same answer as everyone's, so the cache serves it too.
      [
        'GetArticlePage 第一页 (已登录)',
        '/api/Article/GetArticlePage?status=30&pageIndex=0&pageSize=20',
        session,
      ],
      // What a browser sends: the answer goes out brotli-compressed.
      [
        'GetArticlePage 第一页 (br)',
        '/api/Article/GetArticlePage?status=30&pageIndex=0&pageSize=20',
        { 'Accept-Encoding': 'gzip, deflate, br' },
      ],
    ]

    const measure = (url: string, headers: Record<string, string> = {}) => {
      // Warm up first (JIT, statement caches, the cache's first miss): figures are the steady state.
      wrk(url, warmup, headers)
      return wrk(url, seconds, headers)
    }
    // A sign per run: one lives 5 minutes, a long run takes more. (wrk repeats it; the server
    // still decrypts it on every request: nothing remembers a sign.)
    const signed = (headers: Record<string, string>) => ({ sign: makeSign(secret), ...headers })
    const first = measure(bare)
    const rows: { name: string; cache: string; run: Run }[] = []
    for (const [name, path, headers = {}] of cases.filter(([name]) => name.includes(args.only ?? ''))) {
      // Cached and uncached one after the other, so the machine's load weighs on both alike.
      rows.push({ name, cache: 'on', run: measure(`${cached}${path}`, signed(headers)) })
      rows.push({ name, cache: 'off', run: measure(`${uncached}${path}`, signed(headers)) })
    }
    const last = measure(bare)
    const ref = (first.rps + last.rps) / 2

    const fmt = (r: Run) => `${r.rps.toFixed(0).padStart(7)} req/s  p99 ${r.p99ms.toFixed(1).padStart(6)} ms`
    console.log(`\nwrk -t2 -c32 -d${seconds}s (warm-up ${warmup}s), ${products}+${articles} items, SQLite`)
    console.log(
      `bare Hono, 20-item JSON page: ${fmt(first)} (start), ${fmt(last)} (end); reference ${ref.toFixed(0)}`,
    )
    console.log(
      `\n${'call'.padEnd(34)} cache ${'rate'.padStart(13)}  ${'p99'.padStart(13)}   of bare  failed  timeouts`,
    )
    for (const { name, cache, run } of rows) {
      const ratio = `${((100 * run.rps) / ref).toFixed(0)}%`.padStart(6)
      console.log(
        `${name.padEnd(34 - (name.match(/[\u3000-\u9fff\uff00-\uffef]/g)?.length ?? 0))} ${cache.padEnd(5)} ${fmt(run)}   ${ratio}  ${String(run.bad).padStart(6)}  ${String(run.timeouts).padStart(8)}`,
      )
    }
    const broken = [first, last, ...rows.map((r) => r.run)].some((r) => r.bad > 0 || r.rps === 0)
    if (broken) {
      console.error('\nbench: 有请求失败或未得到 2xx 回答')
      for (const p of [port + 1, port + 2]) {
        const lines = readFileSync(join(dir, `api-${p}.log`), 'utf8')
          .trim()
          .split('\n')
        console.error(`--- api-${p}.log (last 20 lines)\n${lines.slice(-20).join('\n')}`)
      }
      process.exitCode = 1
    }
  } finally {
    clearTimeout(deadline)
    await cleanup()
  }
}

if (args.bare) {
  const page = barePage()
  const app = new Hono()
  app.get('/bare', (c) => c.json(page))
  serve({ fetch: app.fetch, port: Number(args.bare), hostname: '127.0.0.1' })
} else {
  await bench()
}

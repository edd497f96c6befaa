// Edit-to-live on a running portal (npm start): publishes a task through the API, then times
// until its static page /detail/<id>/ and the task listing's first page show it, while readers
// crawl the site and count every answer that is not a 200.
//
//   npx node scripts/edit-to-live.ts --base http://127.0.0.1:4321 [--runs 3] [--readers 50]
//   npx node scripts/edit-to-live.ts --base … --runs 0 --crawl 300   (only the crawl, e.g. across a full build)
//
// The portal's site builder does the work (server/site-builder.ts); this only watches.
import { parseArgs } from 'node:util'
import { DEV_SIGN_IV, DEV_SIGN_KEY, makeSign } from '../src/lib/sign.ts'
import { type Dictionary, demoTask } from './demo-task.ts'

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:4321' },
    runs: { type: 'string', default: '3' },
    readers: { type: 'string', default: '50' },
    tel: { type: 'string', default: '13800000002' },
    password: { type: 'string', default: 'demo1234' },
    timeout: { type: 'string', default: '120' },
    /** With --runs 0: only crawl, this many seconds (say, across a full build's swap). */
    crawl: { type: 'string', default: '60' },
  },
})
const base = values.base.replace(/\/+$/, '')
const runs = Number(values.runs)
const readers = Number(values.readers)
const timeoutMs = Number(values.timeout) * 1000
const secret = { key: process.env.SIGN_KEY ?? DEV_SIGN_KEY, iv: process.env.SIGN_IV ?? DEV_SIGN_IV }

async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      sign: makeSign(secret),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as { status: number; data: T }
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.data)}`)
  return json.data
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// --- the crawl ------------------------------------------------------------------------------
// The sitemap index, then the pages of each of its parts.
const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname)
const parts = locs(await fetch(`${base}/sitemap.xml`).then((r) => r.text()))
const listed = (await Promise.all(parts.map((p) => fetch(`${base}${p}`).then((r) => r.text())))).flatMap(locs)
const fixed = ['/', '/course/', '/task/', '/product/', '/association/', '/sitemap.xml']
const items = listed.filter((p) => !fixed.includes(p))
// The fixed pages, and 60 item pages spread over the catalogue.
const urls = [
  ...fixed,
  ...items.filter((_, i) => i % Math.max(1, Math.floor(items.length / 60)) === 0).slice(0, 60),
]
const crawl = { ok: 0, bad: new Map<string, number>(), stop: false }
const reader = async () => {
  while (!crawl.stop) {
    const path = urls[Math.floor(Math.random() * urls.length)] as string
    try {
      const res = await fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'br, gzip' } })
      await res.arrayBuffer()
      if (res.status === 200) crawl.ok++
      else crawl.bad.set(`${res.status} ${path}`, (crawl.bad.get(`${res.status} ${path}`) ?? 0) + 1)
    } catch (e) {
      const k = `error ${path}: ${e instanceof Error ? e.message : e}`
      crawl.bad.set(k, (crawl.bad.get(k) ?? 0) + 1)
    }
  }
}
const crawlStarted = performance.now()
const crawling = Promise.all(Array.from({ length: readers }, reader))

// --- the edits ------------------------------------------------------------------------------
const login = await api<{ owinToken: { access_token: string } }>('POST', '/Users/PostUsersPsw', {
  tel: values.tel,
  password: values.password,
})
const token = login.owinToken.access_token
const dict = await api<Dictionary>('GET', '/Classify/GetClassifyQuerys')
// A cover a form field accepts: a seed image with a plain name (fields take only the caller's
// uploads or the site's files), a cover or else an author's avatar.
const cover =
  (
    await api<{ pageData: { imgurl: string; avatarUrl: string }[] }>(
      'GET',
      '/Article/GetArticlePage?status=20&pageIndex=0&pageSize=50',
    )
  ).pageData
    .flatMap((a) => [a.imgurl, a.avatarUrl])
    .find((u) => /^\/uploads\/seed\/[\w/.-]+$/.test(u)) ?? ''

const results: { id: number; page: number; listing: number }[] = []
for (let run = 1; run <= runs; run++) {
  const title = `实时${Date.now().toString(36).slice(-6)}${run}`
  const started = performance.now()
  await api(
    'POST',
    '/Article/PostArticleAppend',
    demoTask(title, cover, dict, `<p>${title}：需要一名助手。</p>`),
    token,
  )
  const own = await api<{ pageData: { id: number; title: string }[] }>(
    'GET',
    '/Article/GetArticlePage?status=20&isCreate=1&pageIndex=0&pageSize=5',
    undefined,
    token,
  )
  const id = own.pageData.find((a) => a.title === title)?.id
  if (!id) throw new Error(`published task not found: ${title}`)
  let page = 0
  let listing = 0
  while ((!page || !listing) && performance.now() - started < timeoutMs) {
    const at = (performance.now() - started) / 1000
    if (!page) {
      const res = await fetch(`${base}/detail/${id}/`)
      if (res.status === 200 && (await res.text()).includes(title)) {
        page = at
        // From now on the page must answer 200 to every reader.
        urls.push(`/detail/${id}/`)
      } else await res.arrayBuffer().catch(() => {})
    }
    if (!listing && (await fetch(`${base}/task/`).then((r) => r.text())).includes(title)) listing = at
    await sleep(250)
  }
  results.push({ id, page, listing })
  console.log(
    `run ${run}: task ${id} — /detail/${id}/ live after ${page ? `${page.toFixed(1)}s` : 'TIMEOUT'}, /task/ after ${listing ? `${listing.toFixed(1)}s` : 'TIMEOUT'}`,
  )
  if (run < runs) await sleep(3000)
}
if (runs === 0) await sleep(Number(values.crawl) * 1000)
crawl.stop = true
await crawling
const seconds = (performance.now() - crawlStarted) / 1000
const bad = [...crawl.bad.values()].reduce((a, b) => a + b, 0)
console.log(
  `crawl: ${readers} readers, ${crawl.ok + bad} requests in ${seconds.toFixed(0)}s (${((crawl.ok + bad) / seconds).toFixed(0)}/s) over ${urls.length} pages, errors ${bad}`,
)
for (const [k, n] of crawl.bad) console.log(`  ${n}× ${k}`)
const status = (await fetch(`${base}/hooks/status`).then((r) => r.json())) as {
  timings: Record<string, { last: number | null; median: number | null; count: number }>
}
console.log(`builds: ${JSON.stringify(status.timings)}`)
const worst = Math.max(
  0,
  ...results.map((r) => (r.page && r.listing ? Math.max(r.page, r.listing) : Infinity)),
)
process.exitCode = bad === 0 && worst <= 30 ? 0 : 1

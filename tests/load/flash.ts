/**
 * A flash sale (issue 23): many buyers at once on one SKU with little stock, while somebody else
 * reads a static page. Used by `npm run load:flash` (2,000 buyers, at most 200 at a time, stock
 * 100) and by tests/api/flash.test.ts (a smaller sale on both databases).
 *
 *   const s = await prepareStorm(db, { buyers: 2000, skus: 1, stock: 100 })
 *   const r = await flashSale(base, sign, s, { concurrency: 200, staticPath: '/' })
 *   const problems = [...flashProblems(r, s), ...(await reconcile(db, s, r.acks))]
 *
 * Each buyer orders one unit once and pays by balance when the order is taken; every other buyer
 * must be told the stock message. Nothing may answer 5xx or time out.
 */
import { Worker } from 'node:worker_threads'
import { apiClient } from './client.ts'
import { type Acks, ADDRESS, noAcks, type StormState } from './storm.ts'

export interface FlashResult {
  acks: Acks
  /** Milliseconds of each order call, in the order they finished. */
  orderMs: number[]
  /** Milliseconds of each static page read made meanwhile. */
  staticMs: number[]
  /** Answers with HTTP 5xx, and calls that timed out or could not connect. */
  serverErrors: number
  timeouts: number
  seconds: number
}

/** The p-th percentile (0–100) of `ms`, nearest rank: percentile([1, 2, 3, 4], 50) → 2 */
export function percentile(ms: readonly number[], p: number): number {
  if (!ms.length) return 0
  const sorted = [...ms].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number
}

const TIMEOUT_MS = 10_000

/**
 * Every buyer of `s` orders one unit of its first SKU, `concurrency` at a time; `readers` loops
 * read `staticPath` meanwhile. Resolves when every buyer has been answered.
 */
export async function flashSale(
  base: string,
  sign: () => string,
  s: StormState,
  opts: { concurrency: number; staticPath: string; readers?: number },
): Promise<FlashResult> {
  const sku = s.skus[0]
  if (!sku) throw new Error('flash sale needs one SKU')
  const r: FlashResult = {
    acks: noAcks(),
    orderMs: [],
    staticMs: [],
    serverErrors: 0,
    timeouts: 0,
    seconds: 0,
  }
  const other = (why: string) => r.acks.other.set(why, (r.acks.other.get(why) ?? 0) + 1)

  const api = apiClient(base, sign, { connections: opts.concurrency, timeoutMs: TIMEOUT_MS })
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const a = await api(method, path, token, body)
    if (a.failure === 'timeout') r.timeouts++
    else if (a.failure !== undefined || a.http >= 500) r.serverErrors++
    return a
  }

  // The page reads run on a thread of their own: timed on this thread, they would measure how
  // busy the 200 buyers' clients keep it, not how soon the server answers.
  const reading = readPages(base + opts.staticPath, opts.readers ?? 2, TIMEOUT_MS)
  const queue = [...s.buyers]
  const started = performance.now()
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      for (let buyer = queue.shift(); buyer; buyer = queue.shift()) {
        const t = performance.now()
        const o = await call('POST', '/api/Orders/PostOrdersAppend', buyer.token, {
          ...ADDRESS,
          list: [{ skuId: sku.id, spuId: sku.spuId, quantity: 1 }],
        })
        r.orderMs.push(performance.now() - t)
        if (o.status !== 200) {
          if (String(o.data).includes('库存不足')) r.acks.soldOut++
          else other(String(o.data))
          continue
        }
        const id = Number(o.data)
        r.acks.orders.add(id)
        const p = await call('GET', `/api/Orders/GetOrdersPay?id=${id}&way=balance`, buyer.token)
        if (p.status === 200) r.acks.paid.add(id)
        else other(String(p.data))
      }
    }),
  )
  r.seconds = (performance.now() - started) / 1000
  const read = await reading.stop()
  r.staticMs = read.ms
  r.serverErrors += read.errors
  r.timeouts += read.timeouts
  return r
}

/** The reader thread: `readers` loops reading `url` until told to stop, then its timings. */
const READER = `
const { parentPort, workerData: { url, readers, timeout } } = require('node:worker_threads')
let going = true
const out = { ms: [], errors: 0, timeouts: 0 }
parentPort.on('message', () => { going = false })
const loop = async () => {
  while (going) {
    const t = performance.now()
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeout) })
      await res.arrayBuffer()
      if (res.status >= 500) out.errors++
    } catch { out.timeouts++ }
    out.ms.push(performance.now() - t)
  }
}
Promise.all(Array.from({ length: readers }, loop)).then(() => parentPort.postMessage(out))
`

function readPages(url: string, readers: number, timeout: number) {
  const worker = new Worker(READER, { eval: true, workerData: { url, readers, timeout } })
  const done = new Promise<{ ms: number[]; errors: number; timeouts: number }>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  return {
    async stop() {
      worker.postMessage('stop')
      const out = await done
      await worker.terminate()
      return out
    },
  }
}

/** What the sale's answers got wrong (empty: none): units sold, refusals, errors, latency bounds. */
export function flashProblems(
  r: FlashResult,
  s: StormState,
  bounds: { orderP99Ms: number; staticP99Ms: number },
): string[] {
  const problems: string[] = []
  const buyers = s.buyers.length
  if (r.acks.orders.size !== s.stock) problems.push(`${r.acks.orders.size} units sold, not ${s.stock}`)
  if (r.acks.paid.size !== r.acks.orders.size)
    problems.push(`${r.acks.paid.size} of ${r.acks.orders.size} orders paid`)
  if (r.acks.soldOut !== buyers - s.stock)
    problems.push(`${r.acks.soldOut} buyers told 库存不足, not ${buyers - s.stock}`)
  if (r.acks.other.size) problems.push(`other answers: ${[...r.acks.other.keys()].join(' / ')}`)
  if (r.serverErrors) problems.push(`${r.serverErrors} answers 5xx or unreachable`)
  if (r.timeouts) problems.push(`${r.timeouts} calls timed out`)
  const orderP99 = percentile(r.orderMs, 99)
  if (orderP99 > bounds.orderP99Ms)
    problems.push(`order p99 ${orderP99.toFixed(0)} ms > ${bounds.orderP99Ms} ms`)
  const staticP99 = percentile(r.staticMs, 99)
  if (staticP99 > bounds.staticP99Ms)
    problems.push(`static page p99 ${staticP99.toFixed(1)} ms > ${bounds.staticP99Ms} ms`)
  return problems
}

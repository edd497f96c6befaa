/**
 * The API client of the load runs (storm.ts, flash.ts): node:http over kept-alive connections.
 * It shares the machine with the server it measures, so it must cost little: with fetch and a
 * fresh sign per call (AES in crypto-js) the client of `npm run load:orders` took 38% of a
 * 2-core machine, most of it in undici and crypto-js (issue 23).
 *
 *   const call = apiClient(base, sign, { connections: 32, timeoutMs: 10_000 })
 *   const r = await call('POST', '/api/Orders/PostOrdersAppend', token, body)
 *   // r: the API's { status, data }, or { status: 0, data: 'unreachable: …' } and r.failure
 */
import { Agent, request } from 'node:http'

export interface Answer {
  status: number
  data: unknown
  /** Set when no API answer came: the HTTP status of a non-JSON answer, 'timeout' or 'unreachable'. */
  failure?: number | 'timeout' | 'unreachable'
  /** The HTTP status (0 without one). */
  http: number
}

/** A sign lives minutes on the server (src/lib/sign.ts); a new one each second is as good as one per call. */
function everySecond(make: () => string): () => string {
  let sign = ''
  let made = 0
  return () => {
    const now = Date.now()
    if (now - made >= 1000) {
      sign = make()
      made = now
    }
    return sign
  }
}

export function apiClient(
  base: string,
  makeSign: () => string,
  opts: { connections: number; timeoutMs: number },
) {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections })
  const sign = everySecond(makeSign)
  return (method: string, path: string, token: string, body?: unknown) =>
    new Promise<Answer>((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const req = request(
        base + path,
        {
          method,
          agent,
          headers: {
            'Content-Type': 'application/json',
            sign: sign(),
            Authorization: `Bearer ${token}`,
            ...(payload === undefined ? {} : { 'Content-Length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('error', () =>
            resolve({ status: 0, data: 'unreachable: cut off', failure: 'unreachable', http: 0 }),
          )
          res.on('end', () => {
            const http = res.statusCode ?? 0
            try {
              resolve({ ...(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer), http })
            } catch {
              resolve({ status: 0, data: `HTTP ${http}`, failure: http, http })
            }
          })
        },
      )
      // A whole call, not only an idle socket: the answer must come within the limit.
      const timer = setTimeout(() => req.destroy(new TimeoutError()), opts.timeoutMs)
      req.on('close', () => clearTimeout(timer))
      req.on('error', (e) =>
        resolve(
          e instanceof TimeoutError
            ? { status: 0, data: 'unreachable: TimeoutError', failure: 'timeout', http: 0 }
            : { status: 0, data: `unreachable: ${e.name}`, failure: 'unreachable', http: 0 },
        ),
      )
      req.end(payload)
    })
}

class TimeoutError extends Error {
  override name = 'TimeoutError'
}

import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, inject } from 'vitest'
import { createApi } from '../../server/app.ts'
import { type Config, defaultConfig } from '../../server/config.ts'
import { answerSchemas, breach } from '../../server/contract/check.ts'
import type { Db } from '../../server/db/index.ts'
import type { SmsProvider } from '../../server/providers/sms.ts'
import { createPortal } from '../../server/server.ts'
import { makeSign } from '../../src/lib/sign.ts'
import { openRunDb } from './run-db.ts'

export interface Answer<T = unknown> {
  http: number
  status: number
  data: T
}

export interface Harness {
  db: Db
  base: string
  /** A signed request, as the browser client makes it. */
  get<T = unknown>(
    path: string,
    query?: Record<string, string | number>,
    headers?: Record<string, string>,
  ): Promise<Answer<T>>
  post<T = unknown>(path: string, body: unknown, headers?: Record<string, string>): Promise<Answer<T>>
  /** Any method (DELETE /api/admin/session, say); `body` undefined sends none. */
  send<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer<T>>
  sign(at?: number): string
  /** The server's clock (deps.now); signs are made on it too. */
  now(): Date
}

/** A clock a test file moves forward (advance) instead of rewriting stored times. */
export function testClock() {
  let shift = 0
  return {
    now: () => new Date(Date.now() + shift),
    advance(ms: number) {
      shift += ms
    },
  }
}
export type TestClock = ReturnType<typeof testClock>

/** A testClock standing at `iso` now, and running on from there. */
export function clockAt(iso: string) {
  const clock = testClock()
  clock.advance(new Date(iso).getTime() - Date.now())
  return clock
}

const contract = answerSchemas(createApi({} as never))

/**
 * Starts the real server on a free loopback port over this run's seeded database; `now` is its
 * clock (a testClock), the wall clock by default. `sms` makes its SMS provider when it starts (so
 * a local peer started before it can be named); the log provider by default. `config` sets more
 * of its configuration once its address is known (a live provider's notification URL is that
 * address: SITE_URL).
 */
export function startServer(
  opts: {
    now?: () => Date
    sms?: () => SmsProvider
    config?: (base: string) => Promise<Partial<Config>> | Partial<Config>
  } = {},
): Harness {
  const now = opts.now ?? (() => new Date())
  // Tests stand behind a pretend proxy, so each can claim its own client IP (SMS caps per IP).
  let config = defaultConfig({ uploadDir: inject('uploadDir'), trustProxy: true })
  const h = { base: '' } as Harness
  let close = () => {}
  beforeAll(async () => {
    h.db = await openRunDb()
    let portal: ReturnType<typeof createPortal> | undefined
    const server = serve({
      // The node request goes along (env): the client's address is read from it.
      fetch: (req, env) => (portal as ReturnType<typeof createPortal>).fetch(req, env),
      port: 0,
      hostname: '127.0.0.1',
    })
    await new Promise((r) => server.once('listening', r))
    h.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    if (opts.config) config = { ...config, ...(await opts.config(h.base)) }
    portal = createPortal({ db: h.db, config, now, sms: opts.sms?.() })
    close = () => server.close()
  })
  afterAll(async () => {
    close()
    await h.db.destroy()
  })
  h.now = now
  h.sign = (at = now().getTime()) => makeSign({ key: config.signKey, iv: config.signIv }, at)
  return withCalls(h)
}

/** Gives `h` its calls (get, post, send) to the server at h.base, signed with h.sign. */
function withCalls(h: Harness): Harness {
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${h.base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', sign: h.sign(), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    // A file or CSV answer (no JSON envelope) comes back as its text, its status the HTTP one.
    if (!res.headers.get('content-type')?.includes('json'))
      return { http: res.status, status: res.status, data: (await res.text()) as T }
    const json = (await res.json()) as { status: number; data: T }
    // Every answer the suite sees is held against the contract it declares.
    const broken = breach(contract, method, path.split('?')[0] ?? path, res.status, json)
    if (broken) throw new Error(`answer breaks the contract: ${broken}`)
    return { http: res.status, status: json.status, data: json.data }
  }
  h.get = (path, query = {}, headers) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()
    return call('GET', qs ? `${path}?${qs}` : path, undefined, headers)
  }
  h.post = (path, body, headers) => call('POST', path, body, headers)
  h.send = (method, path, body, headers) => call(method, path, body, headers)
  return h
}

/**
 * A harness for a server this test did not start in its own process (a child process on `base`),
 * over the database it uses, signing with the default (development) secret it runs with.
 */
export function remote(db: Db, base: string): Harness {
  const { signKey: key, signIv: iv } = defaultConfig()
  const h = { db, base, now: () => new Date() } as Harness
  h.sign = (at = Date.now()) => makeSign({ key, iv }, at)
  return withCalls(h)
}

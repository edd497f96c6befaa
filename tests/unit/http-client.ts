/**
 * What the HTTP client's tests share (http.test.ts, http-upload-progress.test.ts): a local server
 * that records every request and answers what the test says, the client made on it with a storage
 * in memory, its notes and 401 handler recorded, and a refused call's error.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest'
import { ApiRequestError, createHttp, type HttpOptions, type NotifyKind } from '../../src/lib/api/index.ts'
import { DEV_SIGN_IV, DEV_SIGN_KEY } from '../../src/lib/sign.ts'

export const secret = { key: DEV_SIGN_KEY, iv: DEV_SIGN_IV }

export interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

export interface Reply {
  code: number
  body: string
  type?: string
  statusText?: string
}

/**
 * A server on a free loopback port for the calling file: `reply` says what each request gets;
 * `seen` holds this test's requests (emptied before each).
 */
export function recordingServer(reply: (req: IncomingMessage) => Reply) {
  const at = { base: '', seen: [] as Seen[] }
  let server: Server
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        at.seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        })
        const r = reply(req)
        res.writeHead(r.code, r.statusText ?? '', {
          'Content-Type': r.type ?? 'application/json; charset=utf-8',
        })
        res.end(r.body)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    at.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  beforeEach(() => {
    at.seen = []
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return at
}

export function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries))
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    removeItem: (k: string) => {
      map.delete(k)
    },
  }
}

/** The client on `base`, signed in (tokens, users) with one other entry it must keep. */
export function clientOn(base: string, overrides: Partial<HttpOptions> = {}) {
  const storage = memoryStorage({ tokens: 'tok-123', users: '{"id":1}', other: 'kept' })
  const notes: [NotifyKind, string][] = []
  const onUnauthorized = vi.fn()
  const http = createHttp({
    baseURL: base,
    signSecret: secret,
    storage,
    notify: (kind, message) => notes.push([kind, message]),
    onUnauthorized,
    ...overrides,
  })
  return { http, storage, notes, onUnauthorized }
}

type Client = ReturnType<typeof clientOn>

/**
 * What a 401 leaves, on every call: the one message, the session's keys gone with the other entry
 * kept, and onUnauthorized called once.
 */
export function expectSignedOut({ notes, storage, onUnauthorized }: Client) {
  expect(notes).toEqual([['error', '登录信息已经过期']])
  expect(storage.map.has('tokens')).toBe(false)
  expect(storage.map.has('users')).toBe(false)
  expect(storage.map.get('other')).toBe('kept')
  expect(onUnauthorized).toHaveBeenCalledTimes(1)
}

/** A refusal that is not about the session: it is kept and no one is signed out. */
export function expectSessionKept({ storage, onUnauthorized }: Client) {
  expect(storage.map.get('tokens')).toBe('tok-123')
  expect(storage.map.get('users')).toBe('{"id":1}')
  expect(onUnauthorized).not.toHaveBeenCalled()
}

/** The error a call that must be refused rejects with. */
export async function refusal(p: Promise<unknown>): Promise<ApiRequestError> {
  const err = await p.then(
    () => {
      throw new Error('expected the call to be rejected')
    },
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ApiRequestError)
  return err as ApiRequestError
}

/** An address nothing listens on (a port opened and closed again): every call to it fails. */
export async function nobodyThere(): Promise<string> {
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const port = (closed.address() as AddressInfo).port
  await new Promise<void>((resolve) => closed.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

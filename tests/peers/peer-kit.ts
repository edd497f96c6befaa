/**
 * What the local payment peers (alipay-peer.ts, wechatpay-peer.ts) share: RSA keys made here,
 * an HTTP server on a free loopback port, the trades they keep, notifications posted to our
 * server (some in the background, awaited by `idle`) and the files the command line writes.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

/** Our answer to a notification the peer posted. */
export interface Delivered {
  http: number
  text: string
}

const pem = (k: KeyObject) =>
  String(k.export(k.type === 'private' ? { type: 'pkcs8', format: 'pem' } : { type: 'spki', format: 'pem' }))

/** A freshly generated RSA key pair, as the providers' key tools make them. */
export function rsaPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return { privateKey, publicKey, privatePem: pem(privateKey), publicPem: pem(publicKey) }
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Serves `handle` on 127.0.0.1 (`port`, or a free one); a throw answers 500 with its text. */
export async function serve(
  handle: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<unknown>,
  port = 0,
) {
  const server = createServer((req, res) => {
    handle(req, res, new URL(req.url ?? '/', 'http://peer')).catch((e: unknown) =>
      res.writeHead(500).end(String(e)),
    )
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

/** The trades a peer keeps, by our trade number; `trade` throws for one it does not know. */
export function tradeBook<T>() {
  const trades = new Map<string, T>()
  const trade = (outTradeNo: string) => {
    const t = trades.get(outTradeNo)
    if (!t) throw new Error(`the peer has no trade ${outTradeNo}`)
    return t
  }
  return { trades, trade }
}

/** Work sent off in the background (a refund's notification), awaited by `idle`. */
export function background() {
  const inFlight = new Set<Promise<unknown>>()
  return {
    add(p: Promise<unknown>) {
      const sent = p.finally(() => inFlight.delete(sent))
      inFlight.add(sent)
    },
    idle: () => Promise.all([...inFlight]),
  }
}

/** Posts a notification to our server as the provider does, and reads our answer. */
export async function post(
  url: string,
  n: { body: string; headers: Record<string, string> },
): Promise<Delivered> {
  const r = await fetch(url, { method: 'POST', headers: n.headers, body: n.body })
  return { http: r.status, text: await r.text() }
}

/** The command line's key files, written into `dir`. */
export function writeFiles(dir: string, files: Record<string, string>) {
  mkdirSync(dir, { recursive: true })
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
}

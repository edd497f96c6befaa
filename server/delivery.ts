/**
 * How bytes leave the server: the built site with its pre-compressed siblings chosen by
 * Accept-Encoding and revalidated by ETag, and API answers compressed on the fly above a size.
 */
import { createHash } from 'node:crypto'
import { readFileSync, type Stats, statSync } from 'node:fs'
import { open, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'
import { getMimeType } from 'hono/utils/mime'
import { isCompressible } from '../src/lib/build/compress.ts'
import { HEADERS_FILE } from '../src/lib/build/headers.ts'
import { metaPolicy, pagePolicyHeader } from '../src/lib/csp.ts'

type Encoding = 'br' | 'gzip'
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }
const ETAG_SUFFIX: Record<Encoding, string> = { br: '-br', gzip: '-gz' }

/**
 * The encoding to answer with among those `available`, the server's order first (br is smaller);
 * undefined means identity. An encoding counts only when named (or `*`) with a q above 0.
 * pickEncoding('gzip, deflate, br', ['br', 'gzip']) → 'br'; pickEncoding('br;q=0, gzip', ['br']) → undefined
 */
export function pickEncoding(
  header: string | undefined,
  available: readonly Encoding[],
): Encoding | undefined {
  if (!header || !available.length) return undefined
  const q = new Map<string, number>()
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim())
    const given = params.find((p) => p.startsWith('q='))
    const value = given === undefined ? 1 : Number(given.slice(2))
    if (name) q.set(name, Number.isFinite(value) ? value : 0)
  }
  return available.find((e) => (q.get(e) ?? q.get('*') ?? 0) > 0)
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 §13.1.2 says). */
const matches = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))

/** What is known of a file already read, keyed by path and checked against size and mtime. */
interface Facts {
  /** A strong validator: the file's bytes, so the same page rebuilt unchanged keeps its ETag. */
  hash: string
  /** An HTML page's Content-Security-Policy header, from its own <meta> (src/lib/csp.ts). */
  policy?: string
}
const known = new Map<string, { size: number; mtimeMs: number; facts: Facts }>()

/**
 * The facts of the file served, read from its bytes once per version of it: the page's policy
 * comes from the very page, so a rebuild (whole or partial, and its .br/.gz, which are used only
 * when at least as new as the page) can never pair a page with another version's policy.
 */
function factsOf(path: string, st: Stats): Facts | undefined {
  const seen = known.get(path)
  if (seen && seen.size === st.size && seen.mtimeMs === st.mtimeMs) return seen.facts
  let bytes: Buffer
  try {
    bytes = readFileSync(path)
  } catch {
    return undefined
  }
  const facts: Facts = { hash: createHash('sha256').update(bytes).digest('base64url').slice(0, 22) }
  if (path.endsWith('.html')) facts.policy = pagePolicyHeader(metaPolicy(bytes.toString('utf8')))
  if (known.size > 100_000) known.clear()
  known.set(path, { size: st.size, mtimeMs: st.mtimeMs, facts })
  return facts
}

/**
 * The site's stats and whole-file reads are synchronous: each asynchronous one is a trip to the
 * thread pool and a turn of the event loop, and a page took eight of them. On a loop kept busy by
 * API calls (a flash sale: npm run load:flash) every turn waits for the calls started in it, so a
 * page waited eight times; served from the page cache the synchronous calls take microseconds.
 */
const statOf = (path: string) => statSync(path, { throwIfNoEntry: false })

/** The file a URL path names under `root` (a directory's index.html); undefined for none or a trick. */
function resolveFile(root: string, urlPath: string) {
  let path: string
  try {
    path = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  // No way out of root, no dotfiles (the builder's record, say) but /.well-known/, and not the
  // static host's headers file (src/lib/build/headers.ts): configuration, not content.
  if (
    path.includes('\0') ||
    path.includes('\\') ||
    /(?:^|\/)\.(?!well-known(?:\/|$))/.test(path) ||
    path === `/${HEADERS_FILE}`
  )
    return undefined
  let file = join(root, path)
  let st = statOf(file)
  if (st?.isDirectory()) {
    file = join(file, 'index.html')
    st = statOf(file)
  }
  return st?.isFile() ? { file, st } : undefined
}

/** Files up to this size are read whole; larger ones are streamed. */
const READ_WHOLE = 512 * 1024

/**
 * What `path` holds as it is read, its length told by what was read (a rebuild may swap the file
 * between a stat and the read); undefined when it is gone.
 */
async function contents(
  path: string,
  head: boolean,
  expected: number,
): Promise<{ size: number; body: Uint8Array<ArrayBuffer> | ReadableStream | null } | undefined> {
  try {
    if (head) return { size: statSync(path).size, body: null }
    if (expected <= READ_WHOLE) {
      const bytes = readFileSync(path)
      return { size: bytes.length, body: bytes }
    }
    const fh = await open(path)
    try {
      const size = (await fh.stat()).size
      return { size, body: Readable.toWeb(fh.createReadStream()) as ReadableStream }
    } catch (e) {
      await fh.close()
      throw e
    }
  } catch {
    return undefined
  }
}

/**
 * Serves the built site under `root`: `x.br` or `x.gz` beside `x` by Accept-Encoding (only when
 * at least as new as `x`, so a page rewritten after its siblings is never answered stale), with
 * `Vary: Accept-Encoding`, the original's Content-Type, a strong ETag per encoding (304 on a
 * matching If-None-Match), an HTML page's own Content-Security-Policy and the Cache-Control that
 * `cacheControl(urlPath, file)` gives.
 * app.use('*', serveSite('dist', () => 'no-cache'))
 */
export function serveSite(
  root: string,
  cacheControl: (urlPath: string, file: string) => string,
): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const found = resolveFile(root, c.req.path)
    if (!found) return next()
    const { file, st } = found

    const sizes: Partial<Record<Encoding, number>> = {}
    if (isCompressible(file)) {
      for (const e of ['br', 'gzip'] as const) {
        const sib = statOf(file + SUFFIX[e])
        if (sib?.isFile() && sib.mtimeMs >= st.mtimeMs) sizes[e] = sib.size
      }
    }
    const available = (['br', 'gzip'] as const).filter((e) => sizes[e] !== undefined)
    // The answer depends on Accept-Encoding whenever a compressed form exists.
    if (available.length) c.header('Vary', 'Accept-Encoding', { append: true })
    const encoding = pickEncoding(c.req.header('Accept-Encoding'), available)
    c.header('Cache-Control', cacheControl(c.req.path, file))
    const facts = factsOf(file, st)
    if (!facts) return next()
    const { hash, policy } = facts
    if (policy) c.header('Content-Security-Policy', policy)

    // A sibling removed since the stat (a rebuild) is answered by the file itself.
    for (const e of encoding ? [encoding, undefined] : [undefined]) {
      const etag = `"${hash}${e ? ETAG_SUFFIX[e] : ''}"`
      c.header('ETag', etag)
      if (matches(c.req.header('If-None-Match'), etag)) return c.body(null, 304)
      const got = await contents(
        e ? file + SUFFIX[e] : file,
        c.req.method === 'HEAD',
        (e && sizes[e]) || st.size,
      )
      if (!got) continue
      c.header('Content-Type', getMimeType(file) ?? 'application/octet-stream')
      if (e) c.header('Content-Encoding', e)
      c.header('Content-Length', String(got.size))
      return got.body ? c.body(got.body, 200) : c.body(null, 200)
    }
    return next()
  }
}

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Up to this size an answer is compressed at once on this thread: a third of the CPU of a trip to the thread pool. */
const SYNC_MAX = 64 * 1024

/**
 * An API answer in `encoding`: brotli 4 (about gzip 6's speed and size on 2-10 KB of JSON) or
 * gzip 6; for anything that keeps answers compressed, so that they go out alike.
 * await encodeAnswer(new TextEncoder().encode(json), 'br') → the br bytes
 */
export async function encodeAnswer(bytes: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === 'gzip')
    return bytes.length <= SYNC_MAX ? gzipSync(bytes, { level: 6 }) : gz(bytes, { level: 6 })
  const opts = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }
  return bytes.length <= SYNC_MAX ? brotliCompressSync(bytes, opts) : brotli(bytes, opts)
}

/**
 * Compresses an answer of at least `threshold` bytes for a client that accepts br or gzip
 * (brotli at quality 4: about gzip's speed, smaller); smaller answers, event streams, HEAD and
 * already-encoded answers pass untouched. Buffers the answer, so only for answers that are whole.
 * app.use('/api/*', compressAnswers(1024))
 */
export function compressAnswers(threshold = 1024): MiddlewareHandler {
  return async (c, next) => {
    await next()
    // A client that accepts no encoding gets the answer as made, untouched (and uncopied): a
    // cache that keeps that identity answer without Vary hands out nothing a client cannot read.
    const encoding = pickEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip'])
    const res = c.res
    if (!encoding || c.req.method === 'HEAD' || res.status === 204 || res.status === 206) return
    // Headers before the body: reading `body` turns @hono/node-server's light answer into a whole
    // Response, sent back through a stream. Every read-cache hit in br paid that: 63% of bare
    // against 102% for the same answer unencoded (npm run bench).
    if (res.headers.has('Content-Encoding') || /no-transform/i.test(res.headers.get('Cache-Control') ?? ''))
      return
    // hono's list of compressible types leaves out text/event-stream, which must never wait for its end.
    if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '')) return
    const declared = res.headers.get('Content-Length')
    if (declared !== null && Number(declared) < threshold) return
    if (!res.body) return
    const bytes = new Uint8Array(await res.arrayBuffer())
    if (bytes.length < threshold) {
      c.res = new Response(bytes, res)
      return
    }
    const out = await encodeAnswer(bytes, encoding)
    c.res = new Response(out, res)
    c.res.headers.set('Content-Length', String(out.length))
    c.res.headers.set('Content-Encoding', encoding)
    const vary = c.res.headers.get('Vary')
    if (!vary || !/accept-encoding/i.test(vary))
      c.res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
  }
}

/**
 * A page of the site read whole, with its policy header (the 404 page, answered for any path):
 * undefined when the file is not there.
 * await sitePage('dist/404.html') → { html: '<!DOCTYPE html>…', policy: "default-src 'self'; …; frame-ancestors 'self'" }
 */
export async function sitePage(file: string): Promise<{ html: string; policy: string } | undefined> {
  const html = await readFile(file, 'utf8').catch(() => undefined)
  return html === undefined ? undefined : { html, policy: pagePolicyHeader(metaPolicy(html)) }
}

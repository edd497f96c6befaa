/**
 * Pre-compressed siblings of the built site: `page.html` gets `page.html.br` and `page.html.gz`,
 * which the server hands to clients that accept them (server/delivery.ts), so no request pays
 * for compression. Run after the Astro build (the `precompress` integration) and by anything
 * that rewrites built files later: write the file first, then `compressFile` it (the server uses
 * a sibling only when it is at least as new as the file, so a stale one is never served).
 */

import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Worker } from 'node:worker_threads'
import { type BrotliOptions, brotliCompress, constants, gzip } from 'node:zlib'
import type { AstroIntegration } from 'astro'
import { setPageSink } from './page-sink.ts'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** The text files worth compressing: isCompressible('/a/index.html') → true; '/a/b.png' → false. */
export const isCompressible = (path: string) =>
  /\.(?:html|css|js|mjs|svg|xml|json|txt|webmanifest)$/i.test(path)

/** Below this a compressed answer saves less than its own framing costs. */
export const MIN_BYTES = 1024

export interface Levels {
  brotli: number
  gzip: number
}

/**
 * How hard to compress a file. Brotli 11 and gzip 9 squeeze the most but brotli 11 costs about
 * 50× the time of brotli 5 (43 against 0.8 ms of CPU for a 34 KB page here): worth it for the
 * fingerprinted assets (a few dozen, cached a year), not for 20,000 pages. For pages, brotli 5 is
 * where its ratio jumps (3.8 against 3.4 at 4) and gzip 4 is within 2% of gzip 6 at 70% of its time.
 * levelsFor('/dist/_astro/a.B1x.js') → { brotli: 11, gzip: 9 }; levelsFor('/dist/course/1/index.html') → { brotli: 5, gzip: 4 }
 */
export const levelsFor = (path: string): Levels =>
  path.includes(`${sep}_astro${sep}`) ? { brotli: 11, gzip: 9 } : { brotli: 5, gzip: 4 }

const brotliOptions = (quality: number, size: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
})

export interface Compressed {
  raw: number
  br: number
  gz: number
}

export interface CompressOptions {
  /** Levels other than levelsFor(path). */
  levels?: Levels
  /**
   * Write each sibling aside and rename it into place (the default), for a site being served;
   * false for a fresh build directory nobody reads yet, which saves a rename per file.
   */
  atomic?: boolean
}

/** Writes `bytes` to `path` so a reader sees the old file or the new one, never half of one. */
async function writeAtomic(path: string, bytes: Uint8Array) {
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  try {
    await writeFile(tmp, bytes)
    await rename(tmp, path)
  } catch (e) {
    await rm(tmp, { force: true })
    throw e
  }
}

/**
 * Writes `path.br` and `path.gz` beside a text file of the site and answers their sizes; null
 * (and any old siblings removed) for a file not worth compressing; off the event loop, so a
 * serving process may call it.
 * await compressFile('dist/course/12/index.html') → { raw: 61234, br: 9012, gz: 11876 }
 */
export async function compressFile(path: string, opts: CompressOptions = {}): Promise<Compressed | null> {
  const levels = opts.levels ?? levelsFor(path)
  const bytes = isCompressible(path) ? await readFile(path) : undefined
  if (!bytes || bytes.length < MIN_BYTES) {
    await Promise.all([rm(`${path}.br`, { force: true }), rm(`${path}.gz`, { force: true })])
    return null
  }
  const [br, gzipped] = await Promise.all([
    brotli(bytes, brotliOptions(levels.brotli, bytes.length)),
    gz(bytes, { level: levels.gzip }),
  ])
  const write = opts.atomic === false ? writeFile : writeAtomic
  await Promise.all([write(`${path}.br`, br), write(`${path}.gz`, gzipped)])
  return { raw: bytes.length, br: br.length, gz: gzipped.length }
}

export interface TreeReport extends Compressed {
  files: number
  /** Of those, how many took the pair the page compressor had made while the build ran. */
  adopted: number
  seconds: number
}

/**
 * Takes the staged pair for `path`, whose content is `bytes`, if the page compressor made one
 * (`<staging>/<sha1>.br|.gz`): renamed beside the file and dated now, since the server uses a
 * sibling only when it is at least as new as its file. Answers the sizes, or null (none staged).
 */
async function adopt(staging: string, path: string, bytes: Uint8Array): Promise<Compressed | null> {
  const name = join(staging, createHash('sha1').update(bytes).digest('hex'))
  try {
    await rename(`${name}.br`, `${path}.br`)
    await rename(`${name}.gz`, `${path}.gz`)
  } catch {
    return null // none staged, or taken by an identical page: compress this one here
  }
  const now = new Date()
  const [br, gz] = await Promise.all(
    ['.br', '.gz'].map(async (ext) => {
      await utimes(path + ext, now, now)
      return (await stat(path + ext)).size
    }),
  )
  return { raw: bytes.length, br: br as number, gz: gz as number }
}

/**
 * Compresses every text file under `dir`, a few at a time: zlib works on libuv's threads, so a
 * couple of files per core keeps every core busy without holding thousands of pages in memory
 * (worker threads compressing synchronously measured no less CPU and more time).
 * await compressTree('dist', { atomic: false }) → { files: 18525, raw: 6.6e8, br: 1.7e8, gz: 1.9e8, seconds: 14.2 }
 */
export async function compressTree(
  dir: string,
  opts: { atomic?: boolean; concurrency?: number; staging?: string; skipFresh?: boolean } = {},
): Promise<TreeReport> {
  const started = performance.now()
  const { atomic, staging, skipFresh, concurrency = Math.max(2, availableParallelism() * 2) } = opts
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const paths = entries
    .filter((e) => e.isFile() && isCompressible(e.name))
    .map((e) => join(e.parentPath, e.name))
  const total: TreeReport = { files: 0, adopted: 0, raw: 0, br: 0, gz: 0, seconds: 0 }
  let next = 0
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++] as string
      // Small files are skipped by their size, unread; with skipFresh, so are files whose
      // siblings are already as new as they are (assets a live site keeps from earlier builds).
      const st = await stat(path)
      if (st.size < MIN_BYTES) continue
      if (skipFresh) {
        const br = await stat(`${path}.br`).catch(() => null)
        if (br && br.mtimeMs >= st.mtimeMs) continue
      }
      const staged = staging && path.endsWith('.html') && (await adopt(staging, path, await readFile(path)))
      if (staged) total.adopted++
      const r = staged || (await compressFile(path, { atomic }))
      if (!r) continue
      total.files++
      total.raw += r.raw
      total.br += r.br
      total.gz += r.gz
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  total.seconds = (performance.now() - started) / 1000
  return total
}

/**
 * Compresses rendered pages on threads of their own while the build renders the next ones: the
 * build's thread keeps one core busy and leaves the other mostly idle, and compressing 20,000
 * pages after the build took 27 s of a 60 s build. Each page's pair lands in `staging` by content
 * hash (src/lib/build/compress-worker.ts) for compressTree to adopt. At most 16 pages wait per
 * thread: a page handed over beyond that waits, so memory stays bounded if rendering outruns it.
 * A thread that fails stops taking pages; compressTree then compresses those pages itself.
 */
export function pageCompressor(
  staging: string,
  threads = Math.max(1, Math.min(3, availableParallelism() - 1)),
) {
  const levels = levelsFor(join('site', 'index.html'))
  const workerUrl = new URL('./compress-worker.ts', import.meta.url)
  const workers = Array.from({ length: threads }, () => ({
    worker: new Worker(workerUrl, { workerData: { staging, ...levels } }),
    inFlight: 0,
    failed: null as Error | null,
  }))
  let wake: (() => void)[] = []
  const release = () => {
    const waiting = wake
    wake = []
    for (const w of waiting) w()
  }
  for (const w of workers) {
    w.worker.on('message', () => {
      w.inFlight--
      release()
    })
    w.worker.on('error', (e) => {
      w.failed = e
      release()
    })
  }
  const live = () => workers.filter((w) => !w.failed)
  const sink = async (bytes: Uint8Array) => {
    if (bytes.length < MIN_BYTES) return
    for (;;) {
      const free = live().filter((w) => w.inFlight < 16)
      if (!live().length) return
      const w = free.sort((a, b) => a.inFlight - b.inFlight)[0]
      if (w) {
        w.inFlight++
        const copy = bytes.slice()
        w.worker.postMessage(copy, [copy.buffer])
        return
      }
      await new Promise<void>((r) => wake.push(r))
    }
  }
  /** Waits for the pages handed over, stops the threads and answers the first failure, if any. */
  const close = async (): Promise<Error | null> => {
    while (live().some((w) => w.inFlight > 0)) await new Promise<void>((r) => wake.push(r))
    await Promise.all(workers.map((w) => w.worker.terminate()))
    return workers.find((w) => w.failed)?.failed ?? null
  }
  return { sink, close }
}

/**
 * The Astro integration: compresses the output once the build is done.
 * astro.config.mjs: integrations: [react(), precompress()]
 */
export function precompress(): AstroIntegration {
  let staging: string | undefined
  let compressor: ReturnType<typeof pageCompressor> | undefined
  return {
    name: 'precompress',
    hooks: {
      // Pages are compressed as they are rendered (src/middleware.ts hands them over)...
      'astro:build:start': async () => {
        staging = await mkdtemp(join(tmpdir(), 'portal-precompress-'))
        compressor = pageCompressor(staging)
        setPageSink(compressor.sink)
      },
      // ...and the rest (assets, the sitemap, a page the compressor missed) once the build is done.
      'astro:build:done': async ({ dir, logger }) => {
        setPageSink(undefined)
        const failed = await compressor?.close()
        if (failed) logger.warn(`页面压缩线程出错，其余页面在生成后压缩：${failed.message}`)
        try {
          // Astro's output directory is not served until the build has finished (server/build-site.ts).
          const r = await compressTree(fileURLToPath(dir), { atomic: false, staging })
          const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`
          logger.info(
            `${r.files} files compressed (${r.adopted} while rendering), ${r.seconds.toFixed(1)}s after the build: ${mb(r.raw)} → br ${mb(r.br)}, gzip ${mb(r.gz)}`,
          )
        } finally {
          if (staging) await rm(staging, { recursive: true, force: true })
        }
      },
    },
  }
}

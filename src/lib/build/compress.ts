/**
 * Pre-compressed siblings of the built site: `page.html` gets `page.html.br` and `page.html.gz`,
 * which the server hands to clients that accept them (server/delivery.ts), so no request pays
 * for compression. Run after the Astro build (the `precompress` integration) and by anything
 * that rewrites built files later: write the file first, then `compressFile` it (the server uses
 * a sibling only when it is at least as new as the file, so a stale one is never served).
 */

import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { type BrotliOptions, brotliCompress, constants, gzip } from 'node:zlib'
import type { AstroIntegration } from 'astro'

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
  seconds: number
}

/**
 * Compresses every text file under `dir`, a few at a time: zlib works on libuv's threads, so a
 * couple of files per core keeps every core busy without holding thousands of pages in memory
 * (worker threads compressing synchronously measured no less CPU and more time).
 * await compressTree('dist', { atomic: false }) → { files: 18525, raw: 6.6e8, br: 1.7e8, gz: 1.9e8, seconds: 14.2 }
 */
export async function compressTree(
  dir: string,
  opts: { atomic?: boolean; concurrency?: number } = {},
): Promise<TreeReport> {
  const started = performance.now()
  const { atomic, concurrency = Math.max(2, availableParallelism() * 2) } = opts
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const paths = entries
    .filter((e) => e.isFile() && isCompressible(e.name))
    .map((e) => join(e.parentPath, e.name))
  const total: TreeReport = { files: 0, raw: 0, br: 0, gz: 0, seconds: 0 }
  let next = 0
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++] as string
      // Small files are skipped by their size, unread.
      if ((await stat(path)).size < MIN_BYTES) continue
      const r = await compressFile(path, { atomic })
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
 * The Astro integration: compresses the output once the build is done.
 * astro.config.mjs: integrations: [react(), precompress()]
 */
export function precompress(): AstroIntegration {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        // Astro's output directory is not served until the build has finished (server/build-site.ts).
        const r = await compressTree(fileURLToPath(dir), { atomic: false })
        const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`
        logger.info(
          `${r.files} files compressed in ${r.seconds.toFixed(1)}s: ${mb(r.raw)} → br ${mb(r.br)}, gzip ${mb(r.gz)}`,
        )
      },
    },
  }
}

/**
 * The page compressor's thread (src/lib/build/compress.ts, pageCompressor): it receives a rendered
 * page's bytes, compresses them at the page levels and writes `<sha1>.br` and `<sha1>.gz` into the
 * staging folder it was started with, so the build's own thread only renders. Content-addressed:
 * whoever later finds a built file with the same bytes may take the pair, whatever its path.
 */
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const { staging, brotli, gzip } = workerData as { staging: string; brotli: number; gzip: number }

parentPort?.on('message', (bytes: Uint8Array) => {
  const name = join(staging, createHash('sha1').update(bytes).digest('hex'))
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotli,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  })
  writeFileSync(`${name}.br`, br)
  writeFileSync(`${name}.gz`, gzipSync(bytes, { level: gzip }))
  parentPort?.postMessage(0)
})

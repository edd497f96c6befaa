/**
 * During a site build, every rendered HTML page goes to the page compressor (src/lib/build/
 * compress.ts) as it is made, so brotli and gzip run on another core while this one renders the
 * next page, instead of all 20,000 after the build (issue 12: 27 s of a 60 s build). Outside a
 * build, and for anything but HTML, it changes nothing.
 */
import type { MiddlewareHandler } from 'astro'
import { pageSink } from './lib/build/page-sink.ts'

export const onRequest: MiddlewareHandler = async (_context, next) => {
  const response = await next()
  const sink = pageSink()
  if (!sink || !response.body || !response.headers.get('content-type')?.startsWith('text/html'))
    return response
  const bytes = new Uint8Array(await response.arrayBuffer())
  await sink(bytes)
  const { status, statusText, headers } = response
  return new Response(bytes, { status, statusText, headers })
}

/**
 * During a site build, every rendered HTML page goes
 * - to the page compressor (src/lib/build/compress.ts) as it is made, so brotli and gzip run on
 *   another core while this one renders the next page, instead of all 20,000 after the build
 *   (issue 12: 27 s of a 60 s build);
 * - with its <meta> policy to the policy record (src/lib/build/headers.ts), which writes the
 *   static host's `_headers` at the end.
 * A partial build renders only its plan's pages (rendersPage); the others answer empty.
 * Outside a build, and for anything but HTML, it changes nothing.
 */
import type { MiddlewareHandler } from 'astro'
import { rendersPage } from './lib/build/env.ts'
import { pageSink, policyRecorder } from './lib/build/page-sink.ts'
import { metaPolicy } from './lib/csp.ts'

export const onRequest: MiddlewareHandler = async (context, next) => {
  // A partial build's pages outside its plan are not rendered: it keeps only the plan's.
  if (!rendersPage(context.url.pathname))
    return new Response('', { headers: { 'Content-Type': 'text/html' } })
  const response = await next()
  const sink = pageSink()
  const record = policyRecorder()
  if ((!sink && !record) || !response.body || !response.headers.get('content-type')?.startsWith('text/html'))
    return response
  const bytes = new Uint8Array(await response.arrayBuffer())
  record?.(context.url.pathname, metaPolicy(new TextDecoder().decode(bytes)))
  await sink?.(bytes)
  const { status, statusText, headers } = response
  return new Response(bytes, { status, statusText, headers })
}

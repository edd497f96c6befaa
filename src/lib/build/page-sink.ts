/**
 * Where src/middleware.ts hands each rendered page during a build: set by the precompress
 * integration while a build runs (src/lib/build/compress.ts), absent otherwise (dev, no build).
 * A tiny module of its own so the middleware does not pull in zlib and worker threads.
 */
export type PageSink = (bytes: Uint8Array) => Promise<void>

const KEY = Symbol.for('portal.precompress.sink')
type Holder = { [KEY]?: PageSink }

export const pageSink = (): PageSink | undefined => (globalThis as Holder)[KEY]
export const setPageSink = (sink: PageSink | undefined) => {
  ;(globalThis as Holder)[KEY] = sink
}

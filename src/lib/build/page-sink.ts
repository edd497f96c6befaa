/**
 * Where src/middleware.ts hands each rendered page during a build: set by the precompress
 * integration while a build runs (src/lib/build/compress.ts), absent otherwise (dev, no build);
 * and the same for the page policies (src/lib/build/headers.ts).
 * A tiny module of its own so the middleware does not pull in zlib, worker threads or files.
 */
export type PageSink = (bytes: Uint8Array) => Promise<void>

const KEY = Symbol.for('portal.precompress.sink')
type Holder = { [KEY]?: PageSink }

export const pageSink = (): PageSink | undefined => (globalThis as Holder)[KEY]
export const setPageSink = (sink: PageSink | undefined) => {
  ;(globalThis as Holder)[KEY] = sink
}

/** Where each rendered page's <meta> policy goes (src/lib/build/headers.ts), by its URL path; absent outside a build. */
export type PolicyRecorder = (pathname: string, meta: string | undefined) => void

const RECORDER = Symbol.for('portal.csp.recorder')
type RecorderHolder = { [RECORDER]?: PolicyRecorder }

export const policyRecorder = (): PolicyRecorder | undefined => (globalThis as RecorderHolder)[RECORDER]
export const setPolicyRecorder = (recorder: PolicyRecorder | undefined) => {
  ;(globalThis as RecorderHolder)[RECORDER] = recorder
}

/**
 * The browser's side of resumable uploads (issue 22; server/modules/uploads/resumable.ts): a
 * course file up to 2 GB goes up in parts, to our API or straight to the bucket, whichever the
 * server names; a failed part is retried with growing pauses; the upload id is kept in
 * localStorage under the file's name, size and time, so after a reload the same file picked
 * again goes on from the parts already stored. A small client of our own: the protocol is five
 * calls, and an uploader library (Uppy with its S3 plugin is ~100 KB) would bring its own UI,
 * store and protocol besides ours.
 */
import { ApiRequestError, type Http, MSG_NETWORK } from './http.ts'
import type { ResumableUpload } from './types.ts'

/** How many parts go up at once: enough to fill a link, few enough to resume cheaply. */
const PARALLEL = 3
/** Tries of one part before the upload stops (it can be resumed later). */
const TRIES = 6
/** Part links asked for at once (the server gives at most 50). */
const LINK_BATCH = 10

/** The wait before try `n` (1-based) of a part: 1 s, 2 s, 4 s … up to 16 s. backoffMs(3) → 4000 */
export const backoffMs = (n: number) => Math.min(16_000, 1000 * 2 ** (n - 1))

/** Whether a failed part may succeed if sent again: no answer, a server hiccup, or an expired bucket link. */
export const worthRetrying = (status: number, api: boolean) =>
  status === 0 || status === 408 || status === 429 || status >= 500 || (!api && status === 403)

/** The localStorage key of a file's upload: the same file picked again finds it. */
export const resumeKey = (f: { name: string; size: number; lastModified?: number }) =>
  `resumable:${f.size}:${f.lastModified ?? 0}:${f.name}`

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** A part that failed every try: nothing has told the user yet (part PUTs are silent). */
export class PartFailed extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PartFailed'
  }
}

export interface ResumableDeps {
  http: Http
  storage: Store | null
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

export interface ResumableRun {
  private: boolean
  signal: AbortSignal
  /** Bytes stored or on their way, of the total. */
  onProgress: (sent: number, total: number) => void
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const t = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t)
        reject(signal.reason)
      },
      { once: true },
    )
  })

const read = (storage: Store | null, key: string) => {
  try {
    return storage?.getItem(key) ?? null
  } catch {
    return null
  }
}
const write = (storage: Store | null, key: string, value: string | null) => {
  try {
    if (value === null) storage?.removeItem(key)
    else storage?.setItem(key, value)
  } catch {
    // Storage blocked: the upload works, it just cannot be resumed after a reload.
  }
}

export function createResumable(deps: ResumableDeps) {
  const { http, storage } = deps
  const sleep = deps.sleep ?? wait
  const silent = { silent: true }

  /** The upload this file was left at, if it can go on (still open, same size). */
  async function resumed(file: File): Promise<ResumableUpload | null> {
    const id = read(storage, resumeKey(file))
    if (!id) return null
    const u = await http.get<ResumableUpload>('/api/Upload/GetResumable', { id }, silent).catch(() => null)
    if (u && u.size === file.size && (u.state === 'open' || u.state === 'done')) return u
    write(storage, resumeKey(file), null)
    return null
  }

  /**
   * Sends `file` and answers its stored path. Stopped by `signal` (a pause), it throws the
   * signal's reason and keeps the upload for later; a refusal throws ApiRequestError (the
   * server's calls have shown their toast; a part that failed every try has not).
   */
  async function upload(file: File, run: ResumableRun): Promise<string> {
    const key = resumeKey(file)
    let u = await resumed(file)
    if (!u) {
      u = (
        await http.post<ResumableUpload>('/api/Upload/PostResumable', {
          name: file.name,
          size: file.size,
          purpose: run.private ? 'private' : 'public',
        })
      ).data
      write(storage, key, u.id)
    }
    if (u.state === 'done' && u.path) {
      write(storage, key, null)
      return u.path
    }
    const up = u
    const length = (n: number) => Math.min(up.partSize, up.size - (n - 1) * up.partSize)
    const done = new Set(up.done)
    const todo = Array.from({ length: up.partCount }, (_, i) => i + 1).filter((n) => !done.has(n))
    let stored = up.done.reduce((sum, n) => sum + length(n), 0)
    const inFlight = new Map<number, number>()
    const report = () =>
      run.onProgress(Math.min(up.size, stored + [...inFlight.values()].reduce((a, b) => a + b, 0)), up.size)
    report()

    // Part links, asked for in batches ahead of need; a bucket link that expired is asked again.
    const links = new Map<number, string>()
    let via: 'api' | 's3' = up.via
    const linkOf = async (n: number) => {
      const known = links.get(n)
      if (known) return known
      const batch = [n, ...todo.filter((m) => m > n && !links.has(m))].slice(0, LINK_BATCH)
      const r = await http.post<{ via: 'api' | 's3'; parts: { part: number; url: string }[] }>(
        '/api/Upload/PostResumableParts',
        { id: up.id, parts: batch },
      )
      via = r.data.via
      for (const p of r.data.parts) links.set(p.part, p.url)
      return links.get(n) as string
    }

    const sendPart = async (n: number) => {
      for (let attempt = 1; ; attempt++) {
        if (run.signal.aborted) throw run.signal.reason
        try {
          const url = await linkOf(n)
          await http.putPart(url, file.slice((n - 1) * up.partSize, (n - 1) * up.partSize + length(n)), {
            api: via === 'api',
            signal: run.signal,
            onProgress: (loaded) => {
              inFlight.set(n, loaded)
              report()
            },
          })
          inFlight.delete(n)
          stored += length(n)
          report()
          return
        } catch (e) {
          inFlight.delete(n)
          report()
          if (run.signal.aborted) throw run.signal.reason
          const status = e instanceof ApiRequestError ? e.status : 0
          if (!worthRetrying(status, via === 'api') || attempt >= TRIES)
            throw new PartFailed(e instanceof ApiRequestError && status !== 0 ? e.message : MSG_NETWORK)
          if (status === 403) links.delete(n)
          await sleep(backoffMs(attempt), run.signal)
        }
      }
    }

    const queue = [...todo]
    const worker = async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) await sendPart(n)
    }
    const workers = Array.from({ length: Math.min(PARALLEL, queue.length) }, worker)
    // One part failing for good stops the others from taking more.
    await Promise.all(workers).catch((e: unknown) => {
      queue.length = 0
      throw e
    })
    const path = (await http.post<{ path: string }>('/api/Upload/PostResumableComplete', { id: up.id })).data
      .path
    write(storage, key, null)
    return path
  }

  /** Gives up this file's unfinished upload: its parts are freed and it starts afresh next time. */
  async function cancel(file: File): Promise<void> {
    const key = resumeKey(file)
    const id = read(storage, key)
    write(storage, key, null)
    if (id) await http.post('/api/Upload/PostResumableAbort', { id }, silent).catch(() => {})
  }

  return { upload, cancel }
}

export type Resumable = ReturnType<typeof createResumable>

import { type $Fetch, type FetchContext, type FetchOptions, ofetch } from 'ofetch'
import { makeSign, type SignSecret } from '../sign.ts'
import type { Envelope, UploadResult } from './types.ts'

/** Client versions sent in the pcv header (accounts §9). */
export const PCV = '1.25'
export const UPLOAD_PCV = '1.07'
export const UPLOAD_PATH = '/api/Upload/PostUpload'

export const MSG_DEFAULT = '服务器处理异常'
export const MSG_EXPIRED = '登录信息已经过期'
export const MSG_NETWORK = '网络连接失败，请稍后重试'

import { SESSION_KEYS, STORAGE_TOKENS } from '../storage-keys.ts'
import type { NotifyKind } from '../toast.ts'

// Defined below the client, where the session store and the toasts read them too.
export { SESSION_KEYS, STORAGE_CART, STORAGE_TOKENS, STORAGE_USERS } from '../storage-keys.ts'
export type { NotifyKind } from '../toast.ts'
export type Notify = (kind: NotifyKind, message: string) => void

export interface HttpOptions {
  /** API host without the /api prefix; '' is the same origin. */
  baseURL: string
  signSecret: SignSecret
  storage: Pick<Storage, 'getItem' | 'removeItem'> | null
  notify: Notify
  /** Called after a 401 has cleared the session; the browser goes to / and reloads. */
  /** `message`: the server's own words for the 401 (the back office tells a disabled account apart). */
  onUnauthorized: (message?: string) => void
  now?: () => number
  /** Sent with every call: the site build's `Accept-Encoding: identity` (browsers drop that header). */
  headers?: Record<string, string>
}

/** Per-call options on top of the shared rules. */
export interface CallOptions {
  /** No automatic error toast (the 401 one still shows): the caller shows its own or ignores the failure. */
  silent?: boolean
  signal?: AbortSignal
}

/** Options of an upload on top of CallOptions. */
export interface UploadOptions extends CallOptions {
  /**
   * Told how much of the file has gone out, 0 to 1, as it is sent. fetch cannot report the
   * progress of a request body, so with this the upload goes through XMLHttpRequest (same
   * headers, same answer rules). upload(blob, 'a.png', { onProgress: (f) => bar(f) })
   */
  onProgress?: (fraction: number) => void
  /** private: a certification scan or course file, kept out of the public tree (issue 13); public by default. */
  purpose?: 'public' | 'private'
}

/** Options of one part of a resumable upload (Http.putPart). */
export interface PartOptions {
  /** true: the part goes to our API (its headers: session, sign); false: to a presigned bucket link, bare. */
  api: boolean
  signal?: AbortSignal
  /** Told how many bytes of the part have gone out, as they go. */
  onProgress?: (loaded: number) => void
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>

/**
 * Every refusal of a call: `status` is the body status (400, 500 …), the HTTP status when the
 * body had none to give, or 0 when no answer arrived. `message` is what the toast showed.
 */
export class ApiRequestError extends Error {
  readonly status: number
  /** The parsed body of the answer, when there was one. */
  readonly body: unknown
  constructor(status: number, message: string, body?: unknown) {
    super(message)
    this.name = 'ApiRequestError'
    this.status = status
    this.body = body
  }
}

export interface Http {
  /** GET: resolves to the inner `data` of a status-200 answer. get('/api/Users/GetUsers', { id: 1 }) */
  get<T>(path: string, query?: QueryParams, opts?: CallOptions): Promise<T>
  /** POST: resolves to the whole `{ status, data }` body of a status-200 answer. */
  post<T = unknown>(path: string, body?: unknown, opts?: CallOptions): Promise<Envelope<T>>
  /** Multipart upload of one file under the field `file`; resolves to `{ status, data: { path } }`. */
  upload(file: Blob, name: string, opts?: UploadOptions): Promise<Envelope<UploadResult>>
  /**
   * PUT of one part of a resumable upload to `url` (ours or a presigned bucket link). Silent: the
   * caller retries and speaks once. A refusal throws ApiRequestError (status 0: no answer); a 401
   * from our API ends the session as any call's does.
   */
  putPart(url: string, part: Blob, o: PartOptions): Promise<void>
  /** GET of a file answer (not an envelope), with the session and sign; refusals as for any call. */
  download(path: string, query?: QueryParams, opts?: CallOptions): Promise<Blob>
  /** The configured ofetch instance itself, for calls the helpers do not cover; same headers and rules. */
  fetch: $Fetch
}

type Ctx = FetchContext & { options: { silent?: boolean } }

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** The message of a refusal body: data, then message, then the default (accounts §8). */
function bodyMessage(body: unknown): string | undefined {
  if (typeof body === 'string' && body.trim() && !body.trim().startsWith('<')) return body.trim()
  if (!isRecord(body)) return undefined
  if (typeof body.data === 'string' && body.data) return body.data
  if (typeof body.message === 'string' && body.message) return body.message
  return undefined
}

/** The answer is JSON even when the server labels it text, and even when it was encoded twice. */
export function parseBody(text: string): unknown {
  if (text === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return text
  }
  if (typeof value === 'string' && /^\s*[{[]/.test(value)) {
    try {
      return JSON.parse(value)
    } catch {
      return value
    }
  }
  return value
}

/** The bearer token under 'tokens': a bare string, a JSON string, or { access_token } as login answers it. */
function readToken(storage: HttpOptions['storage']): string | null {
  let raw: string | null = null
  try {
    raw = storage?.getItem(STORAGE_TOKENS) ?? null
  } catch {
    // Storage can be unavailable (privacy modes); the call goes out without a session.
    return null
  }
  if (!raw) return null
  const value = /^\s*["{]/.test(raw) ? parseBody(raw) : raw
  if (typeof value === 'string') return value || null
  if (isRecord(value) && typeof value.access_token === 'string') return value.access_token || null
  return null
}

/** Query values that are undefined, null, '' or NaN are not sent at all. cleanQuery({ a: 1, b: '' }) → { a: 1 } */
export function cleanQuery(query: object | undefined): Record<string, string | number | boolean> | undefined {
  if (!query) return undefined
  const out: Record<string, string | number | boolean> = {}
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '' || (typeof v === 'number' && Number.isNaN(v))) continue
    out[k] = v as string | number | boolean
  }
  return out
}

/** The one HTTP client of the site: headers of accounts §7 and answer rules of accounts §8. */
export function createHttp(opts: HttpOptions): Http {
  const now = opts.now ?? Date.now

  const fail = (silent: boolean | undefined, status: number, message: string, body?: unknown): never => {
    if (!silent) opts.notify('error', message)
    throw new ApiRequestError(status, message, body)
  }

  // One AES run per distinct time: the same time always gives the same sign, and the site build,
  // whose clock (`now`) ticks in whole seconds, makes about 20,000 calls (issue 12).
  let signed = { at: Number.NaN, sign: '' }
  const signAt = (t: number) => {
    if (signed.at !== t) signed = { at: t, sign: makeSign(opts.signSecret, t) }
    return signed.sign
  }

  /** The headers of accounts §7 on `h`; an upload (multipart) gets pcv 1.07 and only the session and sign. */
  const setHeaders = (h: Headers, upload: boolean) => {
    const token = readToken(opts.storage)
    if (token) h.set('Authorization', `Bearer ${token}`)
    h.set('sign', signAt(now()))
    if (upload) {
      // The browser sets the multipart Content-Type with its boundary.
      if (!h.has('pcv')) h.set('pcv', UPLOAD_PCV)
      return
    }
    h.set('Content-Type', 'application/json')
    if (!h.has('pcv')) h.set('pcv', PCV)
    h.set('origins', 'pc')
    h.set('platform', 'h5')
  }

  /**
   * A 2xx answer: body status 200 gives the envelope (its `data` for a GET); a body status 500,
   * any other status or no envelope at all fails with data, then message, then the default.
   */
  const accepted = (silent: boolean | undefined, isGet: boolean, httpStatus: number, body: unknown) => {
    const status = isRecord(body) ? Number(body.status) : Number.NaN
    if (status === 200) return isGet ? (body as Envelope<unknown>).data : body
    return fail(silent, Number.isNaN(status) ? httpStatus : status, bodyMessage(body) ?? MSG_DEFAULT, body)
  }

  /** A non-2xx answer: 401 ends the session (even for a silent call); anything else shows its message. */
  const refused = (
    silent: boolean | undefined,
    httpStatus: number,
    statusText: string,
    body: unknown,
  ): never => {
    if (httpStatus === 401) {
      opts.notify('error', MSG_EXPIRED)
      try {
        for (const key of SESSION_KEYS) opts.storage?.removeItem(key)
      } catch {
        // Storage unavailable: nothing stored to clear.
      }
      opts.onUnauthorized(bodyMessage(body))
      throw new ApiRequestError(401, MSG_EXPIRED, body)
    }
    // 403 with a message is a refused sign (clock or key), not a logout.
    return fail(silent, httpStatus, bodyMessage(body) ?? (statusText || `请求失败（${httpStatus}）`), body)
  }

  const instance = ofetch.create({
    baseURL: opts.baseURL,
    headers: opts.headers,
    // No timeout (accounts §7), and no automatic retry: a repeated POST could pay or order twice.
    retry: false,
    parseResponse: parseBody,

    onRequest(ctx) {
      setHeaders(ctx.options.headers, ctx.options.body instanceof FormData)
    },

    onRequestError(ctx) {
      // The spec logs the user out here too; we do not, as a flaky network would cost users their session and work.
      fail((ctx as Ctx).options.silent, 0, MSG_NETWORK)
    },

    onResponse(ctx) {
      const res = ctx.response
      if (!res.ok) return // onResponseError handles it
      const isGet = (ctx.options.method ?? 'GET').toUpperCase() === 'GET'
      res._data = accepted((ctx as Ctx).options.silent, isGet, res.status, res._data)
    },

    onResponseError(ctx) {
      const res = ctx.response
      refused((ctx as Ctx).options.silent, res.status, res.statusText, res._data)
    },
  } satisfies FetchOptions)

  const apiUrl = (path: string) => `${opts.baseURL.replace(/\/+$/, '')}${path}`

  /** The upload through XMLHttpRequest, for its upload progress events; the rules are the ones above. */
  const uploadWithProgress = (form: FormData, o: UploadOptions, onProgress: (fraction: number) => void) => {
    const headers = new Headers()
    setHeaders(headers, true)
    return sendXhr<Envelope<UploadResult>>({
      method: 'POST',
      url: apiUrl(UPLOAD_PATH),
      headers,
      body: form,
      signal: o.signal,
      onProgress: (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total))
      },
      onSent: () => onProgress(1),
      judge: (xhr) => {
        const body = parseBody(xhr.responseText)
        return (
          xhr.status >= 200 && xhr.status < 300
            ? accepted(o.silent, false, xhr.status, body)
            : refused(o.silent, xhr.status, xhr.statusText, body)
        ) as Envelope<UploadResult>
      },
      failed: () => fail(o.silent, 0, MSG_NETWORK),
    })
  }

  const putPart = (url: string, part: Blob, o: PartOptions) => {
    let headers: Headers | undefined
    if (o.api) {
      headers = new Headers(opts.headers)
      setHeaders(headers, true)
      headers.set('Content-Type', 'application/octet-stream')
    }
    return sendXhr<void>({
      method: 'PUT',
      url: o.api ? apiUrl(url) : url,
      headers,
      body: part,
      signal: o.signal,
      onProgress: (e) => o.onProgress?.(e.loaded),
      judge: (xhr) => {
        if (xhr.status >= 200 && xhr.status < 300) return
        const body = parseBody(xhr.responseText)
        // Only our API's 401 is about the session; a bucket's 403 is an expired link.
        if (o.api) refused(true, xhr.status, xhr.statusText, body)
        throw new ApiRequestError(xhr.status, bodyMessage(body) ?? MSG_NETWORK, body)
      },
      failed: () => fail(true, 0, MSG_NETWORK),
    })
  }

  return {
    fetch: instance,
    putPart,
    get: <T>(path: string, query?: QueryParams, o: CallOptions = {}) =>
      instance<T>(path, { method: 'GET', query: cleanQuery(query), ...o }),
    post: <T>(path: string, body?: unknown, o: CallOptions = {}) =>
      instance<Envelope<T>>(path, { method: 'POST', body: body as FetchOptions['body'], ...o }),
    download: async (path: string, query?: QueryParams, o: CallOptions = {}) => {
      const qs = new URLSearchParams(
        Object.entries(cleanQuery(query) ?? {}).map(([k, v]) => [k, String(v)]),
      ).toString()
      const headers = new Headers(opts.headers)
      setHeaders(headers, false)
      let res: Response
      try {
        res = await fetch(`${apiUrl(path)}${qs ? `?${qs}` : ''}`, {
          headers,
          signal: o.signal,
        })
      } catch (e) {
        if (o.signal?.aborted) throw e
        return fail(o.silent, 0, MSG_NETWORK)
      }
      if (res.ok) return res.blob()
      return refused(o.silent, res.status, res.statusText, parseBody(await res.text()))
    },
    upload: (file: Blob, name: string, o: UploadOptions = {}) => {
      const form = new FormData()
      // Before the file: the server knows where the file goes as it streams in.
      if (o.purpose) form.append('purpose', o.purpose)
      form.append('file', file, name)
      const { onProgress, purpose: _purpose, ...call } = o
      if (onProgress && typeof XMLHttpRequest !== 'undefined')
        return uploadWithProgress(form, call, onProgress)
      return instance<Envelope<UploadResult>>(UPLOAD_PATH, { method: 'POST', body: form, ...call })
    },
  }
}

/**
 * An XMLHttpRequest (for its upload progress events) as a promise: `judge` turns the answer into
 * the result or a throw, `failed` a network failure into one; whatever they throw (and the toast
 * they showed) is what the caller gets. Stopped by `signal`, it rejects with the signal's reason
 * and no toast: the caller knows why.
 */
function sendXhr<T>(o: {
  method: 'POST' | 'PUT'
  url: string
  headers?: Headers
  body: XMLHttpRequestBodyInit
  signal?: AbortSignal
  onProgress: (e: ProgressEvent) => void
  onSent?: () => void
  judge: (xhr: XMLHttpRequest) => T
  failed: () => never
}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { signal } = o
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const xhr = new XMLHttpRequest()
    const abort = () => xhr.abort()
    const settle = (judge: () => T) => {
      signal?.removeEventListener('abort', abort)
      try {
        resolve(judge())
      } catch (e) {
        reject(e)
      }
    }
    xhr.open(o.method, o.url)
    o.headers?.forEach((value, key) => {
      xhr.setRequestHeader(key, value)
    })
    xhr.upload.onprogress = o.onProgress
    if (o.onSent) xhr.upload.onload = o.onSent
    xhr.onload = () => settle(() => o.judge(xhr))
    xhr.onerror = () => settle(o.failed)
    xhr.ontimeout = xhr.onerror
    xhr.onabort = () => {
      signal?.removeEventListener('abort', abort)
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'))
    }
    signal?.addEventListener('abort', abort, { once: true })
    xhr.send(o.body)
  })
}

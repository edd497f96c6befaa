/**
 * The upload with progress (accounts §2 uploader): it goes through XMLHttpRequest, which Node
 * lacks, so a small stand-in that sends with fetch to a local server plays the browser's part.
 * The headers and answer rules must be those of every other call (accounts §7, §8).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError, type HttpOptions } from '../../src/lib/api/index.ts'
import { readSign } from '../../src/lib/sign.ts'
import { clientOn, expectSignedOut, nobodyThere, recordingServer, refusal, secret } from './http-client.ts'

/** What the upload path answers next. */
let answer: { code: number; body: string; statusText?: string } = { code: 200, body: '' }

const at = recordingServer(() => ({ ...answer, type: 'application/json' }))

/** Just enough of XMLHttpRequest: headers, upload progress (half, then all), load, error, abort. */
class FakeXhr {
  static made = 0
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  ontimeout: (() => void) | null = null
  onabort: (() => void) | null = null
  status = 0
  statusText = ''
  responseText = ''
  private method = ''
  private url = ''
  private headers = new Headers()
  private ctrl = new AbortController()
  constructor() {
    FakeXhr.made++
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(key: string, value: string) {
    this.headers.set(key, value)
  }
  send(body: FormData) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 })
    this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 })
    this.upload.onload?.()
    // Stopped during the progress events: the browser would not send it either.
    if (this.ctrl.signal.aborted) {
      queueMicrotask(() => this.onabort?.())
      return
    }
    fetch(this.url, { method: this.method, headers: this.headers, body, signal: this.ctrl.signal }).then(
      async (res) => {
        this.status = res.status
        this.statusText = res.statusText
        this.responseText = await res.text()
        this.onload?.()
      },
      () => (this.ctrl.signal.aborted ? this.onabort : this.onerror)?.(),
    )
  }
  abort() {
    this.ctrl.abort()
  }
}

beforeEach(() => {
  FakeXhr.made = 0
  answer = { code: 200, body: JSON.stringify({ status: 200, data: { path: '/uploads/u/1/a.png' } }) }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const setup = (overrides: Partial<HttpOptions> = {}) => clientOn(at.base, overrides)

const png = () => new Blob(['PNGDATA'], { type: 'image/png' })

describe('upload with onProgress', () => {
  it('reports the fraction sent and resolves to the envelope', async () => {
    const { http, notes } = setup()
    const fractions: number[] = []
    await expect(http.upload(png(), 'a.png', { onProgress: (f) => fractions.push(f) })).resolves.toEqual({
      status: 200,
      data: { path: '/uploads/u/1/a.png' },
    })
    expect(FakeXhr.made).toBe(1)
    expect(fractions).toEqual([0.5, 1, 1])
    expect(notes).toEqual([])
  })

  it('sends the upload headers of every upload: Authorization, sign, pcv 1.07, multipart', async () => {
    const { http } = setup()
    const before = Date.now()
    await http.upload(png(), 'a.png', { onProgress: () => {} })
    const s = at.seen[0]
    expect(s?.url).toBe('/api/Upload/PostUpload')
    expect(s?.headers.authorization).toBe('Bearer tok-123')
    expect(s?.headers.pcv).toBe('1.07')
    expect(Math.abs((readSign(secret, String(s?.headers.sign)) ?? 0) - before)).toBeLessThan(5000)
    expect(s?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    // Only what uploads send (accounts §7): not the JSON calls' origins and platform.
    expect(s?.headers.origins).toBeUndefined()
    expect(s?.headers.platform).toBeUndefined()
    expect(s?.body).toContain('name="file"; filename="a.png"')
    expect(s?.body).toContain('PNGDATA')
  })

  it('a body status 500 shows its message and rejects', async () => {
    answer = { code: 200, body: JSON.stringify({ status: 500, data: '存储空间不足' }) }
    const { http, notes } = setup()
    const err = await refusal(http.upload(png(), 'a.png', { onProgress: () => {} }))
    expect(err.status).toBe(500)
    expect(err.message).toBe('存储空间不足')
    expect(notes).toEqual([['error', '存储空间不足']])
  })

  it('HTTP 401 clears the session and goes home, as every call does', async () => {
    answer = { code: 401, body: JSON.stringify({ status: 401, data: '请登录' }) }
    const client = setup()
    const err = await refusal(client.http.upload(png(), 'a.png', { onProgress: () => {}, silent: true }))
    expect(err.status).toBe(401)
    expectSignedOut(client)
  })

  it('other failures toast the body message or the status text', async () => {
    answer = { code: 413, body: JSON.stringify({ status: 413, data: '上传的内容不能超过20MB' }) }
    const { http, notes, onUnauthorized } = setup()
    expect((await refusal(http.upload(png(), 'a.png', { onProgress: () => {} }))).status).toBe(413)
    answer = { code: 502, body: '<html>bad gateway</html>', statusText: 'Bad Gateway' }
    expect((await refusal(http.upload(png(), 'a.png', { onProgress: () => {} }))).status).toBe(502)
    expect(notes).toEqual([
      ['error', '上传的内容不能超过20MB'],
      ['error', 'Bad Gateway'],
    ])
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('a network failure rejects with the network message, keeping the session', async () => {
    const { http, notes, storage } = setup({ baseURL: await nobodyThere() })
    const err = await refusal(http.upload(png(), 'a.png', { onProgress: () => {} }))
    expect(err.status).toBe(0)
    expect(notes).toEqual([['error', '网络连接失败，请稍后重试']])
    expect(storage.map.get('tokens')).toBe('tok-123')
  })

  it('a silent upload rejects without a toast', async () => {
    answer = { code: 200, body: JSON.stringify({ status: 400, data: '请选择要上传的文件' }) }
    const { http, notes } = setup()
    await refusal(http.upload(png(), 'a.png', { onProgress: () => {}, silent: true }))
    expect(notes).toEqual([])
  })

  it('stopped by its signal: rejects quietly, before or while sending', async () => {
    const { http, notes } = setup()
    const early = new AbortController()
    early.abort()
    await expect(
      http.upload(png(), 'a.png', { onProgress: () => {}, signal: early.signal }),
    ).rejects.toBeTruthy()
    expect(FakeXhr.made).toBe(0)

    const late = new AbortController()
    const p = http.upload(png(), 'a.png', { onProgress: () => late.abort(), signal: late.signal })
    await expect(p).rejects.not.toBeInstanceOf(ApiRequestError)
    expect(notes).toEqual([])
  })

  it('without onProgress the upload stays on fetch', async () => {
    const { http } = setup()
    await expect(http.upload(png(), 'a.png')).resolves.toEqual({
      status: 200,
      data: { path: '/uploads/u/1/a.png' },
    })
    expect(FakeXhr.made).toBe(0)
    expect(at.seen[0]?.headers.pcv).toBe('1.07')
  })
})

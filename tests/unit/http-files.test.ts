import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiRequestError, createHttp, type NotifyKind } from '../../src/lib/api/index.ts'
import { DEV_SIGN_IV, DEV_SIGN_KEY, readSign } from '../../src/lib/sign.ts'

/** Private files (issue 13): the client's download of a file answer, and the upload's purpose. */
let server: Server
let base: string
const seen: { url: string; headers: IncomingHttpHeaders; body: string }[] = []
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('latin1') })
      const path = new URL(req.url ?? '', 'http://x').searchParams.get('path') ?? ''
      if (req.url?.startsWith('/api/Upload/PostUpload')) {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ status: 200, data: { path: '/private/u/00/a.png' } }))
      } else if (path === '/private/u/00/mine.png') {
        res.writeHead(200, { 'Content-Type': 'image/png' })
        res.end(PNG)
      } else if (path === '/private/u/00/expired.png') {
        res.writeHead(401, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ status: 401, data: '请登录' }))
      } else {
        res.writeHead(404, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ status: 404, data: '文件不存在' }))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

function setup() {
  const store = new Map([['tokens', 'tok-9']])
  const notes: [NotifyKind, string][] = []
  const onUnauthorized = vi.fn()
  const http = createHttp({
    baseURL: base,
    signSecret: { key: DEV_SIGN_KEY, iv: DEV_SIGN_IV },
    storage: { getItem: (k) => store.get(k) ?? null, removeItem: (k) => void store.delete(k) },
    notify: (kind, message) => notes.push([kind, message]),
    onUnauthorized,
  })
  return { http, notes, onUnauthorized, store }
}

describe('createHttp: private files', () => {
  it('downloads a file answer as a Blob, with the session and a sign', async () => {
    const { http, notes } = setup()
    const blob = await http.download('/api/Upload/GetPrivateFile', { path: '/private/u/00/mine.png' })
    expect(Buffer.from(await blob.arrayBuffer())).toEqual(PNG)
    expect(blob.type).toBe('image/png')
    const req = seen.at(-1)
    expect(req?.url).toBe('/api/Upload/GetPrivateFile?path=%2Fprivate%2Fu%2F00%2Fmine.png')
    expect(req?.headers.authorization).toBe('Bearer tok-9')
    expect(readSign({ key: DEV_SIGN_KEY, iv: DEV_SIGN_IV }, String(req?.headers.sign))).not.toBeNull()
    expect(notes).toEqual([])
  })

  it('refuses like any call: the message, silently when asked; a 401 ends the session', async () => {
    const { http, notes, onUnauthorized, store } = setup()
    const missing = http.download('/api/Upload/GetPrivateFile', { path: '/private/u/00/other.png' })
    await expect(missing).rejects.toMatchObject({ status: 404, message: '文件不存在' })
    expect(notes).toEqual([['error', '文件不存在']])
    const quiet = http.download(
      '/api/Upload/GetPrivateFile',
      { path: '/private/u/00/other.png' },
      { silent: true },
    )
    await expect(quiet).rejects.toBeInstanceOf(ApiRequestError)
    expect(notes).toHaveLength(1)
    await expect(
      http.download('/api/Upload/GetPrivateFile', { path: '/private/u/00/expired.png' }),
    ).rejects.toMatchObject({
      status: 401,
    })
    expect(onUnauthorized).toHaveBeenCalledOnce()
    expect(store.has('tokens')).toBe(false)
  })

  it('sends the upload’s purpose before the file', async () => {
    const { http } = setup()
    await http.upload(new Blob([PNG]), 'scan.png', { purpose: 'private' })
    const body = seen.at(-1)?.body ?? ''
    expect(body.indexOf('name="purpose"')).toBeGreaterThan(-1)
    expect(body.indexOf('name="purpose"')).toBeLessThan(body.indexOf('name="file"'))
    await http.upload(new Blob([PNG]), 'photo.png')
    expect(seen.at(-1)?.body).not.toContain('name="purpose"')
  })
})

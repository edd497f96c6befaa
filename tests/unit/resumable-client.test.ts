import { describe, expect, it } from 'vitest'
import { ApiRequestError, type Http } from '../../src/lib/api/http.ts'
import {
  backoffMs,
  createResumable,
  PartFailed,
  resumeKey,
  worthRetrying,
} from '../../src/lib/api/resumable.ts'
import type { ResumableUpload } from '../../src/lib/api/types.ts'
import { pageDirectives } from '../../src/lib/csp.ts'
import { bucketOfEnv, fileOrigins } from '../../src/lib/files-base.ts'

const PART = 4

/** A server in memory speaking the protocol, whose part PUTs fail as `fail` says. */
function fakeServer(fail: (part: number, attempt: number) => number | null) {
  const uploads = new Map<string, ResumableUpload & { bytes: Map<number, string> }>()
  const attempts = new Map<number, number>()
  const calls: string[] = []
  const view = (u: ResumableUpload & { bytes: Map<number, string> }): ResumableUpload => ({
    ...u,
    done: [...u.bytes.keys()].sort((a, b) => a - b),
  })
  const http = {
    get: async (path: string, q: { id: string }) => {
      calls.push(`GET ${path}`)
      const u = uploads.get(q.id)
      if (!u) throw new ApiRequestError(404, '上传不存在或已过期')
      return view(u)
    },
    post: async (path: string, body: Record<string, unknown>) => {
      calls.push(`POST ${path}`)
      if (path.endsWith('PostResumable')) {
        const size = body.size as number
        const id = String(uploads.size + 1).padStart(32, '0')
        uploads.set(id, {
          id,
          name: String(body.name),
          size,
          partSize: PART,
          partCount: Math.ceil(size / PART),
          via: 'api',
          state: 'open',
          done: [],
          path: null,
          bytes: new Map(),
        })
        return { status: 200, data: view(uploads.get(id) as never) }
      }
      const u = uploads.get(String(body.id)) as ResumableUpload & { bytes: Map<number, string> }
      if (path.endsWith('PostResumableParts'))
        return {
          status: 200,
          data: {
            via: 'api',
            parts: (body.parts as number[]).map((part) => ({ part, url: `/p/${u.id}/${part}` })),
          },
        }
      if (path.endsWith('PostResumableComplete')) {
        const joined = [...u.bytes.entries()]
          .sort(([a], [b]) => a - b)
          .map(([, b]) => b)
          .join('')
        u.state = 'done'
        u.path = `/private/u/${joined}`
        return { status: 200, data: { path: u.path } }
      }
      if (path.endsWith('PostResumableAbort')) {
        u.state = 'aborted'
        return { status: 200, data: '已取消' }
      }
      throw new Error(path)
    },
    putPart: async (url: string, part: Blob, o: { onProgress?: (n: number) => void }) => {
      const [, , id, n] = url.split('/')
      const num = Number(n)
      const attempt = (attempts.get(num) ?? 0) + 1
      attempts.set(num, attempt)
      calls.push(`PUT ${num}`)
      const status = fail(num, attempt)
      if (status !== null)
        throw new ApiRequestError(status, status ? '服务器处理异常' : '网络连接失败，请稍后重试')
      o.onProgress?.(part.size)
      uploads.get(id as string)?.bytes.set(num, await part.text())
    },
  } as unknown as Http
  return { http, uploads, calls, attempts }
}

const memory = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  }
}

const file = (text: string) => new File([text], 'lecture.mp4', { lastModified: 1700000000000 })
const run = (signal = new AbortController().signal, seen: number[] = []) => ({
  private: true,
  signal,
  onProgress: (sent: number) => void seen.push(sent),
})

describe('the resumable upload client', () => {
  it('sends every part, completes, and reports progress up to the whole size', async () => {
    const s = fakeServer(() => null)
    const storage = memory()
    const seen: number[] = []
    const path = await createResumable({ http: s.http, storage }).upload(
      file('abcdefghij'),
      run(undefined, seen),
    )
    expect(path).toBe('/private/u/abcdefghij')
    expect(seen.at(-1)).toBe(10)
    // Done: nothing left to resume.
    expect(storage.m.size).toBe(0)
  })

  it('retries a failed part with growing pauses, and gives up after six tries', async () => {
    const pauses: number[] = []
    const sleep = async (ms: number) => void pauses.push(ms)
    const flaky = fakeServer((part, attempt) => (part === 2 && attempt < 3 ? 0 : null))
    const path = await createResumable({ http: flaky.http, storage: null, sleep }).upload(
      file('abcdefghij'),
      run(),
    )
    expect(path).toBe('/private/u/abcdefghij')
    expect(flaky.attempts.get(2)).toBe(3)
    expect(pauses).toEqual([1000, 2000])

    const dead = fakeServer((part) => (part === 1 ? 503 : null))
    const upload = createResumable({ http: dead.http, storage: null, sleep: async () => {} }).upload(
      file('abcdefghij'),
      run(),
    )
    await expect(upload).rejects.toBeInstanceOf(PartFailed)
    expect(dead.attempts.get(1)).toBe(6)
  })

  it('does not retry a refusal, and goes on after a "reload" from the parts stored', async () => {
    let broken = true
    const s = fakeServer((part) => (part === 3 && broken ? 409 : null))
    const storage = memory()
    const client = createResumable({ http: s.http, storage, sleep: async () => {} })
    await expect(client.upload(file('abcdefghij'), run())).rejects.toBeInstanceOf(PartFailed)
    expect(s.attempts.get(3)).toBe(1)
    // The page reloads: a new client, the same file picked again.
    broken = false
    s.calls.length = 0
    const again = createResumable({ http: s.http, storage, sleep: async () => {} })
    expect(await again.upload(file('abcdefghij'), run())).toBe('/private/u/abcdefghij')
    expect(s.calls.filter((c) => c.startsWith('PUT'))).toEqual(['PUT 3'])
    expect(s.calls).not.toContain('POST /api/Upload/PostResumable')
  })

  it('stops on a pause, keeping the upload; cancel gives it up', async () => {
    const s = fakeServer(() => null)
    const storage = memory()
    const stop = new AbortController()
    stop.abort('pause')
    const client = createResumable({ http: s.http, storage })
    await expect(client.upload(file('abcdefghij'), run(stop.signal))).rejects.toBe('pause')
    expect(storage.getItem(resumeKey(file('abcdefghij')))).toMatch(/^0+1$/)
    await client.cancel(file('abcdefghij'))
    expect(storage.m.size).toBe(0)
    expect([...s.uploads.values()][0]?.state).toBe('aborted')
  })

  it('retries what may pass again, only', () => {
    expect([0, 408, 429, 500, 503].every((s) => worthRetrying(s, true))).toBe(true)
    expect([400, 401, 404, 409, 413].some((s) => worthRetrying(s, true))).toBe(false)
    // A bucket's 403 is an expired link: asked again and retried. Ours is a sign refusal.
    expect(worthRetrying(403, false)).toBe(true)
    expect(worthRetrying(403, true)).toBe(false)
    expect([1, 2, 3, 4, 5, 6].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 16000])
  })
})

describe('the policy lets the browser reach the bucket that takes parts', () => {
  // Parts go to presigned links on the bucket's own address (never a CDN): one of fileOrigins.
  it('names the bucket origin when STORAGE=s3, nothing on local disk', () => {
    const origins = (env: Record<string, string>) => fileOrigins(bucketOfEnv(env))
    expect(
      origins({ STORAGE: 's3', S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com', S3_BUCKET: 'shop' }),
    ).toContain('https://shop.oss-cn-hangzhou.aliyuncs.com')
    const peer = {
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'shop',
      S3_FORCE_PATH_STYLE: 'on',
    }
    expect(origins(peer)).toEqual(['http://127.0.0.1:9000'])
    expect(origins({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([])
    const connect = (o: string[]) =>
      pageDirectives(undefined, undefined, o).find((d) => d.startsWith('connect-src'))
    expect(connect(origins(peer))).toBe("connect-src 'self' http://127.0.0.1:9000")
    expect(connect([])).toBe("connect-src 'self'")
  })
})

import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import {
  CompleteMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  COURSE_UPLOAD_QUOTA_REACHED,
  SECTION_FILE_MAX_BYTES,
  SECTION_FILE_RULE,
} from '../../../src/lib/constants.ts'
import { tinyPng, uploaded } from '../../../tests/api/files.ts'
import { type Harness, startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'
import { type S3Peer, startS3Peer } from '../../../tests/peers/s3-peer.ts'
import { defaultConfig, loadConfig } from '../../config.ts'
import { objectKey, type S3Settings, s3Client } from '../../providers/s3.ts'
import { cleanStaleUploads, PART_BYTES, STALE_MS } from './resumable.ts'
import { diskPath } from './uploads.service.ts'

const MB = 1024 * 1024

/** A full garbage collection, to see what the process holds rather than what it has yet to free. */
const collect = (() => {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
})()

interface Started {
  id: string
  size: number
  partSize: number
  partCount: number
  via: 'api' | 's3'
  state: string
  done: number[]
  path: string | null
}

/** `size` bytes that read as an mp4 (an ftyp box first), random after it: no other test has them. */
function mp4Bytes(size: number): Buffer {
  const b = randomBytes(size)
  Buffer.from([0, 0, 0, 0x18]).copy(b, 0)
  Buffer.from('ftypisom', 'latin1').copy(b, 4)
  return b
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
/** The paths of a user's uploads (user_uploads), as stored now. */
const uploadsOf = async (h: Harness, userId: number) =>
  (await h.db.selectFrom('user_uploads').select('path').where('user_id', '=', userId).execute()).map(
    (u) => u.path,
  )

/** The protocol as the browser's client drives it, against one server (local disk or S3 peer). */
function client(h: Harness) {
  const start = (auth: Record<string, string>, name: string, size: number, purpose?: string) =>
    h.post<Started | string>(
      '/api/Upload/PostResumable',
      { name, size, ...(purpose ? { purpose } : {}) },
      auth,
    )
  const status = (auth: Record<string, string>, id: string) =>
    h.get<Started | string>('/api/Upload/GetResumable', { id }, auth)
  const targets = async (auth: Record<string, string>, id: string, parts: number[]) => {
    const r = await h.post<{ via: string; parts: { part: number; url: string }[] } | string>(
      '/api/Upload/PostResumableParts',
      { id, parts },
      auth,
    )
    if (r.http !== 200 || typeof r.data === 'string') throw new Error(`parts: ${JSON.stringify(r)}`)
    return r.data
  }
  /** PUTs one part's body to its target: our API with the usual headers, or the bucket bare. */
  const put = async (
    auth: Record<string, string>,
    id: string,
    part: number,
    body: BodyInit,
    extra: RequestInit = {},
  ) => {
    const t = await targets(auth, id, [part])
    const url = t.parts[0]?.url as string
    const headers = t.via === 'api' ? { sign: h.sign(), ...auth } : {}
    return fetch(t.via === 'api' ? `${h.base}${url}` : url, {
      method: 'PUT',
      body,
      headers,
      ...extra,
    } as RequestInit)
  }
  // A Buffer is a valid fetch body; DOM's BodyInit type just does not list Node's Buffer.
  const slice = (file: Buffer, n: number) =>
    file.subarray((n - 1) * PART_BYTES, n * PART_BYTES) as unknown as BodyInit
  const complete = (auth: Record<string, string>, id: string) =>
    h.post<{ path: string } | string>('/api/Upload/PostResumableComplete', { id }, auth)
  /** Sends parts `parts` of `file` (all of them by default), each checked to be taken. */
  const send = async (auth: Record<string, string>, id: string, file: Buffer, parts?: number[]) => {
    const count = Math.ceil(file.length / PART_BYTES)
    for (const n of parts ?? Array.from({ length: count }, (_, i) => i + 1)) {
      const r = await put(auth, id, n, slice(file, n))
      expect(r.status, await r.clone().text()).toBe(200)
    }
  }
  return { start, status, targets, put, slice, complete, send }
}

/** A user who may create courses (level 20), with a cover of their own for a course. */
async function author(h: Harness) {
  const u = await newUser(h)
  await h.db.updateTable('users').set({ level: 20 }).where('id', '=', u.id).execute()
  const cover = await uploaded(h, tinyPng(`cover ${u.id}`), 'cover.png', u.auth)
  return { ...u, cover }
}

/** A paid course of one paid section whose file is `path` (private stays private: no copy on saving). */
async function publishCourse(h: Harness, auth: Record<string, string>, cover: string, path: string) {
  const [cls] = await h.db.selectFrom('classifies').select('id').where('ckey', '=', 'courseClass').execute()
  return h.post(
    '/api/Article/PostArticleAppend',
    {
      status: 30,
      title: '根管治疗精讲',
      imgurl: cover,
      classId: cls?.id,
      free: 1,
      price: '99',
      tag: '',
      content: '<p>整节课程视频</p>',
      list: [{ title: '第1讲', imgurl: path, status: 1, price: '19.9', params: '3600' }],
    },
    auth,
  )
}

const stores = ['local', 's3'] as const

for (const store of stores) {
  describe(`resumable course file uploads to ${store === 'local' ? 'local disk' : 'the S3 peer'} (issue 22)`, () => {
    let peer: S3Peer | undefined
    let settings: S3Settings | undefined
    beforeAll(async () => {
      if (store !== 's3') return
      peer = await startS3Peer()
      settings = loadConfig(peer.env()).s3
    })
    afterAll(() => peer?.close())
    const h = startServer({ config: () => (store === 's3' ? { s3: settings } : {}) })
    const c = client(h)
    /** The server's configuration as the harness makes it (its dirs, and the bucket when S3). */
    const config = () => ({ ...defaultConfig({ uploadDir: inject('uploadDir') }), s3: settings })
    const privateDir = () => config().privateDir

    /** The stored bytes of a path: from disk, or from the bucket. */
    const storedBytes = async (path: string): Promise<Buffer | null> => {
      if (!settings) {
        const p = diskPath(config(), path)
        return p && existsSync(p) ? readFile(p) : null
      }
      const got = await s3Client(settings)
        .send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(path) }))
        .catch(() => null)
      if (!got) return null
      return Buffer.from(
        await (got.Body as Readable & { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      )
    }

    it('takes a 30 MB file in parts and keeps it under its content path; a course section can use it', async () => {
      const a = await author(h)
      const file = mp4Bytes(30 * MB)
      const s = await c.start(a.auth, '第1讲 开髓.mp4', file.length)
      expect(s.http).toBe(200)
      const up = s.data as Started
      expect(up).toMatchObject({ size: file.length, partSize: 8 * MB, partCount: 4, state: 'open', done: [] })
      expect(up.via).toBe(store === 's3' ? 's3' : 'api')
      await c.send(a.auth, up.id, file)
      const done = await c.complete(a.auth, up.id)
      expect(done.http, JSON.stringify(done)).toBe(200)
      const hash = sha256(file)
      const path = (done.data as { path: string }).path
      expect(path).toBe(`/private/u/${hash.slice(0, 2)}/${hash.slice(0, 32)}.mp4`)
      const stored = await storedBytes(path)
      expect(stored && sha256(stored)).toBe(hash)
      // Recorded as the author's upload, with its true size; completing again answers the same path.
      const row = await h.db
        .selectFrom('uploads')
        .select(['size', 'mime'])
        .where('path', '=', path)
        .executeTakeFirst()
      expect(row).toEqual({ size: file.length, mime: 'video/mp4' })
      expect((await c.complete(a.auth, up.id)).data).toEqual({ path })
      expect((await c.status(a.auth, up.id)).data).toMatchObject({ state: 'done', path })
      // Nothing left behind: no temporary object or parts.
      if (settings) {
        const temp = await s3Client(settings)
          .send(
            new HeadObjectCommand({ Bucket: settings.bucket, Key: `private/.incoming/resumable/${up.id}` }),
          )
          .catch(() => null)
        expect(temp).toBeNull()
      } else expect(existsSync(join(privateDir(), '.incoming', 'resumable', up.id))).toBe(false)
      const course = await publishCourse(h, a.auth, a.cover, path)
      expect([course.http, course.data]).toEqual([200, '发布成功'])
      // Its author's player reads it through a short-lived link, by ranges; nobody else gets one.
      const other = await author(h)
      const refused = await h.get('/api/Upload/GetPrivateFileLink', { path }, other.auth)
      expect([refused.http, refused.data]).toEqual([404, '文件不存在'])
      if (store === 'local') {
        const link = await h.get<{ url: string }>('/api/Upload/GetPrivateFileLink', { path }, a.auth)
        expect(link.http).toBe(200)
        const range = await fetch(`${h.base}${link.data.url}`, { headers: { Range: 'bytes=0-15' } })
        expect(range.status).toBe(206)
        expect(Buffer.from(await range.arrayBuffer()).equals(file.subarray(0, 16))).toBe(true)
      }
    })

    it('resumes after a "reload": parts 1–2, a new status call, the rest, complete', async () => {
      const a = await author(h)
      const file = mp4Bytes(3 * PART_BYTES + 1234)
      const up = (await c.start(a.auth, 'lecture.mp4', file.length)).data as Started
      await c.send(a.auth, up.id, file, [1, 2])
      // The page is gone; the new one knows only the upload id (kept in localStorage).
      const again = (await c.status(a.auth, up.id)).data as Started
      expect(again).toMatchObject({ state: 'open', done: [1, 2], partCount: 4 })
      await c.send(a.auth, up.id, file, [3, 4])
      const done = await c.complete(a.auth, up.id)
      expect(done.http).toBe(200)
      expect(sha256((await storedBytes((done.data as { path: string }).path)) ?? Buffer.alloc(0))).toBe(
        sha256(file),
      )
      if (store === 's3') return
      // A free section's file is copied to the public tree on publishing: neither copy eats into
      // the author's 200 MB a day of pictures (course files have their own allowance).
      const [cls] = await h.db
        .selectFrom('classifies')
        .select('id')
        .where('ckey', '=', 'courseClass')
        .execute()
      const path = (done.data as { path: string }).path
      const course = await h.post(
        '/api/Article/PostArticleAppend',
        {
          status: 30,
          title: '免费公开课',
          imgurl: a.cover,
          classId: cls?.id,
          free: 2,
          price: '',
          tag: '',
          content: '<p>公开课</p>',
          list: [{ title: '第1讲', imgurl: path, status: 2, price: '', params: '60' }],
        },
        a.auth,
      )
      expect([course.http, course.data]).toEqual([200, '发布成功'])
      const publicCopy = `/uploads/${path.slice('/private/'.length)}`
      expect(sha256((await storedBytes(publicCopy)) ?? Buffer.alloc(0))).toBe(sha256(file))
      const quota = await h.db
        .selectFrom('user_uploads')
        .select((eb) => eb.fn.sum<number>('size').as('bytes'))
        .where('user_id', '=', a.id)
        .executeTakeFirst()
      expect(Number(quota?.bytes)).toBe(tinyPng(`cover ${a.id}`).length)
    })

    it('does not count a part whose connection dropped; sent again it completes', async () => {
      const a = await author(h)
      const file = mp4Bytes(2 * PART_BYTES + 99)
      const up = (await c.start(a.auth, 'v.mp4', file.length)).data as Started
      await c.send(a.auth, up.id, file, [1, 3])
      // Part 2 breaks off after 1 MB: the body stream fails, the request is cut.
      const broken = new ReadableStream<Uint8Array>({
        start(ctrl) {
          ctrl.enqueue(file.subarray(PART_BYTES, PART_BYTES + MB))
        },
        pull(ctrl) {
          ctrl.error(new Error('connection dropped'))
        },
      })
      await c
        .put(a.auth, up.id, 2, broken as unknown as BodyInit, { duplex: 'half' } as RequestInit)
        .catch(() => null)
      await expect.poll(async () => ((await c.status(a.auth, up.id)).data as Started).done).toEqual([1, 3])
      const early = await c.complete(a.auth, up.id)
      expect([early.http, early.data]).toEqual([400, '还有1个分片未上传'])
      await c.send(a.auth, up.id, file, [2])
      const done = await c.complete(a.auth, up.id)
      expect(done.http).toBe(200)
      expect(sha256((await storedBytes((done.data as { path: string }).path)) ?? Buffer.alloc(0))).toBe(
        sha256(file),
      )
    })

    it('completes once when asked twice at the same time', async () => {
      const a = await author(h)
      const file = mp4Bytes(PART_BYTES + 321)
      const up = (await c.start(a.auth, 'twice.mp4', file.length)).data as Started
      await c.send(a.auth, up.id, file)
      const both = await Promise.all([c.complete(a.auth, up.id), c.complete(a.auth, up.id)])
      const path = both.find((r) => r.http === 200)?.data as { path: string }
      expect(path?.path).toMatch(/^\/private\/u\//)
      // The other either found it done (the same path) or still being assembled.
      for (const r of both)
        expect([
          [200, path],
          [409, '文件正在合并，请稍候'],
        ]).toContainEqual([r.http, r.data])
      // One upload row of that path, whichever call made it.
      expect((await uploadsOf(h, a.id)).filter((p) => p === path.path)).toHaveLength(1)
      expect((await c.complete(a.auth, up.id)).data).toEqual(path)
    })

    // Only a bucket joins the parts into another object first; on disk they lie in place.
    // AWS and MinIO say the joined upload is gone as NoSuchUpload, Ceph's RADOS Gateway as NoSuchKey.
    it.skipIf(store === 'local').each(['NoSuchUpload', 'NoSuchKey'] as const)(
      'finishes a completion cut short after the bucket joined the parts (ListParts: %s)',
      async (gone) => {
        ;(peer as S3Peer).goneUpload = gone
        const a = await author(h)
        const file = mp4Bytes(PART_BYTES + 77)
        const up = (await c.start(a.auth, 'cut.mp4', file.length)).data as Started
        await c.send(a.auth, up.id, file)
        // The process died right after CompleteMultipartUpload: the row is still open.
        const s = settings as S3Settings
        const Key = `private/.incoming/resumable/${up.id}`
        const row = await h.db
          .selectFrom('resumable_uploads')
          .select('s3_upload_id')
          .where('id', '=', up.id)
          .executeTakeFirstOrThrow()
        const listed = await s3Client(s).send(
          new ListPartsCommand({ Bucket: s.bucket, Key, UploadId: row.s3_upload_id ?? '' }),
        )
        await s3Client(s).send(
          new CompleteMultipartUploadCommand({
            Bucket: s.bucket,
            Key,
            UploadId: row.s3_upload_id ?? '',
            MultipartUpload: {
              Parts: (listed.Parts ?? []).map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag })),
            },
          }),
        )
        expect((await c.status(a.auth, up.id)).data).toMatchObject({ state: 'open', done: [1, 2] })
        const done = await c.complete(a.auth, up.id)
        expect(done.http).toBe(200)
        expect(sha256((await storedBytes((done.data as { path: string }).path)) ?? Buffer.alloc(0))).toBe(
          sha256(file),
        )
        ;(peer as S3Peer).goneUpload = 'NoSuchUpload'
      },
    )

    it("refuses another user's upload id like a missing one", async () => {
      const [a, b] = [await author(h), await author(h)]
      const file = mp4Bytes(PART_BYTES + 10)
      const up = (await c.start(a.auth, 'mine.mp4', file.length)).data as Started
      const notFound = [404, '上传不存在或已过期']
      const st = await c.status(b.auth, up.id)
      expect([st.http, st.data]).toEqual(notFound)
      const parts = await h.post('/api/Upload/PostResumableParts', { id: up.id, parts: [1] }, b.auth)
      expect([parts.http, parts.data]).toEqual(notFound)
      const put = await fetch(`${h.base}/api/Upload/PutResumablePart?id=${up.id}&part=1`, {
        method: 'PUT',
        body: c.slice(file, 1),
        headers: { sign: h.sign(), ...b.auth },
      })
      expect(put.status).toBe(404)
      for (const call of ['PostResumableComplete', 'PostResumableAbort']) {
        const r = await h.post(`/api/Upload/${call}`, { id: up.id }, b.auth)
        expect([r.http, r.data]).toEqual(notFound)
      }
      const unsigned = await h.get('/api/Upload/GetResumable', { id: up.id })
      expect(unsigned.http).toBe(401)
      expect((await c.status(a.auth, up.id)).data).toMatchObject({ state: 'open' })
    })

    it('refuses at the start: over 2 GB, another kind, a user who may not create courses', async () => {
      const a = await author(h)
      const cases: [string, number, string][] = [
        ['big.mp4', SECTION_FILE_MAX_BYTES + 1, SECTION_FILE_RULE],
        ['notes.exe', MB, '仅支持上传mp4或pdf文件'],
        ['empty.mp4', 0, '文件不能为空'],
      ]
      for (const [name, size, message] of cases) {
        const r = await c.start(a.auth, name, size)
        expect([r.http, r.data], name).toEqual([400, message])
      }
      // Exactly 2 GB is allowed (no byte sent yet).
      const max = await c.start(a.auth, 'full.mp4', SECTION_FILE_MAX_BYTES)
      expect(max.http).toBe(200)
      expect((max.data as Started).partCount).toBe(256)
      const plain = await newUser(h)
      const r = await c.start(plain.auth, 'a.mp4', MB)
      expect([r.http, r.data]).toEqual([400, '请先进行账号认证'])
    })

    it('refuses a file that is not an mp4 or pdf at completion, and keeps nothing', async () => {
      const a = await author(h)
      const file = randomBytes(PART_BYTES + 500)
      const up = (await c.start(a.auth, 'fake.mp4', file.length)).data as Started
      await c.send(a.auth, up.id, file)
      const r = await c.complete(a.auth, up.id)
      expect([r.http, r.data]).toEqual([400, '仅支持上传mp4或pdf文件'])
      expect((await c.status(a.auth, up.id)).data).toMatchObject({ state: 'aborted', path: null })
      const hash = sha256(file)
      for (const ext of ['mp4', 'pdf'])
        expect(await storedBytes(`/private/u/${hash.slice(0, 2)}/${hash.slice(0, 32)}.${ext}`)).toBeNull()
      expect(await uploadsOf(h, a.id)).toEqual([a.cover])
      // Over: no more parts taken.
      const late = await c.put(a.auth, up.id, 1, c.slice(file, 1)).catch(() => null)
      expect(late?.status ?? 409).not.toBe(200)
    })

    // The bucket takes a part of any size; there the status and completion go by the listed sizes.
    it.skipIf(store === 's3')('refuses a part longer or shorter than its share', async () => {
      const a = await author(h)
      const file = mp4Bytes(PART_BYTES + 100)
      const up = (await c.start(a.auth, 'v.mp4', file.length)).data as Started
      const r = await c.put(a.auth, up.id, 2, new Blob([new Uint8Array(200)]))
      expect(r.status).toBe(413)
      // A whole body shorter than the part is not the part either.
      const short = await c.put(a.auth, up.id, 1, new Blob([new Uint8Array(file.subarray(0, 1000))]))
      expect([short.status, (await short.json()).data]).toEqual([400, '第1个分片不完整，请重新上传'])
      expect(((await c.status(a.auth, up.id)).data as Started).done).toEqual([])
    })

    it('cancels an upload and frees its parts; uploads left a day are cleaned by the job', async () => {
      const a = await author(h)
      const file = mp4Bytes(PART_BYTES + 7)
      const gone = async (id: string) => {
        if (!settings) return !existsSync(join(privateDir(), '.incoming', 'resumable', id))
        const row = await h.db
          .selectFrom('resumable_uploads')
          .select('s3_upload_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
        const listed = await s3Client(settings)
          .send(
            new ListPartsCommand({
              Bucket: settings.bucket,
              Key: `private/.incoming/resumable/${id}`,
              UploadId: row.s3_upload_id ?? '',
            }),
          )
          .catch(() => null)
        return listed === null
      }
      const cancelled = (await c.start(a.auth, 'c.mp4', file.length)).data as Started
      await c.send(a.auth, cancelled.id, file, [1])
      expect(await gone(cancelled.id)).toBe(false)
      const r = await h.post('/api/Upload/PostResumableAbort', { id: cancelled.id }, a.auth)
      expect([r.http, r.data]).toEqual([200, '已取消'])
      expect(await gone(cancelled.id)).toBe(true)
      expect((await c.status(a.auth, cancelled.id)).data).toMatchObject({ state: 'aborted' })

      const left = (await c.start(a.auth, 'left.mp4', file.length)).data as Started
      await c.send(a.auth, left.id, file, [1])
      // An hour later it is not stale yet; a day later the job ends it, and a second run does nothing.
      expect(await cleanStaleUploads(h.db, config(), new Date(Date.now() + 3_600_000))).toBe(0)
      const later = new Date(Date.now() + STALE_MS + 60_000)
      expect(await cleanStaleUploads(h.db, config(), later)).toBeGreaterThanOrEqual(1)
      expect(await gone(left.id)).toBe(true)
      expect((await c.status(a.auth, left.id)).data).toMatchObject({ state: 'aborted' })
      expect(await cleanStaleUploads(h.db, config(), later)).toBe(0)
    })

    // Local disk only (the API process is what holds a local upload; S3 parts never reach it),
    // and once: the database plays no part in it.
    it.skipIf(store === 's3' || inject('testDb') === 'pg')(
      "takes a 200 MB file without the API process's memory growing by its size",
      async () => {
        const a = await author(h)
        const size = 200 * MB
        const up = (await c.start(a.auth, 'big.mp4', size)).data as Started
        // Each part is made as it is sent, 64 KB at a time, so the client holds no copy either.
        const chunk = new Uint8Array(64 * 1024).fill(7)
        const head = mp4Bytes(64 * 1024)
        const partBody = (n: number) => {
          let left = Math.min(PART_BYTES, size - (n - 1) * PART_BYTES)
          let first = n === 1
          return new ReadableStream<Uint8Array>({
            pull(ctrl) {
              if (left <= 0) return ctrl.close()
              const piece = first ? head : chunk
              first = false
              ctrl.enqueue(piece.subarray(0, Math.min(piece.length, left)))
              left -= Math.min(piece.length, left)
            },
          })
        }
        collect()
        const before = process.memoryUsage().rss
        let peak = before
        const sampler = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage().rss)
        }, 10)
        try {
          for (let n = 1; n <= up.partCount; n++) {
            const r = await c.put(
              a.auth,
              up.id,
              n,
              partBody(n) as unknown as BodyInit,
              { duplex: 'half' } as RequestInit,
            )
            expect(r.status).toBe(200)
            // What is left of a part is garbage; collected, RSS shows what the process keeps.
            collect()
          }
          console.log(`[resumable] parts phase peak +${((peak - before) / MB).toFixed(1)} MB`)
          const done = await c.complete(a.auth, up.id)
          expect(done.http).toBe(200)
        } finally {
          clearInterval(sampler)
        }
        const grew = (peak - before) / MB
        console.log(
          `[resumable] 200 MB local upload: RSS ${Math.round(before / MB)} MB → peak ${Math.round(peak / MB)} MB (+${grew.toFixed(1)} MB)`,
        )
        expect(grew).toBeLessThan(48)
      },
      60_000,
    )

    // The count is the same whatever the store.
    it.skipIf(store === 's3')(
      'keeps course files within their own daily allowance (10 GB), aborted ones giving theirs back',
      async () => {
        const a = await author(h)
        const ids: string[] = []
        for (let i = 0; i < 5; i++) {
          const r = await c.start(a.auth, `l${i}.mp4`, SECTION_FILE_MAX_BYTES)
          expect(r.http).toBe(200)
          ids.push((r.data as Started).id)
        }
        const over = await c.start(a.auth, 'l5.mp4', MB)
        expect([over.http, over.data]).toEqual([429, COURSE_UPLOAD_QUOTA_REACHED])
        await h.post('/api/Upload/PostResumableAbort', { id: ids[0] }, a.auth)
        expect((await c.start(a.auth, 'l5.mp4', MB)).http).toBe(200)
      },
    )
  })
}

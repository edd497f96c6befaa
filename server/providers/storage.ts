import { randomBytes } from 'node:crypto'
import { createReadStream, existsSync } from 'node:fs'
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import type { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetBucketPolicyCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutBucketPolicyCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { isPrivatePath, isPublicUpload, PRIVATE_ROOT, PUBLIC_ROOT } from '../../src/lib/rules/files.ts'
import type { CheckResult } from './check.ts'
import { objectKey, publicObjectUrl, type S3Settings, s3Client } from './s3.ts'

/**
 * Where stored files lie (issue 22), chosen here only (fileStore): local disk by default
 * (UPLOAD_DIR, PRIVATE_DIR), or a bucket through the S3 API (STORAGE=s3: OSS, COS, MinIO). A stored
 * path has one shape either way ('/uploads/u/3f/….png', '/private/u/8c/….mp4'; on S3 its object key
 * is the path without the first slash), so no row knows where its bytes are and `npm run ops --
 * storage migrate` moves a site without rewriting one. Bodies always arrive in a local temporary
 * file first (uploads.service.ts receiveMultipart) and leave it as a stream.
 */
export interface FileStore {
  /** For the operator: 本地磁盘 data/uploads, 对象存储 http://…/portal. */
  readonly name: string
  /**
   * Moves a finished local file (`tmp`, consumed) to `path`. Paths are named by their bytes, so a
   * path already there holds these bytes: it is kept and `tmp` removed.
   */
  put(path: string, tmp: string): Promise<void>
  /** The stored file's size in bytes, or null when there is none. */
  size(path: string): Promise<number | null>
  /** The stored bytes as a stream; throws when there are none. */
  read(path: string): Promise<Readable>
  /** Stores the bytes of `from` at `to` too (a paid section's file moving between trees). */
  copy(from: string, to: string): Promise<void>
  /** Removes a stored file; nothing when there is none (a paid section's public copy, retired). */
  remove(path: string): Promise<void>
  /**
   * The answer that hands a private file to someone already checked: on disk the file itself
   * (Range requests included, for video), or null when it is not there; on S3 a 302 to a
   * presigned link that works `seconds` (not asked first: a missing object is the bucket's 404,
   * and the common case saves a round trip). `maxAge` is how long the browser may keep the bytes.
   */
  sendPrivate(
    c: Context,
    path: string,
    o: { maxAge: number; seconds: number; now: Date },
  ): Promise<Response | null>
  /** A presigned link to a private object for the operator's eyes (ops cert-files); null on disk. */
  privateLink(path: string, seconds: number, now: Date): Promise<string | null>
}

/** The settings that choose the store: where the local trees lie, and the bucket when STORAGE=s3. */
export interface FileDirs {
  uploadDir: string
  privateDir: string
  s3?: S3Settings | undefined
}

/** Answers of stored files a browser keeps for a year: their names never change content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** The policy of every file answer: shown, never run (an SVG or a PDF cannot script our origin). */
export const FILE_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'"

/**
 * Whether a file's name says its content: an upload (/uploads/u/…) or a seed file with its hash
 * (server/seed/images.ts), so it may be kept as immutable.
 */
export const contentNamed = (path: string) =>
  path.startsWith('/uploads/u/') || /^\/uploads\/seed\/[^/]+\.[0-9a-f]{10}\.\w+$/.test(path)

/** Where bodies are written while they arrive, whatever the store: inside the private tree, so never served half-written. */
export const incomingDir = (dirs: Pick<FileDirs, 'privateDir'>) => join(dirs.privateDir, '.incoming')

/** The file on disk of a stored path, or null for anything else: diskPath(dirs, '/private/u/3f/x.png') → '<privateDir>/u/3f/x.png' */
export function diskPath(dirs: FileDirs, path: string): string | null {
  if (isPublicUpload(path)) return join(dirs.uploadDir, path.slice(PUBLIC_ROOT.length))
  if (isPrivatePath(path)) return join(dirs.privateDir, path.slice(PRIVATE_ROOT.length))
  return null
}

/**
 * Moves a written file to its place (`target`, on disk). Renamed, so a reader sees the whole file
 * or none; two uploads of the same bytes at once both rename the same content over the same name.
 * Across file systems (PRIVATE_DIR elsewhere), copied beside the target first, then renamed.
 */
export async function moveInto(tmp: string, target: string) {
  await mkdir(dirname(target), { recursive: true })
  try {
    await rename(tmp, target)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e
    const beside = `${target}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await copyFile(tmp, beside)
      await rename(beside, target)
    } finally {
      await rm(beside, { force: true })
    }
  } finally {
    await rm(tmp, { force: true })
  }
}

const missing = (path: string) => Object.assign(new Error(`文件不存在：${path}`), { code: 'ENOENT' })

/** The file on disk of a stored path; throws for a path that is none of ours. */
function onDisk(dirs: FileDirs, path: string): string {
  const file = diskPath(dirs, path)
  if (!file) throw missing(path)
  return file
}

/** The local store: the two trees under UPLOAD_DIR and PRIVATE_DIR, as `npm start` always kept them. */
function localStore(dirs: FileDirs): FileStore {
  return {
    name: `本地磁盘 ${dirs.uploadDir}`,
    async put(path, tmp) {
      const target = onDisk(dirs, path)
      if (existsSync(target)) await rm(tmp, { force: true })
      else await moveInto(tmp, target)
    },
    async size(path) {
      const file = diskPath(dirs, path)
      if (!file) return null
      return stat(file).then(
        (s) => (s.isFile() ? s.size : null),
        () => null,
      )
    },
    async read(path) {
      const file = onDisk(dirs, path)
      if (!existsSync(file)) throw missing(path)
      return createReadStream(file)
    },
    async copy(from, to) {
      const target = onDisk(dirs, to)
      if (existsSync(target)) return
      // Beside the incoming bodies, then renamed: a reader never meets half a copy.
      const tmp = join(incomingDir(dirs), `${randomBytes(8).toString('hex')}.part`)
      await mkdir(dirname(tmp), { recursive: true })
      await copyFile(onDisk(dirs, from), tmp)
      await moveInto(tmp, target)
    },
    async remove(path) {
      await rm(onDisk(dirs, path), { force: true })
    },
    async sendPrivate(c, path, o) {
      const file = diskPath(dirs, path)
      const res = file && existsSync(file) ? await serveStatic({ path: file })(c, async () => {}) : null
      if (!res) return null
      res.headers.set('Cache-Control', o.maxAge > 0 ? `private, max-age=${o.maxAge}` : 'private, no-store')
      res.headers.set('Content-Security-Policy', FILE_POLICY)
      res.headers.set('X-Content-Type-Options', 'nosniff')
      return res
    },
    privateLink: async () => null,
  }
}

/** Files larger than this go up in parts of this size (S3 takes at most 5 GB in one PUT). */
const PART_BYTES = 64 * 1024 * 1024

/** The headers an object is stored with: its type, and how long browsers and CDNs may keep it. */
function objectHeaders(path: string) {
  return {
    ContentType: getMimeType(path) ?? 'application/octet-stream',
    CacheControl: isPrivatePath(path)
      ? 'private, no-store'
      : contentNamed(path)
        ? IMMUTABLE
        : 'public, max-age=86400',
  }
}

/**
 * The bucket policy public files need: anyone may read objects under uploads/ (s3:GetObject, so
 * a missing one answers 403, not 404), nothing else; private/ stays signed-only.
 */
export const publicReadPolicy = (bucket: string) => ({
  Version: '2012-10-17',
  Statement: [
    {
      Sid: 'PortalPublicUploads',
      Effect: 'Allow',
      Principal: '*',
      Action: ['s3:GetObject'],
      Resource: [`arn:aws:s3:::${bucket}/uploads/*`],
    },
  ],
})

const policies = new WeakMap<S3Settings, Promise<void>>()

/**
 * Makes uploads/ publicly readable before the first public object goes up, once per process: a
 * bucket has no public reads of its own (AWS, Ceph RGW, MinIO), and every picture of the site is
 * read from it anonymously. Only a bucket without any policy gets ours (PutBucketPolicy); one
 * whose owner set a policy keeps it. A key that may not set policies (or a provider with another
 * policy language) only logs it: `npm run ops -- providers check` says whether reads work.
 */
export function ensurePublicReads(s: S3Settings): Promise<void> {
  let done = policies.get(s)
  if (!done) {
    const client = s3Client(s)
    done = client
      .send(new GetBucketPolicyCommand({ Bucket: s.bucket }))
      .then(
        () => undefined,
        (e: unknown) => {
          if ((e as { name?: string }).name !== 'NoSuchBucketPolicy') throw e
          return client
            .send(
              new PutBucketPolicyCommand({
                Bucket: s.bucket,
                Policy: JSON.stringify(publicReadPolicy(s.bucket)),
              }),
            )
            .then(() => undefined)
        },
      )
      .catch((e: unknown) => {
        console.warn(
          `[storage] 未能设置存储桶 ${s.bucket} 的 uploads/ 公共读策略（${s3Failure(e)}）：请在控制台为 uploads/* 设置公共读`,
        )
      })
    policies.set(s, done)
  }
  return done
}

/** S3 codes of a bare status, for answers without a body (HEAD …): 403 → AccessDenied. */
const CODE_OF_STATUS: Record<number, string> = {
  301: 'PermanentRedirect',
  307: 'TemporaryRedirect',
  400: 'BadRequest',
  403: 'AccessDenied',
  404: 'NoSuchBucket',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  500: 'InternalError',
  503: 'SlowDown',
}

/**
 * What the bucket answered, for the operator: 'HTTP 403 SignatureDoesNotMatch'. The SDK names an
 * error without a body UnknownError (or by the status's words): the status says the code then.
 */
export function s3Failure(e: unknown, notFoundCode = 'NoSuchBucket'): string {
  const err = e as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number }; message?: string }
  const status = err.$metadata?.httpStatusCode
  const named = err.Code ?? err.name
  const bare =
    !named ||
    named === 'UnknownError' ||
    named === 'Error' ||
    /^(NotFound|Forbidden|BadRequest|MovedPermanently)$/.test(named)
  const code =
    bare && status ? (status === 404 ? notFoundCode : (CODE_OF_STATUS[status] ?? 'UnknownError')) : named
  if (!status) return `${code ?? 'Error'}${err.message && err.message !== code ? `：${err.message}` : ''}`
  return `HTTP ${status} ${code}`
}

/**
 * Puts a local file into the bucket as a stream, never the whole file in memory: one PUT, or for
 * a large file a multipart upload whose parts are ranges read from the file (aborted on failure,
 * so no orphan parts are billed). `partBytes` is only for tests (S3's least part is 5 MB).
 */
export async function putFile(
  s: S3Settings,
  path: string,
  file: string,
  size: number,
  partBytes = PART_BYTES,
): Promise<void> {
  const client = s3Client(s)
  const target = { Bucket: s.bucket, Key: objectKey(path) }
  if (isPublicUpload(path)) await ensurePublicReads(s)
  if (size <= partBytes) {
    await client.send(
      new PutObjectCommand({
        ...target,
        ...objectHeaders(path),
        Body: createReadStream(file),
        ContentLength: size,
      }),
    )
    return
  }
  const { UploadId } = await client.send(
    new CreateMultipartUploadCommand({ ...target, ...objectHeaders(path) }),
  )
  try {
    const Parts: { PartNumber: number; ETag: string }[] = []
    for (let start = 0; start < size; start += partBytes) {
      const end = Math.min(size, start + partBytes)
      const PartNumber = Parts.length + 1
      const { ETag } = await client.send(
        new UploadPartCommand({
          ...target,
          UploadId,
          PartNumber,
          Body: createReadStream(file, { start, end: end - 1 }),
          ContentLength: end - start,
        }),
      )
      Parts.push({ PartNumber, ETag: ETag ?? '' })
    }
    await client.send(new CompleteMultipartUploadCommand({ ...target, UploadId, MultipartUpload: { Parts } }))
  } catch (e) {
    await client.send(new AbortMultipartUploadCommand({ ...target, UploadId })).catch(() => {})
    throw e
  }
}

/**
 * Whether the bucket says there is no such object: 404 (NotFound, NoSuchKey), or 403 for a key
 * that may not list the bucket (AWS and Ceph then hide which keys exist). Missing files are
 * treated alike either way; a key refused outright fails at the write that follows.
 */
const notFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } }
  const status = err.$metadata?.httpStatusCode
  return (
    err.name === 'NotFound' ||
    err.name === 'NoSuchKey' ||
    status === 404 ||
    // HEAD's 403 has no body (the SDK names it UnknownError); a GET's names its code.
    (status === 403 && !['SignatureDoesNotMatch', 'InvalidAccessKeyId'].includes(err.name ?? ''))
  )
}

/** The size of an object, or null when the bucket has none at that key. */
export async function objectSize(s: S3Settings, path: string): Promise<number | null> {
  try {
    const head = await s3Client(s).send(new HeadObjectCommand({ Bucket: s.bucket, Key: objectKey(path) }))
    return Number(head.ContentLength ?? 0)
  } catch (e) {
    if (notFound(e)) return null
    throw e
  }
}

/** A presigned GET of a private object: presign(s, '/private/u/8c/….mp4', 600, now, 'private, max-age=600') → 'https://…?X-Amz-Signature=…' */
const presign = (s: S3Settings, path: string, seconds: number, now: Date, cacheControl: string) =>
  getSignedUrl(
    s3Client(s),
    new GetObjectCommand({ Bucket: s.bucket, Key: objectKey(path), ResponseCacheControl: cacheControl }),
    { expiresIn: seconds, signingDate: now },
  )

/** The bucket store (STORAGE=s3): every object named by its stored path; private ones only ever presigned. */
function s3Store(s: S3Settings): FileStore {
  const client = s3Client(s)
  return {
    name: `对象存储 ${s.endpoint}/${s.bucket}`,
    async put(path, tmp) {
      try {
        if ((await objectSize(s, path)) !== null) return
        await putFile(s, path, tmp, (await stat(tmp)).size)
      } finally {
        await rm(tmp, { force: true })
      }
    },
    size: (path) => objectSize(s, path),
    async read(path) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: objectKey(path) }))
        return got.Body as Readable
      } catch (e) {
        if (notFound(e)) throw missing(path)
        throw e
      }
    },
    async copy(from, to) {
      if ((await objectSize(s, to)) !== null) return
      if (isPublicUpload(to)) await ensurePublicReads(s)
      // Copied inside the bucket; the headers are the new tree's (a public copy may be cached).
      await client.send(
        new CopyObjectCommand({
          Bucket: s.bucket,
          Key: objectKey(to),
          CopySource: encodeURI(`${s.bucket}/${objectKey(from)}`),
          MetadataDirective: 'REPLACE',
          ...objectHeaders(to),
        }),
      )
    },
    async remove(path) {
      // S3 answers a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: objectKey(path) }))
    },
    async sendPrivate(c, path, o) {
      const cache = o.maxAge > 0 ? `private, max-age=${o.maxAge}` : 'private, no-store'
      const link = await presign(s, path, o.seconds, o.now, cache)
      // The redirect itself is never kept: a kept one would outlive the link it names.
      return c.body(null, 302, { Location: link, 'Cache-Control': 'no-store' })
    },
    privateLink: (path, seconds, now) => presign(s, path, seconds, now, 'private, no-store'),
  }
}

/** The store of these settings: the bucket when STORAGE=s3 (dirs.s3), else the local trees. */
export const fileStore = (dirs: FileDirs): FileStore => (dirs.s3 ? s3Store(dirs.s3) : localStore(dirs))

/** A public file's address for browsers when it lies in a bucket; undefined on disk (served at its path). */
export const publicFileUrl = (dirs: FileDirs, path: string): string | undefined =>
  dirs.s3 && isPublicUpload(path) ? publicObjectUrl(dirs.s3, path) : undefined

/** Every file under `root` (its path relative to root), skipping dot-folders (.incoming, .check). */
async function* filesUnder(root: string, dir = root): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const e of entries) {
    if (e.name.startsWith('.')) continue
    const full = join(dir, e.name)
    if (e.isDirectory()) yield* filesUnder(root, full)
    else if (e.isFile()) yield relative(root, full).split(sep).join('/')
  }
}

/** What a copy to the bucket did: files seen, uploaded (and their bytes), there already, not storable. */
export interface CopyCounts {
  seen: number
  uploaded: number
  bytes: number
  present: number
  skipped: string[]
}

/** Files put at once: enough to hide each request's round trip, few enough for a small machine. */
const COPIES_IN_FLIGHT = 4

/**
 * Copies local files into the bucket under the same keys (`npm run ops -- storage migrate`, and
 * the seed's files when the site starts on S3): every file of the public and private trees, or
 * only those under `only` ('seed'). A key there already with the same size is left alone, so a
 * second run, or one after an interruption, uploads only what is missing. Local files stay.
 * await copyToBucket(config, s3) → { seen: 412, uploaded: 412, bytes: 9_800_000, present: 0, skipped: [] }
 */
export async function copyToBucket(
  dirs: Pick<FileDirs, 'uploadDir' | 'privateDir'>,
  s: S3Settings,
  o: { only?: string; progress?: (c: CopyCounts) => void } = {},
): Promise<CopyCounts> {
  const counts: CopyCounts = { seen: 0, uploaded: 0, bytes: 0, present: 0, skipped: [] }
  const trees = [
    { root: dirs.uploadDir, prefix: PUBLIC_ROOT },
    { root: dirs.privateDir, prefix: PRIVATE_ROOT },
  ]
  const running = new Set<Promise<void>>()
  for (const { root, prefix } of trees) {
    const base = o.only ? join(root, o.only) : root
    for await (const rel of filesUnder(base)) {
      const path = `${prefix}${o.only ? `${o.only}/` : ''}${rel}`
      counts.seen++
      // A name no stored path can have (spaces, other letters) is no file of ours: named, not copied.
      if (!(isPublicUpload(path) || isPrivatePath(path))) {
        counts.skipped.push(path)
        continue
      }
      const file = join(base, rel)
      const one = (async () => {
        const size = (await stat(file)).size
        if ((await objectSize(s, path)) === size) counts.present++
        else {
          await putFile(s, path, file, size)
          counts.uploaded++
          counts.bytes += size
        }
        o.progress?.(counts)
      })()
      running.add(one)
      void one.finally(() => running.delete(one)).catch(() => {})
      if (running.size >= COPIES_IN_FLIGHT) await Promise.race(running)
    }
  }
  await Promise.all(running)
  return counts
}

/**
 * The storage entry of `npm run ops -- providers check`: the bucket is asked whether it is there
 * and ours (HeadBucket); a tiny probe object under .check/ is written and removed, which proves
 * the key may write; one under uploads/.check/ is written, read back without credentials (as
 * every visitor reads pictures) and removed. Nothing a visitor sees changes. A failure says 异常,
 * the step, the HTTP status and the S3 code (from the status where the answer has no body).
 */
export async function checkStorage(
  dirs: FileDirs,
  now: Date,
  read: typeof fetch = fetch,
): Promise<CheckResult> {
  const s = dirs.s3
  if (!s) return { ok: true, lines: [`本地磁盘：${dirs.uploadDir}、${dirs.privateDir}（无需检查）`] }
  const client = s3Client(s)
  const probe = `${now.getTime()}-${randomBytes(4).toString('hex')}.txt`
  const Key = `.check/${probe}`
  const step = async <T>(what: string, run: () => Promise<T>, notFoundCode?: string): Promise<T> => {
    try {
      return await run()
    } catch (e) {
      throw new Error(`异常：${what}失败，存储桶应答 ${s3Failure(e, notFoundCode)}`)
    }
  }
  const put = () => client.send(new PutObjectCommand({ Bucket: s.bucket, Key, Body: 'providers check' }))
  try {
    await step('访问存储桶（HeadBucket）', () =>
      // HeadBucket's refusal has no body; the write's says which code (SignatureDoesNotMatch …).
      client.send(new HeadBucketCommand({ Bucket: s.bucket })).catch(async (e: unknown) => {
        await put()
        await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key })).catch(() => {})
        throw e
      }),
    )
    await step('写入探测对象', put)
    await step('删除探测对象', () => client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key })))
  } catch (e) {
    return { ok: false, lines: [(e as Error).message] }
  }
  const lines = [`存储桶 ${s.bucket} 已应答，签名正常，可写入与删除（探测对象 ${Key}）`]
  // Public files: written as uploads are (the provider sets the bucket's public-read policy first).
  const path = `/uploads/.check/${probe}`
  const body = `providers check ${probe}`
  try {
    await ensurePublicReads(s)
    await step('写入公开探测对象', () =>
      client.send(
        new PutObjectCommand({
          Bucket: s.bucket,
          Key: objectKey(path),
          Body: body,
          ContentType: 'text/plain',
        }),
      ),
    )
    const url = publicObjectUrl(s, path)
    const got = await read(url).then(
      async (r) => ({ status: r.status, text: await r.text() }),
      (e: unknown) => ({ status: 0, text: String((e as Error).message) }),
    )
    await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: objectKey(path) })).catch(() => {})
    if (got.status !== 200 || got.text !== body) {
      const code = /<Code>([^<]+)<\/Code>/.exec(got.text)?.[1] ?? CODE_OF_STATUS[got.status] ?? 'UnknownError'
      return {
        ok: false,
        lines: [
          ...lines,
          `异常：uploads/ 下的公开对象无法匿名读取（${url}：${got.status ? `HTTP ${got.status} ${code}` : got.text}）：网站的图片将无法显示，请为存储桶的 uploads/* 设置公共读（或检查 S3_PUBLIC_URL）`,
        ],
      }
    }
  } catch (e) {
    return { ok: false, lines: [...lines, (e as Error).message] }
  }
  return { ok: true, lines: [...lines, `uploads/ 下的公开对象可匿名读取（${publicObjectUrl(s, path)}）`] }
}

/**
 * Resumable uploads of course section files up to 2 GB (issue 22), in parts, one protocol with
 * two back ends shaped like S3 multipart, so the browser's client is the same for both:
 * - start: a row in resumable_uploads (owner, size, kind, tree, state); with STORAGE=s3 also a
 *   multipart upload under a private temporary key;
 * - parts: with S3 the browser PUTs each part straight to the bucket through a presigned
 *   UploadPart link; on local disk it PUTs the part to our API, which writes it at its offset
 *   in one data file while it arrives (never whole in memory) and keeps a marker per part;
 * - status: the parts the bucket (ListParts) or the disk (markers) holds, so a reload or a
 *   dropped connection goes on from there;
 * - complete: assembled (CompleteMultipartUpload; on disk the parts already lie in place), its
 *   size and first bytes (kindOf) checked, hashed as a stream for its content name, and moved
 *   under its content path (keepFile; CopyObject to objectKey(contentPath) then the temporary
 *   object removed); answers the stored path as Upload/PostUpload does;
 * - abort, and a background job that ends uploads left unfinished for a day.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  type Part,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { COURSE_UPLOAD_DAILY_MB, RESUMABLE_PART_MB, UPLOAD_DAILY_FILES } from '../../../src/lib/constants.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/index.ts'
import type { ResumableUploadsTable } from '../../db/schema.ts'
import { lockUser } from '../../db/sql.ts'
import { objectKey, type S3Settings, s3Client } from '../../providers/s3.ts'
import { dbTime } from '../../time.ts'
import { uploadsSince } from './uploads.queries.ts'
import { contentPath, incomingDir, keepFile, kindOf, type Tree } from './uploads.service.ts'

export const PART_BYTES = RESUMABLE_PART_MB * 1024 * 1024
const COURSE_DAILY_BYTES = COURSE_UPLOAD_DAILY_MB * 1024 * 1024
/** The kinds a course section file may be (accounts §5), as told by the name at the start. */
export const RESUMABLE_EXTS = ['mp4', 'pdf'] as const
const MIME: Record<string, string> = { mp4: 'video/mp4', pdf: 'application/pdf' }
/** How long a presigned part link stays good: long enough for a slow part, short if it leaks. */
const PART_LINK_SECONDS = 3600
/** An upload untouched this long is abandoned: the cleanup job ends it and frees its bytes. */
export const STALE_MS = 24 * 3600_000
const HEAD_BYTES = 16

export type Upload = ResumableUploadsTable

/** Where a storage step failed for a reason the user should hear (a Chinese message), not a crash. */
export class UploadRefused extends Error {
  readonly status: number
  constructor(message: string, status = 400) {
    super(message)
    this.status = status
  }
}

/** partCount(20 MB) → 3 with 8 MB parts. */
export const partCount = (u: Pick<Upload, 'size' | 'part_size'>) => Math.ceil(u.size / u.part_size)

/** The bytes part `n` (1-based) must carry: all full parts but the last. */
export const partLength = (u: Pick<Upload, 'size' | 'part_size'>, n: number) =>
  Math.min(u.part_size, u.size - (n - 1) * u.part_size)

/** The extension of a name, if a course file may have it: sectionExt('第1讲.MP4') → 'mp4' */
export function sectionExt(name: string): (typeof RESUMABLE_EXTS)[number] | null {
  const ext = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''
  return (RESUMABLE_EXTS as readonly string[]).includes(ext) ? (ext as 'mp4' | 'pdf') : null
}

const tempKey = (id: string) => `private/.incoming/resumable/${id}`
const localDir = (config: Config, id: string) => join(incomingDir(config), 'resumable', id)
const dataFile = (config: Config, id: string) => join(localDir(config, id), 'data')

/**
 * Opens an upload for `userId` after the day's limits, counted with the user locked so two
 * starts at once cannot both pass: one more file of the day's UPLOAD_DAILY_FILES (uploads and
 * unfinished course files together), and its bytes within the course files' own daily allowance
 * (COURSE_UPLOAD_DAILY_MB; aborted ones give theirs back). Answers the new row, or the limit hit.
 */
export async function startUpload(
  db: Db,
  config: Config,
  u: { userId: number; name: string; size: number; ext: string; tree: Tree; at: Date; dayStart: string },
): Promise<Upload | 'files' | 'bytes'> {
  const id = randomBytes(16).toString('hex')
  const time = dbTime(u.at)
  const row: Upload = {
    id,
    user_id: u.userId,
    name: u.name.slice(0, 100),
    size: u.size,
    part_size: PART_BYTES,
    ext: u.ext,
    tree: u.tree,
    state: 'open',
    s3_upload_id: null,
    path: null,
    create_time: time,
    update_time: time,
  }
  const verdict = await db.transaction().execute(async (t) => {
    await lockUser(t, u.userId)
    const today = await t
      .selectFrom('resumable_uploads')
      .select((eb) => eb.fn.coalesce(eb.fn.sum('size'), eb.lit(0)).as('bytes'))
      .where('user_id', '=', u.userId)
      .where('create_time', '>=', u.dayStart)
      .where('state', '!=', 'aborted')
      .executeTakeFirst()
    // Finished course files are in user_uploads too; only the unfinished ones are added.
    const unfinished = await t
      .selectFrom('resumable_uploads')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', u.userId)
      .where('create_time', '>=', u.dayStart)
      .where('state', 'in', ['open', 'completing'])
      .executeTakeFirst()
    const files = (await uploadsSince(t, u.userId, u.dayStart)).files + Number(unfinished?.n ?? 0)
    if (files + 1 > UPLOAD_DAILY_FILES) return 'files' as const
    if (Number(today?.bytes ?? 0) + u.size > COURSE_DAILY_BYTES) return 'bytes' as const
    await t.insertInto('resumable_uploads').values(row).execute()
    return 'ok' as const
  })
  if (verdict !== 'ok') return verdict
  if (config.s3) {
    const s = config.s3
    try {
      const made = await s3Client(s).send(
        new CreateMultipartUploadCommand({ Bucket: s.bucket, Key: tempKey(id), ContentType: MIME[u.ext] }),
      )
      row.s3_upload_id = made.UploadId ?? null
    } catch (e) {
      await db.updateTable('resumable_uploads').set({ state: 'aborted' }).where('id', '=', id).execute()
      throw e
    }
    await db
      .updateTable('resumable_uploads')
      .set({ s3_upload_id: row.s3_upload_id })
      .where('id', '=', id)
      .execute()
  } else {
    await mkdir(localDir(config, id), { recursive: true })
    // The parts are written at their offsets into this one file: nothing to join at the end.
    await writeFile(dataFile(config, id), '')
  }
  return row
}

/** The caller's own upload, or undefined: another user's id reads as a missing one. */
export const ownUpload = (db: Db, userId: number, id: string) =>
  db
    .selectFrom('resumable_uploads')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()

/** Marks activity, so an upload in progress is not taken for abandoned. */
export const touch = (db: Db, id: string, at: Date) =>
  db
    .updateTable('resumable_uploads')
    .set({ update_time: dbTime(at) })
    .where('id', '=', id)
    .execute()

/** All parts the bucket holds for an S3 upload (ListParts, a page at a time). */
async function bucketParts(s: S3Settings, u: Upload): Promise<Part[]> {
  const parts: Part[] = []
  let marker: string | undefined
  for (;;) {
    const page = await s3Client(s).send(
      new ListPartsCommand({
        Bucket: s.bucket,
        Key: tempKey(u.id),
        UploadId: u.s3_upload_id ?? '',
        PartNumberMarker: marker,
      }),
    )
    parts.push(...(page.Parts ?? []))
    if (!page.IsTruncated || !page.NextPartNumberMarker) return parts
    marker = page.NextPartNumberMarker
  }
}

/** Whether the upload's parts were already joined into its temporary object (HeadObject). */
const assembledObject = (s: S3Settings, id: string) =>
  s3Client(s)
    .send(new HeadObjectCommand({ Bucket: s.bucket, Key: tempKey(id) }))
    .then(() => true)
    .catch(() => false)

/** The part numbers of `u` that are stored whole, in order: a part of the wrong size does not count. */
export async function doneParts(config: Config, u: Upload): Promise<number[]> {
  if (u.state !== 'open') return []
  const whole = (n: number, size: number) => n >= 1 && n <= partCount(u) && size === partLength(u, n)
  if (config.s3) {
    const s = config.s3
    const parts = await bucketParts(s, u).catch(async (e: unknown) => {
      // Assembled by a completion cut short before its end: every part is in the object. The
      // bucket says the upload is gone as NoSuchUpload (AWS, MinIO) or NoSuchKey (Ceph RGW).
      const name = (e as { name?: string }).name
      const gone = name === 'NoSuchUpload' || name === 'NoSuchKey'
      if (gone && (await assembledObject(s, u.id)))
        return Array.from({ length: partCount(u) }, (_, i) => ({
          PartNumber: i + 1,
          Size: partLength(u, i + 1),
        }))
      throw e
    })
    return parts
      .filter((p) => whole(p.PartNumber ?? 0, p.Size ?? -1))
      .map((p) => p.PartNumber as number)
      .sort((a, b) => a - b)
  }
  const names = await readdir(localDir(config, u.id)).catch(() => [] as string[])
  return names
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .filter((n) => whole(n, partLength(u, n)))
    .sort((a, b) => a - b)
}

/** Where each of `parts` goes: presigned UploadPart links to the bucket, or our part call. */
export async function partTargets(
  db: Db,
  config: Config,
  u: Upload,
  parts: readonly number[],
  at: Date,
  localUrl: (n: number) => string,
): Promise<{ part: number; url: string }[]> {
  await touch(db, u.id, at)
  const s = config.s3
  if (!s) return parts.map((part) => ({ part, url: localUrl(part) }))
  return Promise.all(
    parts.map(async (part) => ({
      part,
      url: await getSignedUrl(
        s3Client(s),
        new UploadPartCommand({
          Bucket: s.bucket,
          Key: tempKey(u.id),
          UploadId: u.s3_upload_id ?? '',
          PartNumber: part,
        }),
        { expiresIn: PART_LINK_SECONDS },
      ),
    })),
  )
}

/**
 * Writes part `n` of a local upload from `body` as it arrives, at its offset in the data file,
 * refusing a body longer or shorter than the part (the bytes written are then not counted: no
 * marker). Answers its md5, the ETag S3 would give. Two sends of one part write the same range.
 */
export async function writePart(
  config: Config,
  u: Upload,
  n: number,
  body: ReadableStream<Uint8Array> | null,
): Promise<string> {
  const expected = partLength(u, n)
  if (!body) throw new UploadRefused('分片内容为空')
  const md5 = createHash('md5')
  let got = 0
  const counted = new Transform({
    transform(chunk: Buffer, _enc, done) {
      got += chunk.length
      if (got > expected) return done(new UploadRefused(`第${n}个分片超过应有的大小`, 413))
      md5.update(chunk)
      done(null, chunk)
    },
  })
  const marker = join(localDir(config, u.id), String(n))
  // A part sent again is not whole until it is whole again.
  await rm(marker, { force: true })
  await pipeline(
    Readable.fromWeb(body as import('node:stream/web').ReadableStream),
    counted,
    createWriteStream(dataFile(config, u.id), { flags: 'r+', start: (n - 1) * u.part_size }),
  ).catch((e: unknown) => {
    // A dropped connection is an everyday event here, not a server fault: the part is sent again.
    throw e instanceof UploadRefused ? e : new UploadRefused(`第${n}个分片传输中断，请重新上传`)
  })
  if (got !== expected) throw new UploadRefused(`第${n}个分片不完整，请重新上传`)
  const etag = md5.digest('hex')
  await writeFile(marker, etag)
  return etag
}

/** sha256 of a stream's bytes, as hex. */
async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(stream, hash)
  return hash.digest('hex')
}

/**
 * sha256 of a local file, read through one reused 1 MB buffer: a stream would leave 2 GB of
 * chunks for the collector to catch up with, and the process's memory would swell meanwhile.
 */
async function sha256OfFile(path: string): Promise<string> {
  const f = await open(path, 'r')
  const buf = Buffer.allocUnsafe(1024 * 1024)
  const hash = createHash('sha256')
  try {
    for (;;) {
      const { bytesRead } = await f.read(buf, 0, buf.length, null)
      if (!bytesRead) return hash.digest('hex')
      hash.update(buf.subarray(0, bytesRead))
    }
  } finally {
    await f.close()
  }
}

/** The first bytes of a local file. */
async function headOf(path: string): Promise<Buffer> {
  const f = await open(path, 'r')
  try {
    const b = Buffer.alloc(HEAD_BYTES)
    const { bytesRead } = await f.read(b, 0, HEAD_BYTES, 0)
    return b.subarray(0, bytesRead)
  } finally {
    await f.close()
  }
}

const notCourseKind = () => new UploadRefused('仅支持上传mp4或pdf文件')

/** Assembles a local upload in place and keeps it under its content path. */
async function completeLocal(config: Config, u: Upload): Promise<{ path: string; mime: string }> {
  const file = dataFile(config, u.id)
  if ((await stat(file)).size !== u.size) throw new UploadRefused('文件大小与开始上传时不符')
  const kind = kindOf(await headOf(file))
  if (!kind || !sectionExt(`.${kind.ext}`)) throw notCourseKind()
  const hash = await sha256OfFile(file)
  const path = await keepFile(
    config,
    u.tree,
    { tmp: file, size: u.size, hash, head: Buffer.alloc(0), name: u.name },
    kind.ext,
  )
  return { path, mime: kind.mime }
}

/** Assembles an S3 upload (CompleteMultipartUpload) and copies it to its content key. */
async function completeS3(s: S3Settings, u: Upload): Promise<{ path: string; mime: string }> {
  const client = s3Client(s)
  const Bucket = s.bucket
  const Key = tempKey(u.id)
  // A completion cut short after assembling (a crash, a dropped connection) finds the object there.
  if (!(await assembledObject(s, u.id))) {
    const parts = (await bucketParts(s, u)).sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0))
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key,
        UploadId: u.s3_upload_id ?? '',
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag })) },
      }),
    )
  }
  const head = await client.send(new HeadObjectCommand({ Bucket, Key }))
  if (Number(head.ContentLength) !== u.size) throw new UploadRefused('文件大小与开始上传时不符')
  const first = await client.send(new GetObjectCommand({ Bucket, Key, Range: `bytes=0-${HEAD_BYTES - 1}` }))
  const kind = kindOf(Buffer.from((await first.Body?.transformToByteArray()) ?? []))
  if (!kind || !sectionExt(`.${kind.ext}`)) throw notCourseKind()
  const whole = await client.send(new GetObjectCommand({ Bucket, Key }))
  const hash = await sha256Of(whole.Body as Readable)
  const path = contentPath(u.tree, hash, kind.ext)
  const target = objectKey(path)
  const there = await client.send(new HeadObjectCommand({ Bucket, Key: target })).catch(() => null)
  // CopyObject takes objects up to 5 GB in one call: a 2 GB lecture needs no multipart copy.
  if (!there)
    await client.send(
      new CopyObjectCommand({
        Bucket,
        Key: target,
        CopySource: `${Bucket}/${Key}`,
        MetadataDirective: 'REPLACE',
        ContentType: kind.mime,
      }),
    )
  await client.send(new DeleteObjectCommand({ Bucket, Key }))
  return { path, mime: kind.mime }
}

/** Frees what an upload holds in storage: its parts, its data file or its temporary object. */
export async function discard(config: Config, u: Pick<Upload, 'id' | 's3_upload_id'>): Promise<void> {
  const s = config.s3
  if (!s) {
    await rm(localDir(config, u.id), { recursive: true, force: true })
    return
  }
  const client = s3Client(s)
  // Either may be gone already (completed, or never assembled): each is tried on its own.
  if (u.s3_upload_id)
    await client
      .send(
        new AbortMultipartUploadCommand({ Bucket: s.bucket, Key: tempKey(u.id), UploadId: u.s3_upload_id }),
      )
      .catch(() => {})
  await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: tempKey(u.id) })).catch(() => {})
}

/**
 * Moves an open upload on (to completing or aborted) with one conditional UPDATE, so of two
 * requests at once only one does; answers whether this one did.
 */
async function leaveOpen(db: Db, u: Upload, state: 'completing' | 'aborted', at: Date): Promise<boolean> {
  const r = await db
    .updateTable('resumable_uploads')
    .set({ state, update_time: dbTime(at) })
    .where('id', '=', u.id)
    .where('state', '=', 'open')
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/**
 * Completes an open upload whose parts are all there: claimed first (open → completing), so a
 * second completion at once changes nothing; the file recorded as the owner's upload and the
 * row marked done in one transaction. A file of the wrong kind or size is discarded (nothing
 * stored, the upload aborted); missing parts leave it open to be sent.
 */
export async function completeUpload(db: Db, config: Config, u: Upload, at: Date): Promise<string> {
  if (u.state === 'done' && u.path) return u.path
  if (u.state !== 'open')
    throw new UploadRefused(u.state === 'completing' ? '文件正在合并，请稍候' : '上传已取消，请重新上传', 409)
  const done = new Set(await doneParts(config, u))
  const missing = partCount(u) - done.size
  if (missing > 0) throw new UploadRefused(`还有${missing}个分片未上传`)
  if (!(await leaveOpen(db, u, 'completing', at))) throw new UploadRefused('文件正在合并，请稍候', 409)
  let kept: { path: string; mime: string }
  try {
    kept = config.s3 ? await completeS3(config.s3, u) : await completeLocal(config, u)
  } catch (e) {
    if (e instanceof UploadRefused) {
      // Wrong bytes: nothing is kept, and this upload is over.
      await discard(config, u)
      await db.updateTable('resumable_uploads').set({ state: 'aborted' }).where('id', '=', u.id).execute()
    } else {
      // A storage hiccup: the parts stay, the upload may be completed again.
      await db.updateTable('resumable_uploads').set({ state: 'open' }).where('id', '=', u.id).execute()
    }
    throw e
  }
  const time = dbTime(at)
  await db.transaction().execute(async (t) => {
    await t
      .insertInto('uploads')
      .values({
        user_id: u.user_id,
        path: kept.path,
        mime: kept.mime,
        size: u.size,
        original_name: u.name,
        create_time: time,
      })
      .onConflict((oc) => oc.column('path').doNothing())
      .execute()
    // One of the day's files; its bytes are counted by resumable_uploads' own allowance (size 0
    // here), not by the pictures' 200MB that one lecture would use up.
    await t
      .insertInto('user_uploads')
      .values({ user_id: u.user_id, path: kept.path, size: 0, create_time: time })
      .execute()
    await t
      .updateTable('resumable_uploads')
      .set({ state: 'done', path: kept.path, update_time: time })
      .where('id', '=', u.id)
      .execute()
  })
  if (!config.s3) await rm(localDir(config, u.id), { recursive: true, force: true })
  return kept.path
}

/** Ends an open upload and frees its parts; a second abort, or one after completion, changes nothing. */
export async function abortUpload(db: Db, config: Config, u: Upload, at: Date): Promise<boolean> {
  if (!(await leaveOpen(db, u, 'aborted', at))) return false
  await discard(config, u)
  return true
}

/**
 * Ends uploads untouched for STALE_MS (left open, or a completion cut off by a crash) and frees
 * their storage. Each is claimed by a conditional update, so processes running this together
 * free each once. Answers how many it ended.
 */
export async function cleanStaleUploads(db: Db, config: Config, now: Date): Promise<number> {
  const before = dbTime(new Date(now.getTime() - STALE_MS))
  const stale = await db
    .selectFrom('resumable_uploads')
    .select(['id', 's3_upload_id', 'state', 'update_time'])
    .where('state', 'in', ['open', 'completing'])
    .where('update_time', '<', before)
    .execute()
  let ended = 0
  for (const u of stale) {
    const r = await db
      .updateTable('resumable_uploads')
      .set({ state: 'aborted', update_time: dbTime(now) })
      .where('id', '=', u.id)
      .where('state', '=', u.state)
      .where('update_time', '=', u.update_time)
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) !== 1) continue
    await discard(config, u)
    ended++
  }
  return ended
}

/** Starts the hourly cleanup of abandoned uploads (and once at start); answers a function that stops it. */
export function startResumableCleanup(deps: {
  db: Db
  config: Config
  now: () => Date
  log?: (s: string) => void
}) {
  const run = () =>
    cleanStaleUploads(deps.db, deps.config, deps.now())
      .then((n) => {
        if (n > 0) deps.log?.(`[uploads] 已清理 ${n} 个超过一天未完成的分片上传`)
      })
      .catch((e: unknown) =>
        deps.log?.(`[uploads] 清理未完成的分片上传失败: ${e instanceof Error ? e.message : e}`),
      )
  void run()
  const timer = setInterval(run, 3_600_000)
  timer.unref()
  return () => clearInterval(timer)
}

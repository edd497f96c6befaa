import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Busboy } from '@fastify/busboy'
import { UPLOAD_MAX_BYTES } from '../../../src/lib/constants.ts'
import { isPublicUpload, PRIVATE_ROOT, PUBLIC_ROOT } from '../../../src/lib/rules/files.ts'
import { refuse } from '../../http.ts'
import { type FileDirs, fileStore, incomingDir } from '../../providers/storage.ts'

export { diskPath, type FileDirs, incomingDir } from '../../providers/storage.ts'

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to))

/**
 * What may be uploaded, told by the file's first bytes: a name or a Content-Type is whatever the
 * client says, the bytes are what the browser will get. No SVG or HTML: they could run script.
 */
const KINDS: { ext: string; mime: string; is: (b: Uint8Array) => boolean }[] = [
  {
    ext: 'png',
    mime: 'image/png',
    is: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x),
  },
  { ext: 'jpg', mime: 'image/jpeg', is: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', is: (b) => ['GIF87a', 'GIF89a'].includes(ascii(b, 0, 6)) },
  { ext: 'webp', mime: 'image/webp', is: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
  { ext: 'pdf', mime: 'application/pdf', is: (b) => ascii(b, 0, 5) === '%PDF-' },
  { ext: 'mp4', mime: 'video/mp4', is: (b) => ascii(b, 4, 8) === 'ftyp' },
]

/** The kinds KINDS accepts, as the refusal names them. */
export const ACCEPTED_TEXT = 'png、jpg、jpeg、gif、webp图片和pdf、mp4文件'

/** kindOf(bytes of a PNG) → the png entry; undefined for anything not accepted. */
export const kindOf = (bytes: Uint8Array) => KINDS.find((k) => k.is(bytes))

export type Tree = 'public' | 'private'

/**
 * The path of a file named by its bytes (sha256, first 32 hex): the same file twice is one file
 * at one path, and a path never changes content, so public ones are served as immutable.
 * contentPath('private', '3f9a…', 'png') → '/private/u/3f/3f9a….png'
 */
export const contentPath = (tree: Tree, hash: string, ext: string) =>
  `${tree === 'public' ? PUBLIC_ROOT : PRIVATE_ROOT}u/${hash.slice(0, 2)}/${hash.slice(0, 32)}.${ext}`

/**
 * A public upload that is stored (on disk or in the bucket): await publicFileExists(config,
 * '/uploads/u/3f/….png') → true once uploaded (the seed's files too).
 */
export const publicFileExists = async (dirs: FileDirs, path: string): Promise<boolean> =>
  isPublicUpload(path) && (await fileStore(dirs).size(path)) !== null

/** Why a body was not taken: larger than allowed, not multipart at all, or broken multipart. */
export class BodyRefused extends Error {
  readonly reason: 'too-big' | 'not-multipart' | 'malformed'
  constructor(reason: BodyRefused['reason']) {
    super(reason)
    this.reason = reason
  }
}

/** The file part of a received body, written aside: its bytes' sha256, size and first bytes (for kindOf). */
export interface ReceivedFile {
  tmp: string
  size: number
  hash: string
  head: Buffer
  name: string
}

const HEAD_BYTES = 16

/**
 * Reads a multipart body as it arrives (issue 13: never the whole body in memory): the small
 * fields into `fields`, the one part named `file` into a temporary file under `tmpDir` while it
 * is hashed. Throws BodyRefused('too-big') as soon as the body passes `maxBody` bytes or the file
 * `maxFile` (nothing more is read), after removing what it wrote.
 */
export async function receiveMultipart(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  o: { tmpDir: string; maxBody: number; maxFile: number },
): Promise<{ fields: Map<string, string>; file: ReceivedFile | null }> {
  if (!body || !/^multipart\/form-data\b/i.test(contentType)) throw new BodyRefused('not-multipart')
  let parser: ReturnType<typeof Busboy>
  try {
    parser = Busboy({
      headers: { 'content-type': contentType },
      // The name as the client gave it, for the operator's record; it never reaches a path.
      preservePath: true,
      limits: { files: 1, fields: 10, fieldSize: 1024, parts: 20, fileSize: o.maxFile },
    })
  } catch {
    throw new BodyRefused('malformed')
  }
  await mkdir(o.tmpDir, { recursive: true })
  const fields = new Map<string, string>()
  let file: ReceivedFile | null = null
  let written: Promise<unknown> = Promise.resolve()
  let tooBig = false
  parser.on('field', (name, value) => fields.set(name, value))
  parser.on('file', (field, stream, filename) => {
    if (field !== 'file' || file) {
      stream.resume()
      return
    }
    const f: ReceivedFile = {
      tmp: join(o.tmpDir, `${randomBytes(8).toString('hex')}.part`),
      size: 0,
      hash: '',
      head: Buffer.alloc(0),
      name: filename ?? '',
    }
    file = f
    const hash = createHash('sha256')
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk)
        f.size += chunk.length
        if (f.head.length < HEAD_BYTES) f.head = Buffer.concat([f.head, chunk.subarray(0, HEAD_BYTES)])
        done(null, chunk)
      },
    })
    stream.on('limit', () => {
      tooBig = true
    })
    written = pipeline(stream, tap, createWriteStream(f.tmp)).then(() => {
      f.hash = hash.digest('hex')
    })
    // Awaited below; a failure here must not surface as an unhandled rejection first.
    written.catch(() => {})
  })
  let bodySize = 0
  const counted = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bodySize += chunk.length
      if (bodySize > o.maxBody) done(new BodyRefused('too-big'))
      else done(null, chunk)
    },
  })
  try {
    await pipeline(Readable.fromWeb(body as import('node:stream/web').ReadableStream), counted, parser)
    await written
    if (tooBig) throw new BodyRefused('too-big')
  } catch (e) {
    const part = file as ReceivedFile | null
    if (part) await rm(part.tmp, { force: true })
    if (e instanceof BodyRefused) throw e
    throw new BodyRefused(bodySize > o.maxBody ? 'too-big' : 'malformed')
  }
  return { fields, file }
}

/**
 * Keeps a received file in `tree` under its content name, in the store of `dirs` (the local trees,
 * or the bucket when STORAGE=s3), and answers the stored path. The temporary file is consumed.
 * await keepFile(config, 'private', file, 'png') → '/private/u/3f/3f9a….png'
 */
export async function keepFile(dirs: FileDirs, tree: Tree, file: ReceivedFile, ext: string) {
  const path = contentPath(tree, file.hash, ext)
  await fileStore(dirs).put(path, file.tmp)
  return path
}

/**
 * A copy of a stored file in the other tree, named by its bytes (a paid course section's file
 * leaves the public tree; a free one's joins it). Answers the new path, or null when the file is
 * not stored. The bytes are read as a stream to be hashed; the copy is the store's own (a
 * rename-safe file copy, or a copy inside the bucket).
 * await copyToTree(dirs, '/uploads/seed/v.mp4', 'private') → { path: '/private/u/8c/8c….mp4', size, mime }
 */
export async function copyToTree(
  dirs: FileDirs,
  path: string,
  tree: Tree,
): Promise<{ path: string; size: number; mime: string } | null> {
  const store = fileStore(dirs)
  const ext = /\.(\w+)$/.exec(path)?.[1]?.toLowerCase() ?? ''
  const mime = KINDS.find((k) => k.ext === ext)?.mime
  const size = mime ? await store.size(path) : null
  if (!mime || size === null) return null
  const hash = createHash('sha256')
  await pipeline(await store.read(path), hash)
  const copy = contentPath(tree, hash.digest('hex'), ext)
  await store.copy(path, copy)
  return { path: copy, size, mime }
}

/** Room for the multipart framing around the file itself. */
const STAFF_FRAMING = 64 * 1024

/**
 * One file a staff member uploads (an electronic invoice; a banner image, in the public tree),
 * kept in the private tree unless `tree` says otherwise: received
 * as it arrives, at most `maxBytes`, refused unless its bytes are one of the `accept`ed kinds
 * (by extension: 'pdf', 'png' …). No daily quota: staff are few and their writes are audited.
 * await keepStaffFile(c.req.raw.body, contentType, dirs, ['pdf', 'png', 'jpg'], max) → '/private/u/3f/….pdf'
 */
export async function keepStaffFile(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  dirs: FileDirs,
  accept: readonly string[],
  maxBytes: number,
  tree: Tree = 'private',
): Promise<string> {
  const received = await receiveMultipart(body, contentType, {
    tmpDir: incomingDir(dirs),
    maxBody: maxBytes + STAFF_FRAMING,
    maxFile: maxBytes,
  }).catch((e: unknown) => {
    if (!(e instanceof BodyRefused)) throw e
    if (e.reason === 'too-big') throw refuse(`文件不能超过${Math.round(maxBytes / 1024 / 1024)}MB`, 413)
    throw refuse('请选择要上传的文件')
  })
  const file = received.file
  const kind = file && file.size > 0 ? kindOf(file.head) : undefined
  if (!file || !kind || !accept.includes(kind.ext)) {
    if (file) await rm(file.tmp, { force: true })
    throw refuse(file && file.size > 0 ? `仅支持上传${accept.join('、')}文件` : '请选择要上传的文件')
  }
  return keepFile(dirs, tree, file, kind.ext)
}

/**
 * A picture staff upload for the public pages (a banner, a product's images, a picture in a
 * detail text): png, jpg, gif or webp, at most UPLOAD_MAX_BYTES, kept in the public tree.
 * await keepStaffImage(c.req.raw.body, contentType, dirs) → '/uploads/u/3f/….png'
 */
export const keepStaffImage = (
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  dirs: FileDirs,
) => keepStaffFile(body, contentType, dirs, ['png', 'jpg', 'gif', 'webp'], UPLOAD_MAX_BYTES, 'public')

/** keepStaffImage of the upload a back-office call received: const path = await keepUploadedImage(c.req.raw, config) */
export const keepUploadedImage = (request: Request, dirs: FileDirs) =>
  keepStaffImage(request.body, request.headers.get('content-type') ?? '', dirs)

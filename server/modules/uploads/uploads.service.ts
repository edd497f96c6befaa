import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Busboy } from '@fastify/busboy'
import { UPLOAD_MAX_BYTES } from '../../../src/lib/constants.ts'
import { isPrivatePath, isPublicUpload, PRIVATE_ROOT, PUBLIC_ROOT } from '../../../src/lib/rules/files.ts'
import { refuse } from '../../http.ts'

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

/** Where the two trees of stored files lie: public (served at /uploads/) and private (never served as is). */
export interface FileDirs {
  uploadDir: string
  privateDir: string
}
export type Tree = 'public' | 'private'

/**
 * The path of a file named by its bytes (sha256, first 32 hex): the same file twice is one file
 * at one path, and a path never changes content, so public ones are served as immutable.
 * contentPath('private', '3f9a…', 'png') → '/private/u/3f/3f9a….png'
 */
export const contentPath = (tree: Tree, hash: string, ext: string) =>
  `${tree === 'public' ? PUBLIC_ROOT : PRIVATE_ROOT}u/${hash.slice(0, 2)}/${hash.slice(0, 32)}.${ext}`

/** The file on disk of a stored path, or null for anything else: diskPath(dirs, '/private/u/3f/x.png') → '<privateDir>/u/3f/x.png' */
export function diskPath(dirs: FileDirs, path: string): string | null {
  if (isPublicUpload(path)) return join(dirs.uploadDir, path.slice(PUBLIC_ROOT.length))
  if (isPrivatePath(path)) return join(dirs.privateDir, path.slice(PRIVATE_ROOT.length))
  return null
}

/** A public upload that is on disk: publicFileExists(dirs, '/uploads/u/3f/….png') → true once uploaded (the seed's files too). */
export const publicFileExists = (dirs: FileDirs, path: string): boolean =>
  isPublicUpload(path) && existsSync(join(dirs.uploadDir, path.slice(PUBLIC_ROOT.length)))

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
 * Moves a written file to its place (`target`, on disk). Renamed, so a reader sees the whole file
 * or none; two uploads of the same bytes at once both rename the same content over the same name.
 * Across file systems (PRIVATE_DIR elsewhere), copied beside the target first, then renamed.
 */
async function moveInto(tmp: string, target: string) {
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

/**
 * Keeps a received file in `tree` under its content name and answers the stored path.
 * await keepFile(dirs, 'private', file, 'png') → '/private/u/3f/3f9a….png'
 */
export async function keepFile(dirs: FileDirs, tree: Tree, file: ReceivedFile, ext: string) {
  const path = contentPath(tree, file.hash, ext)
  const target = diskPath(dirs, path) as string
  if (existsSync(target)) await rm(file.tmp, { force: true })
  else await moveInto(file.tmp, target)
  return path
}

/**
 * A copy of a stored file in the other tree, named by its bytes (a paid course section's file
 * leaves the public tree; a free one's joins it). Answers the new path, or null when the file is
 * not on disk. await copyToTree(dirs, '/uploads/seed/v.mp4', 'private') → { path: '/private/u/8c/8c….mp4', size, mime }
 */
export async function copyToTree(
  dirs: FileDirs,
  path: string,
  tree: Tree,
): Promise<{ path: string; size: number; mime: string } | null> {
  const source = diskPath(dirs, path)
  const ext = /\.(\w+)$/.exec(path)?.[1]?.toLowerCase() ?? ''
  const mime = KINDS.find((k) => k.ext === ext)?.mime
  if (!source || !mime || !existsSync(source)) return null
  const hash = createHash('sha256')
  await pipeline(createReadStream(source), hash)
  const copy = contentPath(tree, hash.digest('hex'), ext)
  const target = diskPath(dirs, copy) as string
  if (!existsSync(target)) {
    const tmp = join(incomingDir(dirs), `${randomBytes(8).toString('hex')}.part`)
    await mkdir(dirname(tmp), { recursive: true })
    await copyFile(source, tmp)
    await moveInto(tmp, target)
  }
  return { path: copy, size: (await stat(target)).size, mime }
}

/** Where bodies are written while they arrive: inside the private tree, so never served half-written. */
export const incomingDir = (dirs: FileDirs) => join(dirs.privateDir, '.incoming')

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

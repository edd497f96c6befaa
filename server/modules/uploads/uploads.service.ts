import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

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

/**
 * Stores the bytes under `uploadDir`/u/<2 hex>/ and answers the public path, named by the bytes
 * themselves (sha256, 32 hex): the same file uploaded twice is one file at one path, and a path
 * never changes content, so it is served as immutable. The client's file name never reaches the path.
 * await storeFile('data/uploads', 'png', bytes) → '/uploads/u/3f/3f9a…(32 hex).png'
 */
export async function storeFile(uploadDir: string, ext: string, bytes: Uint8Array) {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
  const dir = join(uploadDir, 'u', hash.slice(0, 2))
  const file = join(dir, `${hash}.${ext}`)
  const path = `/uploads/u/${hash.slice(0, 2)}/${hash}.${ext}`
  if (existsSync(file)) return path
  await mkdir(dir, { recursive: true })
  // Written aside and renamed into place: a reader sees the whole file or none; two uploads of
  // the same bytes at once both rename the same content over the same name.
  const tmp = join(dir, `.${hash}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    await writeFile(tmp, bytes)
    await rename(tmp, file)
  } catch (e) {
    await rm(tmp, { force: true })
    throw e
  }
  return path
}

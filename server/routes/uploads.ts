import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { type Env, ok, refuse, requireUser } from '../legacy-http.ts'
import { dbTime } from '../time.ts'

export const uploadRoutes = new Hono<Env>()

export const UPLOAD_PATH = '/api/Upload/PostUpload'
export const UPLOAD_MAX = 20 * 1024 * 1024
const TOO_BIG = '上传的内容不能超过20MB'

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

/** kindOf(bytes of a PNG) → the png entry; undefined for anything not accepted. */
export const kindOf = (bytes: Uint8Array) => KINDS.find((k) => k.is(bytes))

uploadRoutes.post(
  '/Upload/PostUpload',
  // Refused while it streams in, before 20 MB sit in memory (a little room for the multipart framing).
  bodyLimit({ maxSize: UPLOAD_MAX + 64 * 1024, onError: (c) => c.json({ status: 413, data: TOO_BIG }, 413) }),
  async (c) => {
    const { db, config, now } = c.get('deps')
    const user = requireUser(c)
    const form = await c.req.parseBody().catch(() => {
      throw refuse('请求内容格式不正确')
    })
    const file = form.file
    if (!(file instanceof File) || file.size === 0) throw refuse('请选择要上传的文件')
    if (file.size > UPLOAD_MAX) throw refuse(TOO_BIG, 413)
    const bytes = new Uint8Array(await file.arrayBuffer())
    const kind = kindOf(bytes)
    if (!kind) throw refuse('仅支持上传png、jpg、jpeg、gif、webp图片和pdf、mp4文件')

    const at = now()
    const month = dbTime(at).slice(0, 7).replace('-', '')
    // The stored name is ours alone: the client's file name never reaches the path.
    const name = `${randomBytes(16).toString('hex')}.${kind.ext}`
    const dir = join(config.uploadDir, 'u', month)
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, name), bytes)
    const path = `/uploads/u/${month}/${name}`
    await db.insert(
      'INSERT INTO uploads (user_id, path, mime, size, original_name, create_time) VALUES (?, ?, ?, ?, ?, ?)',
      [user.id, path, kind.mime, bytes.length, file.name.slice(0, 100), dbTime(at)],
    )
    return ok(c, { path })
  },
)

import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { describe, expect, inject, it } from 'vitest'
import { startServer } from '../../../tests/api/harness.ts'
import { newUser } from '../../../tests/api/session.ts'

const h = startServer()

/** A real 1×1 PNG, built byte by byte (signature, IHDR, IDAT, IEND with their CRCs). */
function tinyPng(): Buffer<ArrayBuffer> {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (b: Buffer) => {
    let c = 0xffffffff
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0xff, 0x80, 0x00]))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

async function upload(file: Blob, name: string, auth: Record<string, string> = {}) {
  const form = new FormData()
  form.append('file', file, name)
  const res = await fetch(`${h.base}/api/Upload/PostUpload`, {
    method: 'POST',
    headers: { sign: h.sign(), ...auth },
    body: form,
  })
  return { http: res.status, body: (await res.json()) as { status: number; data: { path: string } | string } }
}

describe('Upload/PostUpload', () => {
  it('stores a real PNG under a name of its own and serves it back', async () => {
    const u = await newUser(h)
    const png = tinyPng()
    const r = await upload(new Blob([png], { type: 'image/png' }), '../../我的 头像.png', u.auth)
    expect(r.http).toBe(200)
    const path = (r.body.data as { path: string }).path
    // Named by the bytes: the first 32 hex of their sha256, under a folder of the first two.
    const hash = createHash('sha256').update(png).digest('hex').slice(0, 32)
    expect(path).toBe(`/uploads/u/${hash.slice(0, 2)}/${hash}.png`)
    const onDisk = await readFile(join(inject('uploadDir'), path.replace(/^\/uploads\//, '')))
    expect(Buffer.compare(onDisk, Buffer.from(png))).toBe(0)
    const served = await fetch(`${h.base}${path}`)
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(png))).toBe(true)
    const row = await h.db
      .selectFrom('uploads')
      .select(['user_id', 'mime', 'size', 'original_name'])
      .where('path', '=', path)
      .executeTakeFirst()
    expect(row).toEqual({
      user_id: u.id,
      mime: 'image/png',
      size: png.length,
      original_name: '../../我的 头像.png',
    })
  })

  it('stores the same bytes once: a second upload, by anyone, answers the same path', async () => {
    const [a, b] = [await newUser(h), await newUser(h)]
    // Bytes of this test alone (a PNG with a tail), so no other upload shares the path.
    const bytes = Buffer.concat([tinyPng(), Buffer.from('same bytes twice')])
    const first = await upload(new Blob([bytes]), 'a.png', a.auth)
    const again = await upload(new Blob([bytes]), 'b.png', b.auth)
    expect([first.http, again.http]).toEqual([200, 200])
    const path = (first.body.data as { path: string }).path
    expect((again.body.data as { path: string }).path).toBe(path)
    const name = basename(path)
    const dir = dirname(join(inject('uploadDir'), path.replace(/^\/uploads\//, '')))
    // One file under that name and no temporary one left beside it, the bytes intact.
    expect((await readdir(dir)).filter((f) => f.includes(name.slice(0, 32)))).toEqual([name])
    expect((await readFile(join(dir, name))).equals(bytes)).toBe(true)
    const rows = await h.db.selectFrom('uploads').select(['user_id']).where('path', '=', path).execute()
    expect(rows).toEqual([{ user_id: a.id }])
  })

  it('names the file by its bytes: a JPEG called .exe is stored as .jpg', async () => {
    const u = await newUser(h)
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0])
    const r = await upload(new Blob([jpeg]), 'photo.exe', u.auth)
    expect((r.body.data as { path: string }).path).toMatch(/\.jpg$/)
    const pdf = await upload(new Blob(['%PDF-1.4\n%%EOF\n']), 'notes.pdf', u.auth)
    expect((pdf.body.data as { path: string }).path).toMatch(/\.pdf$/)
  })

  it('refuses a text file named .png, an SVG, an empty file and a missing field', async () => {
    const u = await newUser(h)
    const refused = '仅支持上传png、jpg、jpeg、gif、webp图片和pdf、mp4文件'
    const text = await upload(new Blob(['hello, not an image'], { type: 'image/png' }), 'fake.png', u.auth)
    expect([text.http, text.body]).toEqual([400, { status: 400, data: refused }])
    const svg = await upload(
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>']),
      'a.svg',
      u.auth,
    )
    expect(svg.body.data).toBe(refused)
    expect((await upload(new Blob([]), 'empty.png', u.auth)).body.data).toBe('请选择要上传的文件')
    const json = await h.post('/api/Upload/PostUpload', { file: 'x' }, u.auth)
    expect(json.data).toBe('请选择要上传的文件')
  })

  it('needs a session', async () => {
    const r = await upload(new Blob([tinyPng()]), 'a.png')
    expect([r.http, r.body.data]).toEqual([401, '请登录'])
  })

  it('refuses more than 20 MB with 413', async () => {
    const u = await newUser(h)
    const big = new Uint8Array(20 * 1024 * 1024 + 1)
    big.set(tinyPng())
    const r = await upload(new Blob([big]), 'big.png', u.auth)
    expect([r.http, r.body]).toEqual([413, { status: 413, data: '上传的内容不能超过20MB' }])
  })
})

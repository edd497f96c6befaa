/** Real small files and the upload call, for the API tests that store or name files. */
import { createHash } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import type { Harness } from './harness.ts'

/** A real 1×1 PNG, built byte by byte (signature, IHDR, IDAT, IEND with their CRCs); `tail` makes other bytes. */
export function tinyPng(tail = ''): Buffer<ArrayBuffer> {
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
    Buffer.from(tail),
  ])
}

/** Bytes the server takes for an mp4 (an ftyp box) and a pdf; `tag` makes other bytes. */
export const tinyMp4 = (tag = '') =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftypisom\0\0\0\0isommp41${tag}`, 'latin1')])
export const tinyPdf = (tag = '') => Buffer.from(`%PDF-1.4\n% ${tag}\n%%EOF\n`, 'latin1')

/** The path the server stores bytes under: pathOf(png, 'png') → '/uploads/u/3f/3f….png' */
export function pathOf(bytes: Uint8Array, ext: string, tree: 'public' | 'private' = 'public') {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
  return `/${tree === 'public' ? 'uploads' : 'private'}/u/${hash.slice(0, 2)}/${hash}.${ext}`
}

export type UploadAnswer = { http: number; body: { status: number; data: { path: string } | string } }

/** Upload/PostUpload as the browser sends it (purpose before the file). */
export async function upload(
  h: Harness,
  file: Blob | Uint8Array,
  name: string,
  auth: Record<string, string> = {},
  purpose?: string,
): Promise<UploadAnswer> {
  const form = new FormData()
  if (purpose !== undefined) form.append('purpose', purpose)
  form.append('file', file instanceof Blob ? file : new Blob([file as Uint8Array<ArrayBuffer>]), name)
  const res = await fetch(`${h.base}/api/Upload/PostUpload`, {
    method: 'POST',
    headers: { sign: h.sign(), ...auth },
    body: form,
  })
  return { http: res.status, body: (await res.json()) as UploadAnswer['body'] }
}

/** The stored path of an upload that must succeed. */
export async function uploaded(
  h: Harness,
  bytes: Uint8Array,
  name: string,
  auth: Record<string, string>,
  purpose?: string,
): Promise<string> {
  const r = await upload(h, bytes, name, auth, purpose)
  if (r.http !== 200 || typeof r.body.data === 'string')
    throw new Error(`upload refused: ${JSON.stringify(r)}`)
  return r.body.data.path
}

/** A photo of an after-sales request, uploaded by the buyer (the request takes only their own). */
export const refundPhoto = (h: Harness, auth: Record<string, string>) =>
  uploaded(h, tinyPng(`refund-${Math.random()}`), 'broken.png', auth)

/**
 * A new public image uploaded by staff to a back-office image call (`kind`: content for banners,
 * products for a product's pictures): its path.
 */
export async function staffImage(
  h: Harness,
  kind: 'content' | 'products',
  auth: Record<string, string>,
  tail: string,
): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([tinyPng(tail)]), 'b.png')
  const res = await fetch(`${h.base}/api/admin/${kind}/images`, {
    method: 'POST',
    headers: { sign: h.sign(), ...auth },
    body: form,
  })
  const body = (await res.json()) as { data: { path: string } | string }
  if (res.status !== 200 || typeof body.data === 'string')
    throw new Error(`image refused: ${JSON.stringify(body)}`)
  return body.data.path
}

/** A new public image uploaded by staff (POST /api/admin/content/images), as banners take: its path. */
export const contentImage = (h: Harness, auth: Record<string, string>, tail: string) =>
  staffImage(h, 'content', auth, tail)

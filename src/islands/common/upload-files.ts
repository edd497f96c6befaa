/**
 * The pure parts of the uploader (accounts §2, §5): which files a use accepts and what it says
 * otherwise, the size rules, moving with wrap-around, progress and video metadata. No DOM here,
 * so the unit tests run them in Node.
 */

import { SECTION_FILE_MAX_MB, UPLOAD_HINT_MAX_MB } from '../../lib/constants.ts'
import { isImagePath } from '../../lib/rules/files.ts'

/** What a use of the uploader takes: photos, course videos, PDF documents. */
export type FileKind = 'image' | 'video' | 'pdf'

/**
 * The file types of each kind. Images are the spec's png, jpeg, jpg and "jif" (a typo of gif,
 * accounts §5); the server takes the same ones, told by the bytes (uploads.service.ts).
 */
const TYPES: Record<FileKind, { exts: readonly string[]; mimes: readonly string[] }> = {
  image: { exts: ['png', 'jpeg', 'jpg', 'gif'], mimes: ['image/png', 'image/jpeg', 'image/gif'] },
  video: { exts: ['mp4'], mimes: ['video/mp4'] },
  pdf: { exts: ['pdf'], mimes: ['application/pdf'] },
}

/** The default: images only (accounts §5 "Accepted types default to png, jpeg, jpg and jif"). */
export const IMAGE_KINDS: readonly FileKind[] = ['image']
/** A course section's content: an mp4 video or a pdf (accounts §5). */
export const MEDIA_KINDS: readonly FileKind[] = ['video', 'pdf']
/** Complaint materials: photos and scans (accounts §2 complaints). */
export const MATERIAL_KINDS: readonly FileKind[] = ['image', 'pdf']

/** The file input's accept for these kinds: acceptOf(['video', 'pdf']) → '.mp4,.pdf,video/mp4,application/pdf' */
export function acceptOf(kinds: readonly FileKind[]): string {
  const exts = kinds.flatMap((k) => TYPES[k].exts.map((e) => `.${e}`))
  const mimes = kinds.flatMap((k) => TYPES[k].mimes)
  return [...exts, ...mimes].join(',')
}

const tokens = (accept: string) =>
  accept
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)

const extOf = (name: string) => {
  const m = /\.([^./\\]+)$/.exec(name)
  return m ? (m[1] ?? '').toLowerCase() : ''
}

/**
 * Whether a picked file fits an accept string, read as the browser's picker reads it: a `.ext`
 * token matches the name, `type/sub` the MIME type, `type/*` its family. The picker can be
 * told "all files", so this check is what keeps the rule.
 * matchesAccept('.mp4,.pdf', { name: 'a.PDF', type: '' }) → true
 */
export function matchesAccept(accept: string, file: { name: string; type: string }): boolean {
  const list = tokens(accept)
  if (list.length === 0) return true
  const ext = extOf(file.name)
  const type = file.type.toLowerCase()
  return list.some((t) => {
    if (t.startsWith('.')) return t.slice(1) === ext
    if (t.endsWith('/*')) return type.startsWith(t.slice(0, -1))
    return t === type
  })
}

/** 'a、b或c' */
const orList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join('、')}或${items.at(-1)}`

const IMAGE_EXTS = new Set(TYPES.image.exts)

/**
 * The refusal of a file of another type, naming what the accept string allows.
 * typeRefusal(acceptOf(MEDIA_KINDS)) → '仅支持上传mp4或pdf文件'
 */
export function typeRefusal(accept: string): string {
  const list = tokens(accept)
  const exts = [...new Set(list.filter((t) => t.startsWith('.')).map((t) => t.slice(1)))]
  if (exts.length > 0)
    return `仅支持上传${orList(exts)}${exts.every((e) => IMAGE_EXTS.has(e)) ? '图片' : '文件'}`
  if (list.length > 0 && list.every((t) => t.startsWith('image/'))) return '仅支持上传图片'
  return '不支持上传此类型的文件'
}

/** null when the file may go, else the message: checkFileType('.png', { name: 'a.txt', type: 'text/plain' }) → '仅支持上传png图片' */
export function checkFileType(accept: string, file: { name: string; type: string }): string | null {
  return matchesAccept(accept, file) ? null : typeRefusal(accept)
}

/**
 * null when a stored file (the server names it by its bytes: a PDF called a.png comes back .pdf)
 * is of a kind this use takes, else the same message as checkFileType. Any picture passes where
 * pictures are taken: the server keeps webp too, which the picker only does not offer.
 * checkStoredType('.png,image/png', '/uploads/u/1/ab.pdf') → '仅支持上传png图片'
 */
export function checkStoredType(accept: string, path: string): string | null {
  const picture = isImagePath(path) && matchesAccept(accept, { name: 'a.png', type: 'image/png' })
  return picture ? null : checkFileType(accept, { name: path, type: '' })
}

/**
 * The size a use's files must stay under, in MB, when the caller names none: course section
 * files (a use that takes video) 2GB (issue 22), images and materials 2MB (accounts §5, §9).
 * defaultMaxMb(MEDIA_KINDS) → 2048
 */
export function defaultMaxMb(kinds: readonly FileKind[]): number {
  return kinds.includes('video') ? SECTION_FILE_MAX_MB : UPLOAD_HINT_MAX_MB
}

/** A size in MB as people say it: sizeText(2) → '2MB', sizeText(2048) → '2GB' */
export const sizeText = (mb: number) => (mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024}GB` : `${mb}MB`)

/** The refusal of a file too large for its use: sizeRefusal(4) → '文件须小于4MB', sizeRefusal(2048) → '文件须小于2GB' */
export const sizeRefusal = (maxMb: number) => `文件须小于${sizeText(maxMb)}`

/**
 * The hint under an uploader when the caller gives none: defaultHint(IMAGE_KINDS, 2) →
 * '图片大小须小于2MB'; defaultHint(MEDIA_KINDS, 2048) → '文件须小于2GB，支持mp4或pdf'
 */
export function defaultHint(kinds: readonly FileKind[], maxMb: number): string {
  if (kinds.every((k) => k === 'image')) return `图片大小须小于${sizeText(maxMb)}`
  return `${sizeRefusal(maxMb)}，支持${orList(kinds.flatMap((k) => (k === 'image' ? ['图片'] : TYPES[k].exts)))}`
}

/** How a stored path is shown and previewed: kindOfPath('/uploads/u/1/a.MP4') → 'video' */
export function kindOfPath(path: string): FileKind | 'file' {
  const bare = path.split(/[?#]/)[0] ?? ''
  const ext = extOf(bare)
  // Any picture a browser draws, SVG included: the seed's avatars are SVG (issue 19). An <img>
  // never runs an SVG's scripts, and uploads themselves cannot be SVG (the server takes raster only).
  if (isImagePath(bare)) return 'image'
  if (ext === 'mp4') return 'video'
  if (ext === 'pdf') return 'pdf'
  return 'file'
}

/** The last part of a path, for a file without a thumbnail: fileNameOf('/uploads/u/1/a.pdf') → 'a.pdf' */
export const fileNameOf = (path: string) => path.split('/').pop() ?? path

/** Where item `i` lands when moved by one, wrapping at both ends: movedTo(2, 1, 3) → 0 */
export const movedTo = (i: number, by: -1 | 1, length: number) => (i + by + length) % length

/**
 * Moves item `i` one place up (-1) or down (1). At an end it wraps: the last moved down
 * becomes the first and the others keep their order (accounts §2 "wrapping around").
 * moveWrapped(['a', 'b', 'c'], 2, 1) → ['c', 'a', 'b']
 */
export function moveWrapped<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  if (list.length < 2 || i < 0 || i >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(i, 1) as [T]
  next.splice(movedTo(i, by, list.length), 0, item)
  return next
}

/**
 * The share of a batch that is done, 0 to 1: `done` files finished, the current one at
 * `fraction`. overallProgress(1, 2, 0.5) → 0.75
 */
export function overallProgress(done: number, count: number, fraction: number): number {
  if (count <= 0) return 0
  const f = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0
  return Math.min(1, (Math.min(done, count) + f) / count)
}

/** A fraction as a whole percentage for the bar: percentOf(0.456) → 46 */
export const percentOf = (fraction: number) =>
  Number.isFinite(fraction) ? Math.round(Math.min(1, Math.max(0, fraction)) * 100) : 0

/** What the uploader tells its caller about a video (accounts §4, §5: duration in seconds, rounded). */
export interface VideoMeta {
  duration: number
  width: number
  height: number
}

/**
 * The metadata of a loaded video, or null when the browser could not tell (a stream of unknown
 * length, a file it cannot decode). toVideoMeta(12.6, 1280, 720) → { duration: 13, width: 1280, height: 720 }
 */
export function toVideoMeta(duration: number, width: number, height: number): VideoMeta | null {
  if (!Number.isFinite(duration) || duration < 0) return null
  const size = (n: number) => (Number.isFinite(n) && n > 0 ? Math.round(n) : 0)
  return { duration: Math.round(duration), width: size(width), height: size(height) }
}

/** Whether a picked file is a video whose metadata the uploader reads: isVideoFile({ name: 'a.mp4', type: '' }) → true */
export const isVideoFile = (file: { name: string; type: string }) =>
  file.type.startsWith('video/') || extOf(file.name) === 'mp4'

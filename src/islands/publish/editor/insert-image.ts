/**
 * The editor's image button (accounts §2, §5): a picked, pasted or dropped picture goes through
 * Upload/PostUpload (or the upload the editor was given: the back office's is a staff call) and
 * lands as `<img src="/uploads/…">` at the selection; any failure says 图片插入失败 and inserts
 * nothing.
 */
import type { Editor } from '@tiptap/core'
import { account } from '../../../lib/api/browser.ts'
import { UPLOAD_MAX_BYTES } from '../../../lib/constants.ts'
import { isAllowedImageSrc, RICH_TEXT_MAX } from '../../../lib/html/policy.ts'
import { toast } from '../../../lib/toast.ts'
import { compressImage } from '../../common/compress-image.ts'
import { emittedHtml } from './html-limit.ts'
import { altOf, limitMessage } from './rules.ts'

/** What the file input offers: the picture types the editor inserts. */
export const IMAGE_ACCEPT = '.png,.jpeg,.jpg,.gif,image/png,image/jpeg,image/gif'
export const IMAGE_FAILED = '图片插入失败'

const IMAGE_TYPE = /^image\/(png|jpeg|gif)$/
/** The shortest image the editor can write; with less room than this an upload would be wasted. */
const SHORTEST_IMAGE = '<img src="/uploads/x.png">'.length

/** Stores a picture and answers its public path ('/uploads/…'); refusals are toasted by the HTTP client. */
export type ImageUpload = (file: Blob, name: string) => Promise<string>

/** A customer's upload: Upload/PostUpload. */
export const customerUpload: ImageUpload = async (file, name) => (await account.upload(file, name)).data.path

/** isInsertableImage(file) → true for a png, jpeg or gif. */
export const isInsertableImage = (file: File) => IMAGE_TYPE.test(file.type)

/** A compressed photo is a JPEG now, and its name should say so. */
const nameFor = (file: File, blob: Blob) =>
  blob !== file && blob.type === 'image/jpeg' ? `${file.name.replace(/\.[^.]*$/, '')}.jpg` : file.name

/**
 * Uploads `file` with `upload` and inserts it at the editor's selection; true once it is in.
 * Over-large, wrong-typed, refused by the server, or without room under the length limit `max`:
 * 图片插入失败 (the HTTP client has already shown the server's own message, the limit its own).
 */
export async function insertUploadedImage(
  editor: Editor,
  file: File,
  upload: ImageUpload = customerUpload,
  max: number = RICH_TEXT_MAX,
): Promise<boolean> {
  try {
    if (!isInsertableImage(file) || file.size > UPLOAD_MAX_BYTES) throw new Error('not an image we take')
    if (emittedHtml(editor.state.doc, editor.schema).length + SHORTEST_IMAGE > max) {
      toast('error', limitMessage(max))
      throw new Error('no room')
    }
    const blob = await compressImage(file)
    const src = await upload(blob, nameFor(file, blob))
    if (!isAllowedImageSrc(src) || editor.isDestroyed) throw new Error('unexpected path')
    const before = editor.state.doc
    editor
      .chain()
      .focus()
      .setImage({ src, alt: altOf(file.name) })
      .run()
    // The length limit refuses the insertion silently to this code: the document is then unchanged.
    if (editor.state.doc === before) throw new Error('refused')
    return true
  } catch {
    toast('error', IMAGE_FAILED)
    return false
  }
}

/** The pictures among pasted or dropped files (what the editor would upload), in order. */
export function imagesOf(files: FileList | null | undefined): File[] {
  return files ? [...files].filter(isInsertableImage) : []
}

/**
 * The one image re-encoding of uploads (accounts §5, §9: images over 0.3MB are compressed at
 * quality 0.5), shared by the uploader and the rich-text editor's image button.
 */

/** Images above this many bytes are re-encoded before upload. */
export const COMPRESS_ABOVE = 0.3 * 1024 * 1024

/**
 * Re-encodes a large photo as JPEG at quality 0.5; small files and GIFs (animations) go as they
 * are, and so does anything that would not get smaller: await compressImage(photo) → a Blob.
 */
export async function compressImage(file: File): Promise<Blob> {
  if (file.size <= COMPRESS_ABOVE || !/^image\/(png|jpeg)$/.test(file.type)) return file
  try {
    const bitmap = await createImageBitmap(file)
    const canvas = document.createElement('canvas')
    canvas.width = bitmap.width
    canvas.height = bitmap.height
    const ctx = canvas.getContext('2d')
    if (!ctx) return file
    // JPEG has no transparency: a transparent PNG would turn black without a white ground.
    ctx.fillStyle = '#fff'
    ctx.fillRect(0, 0, canvas.width, canvas.height)
    ctx.drawImage(bitmap, 0, 0)
    bitmap.close()
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', 0.5))
    return blob && blob.size < file.size ? blob : file
  } catch {
    // A picture the browser cannot decode goes as it is; the server judges it by its bytes.
    return file
  }
}

import { useFileSrc } from './file-src.ts'
import type { FileKind } from './upload-files.ts'

/** The preview dialog's body: the image, the playing video, or the PDF with a link to open it alone. */
export function UploadPreview({
  path,
  kind,
  label,
}: {
  path: string
  kind: FileKind | 'file'
  label: string
}) {
  const src = useFileSrc(path)
  if (!src) return <p className="py-8 text-center text-sm text-slate-500">正在加载…</p>
  if (kind === 'image') return <img src={src} alt={`${label}预览`} className="mx-auto max-h-[70vh]" />
  if (kind === 'video')
    return (
      // biome-ignore lint/a11y/useMediaCaption: users' course videos come without captions
      <video
        src={src}
        controls
        playsInline
        preload="metadata"
        aria-label={`${label}预览`}
        className="mx-auto max-h-[70vh] w-full rounded bg-black"
      />
    )
  return (
    <>
      <iframe src={src} title={`${label}预览`} className="h-[70vh] w-full rounded ring-1 ring-slate-200" />
      <p className="mt-2 text-right text-sm">
        <a href={src} target="_blank" rel="noopener" className="text-brand-700 underline">
          在新窗口打开
        </a>
      </p>
    </>
  )
}

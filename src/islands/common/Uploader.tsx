import { useEffect, useId, useRef, useState } from 'react'
import { splitList } from '../../lib/format.ts'
import { Dialog } from './Dialog.tsx'
import { type Act, UploadItem } from './UploadItem.tsx'
import { UploadPreview } from './UploadPreview.tsx'
import { UploadPaused, UploadProgress } from './UploadProgress.tsx'
import {
  acceptOf,
  defaultHint,
  defaultMaxMb,
  type FileKind,
  IMAGE_KINDS,
  kindOfPath,
  movedTo,
  moveWrapped,
  type VideoMeta,
} from './upload-files.ts'
import { useConfirm } from './useConfirm.tsx'
import { accountFileUpload, type FileUpload, useUploadQueue } from './useUploadQueue.ts'

export type { FileKind, VideoMeta } from './upload-files.ts'
export { IMAGE_KINDS, MATERIAL_KINDS, MEDIA_KINDS } from './upload-files.ts'
export type { FileUpload } from './useUploadQueue.ts'

/**
 * The generic uploader (accounts §2, §5): a comma-joined list of uploaded paths as its value,
 * with move up/down (wrapping), preview by kind (image lightbox, video, pdf), download, and
 * delete after 您确认要删除此图片吗; a progress bar with 正在处理数据中... while files go up.
 * <Uploader label="课程内容" kinds={MEDIA_KINDS} value={v} onChange={setV} onMedia={(p, m) => …} />
 */
export function Uploader({
  value,
  onChange,
  limit = 1,
  kinds = IMAGE_KINDS,
  accept = acceptOf(kinds),
  maxMb = defaultMaxMb(kinds),
  hint = defaultHint(kinds, maxMb),
  label,
  invalid,
  onMedia,
  private: isPrivate = false,
  upload = accountFileUpload,
  resumable = false,
}: {
  value: string
  onChange: (value: string) => void
  /** How many files the value may hold (accounts §5: 1 by default). */
  limit?: number
  /** What this use takes: images by default; MEDIA_KINDS (mp4, pdf) for course sections. */
  kinds?: readonly FileKind[]
  /** The picker's filter and the type check; derived from `kinds` unless given. */
  accept?: string
  /** The size each file must stay under, in MB, as sent (after compression); the default hint says it. */
  maxMb?: number
  hint?: string
  /** Names the control for screen readers, e.g. 营业执照. */
  label: string
  invalid?: boolean
  /** After a video is uploaded: its path, duration in seconds (rounded), width and height. */
  onMedia?: (path: string, meta: VideoMeta) => void
  /**
   * Certification scans and course files (issue 13): uploaded with purpose=private, kept out of
   * the public tree; shown here from the session's own copy (useFileSrc), never a public URL.
   */
  private?: boolean
  /** The back office passes its staff image call; customers' forms keep Upload/PostUpload. */
  upload?: FileUpload
  /**
   * Course files up to 2GB (issue 22): sent in resumable parts (src/lib/api/resumable.ts) with
   * 暂停/继续/取消; after a reload the same file picked again goes on where it stopped. One file.
   */
  resumable?: boolean
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const refusalId = `${id}-refusal`
  const paths = splitList(value)
  const set = (next: string[]) => onChange(next.join(','))
  const queue = useUploadQueue({
    paths,
    limit,
    accept,
    maxMb,
    private: isPrivate,
    upload,
    resumable,
    onMedia,
    onAdded: set,
  })
  const { progress, paused, refusal, announce, setAnnounce } = queue
  const [preview, setPreview] = useState<string | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  const root = useRef<HTMLDivElement>(null)
  const focusNext = useRef<{ index: number; act?: Act } | null>(null)

  // Moving re-inserts the item (focus falls off) and deleting removes it: once the list has
  // changed, focus goes where the user will continue. After the confirm dialog closes, Radix
  // returns focus a tick later, so this waits a tick too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list changes
  useEffect(() => {
    const want = focusNext.current
    if (!want) return
    focusNext.current = null
    const t = setTimeout(() => {
      const el =
        want.index < 0
          ? root.current?.querySelector<HTMLElement>('input[type=file]')
          : root.current?.querySelector<HTMLElement>(
              `[data-upload-item="${want.index}"] [data-act${want.act ? `="${want.act}"` : ''}]`,
            )
      el?.focus()
    }, 0)
    return () => clearTimeout(t)
  }, [value])

  function move(i: number, by: -1 | 1) {
    const j = movedTo(i, by, paths.length)
    focusNext.current = { index: j, act: by < 0 ? 'up' : 'down' }
    setAnnounce(`已移到第${j + 1}个`)
    set(moveWrapped(paths, i, by))
  }

  async function remove(i: number) {
    if (!(await confirm({ title: '操作提示', text: '您确认要删除此图片吗' }))) return
    const rest = paths.filter((_, k) => k !== i)
    // The next item takes its place; after the last, the one before; when none is left, the picker.
    focusNext.current = { index: rest.length ? Math.min(i, rest.length - 1) : -1 }
    setAnnounce(`已删除第${i + 1}个${label}`)
    set(rest)
  }

  const previewKind = preview ? kindOfPath(preview) : null

  return (
    <div ref={root}>
      <ul className="flex flex-wrap gap-3" aria-label={`${label}（${paths.length}/${limit}）`}>
        {paths.map((p, i) => (
          <UploadItem
            // Uploads are named by their bytes, so the same file added twice is the same path twice.
            key={`${p}#${paths.slice(0, i).filter((q) => q === p).length}`}
            path={p}
            kind={kindOfPath(p)}
            index={i}
            alt={`${label} ${i + 1}`}
            nth={`第${i + 1}个${label}`}
            movable={paths.length > 1}
            onMove={(by) => move(i, by)}
            onPreview={() => setPreview(p)}
            onDelete={() => remove(i)}
          />
        ))}
        {paths.length < limit && (
          <li className="relative h-32 w-32">
            <label
              htmlFor={id}
              className={`flex h-full w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed text-slate-500 hover:border-brand-500 hover:text-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${invalid ? 'border-red-400' : 'border-slate-300'}`}
            >
              <span className="text-3xl leading-none" aria-hidden="true">
                +
              </span>
              <span className="px-1 text-center text-xs">上传{label}</span>
            </label>
            <input
              id={id}
              type="file"
              accept={accept}
              multiple={limit - paths.length > 1}
              className="sr-only"
              disabled={queue.busy}
              aria-invalid={invalid || undefined}
              aria-describedby={refusal ? `${hintId} ${refusalId}` : hintId}
              onChange={(e) => {
                void queue.pick(e.target.files)
                e.target.value = ''
              }}
            />
            {progress && (
              <UploadProgress
                progress={progress}
                label={label}
                onPause={queue.pause}
                onCancel={() => void queue.cancel()}
              />
            )}
            {!progress && paused && (
              <UploadPaused
                name={paused.name}
                label={label}
                onResume={() => void queue.resume(paused)}
                onCancel={() => void queue.cancel()}
              />
            )}
          </li>
        )}
      </ul>
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {hint}，最多{limit}个
      </p>
      {/* The toast has announced it; this keeps it in view after the toast is gone. */}
      {refusal && (
        <p id={refusalId} className="mt-1 text-xs text-red-600">
          {refusal}
        </p>
      )}
      <p role="status" className="sr-only">
        {announce}
      </p>
      {confirmDialog}
      <Dialog
        open={preview !== null}
        onOpenChange={(o) => !o && setPreview(null)}
        title="预览"
        width={previewKind === 'pdf' ? 'max-w-4xl' : 'max-w-2xl'}
      >
        {preview && previewKind && <UploadPreview path={preview} kind={previewKind} label={label} />}
      </Dialog>
    </div>
  )
}

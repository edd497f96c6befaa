import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { account, getResumable } from '../../lib/api/browser.ts'
import { PartFailed } from '../../lib/api/resumable.ts'
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_BIG } from '../../lib/constants.ts'
import { splitList } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { compressImage } from './compress-image.ts'
import { Dialog } from './Dialog.tsx'
import { useFileSrc } from './file-src.ts'
import {
  acceptOf,
  checkFileType,
  checkStoredType,
  defaultHint,
  defaultMaxMb,
  type FileKind,
  fileNameOf,
  IMAGE_KINDS,
  isVideoFile,
  kindOfPath,
  movedTo,
  moveWrapped,
  overallProgress,
  percentOf,
  sizeRefusal,
  toVideoMeta,
  type VideoMeta,
} from './upload-files.ts'
import { useConfirm } from './useConfirm.tsx'

export type { FileKind, VideoMeta } from './upload-files.ts'
export { IMAGE_KINDS, MATERIAL_KINDS, MEDIA_KINDS } from './upload-files.ts'

/** A video the browser cannot read must not hold the upload up for long. */
const VIDEO_META_TIMEOUT_MS = 8000

/**
 * Duration (seconds, rounded), width and height of a picked video, read by a detached <video>
 * from an object URL; null when the browser cannot tell within the timeout.
 */
function readVideoMeta(file: Blob, timeoutMs = VIDEO_META_TIMEOUT_MS): Promise<VideoMeta | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file)
    const video = document.createElement('video')
    let timer: ReturnType<typeof setTimeout> | undefined
    const finish = (meta: VideoMeta | null) => {
      clearTimeout(timer)
      video.onloadedmetadata = null
      video.onerror = null
      video.removeAttribute('src')
      video.load()
      URL.revokeObjectURL(url)
      resolve(meta)
    }
    timer = setTimeout(() => finish(null), timeoutMs)
    video.preload = 'metadata'
    video.muted = true
    video.onloadedmetadata = () => finish(toVideoMeta(video.duration, video.videoWidth, video.videoHeight))
    video.onerror = () => finish(null)
    video.src = url
  })
}

/** How one file is sent: its stored path, or a throw (the HTTP client has shown why). */
export type FileUpload = (
  file: Blob,
  name: string,
  o: { private: boolean; signal: AbortSignal; onProgress: (fraction: number) => void },
) => Promise<string>

/** The customer's Upload/PostUpload, with its progress: what the account and publish forms use. */
const accountFileUpload: FileUpload = async (file, name, o) =>
  (
    await account.upload(file, name, {
      purpose: o.private ? 'private' : undefined,
      signal: o.signal,
      onProgress: o.onProgress,
    })
  ).data.path

/** Where the batch being uploaded stands: `done` of `count` files finished, the current at `fraction`. */
interface Progress {
  done: number
  count: number
  fraction: number
  /** A resumable upload's bytes sent of its total, shown as MB of MB. */
  bytes?: { sent: number; total: number }
}

/** Why a resumable upload was stopped: paused (kept, to go on) or cancelled (given up). */
const PAUSE = 'pause'
const CANCEL = 'cancel'

/** 12.3MB: a byte count for the progress line. */
const mbOf = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)}MB`

type Act = 'up' | 'down' | 'preview' | 'download' | 'delete'

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
  const [progress, setProgress] = useState<Progress | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  /** The last file refused before sending, shown under the hint until the next pick. */
  const [refusal, setRefusal] = useState<string | null>(null)
  /** Told to screen readers: upload done or failed, moved, deleted. */
  const [announce, setAnnounce] = useState('')
  const [confirmDialog, confirm] = useConfirm()
  /** A paused resumable upload's file, to go on with (继续) or give up (取消). */
  const [paused, setPaused] = useState<File | null>(null)
  const sending = useRef<File | null>(null)
  const root = useRef<HTMLDivElement>(null)
  const focusNext = useRef<{ index: number; act?: Act } | null>(null)
  const aborter = useRef<AbortController | null>(null)
  const busy = progress !== null
  const set = (next: string[]) => onChange(next.join(','))

  // A closed dialog or a left page stops its upload rather than finishing it for nobody.
  useEffect(() => () => aborter.current?.abort(), [])

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

  function refuse(message: string) {
    toast('error', message)
    setRefusal(message)
  }

  async function pick(files: FileList | null) {
    if (!files?.length || busy) return
    setRefusal(null)
    setAnnounce('')
    const room = limit - paths.length
    if (files.length > room) toast('info', `最多上传${limit}个文件`)
    // Type and size are checked before anything is sent, each refusal with its own message.
    const chosen = [...files].slice(0, room).filter((file) => {
      const wrongType = checkFileType(accept, file)
      if (wrongType) {
        refuse(wrongType)
        return false
      }
      if (resumable) {
        // Resumable files go in parts, up to their own limit; nothing is compressed.
        if (file.size <= maxMb * 1024 * 1024) return true
        refuse(sizeRefusal(maxMb))
        return false
      }
      if (file.size > UPLOAD_MAX_BYTES) {
        // The spec lets such a file go on (accounts §5 "yet the file still proceeds"); the server
        // refuses it anyway (its body limit), so it is not sent to be refused after a long wait.
        refuse(UPLOAD_TOO_BIG)
        return false
      }
      return true
    })
    if (!chosen.length) return
    if (resumable) {
      await sendResumable(chosen[0] as File)
      return
    }

    const abort = new AbortController()
    aborter.current = abort
    const added: string[] = []
    const media: [string, VideoMeta][] = []
    let failed = false
    setProgress({ done: 0, count: chosen.length, fraction: 0 })
    try {
      for (const [done, file] of chosen.entries()) {
        setProgress({ done, count: chosen.length, fraction: 0 })
        // Read while the file goes up; a bad file ends in null, never in a hang.
        const meta = onMedia && isVideoFile(file) ? readVideoMeta(file) : null
        const blob = await compressImage(file)
        // Every hint promises files under `maxMb` (2MB, or 4MB for course sections, accounts §5,
        // §9), so what is sent (after compression, so a large photo still goes) must keep it.
        if (blob.size > maxMb * 1024 * 1024) {
          refuse(sizeRefusal(maxMb))
          continue
        }
        const path = await upload(blob, file.name, {
          private: isPrivate,
          signal: abort.signal,
          onProgress: (fraction) => setProgress({ done, count: chosen.length, fraction }),
        })
        // The server names the file by its bytes: a PDF called .png comes back .pdf. Refused here
        // with the pick's own message, rather than taken now and refused by the form's save.
        const wrongType = checkStoredType(accept, path)
        if (wrongType) {
          refuse(wrongType)
          continue
        }
        added.push(path)
        const m = await meta
        if (m) media.push([path, m])
      }
    } catch {
      // The client has already shown the server's message (or the upload was stopped); the
      // files after it are not sent: after a 401 the page is on its way home.
      failed = true
    } finally {
      if (aborter.current === abort) aborter.current = null
      if (!abort.signal.aborted) {
        setProgress(null)
        if (added.length) set([...paths, ...added])
        for (const [path, meta] of media) onMedia?.(path, meta)
        setAnnounce(
          failed
            ? added.length
              ? `已上传${added.length}个文件，其余上传失败`
              : '上传失败'
            : added.length
              ? `上传完成，已上传${added.length}个文件`
              : '',
        )
      }
    }
  }

  /** One course file in resumable parts; paused, it waits for 继续; failed, its parts stay for a retry. */
  async function sendResumable(file: File) {
    const abort = new AbortController()
    aborter.current = abort
    sending.current = file
    setPaused(null)
    setProgress({ done: 0, count: 1, fraction: 0, bytes: { sent: 0, total: file.size } })
    const meta = onMedia && isVideoFile(file) ? readVideoMeta(file) : null
    try {
      const path = await getResumable().upload(file, {
        private: isPrivate,
        signal: abort.signal,
        onProgress: (sent, total) =>
          setProgress({ done: 0, count: 1, fraction: total ? sent / total : 0, bytes: { sent, total } }),
      })
      setProgress(null)
      set([...paths, path])
      const m = await meta
      if (m) onMedia?.(path, m)
      setAnnounce('上传完成，已上传1个文件')
    } catch (e) {
      if (abort.signal.reason === PAUSE) {
        setProgress(null)
        setPaused(file)
        setAnnounce('已暂停上传')
        return
      }
      // Cancelled (cancel() speaks) or the page left: nothing more to say.
      if (abort.signal.aborted) return
      setProgress(null)
      // A part that failed every try has shown nothing yet; the server's calls have.
      if (e instanceof PartFailed) toast('error', e.message)
      // Kept as paused: 继续 goes on from the parts stored.
      setPaused(file)
      setAnnounce('上传失败，可点击继续重试')
    } finally {
      if (aborter.current === abort) aborter.current = null
      if (sending.current === file) sending.current = null
    }
  }

  async function cancelResumable() {
    const file = sending.current ?? paused
    aborter.current?.abort(CANCEL)
    setProgress(null)
    setPaused(null)
    if (file) await getResumable().cancel(file)
    setAnnounce('已取消上传')
  }

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

  const pct = progress ? percentOf(overallProgress(progress.done, progress.count, progress.fraction)) : 0
  const previewKind = preview ? kindOfPath(preview) : null

  return (
    <div ref={root}>
      <ul className="flex flex-wrap gap-3" aria-label={`${label}（${paths.length}/${limit}）`}>
        {paths.map((p, i) => {
          const kind = kindOfPath(p)
          const nth = `第${i + 1}个${label}`
          return (
            <li
              // Uploads are named by their bytes, so the same file added twice is the same path twice.
              key={`${p}#${paths.slice(0, i).filter((q) => q === p).length}`}
              data-upload-item={i}
              className="relative h-32 w-32 overflow-hidden rounded-md bg-slate-100 ring-1 ring-slate-200"
            >
              <Thumb path={p} kind={kind} alt={`${label} ${i + 1}`} />
              <div className="absolute inset-x-0 bottom-0 flex h-8 items-stretch justify-around bg-slate-900/75 text-white">
                {paths.length > 1 && (
                  <>
                    <ToolButton act="up" label={`上移${nth}`} onClick={() => move(i, -1)}>
                      <path d="M10 4l-5 5h3v7h4V9h3l-5-5z" />
                    </ToolButton>
                    <ToolButton act="down" label={`下移${nth}`} onClick={() => move(i, 1)}>
                      <path d="M10 16l5-5h-3V4H8v7H5l5 5z" />
                    </ToolButton>
                  </>
                )}
                {kind !== 'file' && (
                  <ToolButton act="preview" label={`预览${nth}`} onClick={() => setPreview(p)}>
                    <path d="M10 4.5c-4 0-7 3.3-8 5.5 1 2.2 4 5.5 8 5.5s7-3.3 8-5.5c-1-2.2-4-5.5-8-5.5zm0 9a3.5 3.5 0 110-7 3.5 3.5 0 010 7zm0-5.3a1.8 1.8 0 100 3.6 1.8 1.8 0 000-3.6z" />
                  </ToolButton>
                )}
                <DownloadLink path={p} label={`下载${nth}`} />
                <ToolButton act="delete" label={`删除${nth}`} onClick={() => remove(i)}>
                  <path d="M7 3h6l1 1h3v2H3V4h3l1-1zM5 7h10l-.8 9.2A2 2 0 0112.2 18H7.8a2 2 0 01-2-1.8L5 7z" />
                </ToolButton>
              </div>
            </li>
          )
        })}
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
              disabled={busy}
              aria-invalid={invalid || undefined}
              aria-describedby={refusal ? `${hintId} ${refusalId}` : hintId}
              onChange={(e) => {
                void pick(e.target.files)
                e.target.value = ''
              }}
            />
            {progress && (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-md bg-white/95 px-3 text-center ring-1 ring-brand-500">
                <span className="text-xs text-brand-700">正在处理数据中...</span>
                <div
                  role="progressbar"
                  aria-label={`${label}上传进度`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={pct}
                  aria-valuetext={
                    progress.bytes
                      ? `${pct}%，已上传${mbOf(progress.bytes.sent)}，共${mbOf(progress.bytes.total)}`
                      : progress.count > 1
                        ? `第${progress.done + 1}个，共${progress.count}个，${pct}%`
                        : `${pct}%`
                  }
                  className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
                >
                  <div
                    className="h-full rounded-full bg-brand-500 transition-[width]"
                    style={{ width: `${pct}%` }}
                  />
                </div>
                <span className="text-xs tabular-nums text-slate-600" aria-hidden="true">
                  {pct}%{progress.count > 1 ? ` · ${progress.done + 1}/${progress.count}` : ''}
                </span>
                {progress.bytes && (
                  <>
                    <span className="text-[11px] tabular-nums text-slate-500" aria-hidden="true">
                      {mbOf(progress.bytes.sent)} / {mbOf(progress.bytes.total)}
                    </span>
                    <span className="flex gap-2">
                      <button
                        type="button"
                        className="rounded px-1.5 text-xs text-brand-700 hover:bg-brand-50"
                        onClick={() => aborter.current?.abort(PAUSE)}
                        aria-label={`暂停上传${label}`}
                      >
                        暂停
                      </button>
                      <button
                        type="button"
                        className="rounded px-1.5 text-xs text-red-600 hover:bg-red-50"
                        onClick={() => void cancelResumable()}
                        aria-label={`取消上传${label}`}
                      >
                        取消
                      </button>
                    </span>
                  </>
                )}
              </div>
            )}
            {!progress && paused && (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-md bg-white/95 px-2 text-center ring-1 ring-amber-400">
                <span className="text-xs text-amber-700">已暂停</span>
                <span className="line-clamp-2 break-all text-[11px] text-slate-500">{paused.name}</span>
                <span className="flex gap-2">
                  <button
                    type="button"
                    className="rounded px-1.5 text-xs text-brand-700 hover:bg-brand-50"
                    onClick={() => void sendResumable(paused)}
                    aria-label={`继续上传${label}`}
                  >
                    继续
                  </button>
                  <button
                    type="button"
                    className="rounded px-1.5 text-xs text-red-600 hover:bg-red-50"
                    onClick={() => void cancelResumable()}
                    aria-label={`取消上传${label}`}
                  >
                    取消
                  </button>
                </span>
              </div>
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
        {preview && previewKind && <Preview path={preview} kind={previewKind} label={label} />}
      </Dialog>
    </div>
  )
}

/** The preview dialog's body: the image, the playing video, or the PDF with a link to open it alone. */
function Preview({ path, kind, label }: { path: string; kind: FileKind | 'file'; label: string }) {
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

/** An item's download link: the file itself, a private one from the session's copy. */
function DownloadLink({ path, label }: { path: string; label: string }) {
  const src = useFileSrc(path)
  return (
    <a
      href={src || undefined}
      download={fileNameOf(path)}
      data-act="download"
      aria-label={label}
      title="下载"
      className="flex flex-1 items-center justify-center hover:bg-white/20 focus-visible:bg-white/20"
    >
      <Icon>
        <path d="M9 3h2v7h3l-4 4-4-4h3V3zM4 15h12v2H4v-2z" />
      </Icon>
    </a>
  )
}

/** The picture of one item: the image itself, a video's first frame, or a document badge with its name. */
function Thumb({ path, kind, alt }: { path: string; kind: FileKind | 'file'; alt: string }) {
  const src = useFileSrc(path)
  if (kind === 'image')
    return src ? (
      <img src={src} alt={alt} className="h-full w-full object-cover" />
    ) : (
      <span role="img" aria-label={alt} className="block h-full w-full animate-pulse bg-slate-200" />
    )
  const name = fileNameOf(path)
  if (kind === 'video')
    return (
      <>
        <video
          src={src || undefined}
          muted
          playsInline
          preload="metadata"
          aria-hidden="true"
          tabIndex={-1}
          className="h-full w-full bg-slate-800 object-cover"
        />
        <span className="absolute inset-x-0 top-0 flex items-center gap-1 bg-slate-900/60 px-1.5 py-0.5 text-[11px] text-white">
          <Icon small>
            <path d="M6 4l10 6-10 6V4z" />
          </Icon>
          视频
        </span>
        <span className="sr-only">
          {alt}：{name}
        </span>
      </>
    )
  return (
    <span className="flex h-full flex-col items-center justify-center gap-1 px-2 pb-8 text-slate-600">
      <span
        className="rounded bg-red-600 px-1.5 py-0.5 text-[11px] font-semibold text-white"
        aria-hidden="true"
      >
        {kind === 'pdf' ? 'PDF' : '文件'}
      </span>
      <span className="line-clamp-2 break-all text-center text-[11px] leading-tight" title={name}>
        <span className="sr-only">{alt}：</span>
        {name}
      </span>
    </span>
  )
}

function Icon({ children, small }: { children: ReactNode; small?: boolean }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={small ? 'h-3 w-3' : 'h-4 w-4'}>
      {children}
    </svg>
  )
}

function ToolButton({
  act,
  label,
  onClick,
  children,
}: {
  act: Act
  label: string
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      data-act={act}
      onClick={onClick}
      aria-label={label}
      title={label}
      className="flex flex-1 items-center justify-center hover:bg-white/20 focus-visible:bg-white/20"
    >
      <Icon>{children}</Icon>
    </button>
  )
}

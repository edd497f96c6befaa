import type { ReactNode } from 'react'
import { useFileSrc } from './file-src.ts'
import { type FileKind, fileNameOf } from './upload-files.ts'

export type Act = 'up' | 'down' | 'preview' | 'download' | 'delete'

/**
 * One uploaded file in the list: its picture and the bar of its controls (move up/down when
 * there are several, preview unless a plain file, download, delete). `nth` names it: 第2个营业执照.
 */
export function UploadItem({
  path,
  kind,
  index,
  alt,
  nth,
  movable,
  onMove,
  onPreview,
  onDelete,
}: {
  path: string
  kind: FileKind | 'file'
  index: number
  alt: string
  nth: string
  movable: boolean
  onMove: (by: -1 | 1) => void
  onPreview: () => void
  onDelete: () => void
}) {
  return (
    <li
      data-upload-item={index}
      className="relative h-32 w-32 overflow-hidden rounded-md bg-slate-100 ring-1 ring-slate-200"
    >
      <Thumb path={path} kind={kind} alt={alt} />
      <div className="absolute inset-x-0 bottom-0 flex h-8 items-stretch justify-around bg-slate-900/75 text-white">
        {movable && (
          <>
            <ToolButton act="up" label={`上移${nth}`} onClick={() => onMove(-1)}>
              <path d="M10 4l-5 5h3v7h4V9h3l-5-5z" />
            </ToolButton>
            <ToolButton act="down" label={`下移${nth}`} onClick={() => onMove(1)}>
              <path d="M10 16l5-5h-3V4H8v7H5l5 5z" />
            </ToolButton>
          </>
        )}
        {kind !== 'file' && (
          <ToolButton act="preview" label={`预览${nth}`} onClick={onPreview}>
            <path d="M10 4.5c-4 0-7 3.3-8 5.5 1 2.2 4 5.5 8 5.5s7-3.3 8-5.5c-1-2.2-4-5.5-8-5.5zm0 9a3.5 3.5 0 110-7 3.5 3.5 0 010 7zm0-5.3a1.8 1.8 0 100 3.6 1.8 1.8 0 000-3.6z" />
          </ToolButton>
        )}
        <DownloadLink path={path} label={`下载${nth}`} />
        <ToolButton act="delete" label={`删除${nth}`} onClick={onDelete}>
          <path d="M7 3h6l1 1h3v2H3V4h3l1-1zM5 7h10l-.8 9.2A2 2 0 0112.2 18H7.8a2 2 0 01-2-1.8L5 7z" />
        </ToolButton>
      </div>
    </li>
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

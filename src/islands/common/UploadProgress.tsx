import { overallProgress, percentOf } from './upload-files.ts'
import type { Progress } from './useUploadQueue.ts'

/** 12.3MB: a byte count for the progress line. */
const mbOf = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)}MB`

/** Over the picker while files go up: 正在处理数据中..., the bar, and a resumable file's 暂停/取消. */
export function UploadProgress({
  progress,
  label,
  onPause,
  onCancel,
}: {
  progress: Progress
  label: string
  onPause: () => void
  onCancel: () => void
}) {
  const pct = percentOf(overallProgress(progress.done, progress.count, progress.fraction))
  return (
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
        <div className="h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      <span className="text-xs tabular-nums text-slate-600" aria-hidden="true">
        {pct}%{progress.count > 1 ? ` · ${progress.done + 1}/${progress.count}` : ''}
      </span>
      {progress.bytes && (
        <>
          <span className="text-[11px] tabular-nums text-slate-500" aria-hidden="true">
            {mbOf(progress.bytes.sent)} / {mbOf(progress.bytes.total)}
          </span>
          <GoOrStop go="暂停" label={label} onGo={onPause} onCancel={onCancel} />
        </>
      )}
    </div>
  )
}

/** Over the picker while a resumable upload waits: 已暂停, the file's name, 继续 and 取消. */
export function UploadPaused({
  name,
  label,
  onResume,
  onCancel,
}: {
  name: string
  label: string
  onResume: () => void
  onCancel: () => void
}) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-md bg-white/95 px-2 text-center ring-1 ring-amber-400">
      <span className="text-xs text-amber-700">已暂停</span>
      <span className="line-clamp-2 break-all text-[11px] text-slate-500">{name}</span>
      <GoOrStop go="继续" label={label} onGo={onResume} onCancel={onCancel} />
    </div>
  )
}

/** 暂停 or 继续, then 取消: each named for screen readers with what it uploads (暂停上传营业执照). */
function GoOrStop({
  go,
  label,
  onGo,
  onCancel,
}: {
  go: '暂停' | '继续'
  label: string
  onGo: () => void
  onCancel: () => void
}) {
  return (
    <span className="flex gap-2">
      <button
        type="button"
        className="rounded px-1.5 text-xs text-brand-700 hover:bg-brand-50"
        onClick={onGo}
        aria-label={`${go}上传${label}`}
      >
        {go}
      </button>
      <button
        type="button"
        className="rounded px-1.5 text-xs text-red-600 hover:bg-red-50"
        onClick={onCancel}
        aria-label={`取消上传${label}`}
      >
        取消
      </button>
    </span>
  )
}

import { useId, useState } from 'react'
import { account } from '../../lib/api/browser.ts'
import { assetUrl } from '../../lib/asset.ts'
import { UPLOAD_HINT_MAX_MB, UPLOAD_MAX_BYTES, UPLOAD_TOO_BIG } from '../../lib/constants.ts'
import { splitList } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { Dialog } from './Dialog.tsx'
import { useConfirm } from './useConfirm.tsx'

/** Images above this are re-encoded at quality 0.5 before upload (accounts §5). */
const COMPRESS_ABOVE = 0.3 * 1024 * 1024
const IMAGE_ACCEPT = '.png,.jpeg,.jpg,.gif,image/png,image/jpeg,image/gif'

/** Re-encodes a large photo as JPEG at quality 0.5; small files and GIFs go as they are. */
async function compress(file: File): Promise<Blob> {
  if (file.size <= COMPRESS_ABOVE || !/^image\/(png|jpeg)$/.test(file.type)) return file
  const bitmap = await createImageBitmap(file)
  const canvas = document.createElement('canvas')
  canvas.width = bitmap.width
  canvas.height = bitmap.height
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0)
  const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', 0.5))
  return blob && blob.size < file.size ? blob : file
}

const isImage = (path: string) => /\.(png|jpe?g|gif|webp|svg)$/i.test(path)

/**
 * The generic uploader (accounts §2): a comma-joined list of uploaded paths as its value,
 * with move up/down (wrapping), preview, download and delete after 您确认要删除此图片吗.
 */
export function Uploader({
  value,
  onChange,
  limit = 1,
  accept = IMAGE_ACCEPT,
  maxMb = UPLOAD_HINT_MAX_MB,
  hint = `图片大小须小于${maxMb}MB`,
  label,
  invalid,
}: {
  value: string
  onChange: (value: string) => void
  limit?: number
  accept?: string
  /** The size each file must stay under, in MB, as sent (after compression); the hint says it. */
  maxMb?: number
  hint?: string
  /** Names the control for screen readers, e.g. 营业执照. */
  label: string
  invalid?: boolean
}) {
  const id = useId()
  const paths = splitList(value)
  const [busy, setBusy] = useState(false)
  const [preview, setPreview] = useState<string | null>(null)
  const [confirmDialog, confirm] = useConfirm()
  const set = (next: string[]) => onChange(next.join(','))

  async function pick(files: FileList | null) {
    if (!files?.length) return
    const room = limit - paths.length
    const chosen = [...files].slice(0, room)
    if (files.length > room) toast('info', `最多上传${limit}个文件`)
    setBusy(true)
    const added: string[] = []
    try {
      for (const file of chosen) {
        if (file.size > UPLOAD_MAX_BYTES) {
          // The spec lets such a file go on to the server, which refuses it anyway; stop here instead.
          toast('error', UPLOAD_TOO_BIG)
          continue
        }
        const blob = await compress(file)
        // Every hint shown under an uploader promises files under 2MB (accounts §5, §9), and the
        // callers word it themselves; the promise is kept here rather than only worded: what is
        // sent (after compression, so a large photo still goes) must stay under `maxMb`. The
        // server's own limit is the 20MB above.
        if (blob.size > maxMb * 1024 * 1024) {
          toast('error', `文件须小于${maxMb}MB`)
          continue
        }
        const res = await account.upload(blob, file.name)
        added.push(res.data.path)
      }
    } catch {
      // The client has already shown the server's message.
    } finally {
      setBusy(false)
      if (added.length) set([...paths, ...added])
    }
  }

  const move = (i: number, by: -1 | 1) => {
    const next = [...paths]
    const j = (i + by + next.length) % next.length
    ;[next[i], next[j]] = [next[j] as string, next[i] as string]
    set(next)
  }

  async function remove(i: number) {
    if (await confirm({ title: '操作提示', text: '您确认要删除此图片吗' }))
      set(paths.filter((_, k) => k !== i))
  }

  return (
    <div>
      <ul className="flex flex-wrap gap-3" aria-label={`${label}（${paths.length}/${limit}）`}>
        {paths.map((p, i) => (
          <li
            key={p}
            className="group relative h-24 w-24 overflow-hidden rounded-md bg-slate-100 ring-1 ring-slate-200"
          >
            {isImage(p) ? (
              <img src={assetUrl(p)} alt={`${label} ${i + 1}`} className="h-full w-full object-cover" />
            ) : (
              <span className="flex h-full items-center justify-center break-all p-2 text-xs text-slate-600">
                {p.split('/').pop()}
              </span>
            )}
            <div className="absolute inset-x-0 bottom-0 flex justify-around bg-slate-900/70 py-1 text-white">
              {paths.length > 1 && (
                <>
                  <button
                    type="button"
                    onClick={() => move(i, -1)}
                    aria-label={`上移第${i + 1}个`}
                    className="px-1"
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    onClick={() => move(i, 1)}
                    aria-label={`下移第${i + 1}个`}
                    className="px-1"
                  >
                    ↓
                  </button>
                </>
              )}
              {isImage(p) && (
                <button
                  type="button"
                  onClick={() => setPreview(p)}
                  aria-label={`预览第${i + 1}个`}
                  className="px-1"
                >
                  ⤢
                </button>
              )}
              <a href={assetUrl(p)} download aria-label={`下载第${i + 1}个`} className="px-1">
                ⤓
              </a>
              <button
                type="button"
                onClick={() => remove(i)}
                aria-label={`删除第${i + 1}个`}
                className="px-1"
              >
                ✕
              </button>
            </div>
          </li>
        ))}
        {paths.length < limit && (
          <li>
            <label
              htmlFor={id}
              className={`relative flex h-24 w-24 cursor-pointer flex-col has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 items-center justify-center gap-1 rounded-md border-2 border-dashed text-slate-500 hover:border-brand-500 hover:text-brand-700 ${invalid ? 'border-red-400' : 'border-slate-300'}`}
            >
              <span className="text-2xl leading-none" aria-hidden="true">
                +
              </span>
              <span className="text-xs">上传{label}</span>
              {busy && (
                <span className="absolute inset-0 flex items-center justify-center rounded-md bg-white/90 text-center text-xs text-brand-700">
                  正在处理数据中...
                </span>
              )}
            </label>
            <input
              id={id}
              type="file"
              accept={accept}
              multiple={limit - paths.length > 1}
              className="sr-only"
              disabled={busy}
              aria-invalid={invalid || undefined}
              onChange={(e) => {
                void pick(e.target.files)
                e.target.value = ''
              }}
            />
          </li>
        )}
      </ul>
      <p className="mt-1 text-xs text-slate-500">
        {hint}，最多{limit}个
      </p>
      {confirmDialog}
      <Dialog
        open={preview !== null}
        onOpenChange={(o) => !o && setPreview(null)}
        title="预览"
        width="max-w-2xl"
      >
        {preview && <img src={assetUrl(preview)} alt={`${label}预览`} className="mx-auto max-h-[70vh]" />}
      </Dialog>
    </div>
  )
}

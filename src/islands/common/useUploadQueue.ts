import { useEffect, useRef, useState } from 'react'
import { account, getResumable } from '../../lib/api/browser.ts'
import { PartFailed } from '../../lib/api/resumable.ts'
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_BIG } from '../../lib/constants.ts'
import { toast } from '../../lib/toast.ts'
import { compressImage } from './compress-image.ts'
import { checkFileType, checkStoredType, isVideoFile, sizeRefusal, type VideoMeta } from './upload-files.ts'
import { readVideoMeta } from './video-meta.ts'

/** How one file is sent: its stored path, or a throw (the HTTP client has shown why). */
export type FileUpload = (
  file: Blob,
  name: string,
  o: { private: boolean; signal: AbortSignal; onProgress: (fraction: number) => void },
) => Promise<string>

/** The customer's Upload/PostUpload, with its progress: what the account and publish forms use. */
export const accountFileUpload: FileUpload = async (file, name, o) =>
  (
    await account.upload(file, name, {
      purpose: o.private ? 'private' : undefined,
      signal: o.signal,
      onProgress: o.onProgress,
    })
  ).data.path

/** Where the batch being uploaded stands: `done` of `count` files finished, the current at `fraction`. */
export interface Progress {
  done: number
  count: number
  fraction: number
  /** A resumable upload's bytes sent of its total, shown as MB of MB. */
  bytes?: { sent: number; total: number }
}

/** Why a resumable upload was stopped: paused (kept, to go on) or cancelled (given up). */
const PAUSE = 'pause'
const CANCEL = 'cancel'

export interface UploadQueueOptions {
  /** The paths the value holds now; what is uploaded is added after them. */
  paths: string[]
  limit: number
  accept: string
  maxMb: number
  private: boolean
  upload: FileUpload
  resumable: boolean
  onMedia?: (path: string, meta: VideoMeta) => void
  /** The new value's paths once files are uploaded. */
  onAdded: (paths: string[]) => void
}

/**
 * The uploader's sending side: the checks before anything goes (type, size, how many), the files
 * sent one after the other (images compressed first) or one course file in resumable parts with
 * pause, go on and cancel; the progress, the last refusal and what screen readers are told.
 */
export function useUploadQueue(o: UploadQueueOptions) {
  const [progress, setProgress] = useState<Progress | null>(null)
  /** The last file refused before sending, shown under the hint until the next pick. */
  const [refusal, setRefusal] = useState<string | null>(null)
  /** Told to screen readers: upload done or failed, moved, deleted. */
  const [announce, setAnnounce] = useState('')
  /** A paused resumable upload's file, to go on with (继续) or give up (取消). */
  const [paused, setPaused] = useState<File | null>(null)
  const sending = useRef<File | null>(null)
  const aborter = useRef<AbortController | null>(null)
  const busy = progress !== null

  // A closed dialog or a left page stops its upload rather than finishing it for nobody.
  useEffect(() => () => aborter.current?.abort(), [])

  function refuse(message: string) {
    toast('error', message)
    setRefusal(message)
  }

  /** Type and size are checked before anything is sent, each refusal with its own message. */
  function accepted(file: File): boolean {
    const wrongType = checkFileType(o.accept, file)
    if (wrongType) {
      refuse(wrongType)
      return false
    }
    if (o.resumable) {
      // Resumable files go in parts, up to their own limit; nothing is compressed.
      if (file.size <= o.maxMb * 1024 * 1024) return true
      refuse(sizeRefusal(o.maxMb))
      return false
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      // The spec lets such a file go on (accounts §5 "yet the file still proceeds"); the server
      // refuses it anyway (its body limit), so it is not sent to be refused after a long wait.
      refuse(UPLOAD_TOO_BIG)
      return false
    }
    return true
  }

  async function pick(files: FileList | null) {
    if (!files?.length || busy) return
    setRefusal(null)
    setAnnounce('')
    const room = o.limit - o.paths.length
    if (files.length > room) toast('info', `最多上传${o.limit}个文件`)
    const chosen = [...files].slice(0, room).filter(accepted)
    if (!chosen.length) return
    if (o.resumable) await sendResumable(chosen[0] as File)
    else await sendAll(chosen)
  }

  async function sendAll(chosen: File[]) {
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
        const meta = o.onMedia && isVideoFile(file) ? readVideoMeta(file) : null
        const blob = await compressImage(file)
        // Every hint promises files under `maxMb` (2MB, or 4MB for course sections, accounts §5,
        // §9), so what is sent (after compression, so a large photo still goes) must keep it.
        if (blob.size > o.maxMb * 1024 * 1024) {
          refuse(sizeRefusal(o.maxMb))
          continue
        }
        const path = await o.upload(blob, file.name, {
          private: o.private,
          signal: abort.signal,
          onProgress: (fraction) => setProgress({ done, count: chosen.length, fraction }),
        })
        // The server names the file by its bytes: a PDF called .png comes back .pdf. Refused here
        // with the pick's own message, rather than taken now and refused by the form's save.
        const wrongType = checkStoredType(o.accept, path)
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
        if (added.length) o.onAdded([...o.paths, ...added])
        for (const [path, meta] of media) o.onMedia?.(path, meta)
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
    const meta = o.onMedia && isVideoFile(file) ? readVideoMeta(file) : null
    try {
      const path = await getResumable().upload(file, {
        private: o.private,
        signal: abort.signal,
        onProgress: (sent, total) =>
          setProgress({ done: 0, count: 1, fraction: total ? sent / total : 0, bytes: { sent, total } }),
      })
      setProgress(null)
      o.onAdded([...o.paths, path])
      const m = await meta
      if (m) o.onMedia?.(path, m)
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

  async function cancel() {
    const file = sending.current ?? paused
    aborter.current?.abort(CANCEL)
    setProgress(null)
    setPaused(null)
    if (file) await getResumable().cancel(file)
    setAnnounce('已取消上传')
  }

  return {
    progress,
    paused,
    refusal,
    announce,
    setAnnounce,
    busy,
    pick,
    /** 暂停: the parts sent are kept. */
    pause: () => aborter.current?.abort(PAUSE),
    /** 继续: the paused file goes on from its stored parts. */
    resume: (file: File) => sendResumable(file),
    cancel,
  }
}

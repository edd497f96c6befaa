import { toVideoMeta, type VideoMeta } from './upload-files.ts'

/** A video the browser cannot read must not hold the upload up for long. */
const VIDEO_META_TIMEOUT_MS = 8000

/**
 * Duration (seconds, rounded), width and height of a picked video, read by a detached <video>
 * from an object URL; null when the browser cannot tell within the timeout.
 */
export function readVideoMeta(file: Blob, timeoutMs = VIDEO_META_TIMEOUT_MS): Promise<VideoMeta | null> {
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

/**
 * Private files (issue 13): certification scans and paid course files lie in PRIVATE_DIR, which
 * nothing serves as it lies. They leave it two ways only:
 * - to their owner, through Upload/GetPrivateFile with the session (uploads.index.ts);
 * - to a buyer, through a short-lived signed link, `/private/u/3f/….mp4?e=<expiry>&s=<HMAC>`,
 *   that Article/GetArticle hands out for each paid section the caller has unlocked. A <video>
 *   or a PDF <iframe> cannot send a session or a sign, so the link carries its own proof.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { isPrivatePath, PRIVATE_ROOT } from '../../../src/lib/rules/files.ts'
import type { Deps } from '../../http.ts'
import { diskPath, type FileDirs, fileStore } from '../../providers/storage.ts'

export { FILE_POLICY } from '../../providers/storage.ts'

/** How long a paid file's link works, in minutes: long enough to watch a section, short enough not to be passed around. */
export const PAID_FILE_URL_MINUTES = 60

/**
 * How long the presigned link of a private file handed to its owner or to staff works (STORAGE=s3):
 * the file opens at once, so a few minutes; passed on, it soon stops working.
 */
export const OWNER_LINK_SECONDS = 5 * 60

const mac = (secret: string, path: string, expires: number) =>
  createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url')

/**
 * A link to a private file that works until `now` + PAID_FILE_URL_MINUTES (whole minutes, so the
 * link of a page reloaded within a minute is the same one and the browser's copy serves it).
 * signedFileUrl(secret, '/private/u/3f/x.mp4', now) → '/private/u/3f/x.mp4?e=1790000040&s=…'
 */
export function signedFileUrl(secret: string, path: string, now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000) + 1
  const expires = (minute + PAID_FILE_URL_MINUTES) * 60
  return `${path}?e=${expires}&s=${mac(secret, path, expires)}`
}

/** Whether `e` and `s` of a link prove `path` until now: checkSignedUrl(secret, path, '1790000040', '…', now) → true */
export function checkSignedUrl(secret: string, path: string, e: string, s: string, now: Date): boolean {
  if (!/^\d{1,12}$/.test(e) || Number(e) * 1000 < now.getTime()) return false
  const want = Buffer.from(mac(secret, path, Number(e)))
  const got = Buffer.from(s)
  return got.length === want.length && timingSafeEqual(got, want)
}

/** Whether a private path names a stored file (on disk or in the bucket): await privateFileExists(config, '/private/u/3f/x.pdf') → true */
export const privateFileExists = async (dirs: FileDirs, path: string): Promise<boolean> =>
  isPrivatePath(path) && (await fileStore(dirs).size(path)) !== null

/**
 * Hands a private file to someone the caller has checked (its owner, staff, a signed link):
 * the file itself from disk, never kept by a shared cache, or on S3 a 302 to a presigned link
 * that works `seconds` (by default OWNER_LINK_SECONDS). `maxAge` is how long the browser may keep
 * the bytes: a signed link's remaining life, 0 for the owner's. Null when there is no such file
 * (a path that is none of ours, or not on disk): the caller answers 404 in its own form.
 */
export async function sendPrivateFile(
  c: Context,
  dirs: FileDirs,
  path: string,
  o: { maxAge: number; now: Date; seconds?: number },
): Promise<Response | null> {
  // Staff may read a scan sent before scans were private (a public path): either tree, nothing else.
  if (!diskPath(dirs, path)) return null
  return fileStore(dirs).sendPrivate(c, path, { ...o, seconds: o.seconds ?? OWNER_LINK_SECONDS })
}

/** GET /private/*: a signed link's file; without a valid, unexpired signature 403, never the file. */
export function privateFileLinks(deps: Deps) {
  return new Hono().get(`${PRIVATE_ROOT}*`, async (c) => {
    const path = c.req.path
    const now = deps.now()
    const { e = '', s = '' } = c.req.query()
    if (!checkSignedUrl(deps.config.fileUrlSecret, path, e, s, now))
      return c.text('403 链接无效或已过期，请刷新页面后重试', 403, { 'Cache-Control': 'no-store' })
    const left = Math.max(0, Number(e) - Math.floor(now.getTime() / 1000))
    // In a bucket the link's presigned one works as long as a signed link does when fresh: a
    // section's video keeps playing (its Range requests go to the bucket) while it is watched.
    const sent = await sendPrivateFile(c, deps.config, path, {
      maxAge: left,
      now,
      seconds: PAID_FILE_URL_MINUTES * 60,
    })
    return sent ?? c.text('404 文件不存在', 404)
  })
}

/**
 * Private files (issue 13): certification scans and paid course files lie in PRIVATE_DIR, which
 * nothing serves as it lies. They leave it two ways only:
 * - to their owner, through Upload/GetPrivateFile with the session (uploads.index.ts);
 * - to a buyer, through a short-lived signed link, `/private/u/3f/….mp4?e=<expiry>&s=<HMAC>`,
 *   that Article/GetArticle hands out for each paid section the caller has unlocked. A <video>
 *   or a PDF <iframe> cannot send a session or a sign, so the link carries its own proof.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { existsSync } from 'node:fs'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { isPrivatePath, PRIVATE_ROOT } from '../../../src/lib/rules/files.ts'
import type { Deps } from '../../http.ts'
import { diskPath, type FileDirs } from './uploads.service.ts'

/** How long a paid file's link works, in minutes: long enough to watch a section, short enough not to be passed around. */
export const PAID_FILE_URL_MINUTES = 60

/** The policy of every file answer: shown, never run (an SVG or a PDF cannot script our origin). */
export const FILE_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'"

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

/** The file of a private path that exists on disk, or null. */
export function privateFileOnDisk(dirs: FileDirs, path: string): string | null {
  if (!isPrivatePath(path)) return null
  const file = diskPath(dirs, path)
  return file && existsSync(file) ? file : null
}

/**
 * Answers the file (Range requests included, for video), never to be kept by a shared cache.
 * `maxAge` is how long the browser may keep it: a signed link's remaining life, 0 for the owner's.
 */
export async function sendPrivateFile(c: Context, file: string, maxAge: number) {
  const res = await serveStatic({ path: file })(c, async () => {})
  if (!res) return c.text('404 文件不存在', 404)
  res.headers.set('Cache-Control', maxAge > 0 ? `private, max-age=${maxAge}` : 'private, no-store')
  res.headers.set('Content-Security-Policy', FILE_POLICY)
  res.headers.set('X-Content-Type-Options', 'nosniff')
  return res
}

/** GET /private/*: a signed link's file; without a valid, unexpired signature 403, never the file. */
export function privateFileLinks(deps: Deps) {
  return new Hono().get(`${PRIVATE_ROOT}*`, async (c) => {
    const path = c.req.path
    const now = deps.now()
    const { e = '', s = '' } = c.req.query()
    if (!checkSignedUrl(deps.config.fileUrlSecret, path, e, s, now))
      return c.text('403 链接无效或已过期，请刷新页面后重试', 403, { 'Cache-Control': 'no-store' })
    const file = privateFileOnDisk(deps.config, path)
    if (!file) return c.text('404 文件不存在', 404)
    return sendPrivateFile(c, file, Math.max(0, Number(e) - Math.floor(now.getTime() / 1000)))
  })
}

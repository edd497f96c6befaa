/**
 * Which stored files a field may name (issue 13). Our files are of three kinds:
 * - public uploads, served as they lie: /uploads/u/<2 hex>/<32 hex>.<ext>, and the seed's /uploads/seed/…;
 * - private uploads (certification scans, paid course files), never served from a public URL:
 *   /private/u/<2 hex>/<32 hex>.<ext>, and the seed's /private/seed/…;
 * - the site's own images (/avatar.svg, /about/team.png), shipped with the build.
 * Off-site URLs are none of these: an avatar or certificate from elsewhere could be a tracking pixel.
 * Whether a file is the caller's own is the server's to say (server/modules/uploads/ownership.ts).
 */

export const PUBLIC_ROOT = '/uploads/'
export const PRIVATE_ROOT = '/private/'
export const SEED_ROOT = '/uploads/seed/'

/**
 * Letters, digits, _ . - and / only, no step up and no empty step: a path that can only name a file
 * below its root ('//host/x' would be another site to a browser).
 */
const plain = (p: string) =>
  p.length <= 300 && /^\/[\w./-]+$/.test(p) && !p.includes('//') && !p.split('/').includes('..')

/** isPublicUpload('/uploads/u/3f/3f….png') → true (the seed's files too). */
export const isPublicUpload = (p: string) => p.startsWith(PUBLIC_ROOT) && plain(p)

/** isPrivatePath('/private/u/3f/3f….png') → true. */
export const isPrivatePath = (p: string) => p.startsWith(PRIVATE_ROOT) && plain(p)

/** An image the site ships: isSiteImage('/avatar.svg') → true; '/uploads/…', '/api/…' → false. */
export const isSiteImage = (p: string) =>
  plain(p) && !/^\/(?:uploads|private|api)\//.test(p) && /\.(?:svg|png|jpe?g|gif|webp)$/i.test(p)

/** Files anyone may use in a field: the seed's and the site's own (not any user's upload). */
export const isSiteAsset = (p: string) => (p.startsWith(SEED_ROOT) && plain(p)) || isSiteImage(p)

/** A file of ours of any kind: isOurFile('https://x.cn/a.png') → false. */
export const isOurFile = (p: string) => isPublicUpload(p) || isPrivatePath(p) || isSiteImage(p)

/** Images, told by the name (uploads are named by their bytes' kind: a .png is a PNG). */
export const isImagePath = (p: string) => /\.(?:png|jpe?g|gif|webp|svg)$/i.test(p)

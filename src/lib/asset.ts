/**
 * File paths from the API ('/uploads/…', a signed '/private/…') live on the API's host. A full URL is used as is,
 * otherwise it is prefixed with the API base (accounts §2, instructor avatar rule). Public uploads
 * are read straight from the bucket or its CDN when the build names it (PUBLIC_FILES_BASE, with
 * STORAGE=s3): the API would only redirect there.
 * assetUrl('/uploads/a.png', 'https://api.example.cn') → 'https://api.example.cn/uploads/a.png'
 * assetUrl('/uploads/a.png', '', 'https://img.example.cn') → 'https://img.example.cn/uploads/a.png'
 */
export function assetUrl(
  path: string | null | undefined,
  base: string = publicApiBase(),
  files: string = publicFilesBase(),
): string {
  if (!path) return ''
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path
  // The site's own files (/about/…, /avatar.svg) are not the API's; uploads, public or private, are.
  if (path.startsWith('/') && !path.startsWith('/uploads/') && !path.startsWith('/private/')) return path
  const host = files && path.startsWith('/uploads/') ? files : base
  return `${host.replace(/\/$/, '')}/${path.replace(/^\//, '')}`
}

const buildEnv = () => (import.meta as unknown as { env?: Record<string, string | undefined> }).env

/** The API base compiled into the site; '' is the site's own origin. */
export function publicApiBase(): string {
  return buildEnv()?.PUBLIC_API_BASE ?? ''
}

/** Where public uploads are read when they lie in a bucket (PUBLIC_FILES_BASE, compiled in); '' when on the API's host. */
export function publicFilesBase(): string {
  return buildEnv()?.PUBLIC_FILES_BASE ?? ''
}

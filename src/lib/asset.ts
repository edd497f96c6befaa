/**
 * File paths from the API ('/uploads/…', a signed '/private/…') live on the API's host. A full URL is used as is,
 * otherwise it is prefixed with the API base (accounts §2, instructor avatar rule).
 * assetUrl('/uploads/a.png', 'https://api.example.cn') → 'https://api.example.cn/uploads/a.png'
 */
export function assetUrl(path: string | null | undefined, base: string = publicApiBase()): string {
  if (!path) return ''
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path
  // The site's own files (/about/…, /avatar.svg) are not the API's; uploads, public or private, are.
  if (path.startsWith('/') && !path.startsWith('/uploads/') && !path.startsWith('/private/')) return path
  return `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`
}

/** The API base compiled into the site; '' is the site's own origin. */
export function publicApiBase(): string {
  const env = (import.meta as unknown as { env?: Record<string, string | undefined> }).env
  return env?.PUBLIC_API_BASE ?? ''
}

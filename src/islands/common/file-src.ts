import { useEffect, useState } from 'react'
import { account } from '../../lib/api/browser.ts'
import { assetUrl } from '../../lib/asset.ts'
import { isPrivatePath } from '../../lib/rules/files.ts'

/** Private files fetched on this page, by path: each once, kept while the page lives (a few scans or course files). */
const fetched = new Map<string, Promise<string>>()

/** A video or pdf (course files reach 2GB, issue 22) is read through a short-lived link, by ranges; an image comes whole. */
const byLink = (path: string) => /^\/private\/u\/.+\.(mp4|pdf)$/i.test(path)

function privateUrl(path: string): Promise<string> {
  let url = fetched.get(path)
  if (!url) {
    url = byLink(path)
      ? account.privateFileLink(path, { silent: true }).then((r) => assetUrl(r.url))
      : account.privateFile(path, { silent: true }).then((blob) => URL.createObjectURL(blob))
    // A failure (a file gone, the network) is not kept: the next render may try again.
    url.catch(() => fetched.delete(path))
    fetched.set(path, url)
  }
  return url
}

/**
 * The URL to show a stored file by (issue 13). A public file is its path on the API's host; a
 * private one (a certification scan, a course file) has no public URL: it is fetched with the
 * session (Upload/GetPrivateFile) and shown from a blob: URL. '' until it has arrived.
 * useFileSrc('/private/u/3f/….png') → '' then 'blob:https://…'
 */
export function useFileSrc(path: string): string {
  const isPrivate = isPrivatePath(path)
  const [loaded, setLoaded] = useState<{ path: string; url: string } | null>(null)
  useEffect(() => {
    if (!isPrivate) return
    let live = true
    privateUrl(path).then(
      (url) => live && setLoaded({ path, url }),
      () => {},
    )
    return () => {
      live = false
    }
  }, [path, isPrivate])
  if (!isPrivate) return assetUrl(path)
  return loaded?.path === path ? loaded.url : ''
}

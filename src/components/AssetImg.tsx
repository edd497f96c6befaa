/**
 * An uploaded picture (an avatar, a cover, a product's thumbnail, a comment's image) drawn from
 * its API path: `assetUrl` finds its host, and one without a path shows `fallback` instead.
 * Decorative unless given an `alt` (the text beside it names it); `lazy` for pictures below
 * the fold. One piece, so every picture of an upload is fetched and sized the same way.
 */
import { assetUrl } from '../lib/asset.ts'

/** The picture of a user (or a product) who has none. */
export const NO_PICTURE = '/avatar.svg'

export function AssetImg({
  path,
  width,
  height = width,
  alt = '',
  lazy = false,
  fallback,
  className,
}: {
  path: string | null | undefined
  width: number
  height?: number
  alt?: string
  lazy?: boolean
  /** What to show when there is no path (NO_PICTURE for avatars). */
  fallback?: string
  className?: string
}) {
  return (
    <img
      src={assetUrl(path) || fallback}
      alt={alt}
      width={width}
      height={height}
      loading={lazy ? 'lazy' : undefined}
      decoding={lazy ? 'async' : undefined}
      className={className}
    />
  )
}

/** A user's avatar, or the default one. */
export function Avatar(props: Omit<Parameters<typeof AssetImg>[0], 'fallback'>) {
  return <AssetImg {...props} fallback={NO_PICTURE} />
}

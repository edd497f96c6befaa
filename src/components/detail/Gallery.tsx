import { assetUrl } from '../../lib/asset.ts'
import { AssetImg } from '../AssetImg.tsx'

/**
 * The image carousel of a detail page, in the markup of Carousel.astro so that
 * src/scripts/carousel.ts (startCarousels) drives it: it advances every `interval` ms and pauses
 * on hover, focus and for reduced motion. Written in React because the query-route island
 * renders the same view in the browser. Without JavaScript the slides are a row you can swipe;
 * arrows and thumbnails only appear once the script has started (data-ready); the thumbnails'
 * room is kept from the start, so nothing below them moves then.
 */
export function Gallery({
  images: list,
  alt,
  label,
  interval = 2000,
  ratio = 'aspect-square',
}: {
  images: string[]
  alt: string
  label: string
  interval?: number
  /** Tailwind aspect class of a slide. */
  ratio?: string
}) {
  // Keys are the paths, so the same image twice is shown once.
  const images = [...new Set(list)]
  if (images.length === 0) {
    return (
      // slate-600: slate-500 on slate-100 is under 4.5:1 (axe color-contrast).
      <div
        className={`${ratio} flex items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-600`}
      >
        暂无图片
      </div>
    )
  }
  const many = images.length > 1
  return (
    <section
      className="carousel group/gallery min-w-0"
      aria-roledescription="carousel"
      aria-label={label}
      data-interval={interval}
    >
      <div className="relative overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
        {/* Focusable so that keyboard users can scroll the slides too (the thumbnails need JavaScript). */}
        <ul
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          aria-label={`${label}，共 ${images.length} 张`}
          className={`carousel-track flex snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none] ${ratio}`}
        >
          {images.map((src, i) => (
            <li
              key={src}
              className="relative h-full w-full shrink-0 snap-start"
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${images.length}`}
            >
              <img
                src={assetUrl(src)}
                alt={many ? `${alt} 图 ${i + 1}` : alt}
                width={640}
                height={640}
                className="h-full w-full object-cover"
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding="async"
              />
            </li>
          ))}
        </ul>
        {many && (
          <>
            <button
              type="button"
              className="carousel-prev absolute left-2 top-1/2 hidden h-9 w-9 -translate-y-1/2 rounded-full bg-black/40 text-xl leading-none text-white hover:bg-black/60 md:group-data-[ready]/gallery:block"
              aria-label="上一张"
            >
              ‹
            </button>
            <button
              type="button"
              className="carousel-next absolute right-2 top-1/2 hidden h-9 w-9 -translate-y-1/2 rounded-full bg-black/40 text-xl leading-none text-white hover:bg-black/60 md:group-data-[ready]/gallery:block"
              aria-label="下一张"
            >
              ›
            </button>
            <p
              className="absolute bottom-2 right-2 rounded bg-black/45 px-2 py-0.5 text-xs text-white group-data-[ready]/gallery:hidden"
              aria-hidden="true"
            >
              共 {images.length} 张，左右滑动查看
            </p>
          </>
        )}
      </div>
      {many && (
        // Its room is kept before the script shows it (invisible, not hidden): no layout shift (issue 23).
        <div className="carousel-dots invisible mt-3 flex gap-2 overflow-x-auto p-0.5 group-data-[ready]/gallery:visible">
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              className="h-14 w-14 shrink-0 overflow-hidden rounded-md bg-slate-100 opacity-70 ring-1 ring-slate-200 transition hover:opacity-100 aria-[current=true]:opacity-100 aria-[current=true]:ring-2 aria-[current=true]:ring-brand-500 md:h-16 md:w-16"
              aria-label={`第 ${i + 1} 张`}
              aria-current={i === 0 ? 'true' : 'false'}
            >
              <AssetImg path={src} width={64} lazy className="h-full w-full object-cover" />
            </button>
          ))}
        </div>
      )}
    </section>
  )
}

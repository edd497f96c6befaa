import type { ReviewItem as Review } from '../../lib/api/reviews.ts'
import { assetUrl } from '../../lib/asset.ts'
import { formatDateTime } from '../../lib/format.ts'
import { STARS_MAX } from '../../lib/rules/review.ts'
import { AssetImg, Avatar } from '../AssetImg.tsx'

/** ★★★★☆ with its figure for screen readers: Stars({ n: 4 }) reads 4星. */
export function Stars({ n, className = '' }: { n: number; className?: string }) {
  return (
    <span className={`inline-flex text-amber-500 ${className}`} role="img" aria-label={`${n}星`}>
      {Array.from({ length: STARS_MAX }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
        <span key={i} aria-hidden="true" className={i < n ? '' : 'text-slate-300'}>
          ★
        </span>
      ))}
    </span>
  )
}

function Photos({ imgs, label }: { imgs: string[]; label: string }) {
  if (imgs.length === 0) return null
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={label}>
      {imgs.map((src, i) => (
        <li key={src}>
          <a href={assetUrl(src)} target="_blank" rel="noopener" className="block">
            <AssetImg
              path={src}
              width={80}
              alt={`${label} ${i + 1}`}
              lazy
              className="h-16 w-16 rounded object-cover ring-1 ring-slate-200 md:h-20 md:w-20"
            />
          </a>
        </li>
      ))}
    </ul>
  )
}

/** One review: who (masked), stars, the SKU bought, the text, photos and the 追评. Text is text: React escapes it. */
export function ReviewEntry({ r }: { r: Review }) {
  return (
    <li data-review-id={r.id} className="flex gap-3 py-4 first:pt-0 last:pb-0">
      <Avatar
        path={r.avatarUrl}
        width={40}
        lazy
        className="h-10 w-10 shrink-0 rounded-full bg-slate-200 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-medium text-slate-800">{r.nickName}</span>
          <Stars n={r.stars} />
          <time className="text-xs text-slate-500" dateTime={r.createTime.replace(' ', 'T')}>
            {formatDateTime(r.createTime).slice(0, 10)}
          </time>
        </p>
        {r.skuTitle && <p className="mt-0.5 text-xs text-slate-500">规格：{r.skuTitle}</p>}
        <p className="mt-1 whitespace-pre-line break-words text-[15px] leading-6 text-slate-700">
          {r.content}
        </p>
        <Photos imgs={r.imgs} label="评价图片" />
        {r.addition && (
          <div className="mt-3 rounded-md bg-slate-50 p-3" data-review-addition>
            <p className="text-xs text-slate-500">
              <span className="font-medium text-accent-600">追评</span>
              <time className="ml-2" dateTime={r.addition.createTime.replace(' ', 'T')}>
                {formatDateTime(r.addition.createTime).slice(0, 10)}
              </time>
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-sm leading-6 text-slate-700">
              {r.addition.content}
            </p>
            <Photos imgs={r.addition.imgs} label="追评图片" />
          </div>
        )}
      </div>
    </li>
  )
}

/** The reviews, newest first, read-only: the built page's list and the island's. */
export function ReviewList({ reviews, empty = '暂无评价' }: { reviews: Review[]; empty?: string }) {
  if (reviews.length === 0) return <p className="py-6 text-center text-sm text-slate-500">{empty}</p>
  return (
    <ol className="divide-y divide-slate-100">
      {reviews.map((r) => (
        <ReviewEntry key={r.id} r={r} />
      ))}
    </ol>
  )
}

/**
 * Membership on /wo (storefront §2, §6): the stars of cumulative spending, the way to the next
 * star and the 等级说明 dialog with the configuration's HTML (imgurl).
 */
import { useState } from 'react'
import { RichText } from '../../components/RichText.tsx'
import { formatMoney } from '../../lib/format.ts'
import { parseStarThresholds, upgradePrompt } from '../../lib/rules/stars.ts'
import { Dialog } from '../common/Dialog.tsx'

export const MAX_STARS = 5
const STAR_NAMES = ['', '一星', '二星', '三星', '四星', '五星'] as const

/**
 * What the next star takes: with s stars, spending above thresholds[s-1] gives s+1.
 * nextStar(1, 800, [2000, …]) → { stars: 2, above: 2000, progress: 0.4 }; null at the top.
 */
export function nextStar(
  stars: number,
  integral: number,
  thresholds: readonly number[],
): { stars: number; above: number; progress: number } | null {
  if (stars >= MAX_STARS) return null
  if (stars <= 0) return { stars: 1, above: 0, progress: 0 }
  const above = thresholds[stars - 1]
  if (above === undefined) return null
  const from = stars >= 2 ? (thresholds[stars - 2] ?? 0) : 0
  const progress = Math.min(1, Math.max(0, (integral - from) / Math.max(1, above - from)))
  return { stars: stars + 1, above, progress }
}

function Star({ on }: { on: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={`h-5 w-5 ${on ? 'text-amber-400' : 'text-slate-200'}`}
      aria-hidden="true"
    >
      <path
        fill="currentColor"
        d="M10 1.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.8l-5.2 2.7 1-5.8L1.6 7.6l5.8-.8z"
      />
    </svg>
  )
}

export function LevelCard({
  stars,
  integral,
  levels,
  explanation,
}: {
  stars: number
  integral: number
  /** GetUsersConfigs' levels, undefined while loading or when the call failed. */
  levels: unknown
  /** GetUsersConfigs' imgurl: the level explanation as HTML. */
  explanation: string | null
}) {
  const [open, setOpen] = useState(false)
  const shown = Math.min(MAX_STARS, Math.max(0, Math.round(stars)))
  const next = nextStar(shown, integral, parseStarThresholds(levels))
  const prompt = next ? upgradePrompt(levels, next.stars) : null

  return (
    <section aria-labelledby="wo-level" className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="wo-level" className="text-base font-semibold text-slate-900">
          会员等级
        </h2>
        <button
          type="button"
          className="text-sm text-brand-700 underline-offset-2 hover:underline"
          onClick={() => setOpen(true)}
        >
          等级说明
        </button>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="flex" role="img" aria-label={`会员星级：${shown}星，共${MAX_STARS}星`}>
          {Array.from({ length: MAX_STARS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars, known by position
            <Star key={i} on={i < shown} />
          ))}
        </span>
        <span className="text-sm font-medium text-slate-700">
          {shown > 0 ? `${STAR_NAMES[shown]}会员` : '暂无星级'}
        </span>
      </div>
      {next ? (
        <>
          {next.above > 0 && (
            <div
              className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200"
              role="progressbar"
              aria-label={`距${STAR_NAMES[next.stars]}会员的进度`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(next.progress * 100)}
            >
              <div
                className="h-full rounded-full bg-brand-500"
                style={{ width: `${next.progress * 100}%` }}
              />
            </div>
          )}
          <p className="mt-2 text-sm text-slate-600">
            {next.above > 0
              ? `再消费超过 ${formatMoney(Math.max(0, next.above - integral))} 元即可升级为${STAR_NAMES[next.stars]}会员（累计消费需超过 ${next.above} 元）`
              : '完成首笔消费即可成为一星会员'}
          </p>
          {/* The spec's upgrade prompt for this next star; its figures are a second reading of §6
              (README "Membership"), so it is named as the prompt, beside the thresholds that count. */}
          {prompt !== null && (
            <p className="mt-1 text-xs text-slate-500" data-upgrade-prompt>
              升级提示：消费满 {prompt} 元可升级为{STAR_NAMES[next.stars]}会员
            </p>
          )}
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">您已是最高等级的五星会员</p>
      )}
      <Dialog open={open} onOpenChange={setOpen} title="等级说明" width="max-w-lg">
        {explanation === null ? (
          <p className="text-slate-500">正在加载…</p>
        ) : (
          <RichText html={explanation} empty={<p className="text-slate-500">暂无等级说明</p>} />
        )}
      </Dialog>
    </section>
  )
}

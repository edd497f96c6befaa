import type { ArticleSection } from '../../lib/api/types.ts'
import { assetUrl } from '../../lib/asset.ts'
import { isFreeSection } from '../../lib/rules/course.ts'
import { LineIcon } from '../LineIcon.tsx'
import { PREVIEW_CONTROL_CLASS, previewLabel } from './preview.ts'
import { mmss, priceLabel } from './text.ts'

function KindIcon({ kind }: { kind: ArticleSection['kind'] }) {
  return (
    <LineIcon className="h-5 w-5" strokeWidth="1.8">
      {kind === 'pdf' ? (
        <>
          <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
          <path d="M14 3v5h5M9 13h6M9 17h4" />
        </>
      ) : (
        <>
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m10 9 5 3-5 3z" fill="currentColor" />
        </>
      )}
    </LineIcon>
  )
}

function LockIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  )
}

/**
 * How a locked section opens (issue 19): buy the section at its own price, or the whole course.
 * unlockHint({ kind: 'mp4', price: 9.9 }, 99) → '购买本节（¥9.90）或整套课程（¥99.00）后可观看'
 */
export function unlockHint(s: Pick<ArticleSection, 'kind' | 'price'>, coursePrice: number): string {
  const verb = s.kind === 'pdf' ? '查看' : '观看'
  const course = `整套课程（${priceLabel(coursePrice)}）`
  return s.price > 0 ? `购买本节（${priceLabel(s.price)}）或${course}后可${verb}` : `购买${course}后可${verb}`
}

/** A section sold on its own: locked for this visitor and priced (the catalogue's 购买本节). */
export const sellsSection = (s: Pick<ArticleSection, 'unlock' | 'status' | 'price'>): boolean =>
  s.unlock !== 1 && !isFreeSection(s)

/**
 * The preview dialog (preview.ts fills and opens it with showModal()). Styled like the portal's
 * one modal (src/islands/common/Dialog.tsx): centred card, full width on a phone, 关闭 top right.
 */
function PreviewDialog() {
  return (
    <dialog
      data-preview-dialog
      aria-labelledby="section-preview-title"
      className="m-auto max-h-[92vh] w-[calc(100vw-24px)] max-w-3xl overflow-y-auto rounded-lg bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="p-5">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2
            id="section-preview-title"
            data-preview-heading
            className="break-words text-lg font-semibold text-slate-900"
          >
            预览
          </h2>
          <button
            type="button"
            data-preview-close
            className="-m-1 rounded p-1 text-slate-400 hover:text-slate-700"
            aria-label="关闭"
          >
            <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true">
              <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
        </div>
        <div data-preview-body />
      </div>
    </dialog>
  )
}

/**
 * The course catalogue (目录): kind, title, duration, 免费 or price, and whether the visitor may
 * open the section. A locked section comes from the API without its file (imgurl '') and says
 * how to unlock it (unlockHint; a click on its row says it again, buy.ts); a priced one has its
 * own 购买本节 button (data-section-buy, buy.ts: an order of that section and the course's pay
 * flow). One with a file has a 预览 link to its `url` (the public path of a free one, a
 * short-lived signed link to a paid one's private file, issue 13), which preview.ts (started by
 * startDetail) turns into a button opening the preview dialog. Rows are found by data-section-id
 * (buy.ts puts 预览 in the action slot of the sections a signed-in buyer has unlocked).
 */
export function CourseCatalogue({
  sections,
  course,
}: {
  sections: ArticleSection[]
  /** The course: its id (for a section's order) and price (the other way to unlock). */
  course: { id: number; price: number }
}) {
  if (sections.length === 0) return <p className="text-sm text-slate-500">暂无课程内容</p>
  return (
    <div data-preview-scope>
      <ol className="divide-y divide-slate-100 overflow-hidden rounded-lg ring-1 ring-slate-200">
        {sections.map((s, i) => {
          const locked = s.unlock !== 1
          const free = isFreeSection(s)
          const hint = unlockHint(s, course.price)
          return (
            <li
              key={s.id}
              data-section-id={s.id}
              data-kind={s.kind}
              data-locked={locked ? hint : undefined}
              className={`flex items-center gap-3 px-3 py-3 md:px-4 ${locked ? 'cursor-pointer' : ''}`}
            >
              <span
                className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-md ${s.kind === 'pdf' ? 'bg-rose-50 text-rose-600' : 'bg-brand-50 text-brand-700'}`}
              >
                <KindIcon kind={s.kind} />
                <span className="sr-only">{s.kind === 'pdf' ? '讲义（PDF）' : '视频'}</span>
              </span>
              <div className="min-w-0 flex-1">
                <p className="break-words text-[15px] text-slate-800">
                  <span className="sr-only">第 {i + 1} 节：</span>
                  {s.title}
                </p>
                <p className="mt-0.5 text-xs text-slate-500">
                  {s.kind === 'mp4' ? (
                    <>
                      <span className="sr-only">时长 </span>
                      <time dateTime={`PT${Math.max(0, Math.round(s.params))}S`}>{mmss(s.params)}</time>
                    </>
                  ) : (
                    'PDF 讲义'
                  )}
                </p>
                {locked && (
                  <p data-section-hint className="mt-0.5 flex items-center gap-1 text-xs text-slate-500">
                    <LockIcon />
                    <span className="sr-only">未解锁，</span>
                    {hint}
                  </p>
                )}
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1 text-sm">
                <span className={free ? 'font-medium text-brand-700' : 'price'}>
                  {free ? '免费' : priceLabel(s.price)}
                </span>
                <span data-section-state className="contents">
                  {s.url ? (
                    <a
                      href={assetUrl(s.url)}
                      target="_blank"
                      rel="noopener"
                      data-preview={s.kind}
                      data-preview-title={s.title}
                      aria-label={previewLabel(s.title)}
                      className={PREVIEW_CONTROL_CLASS}
                    >
                      预览
                    </a>
                  ) : sellsSection(s) ? (
                    <button
                      type="button"
                      data-section-buy={s.id}
                      data-article={course.id}
                      aria-label={`购买本节：${s.title}`}
                      className={PREVIEW_CONTROL_CLASS}
                    >
                      购买本节
                    </button>
                  ) : locked ? null : (
                    <span className="text-xs text-slate-500">可学习</span>
                  )}
                </span>
              </div>
            </li>
          )
        })}
      </ol>
      <PreviewDialog />
    </div>
  )
}

/**
 * One question of /question/ (accounts §2): a <details> whose summary is the question (Q) and
 * whose body is the answer (A), rich text through RichText. The FAQ page and the back office's
 * draft preview both draw it, so a previewed draft looks exactly as the page will show it.
 *   <FaqItem id={f.id} title={f.title} answer={f.brief} open={i === 0} />
 */
import { RichText } from './RichText.tsx'

export function FaqItem({
  id,
  title,
  answer,
  open,
}: {
  id: number
  title: string
  /** The answer's stored HTML (sanitised again by RichText). */
  answer: string
  open?: boolean
}) {
  return (
    <details
      id={`faq-${id}`}
      className="group scroll-mt-24 rounded-lg bg-white shadow-sm ring-1 ring-slate-200 transition open:ring-brand-500"
      open={open}
    >
      <summary className="flex cursor-pointer list-none items-start gap-3 rounded-lg p-4 hover:bg-slate-50 md:px-5 [&::-webkit-details-marker]:hidden">
        <span
          className="mt-px flex h-6 w-6 shrink-0 items-center justify-center rounded bg-brand-50 text-xs font-bold text-brand-700 group-open:bg-brand-700 group-open:text-white"
          aria-hidden="true"
        >
          Q
        </span>
        <span className="min-w-0 flex-1 font-medium leading-6 text-slate-900">{title}</span>
        <svg
          viewBox="0 0 20 20"
          className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
          fill="currentColor"
          aria-hidden="true"
        >
          <path
            fillRule="evenodd"
            d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </summary>
      <div className="flex gap-3 border-t border-slate-100 px-4 pt-1 pb-4 md:px-5">
        <span
          className="mt-4 flex h-6 w-6 shrink-0 items-center justify-center rounded bg-orange-50 text-xs font-bold text-orange-800"
          aria-hidden="true"
        >
          A
        </span>
        <RichText
          html={answer}
          className="min-w-0 flex-1 text-[15px] [&>:first-child]:mt-3 [&>:last-child]:mb-0"
        />
      </div>
    </details>
  )
}

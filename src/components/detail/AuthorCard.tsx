import { site } from '../../lib/site.ts'
import { textOf } from '../../lib/view/seo.ts'
import { Avatar } from '../AssetImg.tsx'

/** The teacher (courses) or author (posts, tasks) of an item, linking to the instructor page. */
export function AuthorCard({
  role,
  name,
  avatarUrl,
  intro,
  href,
}: {
  role: string
  name: string
  avatarUrl: string
  /** HTML or plain text; shown as plain text, shortened. */
  intro: string
  href: string | null
}) {
  const text = textOf(intro, 110)
  return (
    <section
      aria-labelledby="author-h"
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5"
    >
      <h2 id="author-h" className="text-sm font-medium text-slate-500">
        {role}
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <Avatar
          path={avatarUrl}
          width={56}
          lazy
          className="h-14 w-14 shrink-0 rounded-full bg-slate-200 object-cover ring-2 ring-brand-100"
        />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{name || site.name}</p>
          {href && (
            <a href={href} className="mt-0.5 inline-block text-sm text-brand-700 hover:underline">
              查看{role}主页<span className="sr-only">：{name}</span> ›
            </a>
          )}
        </div>
      </div>
      {text && <p className="mt-3 text-sm leading-6 text-slate-600">{text}</p>}
    </section>
  )
}

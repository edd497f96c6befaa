import { Avatar } from '../../components/AssetImg.tsx'
import type { PublicUser } from '../../lib/api/types.ts'
import { textOf } from '../../lib/view/seo.ts'

/** The instructor page's header (accounts §2): avatar, nickname and the start of the introduction. */
export function TeacherProfile({ u }: { u: PublicUser }) {
  const intro = textOf(u.content, 160)
  // Instructors say so; anyone else shows a certification (医生 / 机构), never 游客.
  const badge = u.isTeacher ? '讲师' : u.level ? u.levelText : ''

  return (
    <header className="flex items-center gap-4 rounded-lg bg-white p-4 ring-1 ring-slate-200 md:gap-6 md:p-6">
      <Avatar
        // A full URL is used as is, a path goes to the asset host (accounts §2).
        path={u.avatarUrl}
        width={96}
        className="h-16 w-16 shrink-0 rounded-full bg-slate-100 object-cover ring-2 ring-brand-100 md:h-24 md:w-24"
      />
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-bold text-slate-900 md:text-2xl">{u.nickName || '讲师'}</h1>
          {badge && <span className="chip">{badge}</span>}
        </div>
        {intro && <p className="mt-1.5 line-clamp-3 text-sm leading-6 text-slate-600">{intro}</p>}
      </div>
    </header>
  )
}

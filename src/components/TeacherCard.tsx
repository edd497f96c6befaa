import type { PublicUser } from '../lib/api/types.ts'
import { teacherPath } from '../lib/routes.ts'
import { textOf } from '../lib/view/seo.ts'
import { Avatar } from './AssetImg.tsx'

/** A teacher: avatar, name and the start of the introduction, linking to the instructor page. */
export function TeacherCard({ u }: { u: PublicUser }) {
  return (
    <a
      href={teacherPath(u.id)}
      className="flex flex-col items-center gap-2 rounded-lg bg-white p-4 text-center shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
    >
      <Avatar
        path={u.avatarUrl}
        width={80}
        lazy
        className="h-20 w-20 rounded-full object-cover ring-2 ring-brand-100"
      />
      <span className="font-medium text-slate-900">{u.nickName}</span>
      <span className="line-clamp-2 text-xs leading-5 text-slate-500">{textOf(u.content, 60)}</span>
    </a>
  )
}

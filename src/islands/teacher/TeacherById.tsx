/**
 * /teacher?id=N (accounts §2 route): goes to the static page /teacher/N/ when the build made
 * one; otherwise renders the instructor from the API with the same components. Without a
 * valid id it says so and links home.
 */
import { useEffect, useState } from 'react'
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx'
import { api } from '../../lib/api/browser.ts'
import type { ClassifyGroup, PublicUser } from '../../lib/api/types.ts'
import { teacherPath } from '../../lib/routes.ts'
import { site } from '../../lib/site.ts'
import { HomeLinks } from '../detail/QueryDetail.tsx'
import { GridSkeleton } from '../listing/parts.tsx'
import { TeacherProfile } from './TeacherProfile.tsx'
import { TeacherTabs } from './TeacherTabs.tsx'

type View =
  | { s: 'loading' }
  | { s: 'invalid' }
  | { s: 'missing' }
  | { s: 'ready'; u: PublicUser; classify: ClassifyGroup[] }

/** Whether the static host has the pre-rendered page of this instructor. */
async function hasStaticPage(path: string): Promise<boolean> {
  try {
    const r = await fetch(path, { method: 'HEAD', redirect: 'follow' })
    return r.ok && (r.headers.get('content-type') ?? '').includes('text/html')
  } catch {
    return false
  }
}

export function TeacherById() {
  const [view, setView] = useState<View>({ s: 'loading' })

  useEffect(() => {
    const raw = new URLSearchParams(location.search).get('id') ?? ''
    const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0
    if (!id) {
      setView({ s: 'invalid' })
      return
    }
    let live = true
    void (async () => {
      const path = teacherPath(id)
      if (await hasStaticPage(path)) {
        location.replace(`${path}${location.hash}`)
        return
      }
      const [u, classify] = await Promise.all([
        api.getUsers(id, { silent: true }).catch(() => null),
        api.getClassifyQuerys({ silent: true }).catch(() => []),
      ])
      if (!live) return
      if (!u) {
        setView({ s: 'missing' })
        return
      }
      document.title = `${u.nickName || '讲师'} - ${site.name}`
      setView({ s: 'ready', u, classify })
    })()
    return () => {
      live = false
    }
  }, [])

  if (view.s === 'ready') {
    return (
      <>
        <Breadcrumbs
          className="mb-3"
          items={[
            { label: '首页', href: '/' },
            { label: '课程', href: '/course/' },
            { label: view.u.nickName || '讲师' },
          ]}
        />
        <TeacherProfile u={view.u} />
        <TeacherTabs teacherId={view.u.id} intro={view.u.content} classify={view.classify} />
      </>
    )
  }
  if (view.s === 'loading') {
    return (
      <div aria-busy="true">
        <p className="sr-only">正在加载讲师信息…</p>
        <noscript>
          <p className="mb-4 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-800 ring-1 ring-amber-200">
            讲师主页需要启用 JavaScript 才能显示。
            <a href="/" className="underline">
              返回首页
            </a>
          </p>
        </noscript>
        <div className="flex items-center gap-4 rounded-lg bg-white p-4 ring-1 ring-slate-200 md:p-6">
          <div className="h-16 w-16 shrink-0 animate-pulse rounded-full bg-slate-100 md:h-24 md:w-24" />
          <div className="flex-1 space-y-2">
            <div className="h-6 w-32 animate-pulse rounded bg-slate-100" />
            <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
          </div>
        </div>
        <div className="mt-6">
          <GridSkeleton kind={30} count={4} />
        </div>
      </div>
    )
  }
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg bg-white px-4 py-16 text-center ring-1 ring-slate-200">
      <h1 className="text-lg font-semibold text-slate-900">
        {view.s === 'invalid' ? '没有指定要查看的讲师' : '没有找到这位讲师'}
      </h1>
      <p className="text-sm text-slate-500">
        {view.s === 'invalid'
          ? '链接缺少讲师编号，请从课程或首页进入讲师主页。'
          : '讲师可能已经注销，或链接有误。'}
      </p>
      <HomeLinks kind="article" className="mt-2 flex gap-2" />
    </div>
  )
}

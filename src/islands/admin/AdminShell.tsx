import { type ComponentType, type ReactNode, useEffect, useState } from 'react'
import { adminApi, LOGIN_PATH, markedSignedIn, type StaffMe, toLogin } from '../../lib/api/admin.ts'
import type { Permission } from '../../lib/permissions.ts'
import { ROLE_NAMES } from '../../lib/permissions.ts'
import { staffLabel } from '../../lib/rules/staff.ts'
import { AdminMenu } from './AdminMenu.tsx'
import { CommandPalette } from './CommandPalette.tsx'
import { BackLink } from './detail/DetailLayout.tsx'
import { may, StaffCtx } from './kit/staff.ts'
import { SessionDialog } from './SessionDialog.tsx'

export { may, useStaff } from './kit/staff.ts'

/**
 * The frame of every admin screen: the side menu of what the staff member's roles may use,
 * who is signed in, sign-out, and the screen's title. It renders the screen only once the
 * session is known, the first-login steps are done and the permission is held.
 *   <AdminShell title="操作日志" permission="audit.read"><AuditLog /></AdminShell>
 */
export function AdminShell({
  title,
  permission,
  children,
}: {
  title: string
  permission: Permission
  children: ReactNode
}) {
  const [me, setMe] = useState<StaffMe | null>(null)
  const [path, setPath] = useState('')
  useEffect(() => {
    setPath(location.pathname)
    // Never signed in here: straight to the sign-in, without a refused call first.
    if (!markedSignedIn()) {
      toLogin()
      return
    }
    adminApi.me().then(
      (m) => {
        // The one-time password and, where required, the second factor come first (the sign-in page's steps).
        if (m.mustChangePassword || (m.totpRequired && !m.hasTotp)) toLogin()
        else setMe(m)
      },
      () => {},
    )
  }, [])

  const signOut = async () => {
    await adminApi.signOut().catch(() => {})
    location.assign(LOGIN_PATH)
  }

  return (
    <div className="grid min-h-screen grid-cols-1 md:grid-cols-[200px_1fr]">
      <AdminMenu me={me} path={path} />
      <div className="min-w-0">
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3 md:px-6">
          <h1 className="text-lg font-semibold">{title}</h1>
          {me && (
            <div className="flex items-center gap-3 text-sm text-slate-600">
              <CommandPalette me={me} />
              <span title={me.username}>
                {staffLabel(me)}（{me.roles.map((r) => ROLE_NAMES[r]).join('、')}）
              </span>
              <button type="button" className="btn-outline px-3 py-1 text-sm" onClick={signOut}>
                退出
              </button>
            </div>
          )}
        </header>
        <main className="p-4 md:p-6">
          {!me ? (
            <p className="text-slate-600">加载中…</p>
          ) : may(me, permission) ? (
            <StaffCtx.Provider value={me}>{children}</StaffCtx.Provider>
          ) : (
            <p role="alert" className="rounded-lg bg-white p-6 text-slate-600">
              没有权限
            </p>
          )}
        </main>
      </div>
      {me && <SessionDialog me={me} />}
    </div>
  )
}

/** A screen's island: the admin frame (menu, sign-in, permission) around its body. */
export function adminPage(title: string, permission: Permission, Body: ComponentType) {
  return function AdminPage() {
    return (
      <AdminShell title={title} permission={permission}>
        <Body />
      </AdminShell>
    )
  }
}

/** A detail screen's page: adminPage with the link back to its list (`back`) above the screen. */
export function detailPage(
  title: string,
  permission: Permission,
  back: { href: string; label: string },
  Body: ComponentType,
) {
  return function DetailPage() {
    return (
      <AdminShell title={title} permission={permission}>
        <BackLink {...back} />
        <Body />
      </AdminShell>
    )
  }
}

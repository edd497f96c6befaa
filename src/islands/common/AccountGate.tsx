import { type ReactNode, useCallback, useEffect, useState } from 'react'
import type { Profile } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import { storedUser } from '../../lib/session.ts'
import { updateUser } from '../../lib/stores/session.ts'

/** Opens the login dialog wherever it is (nav.ts loads it on demand). */
export function openLogin(tab: 'login' | 'register' = 'login'): void {
  window.dispatchEvent(new CustomEvent('portal:login', { detail: { tab } }))
}

/**
 * The frame of every account screen: visitors get a sign-in prompt; signed-in users get the
 * screen with their fresh profile (Users/GetUsersInfo) and a way to reload it after an edit.
 */
export function AccountGate({
  children,
}: {
  children: (me: Profile, reload: () => Promise<void>) => ReactNode
}) {
  const [me, setMe] = useState<Profile | null>(null)
  const [signedIn] = useState(() => storedUser() !== null)
  const reload = useCallback(async () => {
    const p = await account.getUsersInfo()
    updateUser(p)
    setMe(p)
  }, [])
  useEffect(() => {
    if (signedIn) reload().catch(() => {})
  }, [signedIn, reload])

  if (!signedIn) {
    return (
      <div className="rounded-lg bg-slate-50 px-4 py-12 text-center">
        <p className="text-slate-600">请登录后查看此页面</p>
        <button type="button" className="btn-primary mt-4" onClick={() => openLogin()}>
          登录/注册
        </button>
      </div>
    )
  }
  if (!me) return <p className="py-12 text-center text-slate-500">正在加载…</p>
  return <>{children(me, reload)}</>
}

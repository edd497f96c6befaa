/**
 * The login dialog and the logout question, loaded on demand by nav.ts ('portal:login' and
 * logout clicks). One React root, created the first time either is asked for.
 */
import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { account } from '../../lib/api/browser.ts'
import { signOut } from '../../lib/stores/session.ts'
import type { WechatReturn } from '../../lib/wechat-browser.ts'
import { useConfirm } from '../common/useConfirm.tsx'
import { LoginDialog } from './LoginDialog.tsx'
import { $logoutAsks, $mode, $wechatReturn, type LoginTab, showLogin } from './state.ts'

let root: Root | undefined

function mount(): void {
  if (root) return
  const host = document.createElement('div')
  host.dataset.island = 'login'
  document.body.append(host)
  root = createRoot(host)
  root.render(<LoginRoot />)
}

/** Opens the login dialog on a tab: openLogin('register'). */
export function openLogin(tab: LoginTab = 'login'): void {
  mount()
  showLogin(tab)
}

/** Back from WeChat's 网页授权: the dialog opens on 微信登录 to finish (sign in, bind a phone, or try again). */
export function resumeWechatLogin(mark: WechatReturn): void {
  mount()
  $wechatReturn.set(mark)
  $mode.set('wechat')
  showLogin('login')
}

/** Asks 确定要退出登录吗？ and, on 确 定, ends the session and reloads the home page (accounts §4). */
export function confirmLogout(): void {
  mount()
  $logoutAsks.set($logoutAsks.get() + 1)
}

function LoginRoot() {
  return (
    <>
      <LoginDialog />
      <LogoutConfirm />
    </>
  )
}

function LogoutConfirm() {
  const asks = useStore($logoutAsks)
  const [dialog, confirm] = useConfirm()
  useEffect(() => {
    if (asks === 0) return
    void confirm({ action: '退出登录' }).then(async (ok) => {
      if (!ok) return
      // The token dies on the server too when it can; the session ends here either way.
      await account.postUsersLogout().catch(() => {})
      signOut()
      if (location.pathname === '/') location.reload()
      else location.assign('/')
    })
  }, [asks, confirm])
  return dialog
}

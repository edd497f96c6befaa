import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'
import { PASSWORD_CEILING } from '../../lib/rules/login.ts'
import { storedUser } from '../../lib/session.ts'
import { site } from '../../lib/site.ts'
import { dropAfterLogin } from '../../lib/stores/after-login.ts'
import { inWeChat } from '../../lib/wechat-browser.ts'
import { Dialog } from '../common/Dialog.tsx'
import { TabList, tabPanelProps } from '../common/TabList.tsx'
import { LegalLinks } from './Legal.tsx'
import { LoginForm } from './LoginForm.tsx'
import { RegisterForm } from './RegisterForm.tsx'
import { $login, $mode, hideLogin, type LoginMode, type LoginTab, showLogin } from './state.ts'
import { WeChatInApp } from './WeChatInApp.tsx'
import { WeChatLogin } from './WeChatLogin.tsx'

const TABS = [
  { id: 'login', label: '登录' },
  { id: 'register', label: '注册' },
] as const satisfies readonly { id: LoginTab; label: string }[]

/** Inside WeChat's browser a QR cannot be scanned: 微信登录 goes through WeChat's 网页授权 instead. */
const WECHAT = inWeChat()
const MODES = [
  { id: 'code', label: '验证码登录' },
  { id: 'password', label: '密码登录' },
  { id: 'wechat', label: WECHAT ? '微信登录' : '微信扫码' },
] as const satisfies readonly { id: LoginMode; label: string }[]

/** The login dialog of accounts §2/§4: 登录 (three modes) and 注册, plus the legal links. */
export function LoginDialog() {
  const { open, tab } = useStore($login)
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (o) return
        hideLogin()
        // Closed without logging in: the buy action that opened it is not carried out later.
        if (!storedUser()) dropAfterLogin()
      }}
      title={`欢迎来到${site.name}`}
      description="登录或注册账号"
    >
      <LoginBody tab={tab} />
    </Dialog>
  )
}

/** Mounted while the dialog is open, so closing it ends the WeChat polling and clears the forms. */
function LoginBody({ tab }: { tab: LoginTab }) {
  const id = useId()
  const mode = useStore($mode)
  const [tel, setTel] = useState('')
  const [justRegistered, setJustRegistered] = useState(false)
  /** Sent from 密码登录 to 验证码登录 by the server (PASSWORD_CEILING): the code form says why. */
  const [codeHint, setCodeHint] = useState<string | null>(null)
  /** 忘记密码 was chosen: the reset form stands in for the tabs until it is done or left. */
  const [resetting, setResetting] = useState(false)
  const body = useRef<HTMLDivElement>(null)

  // Focus goes to the first field (or the selected tab when the mode has none); this runs
  // before the dialog's own focus scope, which then leaves it there.
  useEffect(() => {
    const el = body.current
    const first =
      el?.querySelector<HTMLElement>('input') ??
      el?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')
    first?.focus()
  }, [])

  // The reset form takes the place of the button that opened it: focus goes to its first field.
  useEffect(() => {
    if (resetting) body.current?.querySelector<HTMLElement>('input')?.focus()
  }, [resetting])

  const selectTab = (t: LoginTab) => {
    setJustRegistered(false)
    showLogin(t)
  }
  // Back on the password login with the phone filled in, the new password next.
  const backToPassword = (phone: string) => {
    setTel(phone)
    setResetting(false)
    setJustRegistered(true)
    $mode.set('password')
    showLogin('login')
  }

  if (resetting)
    return (
      <section ref={body} aria-labelledby={`${id}-reset`}>
        <div className="mb-3 flex items-center justify-between gap-2">
          <h3 id={`${id}-reset`} className="text-base font-semibold text-slate-900">
            找回密码
          </h3>
          <button
            type="button"
            className="text-sm text-brand-700 underline-offset-2 hover:underline"
            onClick={() => backToPassword(tel)}
          >
            返回登录
          </button>
        </div>
        <p className="mb-3 text-sm text-slate-500">验证手机号后设置新密码，所有已登录的设备需重新登录。</p>
        <RegisterForm reset tel={tel} onTel={setTel} onRegistered={backToPassword} />
      </section>
    )

  return (
    <div ref={body}>
      <TabList
        tabs={TABS}
        active={tab}
        onSelect={selectTab}
        label="登录或注册"
        idPrefix={`${id}-main`}
        variant="main"
      />
      <div {...tabPanelProps(`${id}-main`, tab)} className="pt-4">
        {tab === 'login' ? (
          <>
            <TabList
              tabs={MODES}
              active={mode}
              onSelect={(m) => {
                setJustRegistered(false)
                setCodeHint(null)
                $mode.set(m)
              }}
              label="登录方式"
              idPrefix={`${id}-mode`}
              variant="segment"
            />
            <div {...tabPanelProps(`${id}-mode`, mode)} className="mt-4">
              {mode === 'wechat' ? (
                WECHAT ? (
                  <WeChatInApp />
                ) : (
                  <WeChatLogin />
                )
              ) : (
                <LoginForm
                  key={mode}
                  mode={mode}
                  tel={tel}
                  onTel={setTel}
                  focusPassword={justRegistered}
                  onForgot={() => setResetting(true)}
                  onUseCode={() => {
                    setCodeHint(PASSWORD_CEILING)
                    $mode.set('code')
                  }}
                  hint={mode === 'code' ? codeHint : null}
                />
              )}
            </div>
          </>
        ) : (
          <RegisterForm
            tel={tel}
            onTel={setTel}
            onRegistered={(phone) => {
              setTel(phone)
              setJustRegistered(true)
              $mode.set('password')
              showLogin('login')
            }}
          />
        )}
      </div>
      <LegalLinks action={tab === 'login' ? '登录' : '注册'} />
    </div>
  )
}

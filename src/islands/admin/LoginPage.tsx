import { type FormEvent, useEffect, useState } from 'react'
import { adminApi, markedSignedIn, refusalMessage } from '../../lib/api/admin.ts'
import { checkStaffLogin, STAFF_CEILING, STAFF_DISABLED } from '../../lib/rules/staff.ts'
import { BusyButton } from '../common/BusyButton.tsx'
import { ChangePassword, TextField, TotpEnrol } from './account-parts.tsx'

const TOTP_NEEDED = '请输入动态验证码'

/** Where to go after signing in: the page that sent us here, if it is one of the back office's. */
const nextPath = () => {
  const next = new URLSearchParams(location.search).get('next') ?? ''
  return /^\/admin\/(?!login)/.test(next) && !next.startsWith('//') ? next : '/admin/'
}

/** Sent here by a call the server refused for the session (api/admin.ts toLogin('expired')). */
const why = () => new URLSearchParams(location.search).get('why')

type Step = 'signIn' | 'password' | 'totp' | 'checking'

/**
 * /admin/login/: username and password, the code of the second factor when the account has one,
 * then the first-login steps: a new password in place of the one-time one, and the second
 * factor's enrolment where it is required (NODE_ENV=production).
 */
export default function LoginPage() {
  const [step, setStep] = useState<Step>('checking')
  const [v, setV] = useState({ username: '', password: '', totp: '' })
  const [askTotp, setAskTotp] = useState(false)
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  const [busy, setBusy] = useState(false)

  /** With a session: the next step it needs, or on to the back office. */
  const proceed = async () => {
    setStep('checking')
    const me = await adminApi.me().catch(() => null)
    if (!me) return setStep('signIn')
    if (me.mustChangePassword) return setStep('password')
    if (me.totpRequired && !me.hasTotp) return setStep('totp')
    location.assign(nextPath())
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival.
  useEffect(() => {
    if (markedSignedIn()) void proceed()
    else setStep('signIn')
  }, [])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const r = checkStaffLogin(askTotp ? v : { ...v, totp: '' })
    if (r.error !== null) return setError({ field: r.field, message: r.error })
    setError(null)
    setBusy(true)
    try {
      await adminApi.signIn(r.value)
      await proceed()
    } catch (err) {
      const message = refusalMessage(err)
      if (message === TOTP_NEEDED) {
        setAskTotp(true)
        setError({ field: 'totp', message })
      } else if (message === STAFF_CEILING) {
        // The password alone no longer signs in: the code field appears, the why above the button.
        setAskTotp(true)
        setError({ field: 'form', message })
      } else setError({ field: askTotp && message.includes('动态验证码') ? 'totp' : 'form', message })
    } finally {
      setBusy(false)
    }
  }
  const at = (f: string) => (error?.field === f ? error.message : null)

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <section className="w-full max-w-sm rounded-lg bg-white p-6 shadow-sm">
        <h1 className="mb-5 text-lg font-semibold">后台登录</h1>
        {step === 'checking' && <p className="text-slate-500">加载中…</p>}
        {step === 'signIn' && why() === 'expired' && (
          <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
            登录已过期，请重新登录；未完成的操作没有保存，登录后将回到原页面。
          </p>
        )}
        {step === 'signIn' && why() === 'disabled' && (
          <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
            {STAFF_DISABLED}；未完成的操作没有保存。
          </p>
        )}
        {step === 'signIn' && (
          <form className="grid gap-3" onSubmit={submit} noValidate>
            <TextField
              label="用户名"
              autoComplete="username"
              value={v.username}
              error={at('username')}
              onChange={(username) => setV({ ...v, username })}
            />
            <TextField
              label="密码"
              type="password"
              autoComplete="current-password"
              value={v.password}
              error={at('password')}
              onChange={(password) => setV({ ...v, password })}
            />
            {askTotp && (
              <TextField
                label="动态验证码"
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
                value={v.totp}
                error={at('totp')}
                onChange={(totp) => setV({ ...v, totp })}
              />
            )}
            {error?.field === 'form' && (
              <p role="alert" className="text-sm text-red-600">
                {error.message}
              </p>
            )}
            <BusyButton type="submit" className="btn-primary" busy={busy}>
              登 录
            </BusyButton>
          </form>
        )}
        {step === 'password' && (
          <ChangePassword intro="首次登录，请把一次性密码改为自己的密码。" onDone={proceed} />
        )}
        {step === 'totp' && (
          <div className="grid gap-3">
            <p className="text-sm text-slate-600">后台账号须绑定动态验证码后才能使用。</p>
            <TotpEnrol onDone={proceed} />
          </div>
        )}
      </section>
    </main>
  )
}

import { type SubmitEvent, useEffect, useId, useState } from 'react'
import type { LoginAnswer } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import { ApiRequestError } from '../../lib/api/http.ts'
import { checkCodeLogin, checkPasswordLogin, PASSWORD_CEILING } from '../../lib/rules/login.ts'
import { BusyButton } from '../common/BusyButton.tsx'
import { FormError } from '../common/FormError.tsx'
import { useRefusal } from '../common/form-errors.ts'
import { CodeField, finishLogin, TelField, TextField } from './parts.tsx'

type Key = 'tel' | 'code' | 'password'

/**
 * 验证码登录 and 密码登录 (accounts §4-§5): a phone and either the SMS code or the password,
 * checked by the shared login rule, then the login call.
 */
export function LoginForm({
  mode,
  tel,
  onTel,
  focusPassword = false,
  onForgot,
  onUseCode,
  hint,
  send = account.postUsersCode,
  action = '登录',
}: {
  mode: 'code' | 'password'
  /** The phone, shared with the other tab and mode so it is typed once. */
  tel: string
  onTel: (tel: string) => void
  /** Right after registering: the phone is known, the password comes next. */
  focusPassword?: boolean
  /** 忘记密码: the dialog shows the reset form. */
  onForgot?: () => void
  /** The password alone no longer signs this phone in (PASSWORD_CEILING): the dialog moves to 验证码登录. */
  onUseCode?: () => void
  /** Why this form is shown (PASSWORD_CEILING, after the move), above its fields. */
  hint?: string | null
  /** Where a phone and its code go: 验证码登录, or binding a WeChat account (WeChatInApp). */
  send?: (v: { tel: string; code: string }) => Promise<{ data: LoginAnswer }>
  /** The submit button's words. */
  action?: string
}) {
  const id = useId()
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const idOf = (k: Key) => `${id}-${k}`
  // The rule names the field it refuses; its message shows there and focus moves to it.
  const { refuse, errorOf, formError, clear } = useRefusal(idOf)

  useEffect(() => {
    if (focusPassword) document.getElementById(`${id}-password`)?.focus()
  }, [focusPassword, id])

  const submit = async (e: SubmitEvent) => {
    e.preventDefault()
    if (busy) return
    try {
      if (mode === 'code') {
        const c = checkCodeLogin({ tel, code })
        if (c.error !== null) return refuse(c.field, c.error)
        setBusy(true)
        finishLogin((await send(c.value)).data)
      } else {
        const c = checkPasswordLogin({ tel, password })
        if (c.error !== null) return refuse(c.field, c.error)
        setBusy(true)
        finishLogin((await account.postUsersPsw(c.value)).data)
      }
      // Stays busy: the page reloads.
    } catch (e) {
      // Refused (wrong password, wrong code …): the client has toasted the server's message.
      setBusy(false)
      if (mode === 'password' && e instanceof ApiRequestError && e.message === PASSWORD_CEILING) onUseCode?.()
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-1">
      {hint && (
        <p role="status" className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {hint}
        </p>
      )}
      <TelField
        id={idOf('tel')}
        error={errorOf('tel')}
        autoComplete={mode === 'password' ? 'username' : 'tel'}
        value={tel}
        onChange={(e) => {
          onTel(e.target.value)
          clear('tel')
        }}
      />
      {mode === 'code' ? (
        <CodeField
          id={idOf('code')}
          error={errorOf('code')}
          value={code}
          onChange={(e) => {
            setCode(e.target.value)
            clear('code')
          }}
          tel={tel}
          onTelInvalid={(message) => refuse('tel', message)}
        />
      ) : (
        <TextField
          id={idOf('password')}
          label="密码"
          error={errorOf('password')}
          type="password"
          autoComplete="current-password"
          placeholder="请输入密码"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value)
            clear('password')
          }}
        />
      )}
      {mode === 'password' && onForgot && (
        <button
          type="button"
          className="justify-self-end text-sm text-brand-700 underline-offset-2 hover:underline"
          onClick={onForgot}
        >
          忘记密码
        </button>
      )}
      <FormError message={formError} reserve />
      <BusyButton type="submit" className="btn-primary h-10 w-full text-base" busy={busy}>
        {busy ? `正在${action}…` : action}
      </BusyButton>
    </form>
  )
}

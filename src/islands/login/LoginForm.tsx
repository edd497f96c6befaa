import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { account } from '../../lib/api/browser.ts'
import { checkCodeLogin, checkPasswordLogin } from '../../lib/rules/login.ts'
import { PHONE_MESSAGES } from '../../lib/rules/phone.ts'
import { FormError, finishLogin, SmsCodeButton, TextField, useFieldErrors } from './parts.tsx'

type Key = 'tel' | 'code' | 'password'

/** Which field each message of the login rule is about. */
const FIELD_OF: Record<string, Key> = {
  [PHONE_MESSAGES.required]: 'tel',
  [PHONE_MESSAGES.format]: 'tel',
  请填写验证码: 'code',
  请填写密码: 'password',
}

/**
 * 验证码登录 and 密码登录 (accounts §4-§5): a phone and either the SMS code or the password,
 * checked by the shared login rule, then the login call.
 */
export function LoginForm({
  mode,
  tel,
  onTel,
  focusPassword = false,
}: {
  mode: 'code' | 'password'
  /** The phone, shared with the other tab and mode so it is typed once. */
  tel: string
  onTel: (tel: string) => void
  /** Right after registering: the phone is known, the password comes next. */
  focusPassword?: boolean
}) {
  const id = useId()
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const telRef = useRef<HTMLInputElement>(null)
  const codeRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  const { errors, show, clear } = useFieldErrors(FIELD_OF, {
    tel: telRef,
    code: codeRef,
    password: passwordRef,
  })

  useEffect(() => {
    if (focusPassword) passwordRef.current?.focus()
  }, [focusPassword])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    try {
      if (mode === 'code') {
        const c = checkCodeLogin({ tel, code })
        if (c.error !== null) return show(c.error)
        setBusy(true)
        finishLogin((await account.postUsersCode(c.value)).data)
      } else {
        const c = checkPasswordLogin({ tel, password })
        if (c.error !== null) return show(c.error)
        setBusy(true)
        finishLogin((await account.postUsersPsw(c.value)).data)
      }
      // Stays busy: the page reloads.
    } catch {
      // Refused (wrong password, wrong code …): the client has toasted the server's message.
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-1">
      <TextField
        id={`${id}-tel`}
        label="手机号"
        inputRef={telRef}
        error={errors.tel}
        type="tel"
        inputMode="numeric"
        autoComplete={mode === 'password' ? 'username' : 'tel'}
        maxLength={11}
        placeholder="请输入手机号"
        value={tel}
        onChange={(e) => {
          onTel(e.target.value)
          clear('tel')
        }}
      />
      {mode === 'code' ? (
        <TextField
          id={`${id}-code`}
          label="验证码"
          inputRef={codeRef}
          error={errors.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="请输入验证码"
          value={code}
          onChange={(e) => {
            setCode(e.target.value)
            clear('code')
          }}
          after={<SmsCodeButton tel={tel} onInvalid={show} onSent={() => codeRef.current?.focus()} />}
        />
      ) : (
        <TextField
          id={`${id}-password`}
          label="密码"
          inputRef={passwordRef}
          error={errors.password}
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
      <FormError message={errors.form} />
      <button type="submit" className="btn-primary h-10 w-full text-base" disabled={busy}>
        {busy ? '正在登录…' : '登录'}
      </button>
    </form>
  )
}

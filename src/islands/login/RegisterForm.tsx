import { type ChangeEvent, type SubmitEvent, useId, useState } from 'react'
import { account } from '../../lib/api/browser.ts'
import { PASSWORD_MIN } from '../../lib/rules/password.ts'
import { checkRegister } from '../../lib/rules/register.ts'
import { toast } from '../../lib/toast.ts'
import { BusyButton } from '../common/BusyButton.tsx'
import { FormError } from '../common/FormError.tsx'
import { useRefusal } from '../common/form-errors.ts'
import { CodeField, TelField, TextField } from './parts.tsx'

type Key = 'tel' | 'code' | 'password' | 'okPassword'

/**
 * 注册 (accounts §4-§5): phone, SMS code, password and its repetition, checked by the shared
 * registration rule in its order; on 注册成功 the dialog returns to the login tab.
 * With `reset` it is 忘记密码 (issue 19): the same fields and rule set a new password.
 */
export function RegisterForm({
  tel,
  onTel,
  onRegistered,
  reset = false,
}: {
  tel: string
  onTel: (tel: string) => void
  onRegistered: (tel: string) => void
  reset?: boolean
}) {
  const id = useId()
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [okPassword, setOkPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const idOf = (k: Key) => `${id}-${k}`
  // The rule names the field it refuses; its message shows there and focus moves to it.
  const { refuse, errorOf, formError, clear } = useRefusal(idOf)

  const submit = async (e: SubmitEvent) => {
    e.preventDefault()
    if (busy) return
    const c = checkRegister({ tel, code, password, okPassword })
    if (c.error !== null) return refuse(c.field, c.error)
    setBusy(true)
    try {
      const body = { ...c.value, okPassword }
      if (reset) toast('success', (await account.postUsersPswReset(body)).data)
      else {
        await account.postUsersRegistTel(body)
        toast('success', '注册成功')
      }
      onRegistered(c.value.tel)
    } catch {
      // Refused (wrong code, phone taken …): the client has toasted the server's message.
      setBusy(false)
    }
  }

  const input = (key: Key, set: (v: string) => void) => ({
    id: idOf(key),
    error: errorOf(key),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      set(e.target.value)
      clear(key)
    },
  })

  return (
    <form noValidate onSubmit={submit} className="grid gap-1">
      <TelField {...input('tel', onTel)} autoComplete="tel" value={tel} />
      <CodeField
        {...input('code', setCode)}
        value={code}
        tel={tel}
        onTelInvalid={(message) => refuse('tel', message)}
      />
      <TextField
        {...input('password', setPassword)}
        label={reset ? '新密码' : '密码'}
        type="password"
        autoComplete="new-password"
        placeholder={`请设置${reset ? '新' : ''}密码（至少${PASSWORD_MIN}位）`}
        value={password}
      />
      <TextField
        {...input('okPassword', setOkPassword)}
        label="确认密码"
        type="password"
        autoComplete="new-password"
        placeholder="请再次输入密码"
        value={okPassword}
      />
      <FormError message={formError} reserve />
      <BusyButton type="submit" className="btn-primary h-10 w-full text-base" busy={busy}>
        {reset ? (busy ? '正在重置…' : '重置密码') : busy ? '正在注册…' : '注册'}
      </BusyButton>
    </form>
  )
}

/**
 * Asks the signed-in admin to prove themselves again before a sensitive staff change (issue 39):
 * adding an admin, changing roles, resetting a password. The password, or the code of the
 * second factor when one is bound; the server checks it (a wrong one counts like a failed
 * sign-in) and its refusal stays in the dialog, so the admin may try again or cancel.
 *   const [reauthDialog, withReauth] = useReauth()
 *   const r = await withReauth('修改 wang 的角色', (confirm) => adminApi.setRoles(id, roles, confirm, silent))
 */
import { type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react'
import { refusalMessage } from '../../lib/api/admin.ts'
import { checkReauth, type Reauth } from '../../lib/rules/staff.ts'
import { Dialog } from '../common/Dialog.tsx'
import { TextField } from './account-parts.tsx'
import { DialogButtons } from './form/DialogButtons.tsx'
import { useStaff } from './kit/staff.ts'

type Way = 'password' | 'totp'
type Call = (confirm: Reauth) => Promise<unknown>

/** The dialog to render, and withReauth(action, call): call's answer once it went through, null when cancelled. */
export function useReauth(): [
  ReactNode,
  <T>(action: string, call: (confirm: Reauth) => Promise<T>) => Promise<T | null>,
] {
  const me = useStaff()
  const [action, setAction] = useState<string | null>(null)
  const [way, setWay] = useState<Way>('password')
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const pending = useRef<{ call: Call; resolve: (answer: unknown) => void } | null>(null)

  const withReauth = useCallback(
    <T,>(what: string, call: (confirm: Reauth) => Promise<T>) =>
      new Promise<T | null>((resolve) => {
        pending.current = { call, resolve: resolve as (answer: unknown) => void }
        setWay('password')
        setValue('')
        setError(null)
        setAction(what)
      }),
    [],
  )
  const close = (answer: unknown) => {
    setAction(null)
    setValue('')
    pending.current?.resolve(answer)
    pending.current = null
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const proof = checkReauth({ [way]: value })
    if (proof.error !== null) return setError(proof.error)
    const p = pending.current
    if (!p) return
    setBusy(true)
    try {
      close(await p.call(proof.value))
    } catch (err) {
      setError(refusalMessage(err))
    } finally {
      setBusy(false)
    }
  }
  const switchTo = (w: Way) => {
    setWay(w)
    setValue('')
    setError(null)
  }

  const dialog = (
    <Dialog open={action !== null} onOpenChange={(o) => !o && close(null)} title="确认身份" width="max-w-sm">
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <p className="text-sm text-slate-700">
          {action}：{way === 'password' ? '请输入您的登录密码以确认。' : '请输入您的动态验证码以确认。'}
        </p>
        {way === 'password' ? (
          <TextField
            label="您的登录密码"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={value}
            error={error}
            onChange={setValue}
          />
        ) : (
          <TextField
            label="动态验证码"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            value={value}
            error={error}
            onChange={setValue}
          />
        )}
        {me.hasTotp && (
          <button
            type="button"
            className="justify-self-start text-sm text-brand-700 hover:underline"
            onClick={() => switchTo(way === 'password' ? 'totp' : 'password')}
          >
            {way === 'password' ? '改用动态验证码' : '改用登录密码'}
          </button>
        )}
        <DialogButtons
          close={() => close(null)}
          busy={busy}
          label="确认"
          className="mt-3 flex justify-end gap-2"
        />
      </form>
    </Dialog>
  )
  return [dialog, withReauth]
}

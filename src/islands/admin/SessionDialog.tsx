/**
 * 登录已过期 as a dialog over the screen (issue 40): when a call is refused 401 (30 idle minutes,
 * the session ended elsewhere), the same staff member types their password (and their code,
 * when they have a second factor), signs in again, and the call goes out once more
 * (renewingSession in admin-http.ts): nothing typed on the screen is lost, nothing navigates.
 * The username is the signed-in one's and cannot be changed, so another person's sign-in never
 * carries on this one's work. 取消 leaves the screen as it is, its call failed; 重新登录 goes
 * to the sign-in page.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { adminApi, refusalMessage, type StaffMe, toLogin } from '../../lib/api/admin.ts'
import { setSessionRenewer } from '../../lib/api/admin-http.ts'
import { staffLabel } from '../../lib/rules/staff.ts'
import { Dialog } from '../common/Dialog.tsx'
import { TextField } from './account-parts.tsx'
import { DialogButtons } from './form/DialogButtons.tsx'

/** The dialog, registered as the renewer of every back-office call while `me` is signed in. */
export function SessionDialog({ me }: { me: StaffMe }) {
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [totp, setTotp] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const answer = useRef<((renewed: boolean) => void) | null>(null)

  useEffect(() => {
    setSessionRenewer(
      () =>
        new Promise<boolean>((resolve) => {
          answer.current = resolve
          setPassword('')
          setTotp('')
          setError(null)
          setOpen(true)
        }),
    )
    return () => setSessionRenewer(null)
  }, [])

  const finish = (renewed: boolean) => {
    setOpen(false)
    setPassword('')
    setTotp('')
    answer.current?.(renewed)
    answer.current = null
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!password) return setError('请输入密码')
    if (me.hasTotp && !/^\d{6}$/.test(totp.trim())) return setError('动态验证码为 6 位数字')
    setBusy(true)
    try {
      const staff = await adminApi.signIn({
        username: me.username,
        password,
        ...(me.hasTotp ? { totp: totp.trim() } : {}),
      })
      // The name is fixed above; this only guards against a server that answered someone else.
      if (staff.id !== me.id) return setError('请使用当前账号登录')
      finish(true)
    } catch (err) {
      setError(refusalMessage(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !o && finish(false)} title="登录已过期" width="max-w-sm">
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <p className="text-sm text-slate-700">
          请输入 <strong>{staffLabel(me)}</strong>（{me.username}）的密码继续，本页填写的内容会保留。
        </p>
        <TextField
          label="登录密码"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          error={me.hasTotp ? null : error}
          onChange={setPassword}
        />
        {me.hasTotp && (
          <TextField
            label="动态验证码"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={totp}
            error={error}
            onChange={setTotp}
          />
        )}
        <button
          type="button"
          className="justify-self-start text-sm text-brand-700 hover:underline"
          onClick={() => {
            finish(false)
            toLogin('expired')
          }}
        >
          换个账号登录
        </button>
        <DialogButtons
          close={() => finish(false)}
          busy={busy}
          label="继续"
          className="mt-3 flex justify-end gap-2"
        />
      </form>
    </Dialog>
  )
}

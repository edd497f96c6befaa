/**
 * 账号与安全 /safety (accounts §2, §5): the nickname, 修改密码 (the server then ends every
 * session, this one included, so the user signs in again) and the masked bound phone with
 * 更换手机号 (a code sent to the new phone, 60 s before the next one).
 */
import { type ReactNode, type SubmitEvent, useEffect, useState } from 'react'
import type { Profile } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import { assetUrl } from '../../lib/asset.ts'
import { maskPhone } from '../../lib/format.ts'
import type { Checked } from '../../lib/rules/fields.ts'
import { checkPasswordChange } from '../../lib/rules/password.ts'
import { checkPhone, checkPhoneChange } from '../../lib/rules/phone.ts'
import { signOut } from '../../lib/stores/session.ts'
import { toast } from '../../lib/toast.ts'
import { AccountGate, openLogin } from '../common/AccountGate.tsx'
import { Dialog } from '../common/Dialog.tsx'
import { Field, inputClass } from '../common/Field.tsx'

/** The wait between two SMS codes (accounts §9). */
export const SMS_COUNTDOWN = 60

export function Safety() {
  // After a password change the session is gone: the page says so instead of the old data.
  const [signedOut, setSignedOut] = useState(false)
  if (signedOut) return <SignInAgain />
  return (
    <AccountGate>
      {(me, reload) => <Security me={me} reload={reload} onSignedOut={() => setSignedOut(true)} />}
    </AccountGate>
  )
}

function SignInAgain() {
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-12 text-center">
      <p className="font-medium text-slate-800">密码已修改</p>
      <p className="mt-1 text-slate-600">为了账号安全，所有设备都已退出登录，请使用新密码重新登录。</p>
      <button type="button" className="btn-primary mt-4" onClick={() => openLogin()}>
        重新登录
      </button>
    </div>
  )
}

function Row({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4">
      <dt className="w-20 shrink-0 text-sm text-slate-500 sm:w-24">{label}</dt>
      <dd className="min-w-0 flex-1 break-all text-slate-800">{value}</dd>
      {action && <dd className="shrink-0">{action}</dd>}
    </div>
  )
}

function Security({
  me,
  reload,
  onSignedOut,
}: {
  me: Profile
  reload: () => Promise<void>
  onSignedOut: () => void
}) {
  const [dialog, setDialog] = useState<'password' | 'phone' | null>(null)
  const close = (o: boolean) => !o && setDialog(null)
  return (
    <>
      <dl className="divide-y divide-slate-100 border-y border-slate-100">
        <Row
          label="账号昵称"
          value={
            <span className="flex items-center gap-2">
              <img
                src={me.avatarUrl ? assetUrl(me.avatarUrl) : '/avatar.svg'}
                alt=""
                width={32}
                height={32}
                className="h-8 w-8 shrink-0 rounded-full bg-slate-100 object-cover"
              />
              <span className="min-w-0 break-all">{me.nickName || '用户'}</span>
            </span>
          }
        />
        <Row
          label="登录密码"
          value={<span className="text-sm text-slate-600">建议定期修改密码</span>}
          action={
            <button type="button" className="btn-outline" onClick={() => setDialog('password')}>
              修改密码
            </button>
          }
        />
        <Row
          label="绑定手机"
          value={
            me.tel ? (
              <span className="tabular-nums" data-phone>
                {maskPhone(me.tel)}
              </span>
            ) : (
              <span className="text-sm text-slate-500">未绑定</span>
            )
          }
          action={
            <button type="button" className="btn-outline" onClick={() => setDialog('phone')}>
              更换手机号
            </button>
          }
        />
      </dl>
      <PasswordDialog
        open={dialog === 'password'}
        onOpenChange={close}
        onChanged={() => {
          setDialog(null)
          onSignedOut()
        }}
      />
      <PhoneDialog
        open={dialog === 'phone'}
        onOpenChange={close}
        oldTel={me.tel}
        onChanged={async () => {
          setDialog(null)
          await reload().catch(() => {})
        }}
      />
    </>
  )
}

/** The form's first broken rule, shown in the dialog as well as in the toast. */
function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} className="text-sm text-red-600 empty:hidden" role={message ? 'alert' : undefined}>
      {message}
    </p>
  )
}

function DialogButtons({ busy, onCancel, label }: { busy: boolean; onCancel: () => void; label: string }) {
  return (
    <div className="mt-2 flex justify-end gap-2">
      <button type="button" className="btn-outline" onClick={onCancel} disabled={busy}>
        取消
      </button>
      <button type="submit" className="btn-primary min-w-20" disabled={busy}>
        {busy ? '提交中…' : label}
      </button>
    </div>
  )
}

/**
 * The plumbing both dialogs share: the fields (emptied each time the dialog opens), the
 * form's one message (cleared by typing), and a submit that checks the rule, sends once at a
 * time and calls `done` only when the server agreed (its refusals the client has shown).
 */
function useDialogForm<F extends Record<string, string>, V>({
  open,
  empty,
  check,
  send,
  done,
}: {
  open: boolean
  empty: F
  check: (form: F) => Checked<V>
  send: (value: V) => Promise<unknown>
  done: () => void | Promise<void>
}) {
  // The first `empty` is the one reopening restores; later renders' copies are the same.
  const [initial] = useState(empty)
  const [form, setForm] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (open) {
      setForm(initial)
      setError(null)
    }
  }, [open, initial])

  const set = (key: keyof F, value: string) => {
    setForm((f) => ({ ...f, [key]: value }))
    setError(null)
  }

  /** A broken rule: in the dialog and in a toast. */
  const fail = (message: string) => {
    setError(message)
    toast('error', message)
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    if (busy) return
    const checked = check(form)
    if (checked.error !== null) {
      fail(checked.error)
      return
    }
    setBusy(true)
    try {
      await send(checked.value)
    } catch {
      // 原密码错误, a wrong code and the like: the client has shown the message; the form stays.
      setBusy(false)
      return
    }
    setBusy(false)
    await done()
  }

  return { form, set, error, fail, busy, submit }
}

function PasswordDialog({
  open,
  onOpenChange,
  onChanged,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onChanged: () => void
}) {
  const { form, set, error, busy, submit } = useDialogForm({
    open,
    empty: { password: '', newPassword: '', okPassword: '' },
    check: checkPasswordChange,
    send: account.postUsersPassword,
    done: () => {
      toast('success', '修改密码成功')
      // Every token of this user is revoked now; forget ours and offer the login dialog.
      signOut()
      document.documentElement.dataset.auth = 'out'
      onChanged()
      openLogin()
    },
  })

  const input = (key: keyof typeof form, label: string, autoComplete: string) => (
    <Field id={`pw-${key}`} label={label} required>
      <input
        id={`pw-${key}`}
        type="password"
        className={inputClass}
        value={form[key]}
        autoComplete={autoComplete}
        placeholder={`请输入${label}`}
        onChange={(e) => set(key, e.target.value)}
        aria-describedby="pw-error"
      />
    </Field>
  )

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)} title="修改密码">
      <form onSubmit={submit} noValidate className="grid gap-3">
        {input('password', '原密码', 'current-password')}
        {input('newPassword', '新密码', 'new-password')}
        {input('okPassword', '确认新密码', 'new-password')}
        <FormError id="pw-error" message={error} />
        <DialogButtons busy={busy} onCancel={() => onOpenChange(false)} label="确认修改" />
      </form>
    </Dialog>
  )
}

/** A countdown in seconds: start() sets it to `from`; 0 means the button may be used again. */
function useCountdown(from: number): [number, () => void] {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (left <= 0) return
    const t = setTimeout(() => setLeft((n) => n - 1), 1000)
    return () => clearTimeout(t)
  }, [left])
  return [left, () => setLeft(from)]
}

function PhoneDialog({
  open,
  onOpenChange,
  oldTel,
  onChanged,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  oldTel: string
  onChanged: () => Promise<void>
}) {
  const { form, set, error, fail, busy, submit } = useDialogForm({
    open,
    empty: { tel: '', newTel: '', code: '' },
    check: checkPhoneChange,
    send: account.postUsersTels,
    done: async () => {
      toast('success', '修改手机号成功')
      await onChanged()
    },
  })
  const [sending, setSending] = useState(false)
  // The countdown outlives a closed dialog: reopening cannot skip the 60 s.
  const [left, startCountdown] = useCountdown(SMS_COUNTDOWN)

  async function sendCode() {
    if (left > 0 || sending) return
    const checked = checkPhone({ tel: form.newTel })
    if (checked.error !== null) {
      fail(checked.error)
      return
    }
    setSending(true)
    try {
      const message = await account.getAccountCodes(checked.value)
      toast('success', typeof message === 'string' && message ? message : '短信已经发送到你的手机')
      startCountdown()
    } catch {
      // Refusals (too many codes today, …) have been shown by the client.
    } finally {
      setSending(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)} title="更换手机号">
      <form onSubmit={submit} noValidate className="grid gap-3">
        <Field id="tel-old" label="原手机号" required>
          <input
            id="tel-old"
            type="tel"
            inputMode="numeric"
            className={inputClass}
            value={form.tel}
            autoComplete="tel"
            placeholder={oldTel ? `请输入原手机号（${maskPhone(oldTel)}）` : '请输入原手机号'}
            onChange={(e) => set('tel', e.target.value.trim())}
            aria-describedby="tel-error"
          />
        </Field>
        <Field id="tel-new" label="新手机号" required>
          <input
            id="tel-new"
            type="tel"
            inputMode="numeric"
            className={inputClass}
            value={form.newTel}
            autoComplete="off"
            placeholder="请输入新手机号"
            onChange={(e) => set('newTel', e.target.value.trim())}
            aria-describedby="tel-error"
          />
        </Field>
        <Field id="tel-code" label="验证码" required>
          <div className="flex gap-2">
            <input
              id="tel-code"
              inputMode="numeric"
              className={`${inputClass} min-w-0 flex-1`}
              value={form.code}
              autoComplete="one-time-code"
              placeholder="请输入验证码"
              onChange={(e) => set('code', e.target.value.trim())}
              aria-describedby="tel-error"
            />
            <button
              type="button"
              className="btn-outline w-28 shrink-0 tabular-nums"
              onClick={sendCode}
              disabled={left > 0 || sending}
            >
              {left > 0 ? `${left}秒后重发` : sending ? '发送中…' : '获取验证码'}
            </button>
          </div>
        </Field>
        <p className="text-xs text-slate-500">验证码将发送到新手机号，5分钟内有效。</p>
        <FormError id="tel-error" message={error} />
        <DialogButtons busy={busy} onCancel={() => onOpenChange(false)} label="确认更换" />
      </form>
    </Dialog>
  )
}

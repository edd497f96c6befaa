/**
 * 账号与安全 /safety (accounts §2, §5): the nickname, 修改密码 (the server then ends every
 * session, this one included, so the user signs in again) and the masked bound phone with
 * 更换手机号 (a code sent to the new phone, SMS_RESEND_SECONDS before the next one, and the
 * owner's proof: the login password or a code sent to the old phone; the server then ends the
 * account's other sessions and keeps this one).
 */
import { type InputHTMLAttributes, type ReactNode, type SubmitEvent, useEffect, useState } from 'react'
import { Avatar } from '../../components/AssetImg.tsx'
import type { Profile } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import { maskPhone } from '../../lib/format.ts'
import type { Checked } from '../../lib/rules/fields.ts'
import { checkPasswordChange } from '../../lib/rules/password.ts'
import { checkPhoneChange, type PhoneProof } from '../../lib/rules/phone.ts'
import { signOut } from '../../lib/stores/session.ts'
import { $oldPhoneSmsReadyAt } from '../../lib/stores/sms.ts'
import { toast } from '../../lib/toast.ts'
import { AccountGate, openLogin } from '../common/AccountGate.tsx'
import { Dialog } from '../common/Dialog.tsx'
import { Field, inputClass } from '../common/Field.tsx'
import { DialogActions } from '../common/FormActions.tsx'
import { invalidProps, useRefusal } from '../common/form-errors.ts'
import { SmsCodeButton } from '../common/SmsCodeButton.tsx'
import { Choice, GroupRow } from '../publish/form-parts.tsx'

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
              <Avatar
                path={me.avatarUrl}
                width={32}
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

/**
 * The plumbing both dialogs share: the fields (emptied each time the dialog opens), the
 * rule's message under the field it refuses (cleared by typing there, focus moved to it), and
 * a submit that checks the rule, sends once at a time and calls `done` only when the server
 * agreed (its refusals the client has shown).
 */
function useDialogForm<F extends Record<string, string>, V>({
  open,
  empty,
  idPrefix,
  check,
  send,
  done,
}: {
  open: boolean
  empty: F
  /** Each field's element id is `${idPrefix}-${key}`. */
  idPrefix: string
  check: (form: F) => Checked<V, keyof F & string>
  send: (value: V) => Promise<unknown>
  done: () => void | Promise<void>
}) {
  type K = keyof F & string
  // The first `empty` is the one reopening restores; later renders' copies are the same.
  const [initial] = useState(empty)
  const [form, setForm] = useState(initial)
  const [busy, setBusy] = useState(false)
  const idOf = (key: K) => `${idPrefix}-${key}`
  const { refuse, errorOf, clear } = useRefusal(idOf)

  useEffect(() => {
    if (open) {
      setForm(initial)
      clear()
    }
  }, [open, initial, clear])

  const set = (key: K, value: string) => {
    setForm((f) => ({ ...f, [key]: value }))
    clear(key)
  }

  /** A broken rule: by its field and in a toast. */
  const fail = (key: K, message: string) => {
    refuse(key, message)
    toast('error', message)
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault()
    if (busy) return
    const checked = check(form)
    if (checked.error !== null) {
      fail(checked.field, checked.error)
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

  return { form, set, errorOf, idOf, fail, busy, submit }
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
  const { form, set, errorOf, idOf, busy, submit } = useDialogForm({
    open,
    empty: { password: '', newPassword: '', okPassword: '' },
    idPrefix: 'pw',
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
    <Field id={idOf(key)} label={label} required error={errorOf(key)}>
      <input
        id={idOf(key)}
        type="password"
        className={inputClass}
        value={form[key]}
        autoComplete={autoComplete}
        placeholder={`请输入${label}`}
        onChange={(e) => set(key, e.target.value)}
        {...invalidProps(idOf(key), errorOf(key))}
      />
    </Field>
  )

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)} title="修改密码">
      <form onSubmit={submit} noValidate className="grid gap-3">
        {input('password', '原密码', 'current-password')}
        {input('newPassword', '新密码', 'new-password')}
        {input('okPassword', '确认新密码', 'new-password')}
        <DialogActions busy={busy} onCancel={() => onOpenChange(false)} label="确认修改" />
      </form>
    </Dialog>
  )
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
  // How the owner proves it is them: the login password (offered first) or a code to the old phone.
  const [via, setVia] = useState<PhoneProof>('password')
  useEffect(() => {
    if (open) setVia('password')
  }, [open])
  const { form, set, errorOf, idOf, fail, busy, submit } = useDialogForm({
    open,
    empty: { tel: '', newTel: '', code: '', password: '', oldCode: '' },
    idPrefix: 'phone',
    check: (f) => checkPhoneChange(f, via),
    // Only the chosen proof goes: the server would take the password if both came.
    send: ({ password, oldCode, ...v }) =>
      account.postUsersTels(password ? { ...v, password } : { ...v, oldCode }),
    done: async () => {
      toast('success', '修改手机号成功')
      await onChanged()
    },
  })
  /** One field of the dialog: its row, its message and the input described by it. */
  const input = (key: keyof typeof form, props: InputHTMLAttributes<HTMLInputElement>) => (
    <input
      id={idOf(key)}
      className={inputClass}
      value={form[key]}
      onChange={(e) => set(key, key === 'password' ? e.target.value : e.target.value.trim())}
      {...invalidProps(idOf(key), errorOf(key))}
      {...props}
    />
  )
  /** A code field with its send button beside it (the new phone's code, the old phone's). */
  const codeField = (key: 'code' | 'oldCode', label: string, placeholder: string, button: ReactNode) => (
    <Field id={idOf(key)} label={label} required error={errorOf(key)}>
      <div className="flex gap-2">
        {input(key, {
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          placeholder,
          className: `${inputClass} min-w-0 flex-1`,
        })}
        {button}
      </div>
    </Field>
  )

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)} title="更换手机号">
      <form onSubmit={submit} noValidate className="grid gap-3">
        <Field id={idOf('tel')} label="原手机号" required error={errorOf('tel')}>
          {input('tel', {
            type: 'tel',
            inputMode: 'numeric',
            autoComplete: 'tel',
            placeholder: oldTel ? `请输入原手机号（${maskPhone(oldTel)}）` : '请输入原手机号',
          })}
        </Field>
        <Field id={idOf('newTel')} label="新手机号" required error={errorOf('newTel')}>
          {input('newTel', {
            type: 'tel',
            inputMode: 'numeric',
            autoComplete: 'off',
            placeholder: '请输入新手机号',
          })}
        </Field>
        {codeField(
          'code',
          '验证码',
          '请输入验证码',
          // The code goes to the new phone; the countdown outlives a closed dialog.
          <SmsCodeButton
            tel={form.newTel}
            forWhom="新手机号"
            onInvalid={(message) => fail('newTel', message)}
          />,
        )}
        <p className="text-xs text-slate-500">验证码将发送到新手机号，5分钟内有效。</p>
        <GroupRow id="phone-via" legend="身份验证" required error={null}>
          <div className="flex flex-wrap gap-2">
            {PROOFS.map(([value, label]) => (
              <Choice
                key={value}
                type="radio"
                name="phone-via"
                checked={via === value}
                onChange={() => setVia(value)}
              >
                {label}
              </Choice>
            ))}
          </div>
        </GroupRow>
        {via === 'password' ? (
          <Field id={idOf('password')} label="登录密码" required error={errorOf('password')}>
            {input('password', {
              type: 'password',
              autoComplete: 'current-password',
              placeholder: '请输入当前的登录密码',
            })}
          </Field>
        ) : (
          <>
            {codeField(
              'oldCode',
              '原手机号验证码',
              '请输入验证码',
              // Always the bound phone, whatever was typed above; a countdown of its own.
              <SmsCodeButton
                tel={oldTel}
                forWhom="原手机号"
                readyAt={$oldPhoneSmsReadyAt}
                onInvalid={(message) => fail('oldCode', message)}
              />,
            )}
            <p className="text-xs text-slate-500">
              验证码将发送到原手机号 {maskPhone(oldTel)}，5分钟内有效。
            </p>
          </>
        )}
        <DialogActions busy={busy} onCancel={() => onOpenChange(false)} label="确认更换" />
      </form>
    </Dialog>
  )
}

/** The proofs the dialog offers, in order. */
const PROOFS: readonly (readonly [PhoneProof, string])[] = [
  ['password', '使用登录密码'],
  ['oldCode', '使用原手机号验证码'],
]

/** The staff member's own account: password change and second-factor enrolment (sign-in steps and /admin/account/). */
import { type FormEvent, useState } from 'react'
import { adminApi, refusalMessage } from '../../lib/api/admin.ts'
import { checkStaffPassword, checkStaffProfile } from '../../lib/rules/staff.ts'
import { toast } from '../../lib/toast.ts'
import { BusyButton } from '../common/BusyButton.tsx'
import { controlClass, Labeled } from './form/Labeled.tsx'

/** One labelled input with its error below. */
export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  error,
  inputMode,
  autoFocus,
}: {
  label: string
  value: string
  onChange: (v: string) => void
  type?: string
  autoComplete?: string
  error?: string | null
  inputMode?: 'numeric'
  autoFocus?: boolean
}) {
  return (
    <Labeled
      label={label}
      error={error}
      control={(id) => (
        <input
          id={id}
          className={controlClass}
          type={type}
          value={value}
          autoComplete={autoComplete}
          inputMode={inputMode}
          // biome-ignore lint/a11y/noAutofocus: the next step's only field, shown on purpose.
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    />
  )
}

/** The password change's fields: the key the rule names, the label, and what a password manager fills in. */
const PASSWORD_FIELDS = [
  ['password', '原密码', 'current-password'],
  ['newPassword', '新密码（至少 8 位，含字母和数字）', 'new-password'],
  ['okPassword', '再次输入新密码', 'new-password'],
] as const

/** Change the own password; `onDone` after the server accepted it. */
export function ChangePassword({ onDone, intro }: { onDone: () => void; intro?: string }) {
  const [v, setV] = useState({ password: '', newPassword: '', okPassword: '' })
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const r = checkStaffPassword(v)
    if (r.error !== null) return setError({ field: r.field, message: r.error })
    setError(null)
    setBusy(true)
    try {
      toast('success', await adminApi.changePassword(v))
      setV({ password: '', newPassword: '', okPassword: '' })
      onDone()
    } catch (err) {
      setError({ field: 'password', message: refusalMessage(err) })
    } finally {
      setBusy(false)
    }
  }
  const at = (f: string) => (error?.field === f ? error.message : null)
  return (
    <form className="grid max-w-sm gap-3" onSubmit={submit} noValidate>
      {intro && <p className="text-sm text-slate-600">{intro}</p>}
      {PASSWORD_FIELDS.map(([key, label, autoComplete]) => (
        <TextField
          key={key}
          label={label}
          type="password"
          autoComplete={autoComplete}
          value={v[key]}
          error={at(key)}
          onChange={(text) => setV({ ...v, [key]: text })}
        />
      ))}
      <BusyButton type="submit" className="btn-primary" busy={busy}>
        修改密码
      </BusyButton>
    </form>
  )
}

/**
 * A staff member's display name and phone (issue 40), checked as the server checks them
 * (checkStaffProfile); `save` sends them, and its refusal shows under the field it names.
 */
export function ProfileForm({
  initial,
  save,
  saveLabel = '保存',
}: {
  initial: { name: string; phone: string }
  save: (v: { name: string; phone: string }) => Promise<unknown>
  saveLabel?: string
}) {
  const [v, setV] = useState(initial)
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const r = checkStaffProfile(v)
    if (r.error !== null) return setError({ field: r.field, message: r.error })
    setError(null)
    setBusy(true)
    try {
      await save(r.value)
    } catch (err) {
      const message = refusalMessage(err)
      setError({ field: message.includes('手机') ? 'phone' : 'name', message })
    } finally {
      setBusy(false)
    }
  }
  const at = (f: string) => (error?.field === f ? error.message : null)
  return (
    <form className="grid max-w-sm gap-3" onSubmit={submit} noValidate>
      <TextField label="姓名" value={v.name} error={at('name')} onChange={(name) => setV({ ...v, name })} />
      <TextField
        label="手机号"
        inputMode="numeric"
        autoComplete="tel"
        value={v.phone}
        error={at('phone')}
        onChange={(phone) => setV({ ...v, phone })}
      />
      <BusyButton type="submit" className="btn-primary justify-self-start" busy={busy}>
        {saveLabel}
      </BusyButton>
    </form>
  )
}

/** Enrol a second factor: the QR (drawn by the server with qrcode), the secret, and the first code to confirm it. */
export function TotpEnrol({ onDone }: { onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<{ secret: string; svg: string } | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const start = async () => {
    setError(null)
    const r = await adminApi.startTotp().catch(() => null)
    if (r) setEnrolment({ secret: r.secret, svg: r.svg })
  }
  const confirm = async (e: FormEvent) => {
    e.preventDefault()
    if (!/^\d{6}$/.test(code.trim())) return setError('动态验证码为 6 位数字')
    try {
      toast('success', await adminApi.confirmTotp(code.trim()))
      onDone()
    } catch (err) {
      setError(refusalMessage(err))
    }
  }
  if (!enrolment)
    return (
      <div className="grid max-w-md gap-3 text-sm text-slate-600">
        <p>
          用手机上的验证器（如 Google Authenticator、Microsoft Authenticator 或其他 TOTP
          应用）扫描二维码，登录时再输入它显示的 6 位数字。
        </p>
        <button type="button" className="btn-primary justify-self-start" onClick={start}>
          开始绑定
        </button>
      </div>
    )
  return (
    <form className="grid max-w-md gap-3" onSubmit={confirm} noValidate>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.svg)}`}
        alt="动态验证码绑定二维码"
        width={200}
        height={200}
        className="rounded border border-slate-200 bg-white"
      />
      <p className="text-sm text-slate-600">
        无法扫码时手工输入密钥：<code className="break-all font-mono">{enrolment.secret}</code>
      </p>
      <TextField
        label="验证器显示的 6 位数字"
        value={code}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={error}
        onChange={setCode}
      />
      <button type="submit" className="btn-primary justify-self-start">
        确认绑定
      </button>
    </form>
  )
}

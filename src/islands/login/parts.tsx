import { useStore } from '@nanostores/react'
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type RefObject,
  useCallback,
  useEffect,
  useState,
} from 'react'
import type { LoginAnswer } from '../../lib/api/account.ts'
import { account } from '../../lib/api/browser.ts'
import { isPhone, PHONE_MESSAGES } from '../../lib/rules/phone.ts'
import { signIn } from '../../lib/stores/session.ts'
import { toast } from '../../lib/toast.ts'
import { Field, inputClass } from '../common/Field.tsx'
import { $smsReadyAt, hideLogin, SMS_COUNTDOWN_S } from './state.ts'

const cx = (...c: (string | false | null | undefined)[]) => c.filter(Boolean).join(' ')

/** How long the 登录成功 toast stays in sight before the page reloads (accounts §4). */
const RELOAD_DELAY_MS = 700

/** A login answer (accounts §4): store it, say 登录成功, reload the page. */
export function finishLogin(answer: LoginAnswer): void {
  signIn(answer)
  toast('success', '登录成功')
  hideLogin()
  setTimeout(() => location.reload(), RELOAD_DELAY_MS)
}

/** A labelled input of the dialog: the shared Field row, with its error tied to the input. */
export function TextField({
  id,
  label,
  error,
  inputRef,
  after,
  ...input
}: {
  id: string
  label: string
  error?: string | undefined
  inputRef?: Ref<HTMLInputElement>
  /** Something beside the input, e.g. the 获取验证码 button. */
  after?: ReactNode
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const field = (
    <input
      {...input}
      id={id}
      ref={inputRef}
      className={cx(inputClass, 'h-10', after ? 'min-w-0 flex-1' : '')}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    />
  )
  return (
    <Field id={id} label={label} error={error ?? null}>
      {after ? (
        <div className="flex gap-2">
          {field}
          {after}
        </div>
      ) : (
        field
      )}
    </Field>
  )
}

/**
 * Field errors of a form: one message at a time, on the field the rule's message is about
 * (anything unknown goes to the form as a whole), and focus moves to that field.
 */
export function useFieldErrors<K extends string>(
  fieldOf: Record<string, K>,
  refs: Partial<Record<K, RefObject<HTMLInputElement | null>>>,
) {
  const [error, setError] = useState<{ key: K | 'form'; message: string } | null>(null)
  const show = useCallback(
    (message: string) => {
      const key = fieldOf[message]
      setError({ key: key ?? 'form', message })
      if (key) refs[key]?.current?.focus()
    },
    [fieldOf, refs],
  )
  // Typing in the field that is in error (or any, for a form-wide error) clears it.
  const clear = useCallback((key: K) => {
    setError((e) => (e && (e.key === key || e.key === 'form') ? null : e))
  }, [])
  const errors = (error ? { [error.key]: error.message } : {}) as Partial<Record<K | 'form', string>>
  return { errors, show, clear }
}

/** Whole seconds until `at`, 0 once it has passed; re-renders every second meanwhile. */
function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    setNow(Date.now())
    if (at <= Date.now()) return
    const timer = setInterval(() => {
      const t = Date.now()
      setNow(t)
      if (t >= at) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [at])
  return Math.max(0, Math.ceil((at - now) / 1000))
}

/**
 * 获取验证码 (accounts §4-§5): checks the phone (手机号格式不正确), asks the server for a code,
 * then counts down 60 seconds before it can be pressed again.
 */
export function SmsCodeButton({
  tel,
  onInvalid,
  onSent,
}: {
  tel: string
  onInvalid: (message: string) => void
  onSent: () => void
}) {
  const readyAt = useStore($smsReadyAt)
  const left = useSecondsUntil(readyAt)
  const [busy, setBusy] = useState(false)

  const send = async () => {
    const phone = tel.trim()
    // Accounts §5: the one check before sending is the phone's format, empty included.
    if (!isPhone(phone)) return onInvalid(PHONE_MESSAGES.format)
    setBusy(true)
    try {
      await account.getAccountCodes(phone)
      $smsReadyAt.set(Date.now() + SMS_COUNTDOWN_S * 1000)
      toast('success', '短信已经发送到你的手机')
      onSent()
    } catch {
      // Refused (too soon, daily cap …): the client has already shown the server's message.
    } finally {
      setBusy(false)
    }
  }

  return (
    <button
      type="button"
      className="btn-outline h-10 w-[7.5rem] shrink-0 px-2 tabular-nums"
      disabled={busy || left > 0}
      onClick={send}
    >
      {left > 0 ? `${left}秒后重新获取` : busy ? '发送中…' : '获取验证码'}
    </button>
  )
}

/** The form-wide message (one the rules did not tie to a field). */
export function FormError({ message }: { message: string | undefined }) {
  return (
    <p className="min-h-5 text-sm text-red-600" role={message ? 'alert' : undefined}>
      {message}
    </p>
  )
}

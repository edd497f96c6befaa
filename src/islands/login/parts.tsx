import type { ChangeEvent, InputHTMLAttributes, ReactNode, Ref } from 'react'
import type { LoginAnswer } from '../../lib/api/account.ts'
import { signIn } from '../../lib/stores/session.ts'
import { toast } from '../../lib/toast.ts'
import { Field, inputClass } from '../common/Field.tsx'
import { focusField, invalidProps } from '../common/form-errors.ts'
import { SmsCodeButton } from '../common/SmsCodeButton.tsx'
import { hideLogin } from './state.ts'

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
  error?: string | null
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
      {...invalidProps(id, error)}
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

/** The props a phone or code field takes from its form: its id, message and typed text. */
interface OwnField {
  id: string
  error: string | null
  value: string
  onChange: (e: ChangeEvent<HTMLInputElement>) => void
}

/** 手机号 of the login, register and reset forms: 11 digits, the phone keypad. */
export function TelField({ autoComplete, ...field }: OwnField & { autoComplete: string }) {
  return (
    <TextField
      {...field}
      label="手机号"
      type="tel"
      inputMode="numeric"
      autoComplete={autoComplete}
      maxLength={11}
      placeholder="请输入手机号"
    />
  )
}

/**
 * 验证码 with its 获取验证码 button: a phone the button refuses shows its message on the phone
 * field (`onTelInvalid`); once the code is sent, focus comes here to type it.
 */
export function CodeField({
  tel,
  onTelInvalid,
  ...field
}: OwnField & { tel: string; onTelInvalid: (message: string) => void }) {
  return (
    <TextField
      {...field}
      label="验证码"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="请输入验证码"
      after={
        <SmsCodeButton
          tel={tel}
          className="h-10"
          onInvalid={onTelInvalid}
          onSent={() => focusField(field.id)}
        />
      }
    />
  )
}

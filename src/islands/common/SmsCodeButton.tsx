/**
 * 获取验证码 (accounts §4-§5, §9), the one button every form that sends an SMS code uses: it
 * checks the phone's format (empty included: 手机号格式不正确), asks the server for a code, then
 * counts down SMS_RESEND_SECONDS (${n}秒后重新获取) before it can be pressed again.
 */
import { useStore } from '@nanostores/react'
import type { WritableAtom } from 'nanostores'
import { useEffect, useState } from 'react'
import { account } from '../../lib/api/browser.ts'
import { SMS_RESEND_SECONDS } from '../../lib/constants.ts'
import { isPhone, PHONE_MESSAGES } from '../../lib/rules/phone.ts'
import { $smsReadyAt } from '../../lib/stores/sms.ts'
import { toast } from '../../lib/toast.ts'

/** The button's text: the countdown while it runs, else what pressing it does. */
export const smsButtonLabel = (secondsLeft: number, sending: boolean) =>
  secondsLeft > 0 ? `${secondsLeft}秒后重新获取` : sending ? '发送中…' : '获取验证码'

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

export function SmsCodeButton({
  tel,
  onInvalid,
  onSent,
  className = '',
  readyAt = $smsReadyAt,
  forWhom,
}: {
  /** The phone the code goes to, as typed. */
  tel: string
  /** The phone is not one: show the message by the phone field. */
  onInvalid: (message: string) => void
  onSent?: () => void
  className?: string
  /** The countdown it follows; the page's one by default. */
  readyAt?: WritableAtom<number>
  /** Whose phone, when a form has two of these buttons: added to the accessible name (获取验证码（原手机号）). */
  forWhom?: string
}) {
  const left = useSecondsUntil(useStore(readyAt))
  const [sending, setSending] = useState(false)

  const send = async () => {
    if (left > 0 || sending) return
    const phone = tel.trim()
    if (!isPhone(phone)) return onInvalid(PHONE_MESSAGES.format)
    setSending(true)
    try {
      const message = await account.getAccountCodes(phone)
      readyAt.set(Date.now() + SMS_RESEND_SECONDS * 1000)
      toast('success', typeof message === 'string' && message ? message : '短信已经发送到你的手机')
      onSent?.()
    } catch {
      // Refused (too soon, daily cap …): the client has already shown the server's message.
    } finally {
      setSending(false)
    }
  }

  return (
    <button
      type="button"
      className={`btn-outline w-[7.5rem] shrink-0 px-2 tabular-nums ${className}`}
      disabled={sending || left > 0}
      onClick={send}
      aria-label={forWhom ? `${smsButtonLabel(left, sending)}（${forWhom}）` : undefined}
    >
      {smsButtonLabel(left, sending)}
    </button>
  )
}

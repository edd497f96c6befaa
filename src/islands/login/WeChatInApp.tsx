import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { account } from '../../lib/api/browser.ts'
import { BusyButton } from '../common/BusyButton.tsx'
import { LoginForm } from './LoginForm.tsx'
import { finishLogin } from './parts.tsx'
import { $wechatReturn } from './state.ts'

/**
 * 微信登录 inside WeChat's browser (issue 41 item 5): 微信授权 goes to /wechat/oauth/start, which
 * sends this browser through WeChat's 网页授权 and back here with a mark (nav.ts reads it into
 * $wechatReturn) carrying the pending login's str. Someone WeChat names and we know is signed in
 * by the QR login's poll; someone new binds a phone by SMS code.
 */
export function WeChatInApp() {
  const back = useStore($wechatReturn)
  const [busy, setBusy] = useState(false)
  const [tel, setTel] = useState('')

  useEffect(() => {
    if (back?.kind !== 'login') return
    void account
      .getWeChatQrcodeResultpc(back.str)
      .then((answer) => {
        if (answer) finishLogin(answer)
        else $wechatReturn.set(null)
      })
      // Refused (expired): the call has toasted why; 微信授权 is offered again.
      .catch(() => $wechatReturn.set(null))
  }, [back])

  if (back?.kind === 'login') return <p className="py-6 text-center text-sm text-slate-600">正在登录…</p>

  if (back?.kind === 'bind') {
    const { str } = back
    return (
      <div className="grid gap-3">
        <p className="text-sm text-slate-600">
          首次使用微信登录，请验证手机号完成绑定。以后在微信中可直接登录。
        </p>
        <LoginForm
          mode="code"
          tel={tel}
          onTel={setTel}
          action="绑定手机号"
          send={(v) => account.postWeChatBind(str, v)}
        />
      </div>
    )
  }

  return (
    <div className="grid gap-3 py-2 text-center">
      <p className="text-sm text-slate-600">
        {back?.kind === 'declined'
          ? '你已取消微信授权，可重新授权或使用手机号登录。'
          : '使用当前微信账号登录，无需输入密码。'}
      </p>
      <BusyButton
        type="button"
        className="btn-primary h-10 w-full text-base"
        busy={busy}
        onClick={() => {
          setBusy(true)
          // Back to this page afterwards (the server accepts only a path of this site).
          location.assign(
            `/wechat/oauth/start?${new URLSearchParams({ back: location.pathname + location.search })}`,
          )
        }}
      >
        {busy ? '正在前往微信授权…' : '微信授权'}
      </BusyButton>
    </div>
  )
}

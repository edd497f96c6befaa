import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { account } from '../../lib/api/browser.ts'
import { toast } from '../../lib/toast.ts'
import { WECHAT_LOGIN_KEY } from '../../lib/wechat-browser.ts'
import { BusyButton } from '../common/BusyButton.tsx'
import { LoginForm } from './LoginForm.tsx'
import { finishLogin } from './parts.tsx'
import { $wechatReturn } from './state.ts'

const storedStr = () => sessionStorage.getItem(WECHAT_LOGIN_KEY) ?? ''

/**
 * 微信登录 inside WeChat's browser (issue 41 item 5). It starts a pending login as the QR does
 * (GetWeChatQrcode), keeps its str in this tab and goes to WeChat's 网页授权 through
 * /wechat/oauth/start. Back here (nav.ts reads the callback's mark into $wechatReturn): someone
 * WeChat names and we know is signed in by the QR's poll; someone new binds a phone by SMS code.
 */
export function WeChatInApp() {
  const back = useStore($wechatReturn)
  const [busy, setBusy] = useState(false)
  const [tel, setTel] = useState('')

  useEffect(() => {
    if (back !== 'login') return
    const str = storedStr()
    sessionStorage.removeItem(WECHAT_LOGIN_KEY)
    void account
      .getWeChatQrcodeResultpc(str)
      .then((answer) => {
        if (answer) finishLogin(answer)
        else $wechatReturn.set(null)
      })
      .catch(() => $wechatReturn.set(null))
  }, [back])

  const authorize = async () => {
    setBusy(true)
    try {
      const { str } = await account.getWeChatQrcode()
      sessionStorage.setItem(WECHAT_LOGIN_KEY, str)
      const q = new URLSearchParams({ str, back: location.pathname + location.search })
      location.assign(`/wechat/oauth/start?${q}`)
    } catch {
      // The call has toasted its refusal.
      setBusy(false)
    }
  }

  if (back === 'login') return <p className="py-6 text-center text-sm text-slate-600">正在登录…</p>

  if (back === 'bind')
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
          send={async (v) => {
            const answer = await account.postWeChatBind(storedStr(), v)
            sessionStorage.removeItem(WECHAT_LOGIN_KEY)
            return answer
          }}
        />
      </div>
    )

  return (
    <div className="grid gap-3 py-2 text-center">
      <p className="text-sm text-slate-600">
        {back === 'declined'
          ? '你已取消微信授权，可重新授权或使用手机号登录。'
          : '使用当前微信账号登录，无需输入密码。'}
      </p>
      <BusyButton
        type="button"
        className="btn-primary h-10 w-full text-base"
        busy={busy}
        onClick={() => {
          $wechatReturn.set(null)
          void authorize().catch(() => toast('error', '微信授权失败，请重试'))
        }}
      >
        {busy ? '正在前往微信授权…' : '微信授权'}
      </BusyButton>
    </div>
  )
}

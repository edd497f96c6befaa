import { useEffect, useState } from 'react'
import { account } from '../../lib/api/browser.ts'
import { ApiRequestError } from '../../lib/api/http.ts'
import { toast } from '../../lib/toast.ts'
import { finishLogin } from './parts.tsx'
import { hideLogin } from './state.ts'

/** The poll interval of accounts §9. */
const POLL_MS = 1000

type Qr =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'waiting' | 'expired'; url: string; image: string }

/**
 * 微信扫码 (accounts §4): asks for a QR, draws it here (the URL never leaves the portal), then
 * polls once a second until someone approves it. Unmounting (another mode, the dialog closed)
 * stops the polling; a refused poll closes the dialog, except an expired QR, which offers a new one.
 */
export function WeChatLogin() {
  const [round, setRound] = useState(0)
  const [qr, setQr] = useState<Qr>({ kind: 'loading' })

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the refresh button's way to start over
  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = new AbortController()
    setQr({ kind: 'loading' })

    const poll = async (str: string) => {
      try {
        const answer = await account.getWeChatQrcodeResultpc(str, { silent: true, signal: stop.signal })
        if (!live) return
        if (answer) {
          live = false
          finishLogin(answer)
        } else timer = setTimeout(() => poll(str), POLL_MS)
      } catch (err) {
        if (!live) return
        live = false
        if (err instanceof ApiRequestError && err.status === 400) {
          setQr((q) => (q.kind === 'waiting' ? { ...q, kind: 'expired' } : q))
          return
        }
        toast('error', err instanceof Error && err.message ? err.message : '扫码登录失败')
        hideLogin()
      }
    }

    void (async () => {
      try {
        const { url, str } = await account.getWeChatQrcode()
        const { toDataURL } = await import('qrcode')
        const image = await toDataURL(url, { width: 360, margin: 1, errorCorrectionLevel: 'M' })
        if (!live) return
        setQr({ kind: 'waiting', url, image })
        timer = setTimeout(() => poll(str), POLL_MS)
      } catch {
        // The call has toasted its refusal; the panel offers another try.
        if (live) setQr({ kind: 'failed' })
      }
    })()

    return () => {
      live = false
      clearTimeout(timer)
      stop.abort()
    }
  }, [round])

  const refresh = (
    <button type="button" className="btn-primary" onClick={() => setRound((r) => r + 1)}>
      刷新二维码
    </button>
  )

  return (
    <div className="flex flex-col items-center gap-3 py-1 text-center">
      <div className="relative h-[180px] w-[180px] rounded-lg border border-slate-200 bg-white p-2">
        {'image' in qr ? (
          <img src={qr.image} alt="微信扫码登录二维码" width={162} height={162} className="h-full w-full" />
        ) : (
          <div className="grid h-full w-full place-items-center rounded bg-slate-100 text-sm text-slate-500">
            {qr.kind === 'loading' ? '正在生成二维码…' : '二维码加载失败'}
          </div>
        )}
        {qr.kind === 'expired' && (
          <div className="absolute inset-0 grid place-content-center gap-3 rounded-lg bg-white/95 p-3">
            <p className="font-medium text-slate-800">二维码已过期</p>
            {refresh}
          </div>
        )}
      </div>
      {qr.kind === 'failed' && refresh}
      <p className="text-sm text-slate-700" aria-live="polite">
        {qr.kind === 'expired'
          ? '二维码已过期，请刷新后重新扫码'
          : qr.kind === 'waiting'
            ? '请使用微信扫一扫，在手机上确认登录'
            : '\u00a0'}
      </p>
      {qr.kind === 'waiting' && (
        <p className="text-xs text-slate-500">
          没有第二台设备？
          <a href={qr.url} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
            在本机打开确认页
            <span className="sr-only">（新窗口打开）</span>
          </a>
        </p>
      )}
    </div>
  )
}

import type { Config } from '../config.ts'
import { refuse } from '../refusal.ts'

/**
 * The 公众号's 网页授权 with scope snsapi_base (README "Going live"): inside WeChat's browser the
 * pay page is sent to WeChat's authorize address, which comes straight back (no prompt for
 * snsapi_base) to our redirect_uri with ?code=…&state=…; the code, once, with the 公众号's
 * AppSecret, gives the payer's openid: whom JSAPI pay charges. The secret never leaves the server.
 */
type WechatMp = NonNullable<Config['wechatMp']>

const TIMEOUT_MS = 10_000

/** WeChat's authorize address that comes back to `redirectUri` with the code (state: ours, echoed). */
export const authorizeUrl = (mp: WechatMp, redirectUri: string, state: string) =>
  `${mp.openBase}/connect/oauth2/authorize?appid=${encodeURIComponent(mp.appId)}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=snsapi_base&state=${encodeURIComponent(state)}#wechat_redirect`

/** The openid a 网页授权 code stands for; refused (with WeChat's errcode logged) when WeChat does not give one. */
export async function openidOf(mp: WechatMp, code: string): Promise<string> {
  const url = `${mp.apiBase}/sns/oauth2/access_token?appid=${encodeURIComponent(mp.appId)}&secret=${encodeURIComponent(mp.appSecret)}&code=${encodeURIComponent(code)}&grant_type=authorization_code`
  let body: { openid?: unknown; errcode?: unknown; errmsg?: unknown } = {}
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    body = (await res.json()) as typeof body
  } catch (e) {
    console.warn(`[wechat-mp] oauth2 code: ${e instanceof Error ? e.message : e}`)
    throw refuse('暂时无法连接微信，请稍后再试')
  }
  if (typeof body.openid === 'string' && body.openid) return body.openid
  // 40029 invalid code (used or expired), 40163 code been used, 40125 bad secret …: never the secret itself.
  console.warn(`[wechat-mp] oauth2 code: errcode ${String(body.errcode)} ${String(body.errmsg ?? '')}`)
  throw refuse('未能取得您的微信身份（授权已过期），请重新打开支付页')
}

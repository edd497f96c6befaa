import { refuse } from '../refusal.ts'

/**
 * WeChat 网页授权 of the 公众号 (WECHAT_MP_*): the authorize address a browser inside WeChat is
 * sent to, and the two exchanges after it (the code for access_token + openid, then userinfo).
 * WeChat answers errors as HTTP 200 with {errcode, errmsg}; each becomes a Chinese refusal.
 */
export interface WechatMp {
  appId: string
  appSecret: string
  apiBase: string
  openBase: string
}

export interface WechatUser {
  openid: string
  unionid: string | null
  nickname: string
  headimgurl: string
}

export type OauthScope = 'snsapi_base' | 'snsapi_userinfo'

/** Where WeChat's browser goes to authorize; WeChat then opens redirectUri?code=…&state=…. */
export function authorizeUrl(mp: WechatMp, redirectUri: string, state: string, scope: OauthScope) {
  const q = new URLSearchParams({
    appid: mp.appId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope,
    state,
  })
  // WeChat wants the parameters in this order and the fragment, or it shows an error page.
  return `${mp.openBase}/connect/oauth2/authorize?${q}#wechat_redirect`
}

const FAILED = '微信授权失败，请重试'

async function call(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => null)
  if (!res?.ok) throw refuse(FAILED, 502)
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null
  if (!body) throw refuse(FAILED, 502)
  if (body.errcode) {
    // 40029 invalid code, 40163 code been used: the user came back through an old link.
    const used = body.errcode === 40029 || body.errcode === 40163
    throw refuse(used ? '微信授权已失效，请重新登录' : `${FAILED}（${String(body.errcode)}）`)
  }
  return body
}

const text = (v: unknown) => (typeof v === 'string' ? v : '')

/** The code's exchange: openid (and unionid), with the access token `userinfo` needs. */
export async function exchangeCode(mp: WechatMp, code: string) {
  const q = new URLSearchParams({
    appid: mp.appId,
    secret: mp.appSecret,
    code,
    grant_type: 'authorization_code',
  })
  const b = await call(`${mp.apiBase}/sns/oauth2/access_token?${q}`)
  if (!text(b.openid) || !text(b.access_token)) throw refuse(FAILED, 502)
  return {
    accessToken: text(b.access_token),
    openid: text(b.openid),
    unionid: text(b.unionid) || null,
    scope: text(b.scope),
  }
}

/** snsapi_userinfo: who the person is (nickname, headimgurl; unionid when on an 开放平台). */
export async function userInfo(mp: WechatMp, accessToken: string, openid: string): Promise<WechatUser> {
  const q = new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' })
  const b = await call(`${mp.apiBase}/sns/userinfo?${q}`)
  if (text(b.openid) !== openid) throw refuse(FAILED, 502)
  return {
    openid,
    unionid: text(b.unionid) || null,
    nickname: text(b.nickname).slice(0, 64),
    headimgurl: text(b.headimgurl).slice(0, 500),
  }
}

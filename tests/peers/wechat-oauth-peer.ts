/**
 * A local stand-in for WeChat's 网页授权 (公众号 OAuth), as strict as the real one where we can
 * tell: the authorize page (only inside WeChat's browser, only for our appid and a valid scope)
 * sends the browser back with a code for whoever `signInAs` named; /sns/oauth2/access_token
 * checks appid, secret and code, and a code is good once, for 5 minutes; /sns/userinfo wants
 * that token, its openid, and the snsapi_userinfo scope. Errors are HTTP 200 {errcode, errmsg}.
 */
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { WechatUser } from '../../server/providers/wechat-oauth.ts'
import { serve } from './peer-kit.ts'

const CODE_TTL_MS = 5 * 60_000

export async function startWechatOauthPeer(port = 0) {
  const appId = `wx${randomBytes(8).toString('hex')}`
  const appSecret = randomBytes(16).toString('hex')
  let person: WechatUser | undefined
  const codes = new Map<string, { user: WechatUser; scope: string; at: number; used: boolean }>()
  const tokens = new Map<string, { user: WechatUser; scope: string }>()
  const json = (res: ServerResponse, body: unknown) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  const fail = (res: ServerResponse, errcode: number, errmsg: string) => json(res, { errcode, errmsg })
  const fresh = () => randomBytes(16).toString('hex')

  const server = await serve(async (req, res, url) => {
    const q = url.searchParams
    if (url.pathname === '/connect/oauth2/authorize') {
      if (!/MicroMessenger/i.test(req.headers['user-agent'] ?? ''))
        return res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end('请在微信客户端打开链接')
      if (q.get('appid') !== appId) return res.writeHead(200).end('appid 参数错误')
      const scope = q.get('scope') ?? ''
      if (!['snsapi_base', 'snsapi_userinfo'].includes(scope)) return res.writeHead(200).end('scope 参数错误')
      if (q.get('response_type') !== 'code') return res.writeHead(200).end('response_type 参数错误')
      const back = q.get('redirect_uri')
      if (!back || !person) return res.writeHead(200).end('redirect_uri 参数错误')
      const code = fresh()
      codes.set(code, { user: person, scope, at: Date.now(), used: false })
      const to = new URL(back)
      to.searchParams.set('code', code)
      to.searchParams.set('state', q.get('state') ?? '')
      return res.writeHead(302, { location: String(to) }).end()
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (q.get('appid') !== appId) return fail(res, 40013, 'invalid appid')
      if (q.get('secret') !== appSecret) return fail(res, 40125, 'invalid appsecret')
      if (q.get('grant_type') !== 'authorization_code') return fail(res, 40002, 'invalid grant_type')
      const c = codes.get(q.get('code') ?? '')
      if (!c || Date.now() - c.at > CODE_TTL_MS) return fail(res, 40029, 'invalid code')
      if (c.used) return fail(res, 40163, 'code been used')
      c.used = true
      const token = fresh()
      tokens.set(token, { user: c.user, scope: c.scope })
      return json(res, {
        access_token: token,
        expires_in: 7200,
        refresh_token: fresh(),
        openid: c.user.openid,
        scope: c.scope,
        ...(c.user.unionid ? { unionid: c.user.unionid } : {}),
      })
    }
    if (url.pathname === '/sns/userinfo') {
      const t = tokens.get(q.get('access_token') ?? '')
      if (!t) return fail(res, 40001, 'invalid credential, access_token is invalid or not latest')
      if (q.get('openid') !== t.user.openid) return fail(res, 40003, 'invalid openid')
      if (t.scope !== 'snsapi_userinfo') return fail(res, 48001, 'api unauthorized')
      return json(res, {
        openid: t.user.openid,
        nickname: t.user.nickname,
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: t.user.headimgurl,
        privilege: [],
        ...(t.user.unionid ? { unionid: t.user.unionid } : {}),
      })
    }
    return res.writeHead(404).end()
  }, port)

  return {
    ...server,
    appId,
    appSecret,
    /** The WeChat user who approves the next authorize page. */
    signInAs(user: WechatUser) {
      person = user
    },
    /** A code for `user` as the authorize page would hand it out (API tests skip the browser). */
    codeFor(user: WechatUser, scope = 'snsapi_userinfo') {
      const code = fresh()
      codes.set(code, { user, scope, at: Date.now(), used: false })
      return code
    },
    env: (): Record<string, string> => ({
      WECHAT_MP_APP_ID: appId,
      WECHAT_MP_APP_SECRET: appSecret,
      WECHAT_API_BASE_URL: server.base,
      WECHAT_OPEN_BASE_URL: server.base,
    }),
  }
}

/** A made-up WeChat user, unique per call. */
export const someWechatUser = (unionid = false): WechatUser => ({
  openid: `o${randomBytes(13).toString('base64url')}`,
  unionid: unionid ? `u${randomBytes(13).toString('base64url')}` : null,
  nickname: '微信用户',
  headimgurl: 'https://thirdwx.qlogo.cn/mmopen/x/132',
})

/**
 * By hand, to look at 微信登录 on one machine:
 *   node tests/peers/wechat-oauth-peer.ts 4653
 * starts the endpoint on that port as one made-up WeChat user and prints the variables that point
 * `npm start` at it; open the site with a MicroMessenger user agent (the browser's device mode).
 */
if (import.meta.main) {
  const [port = '4653'] = process.argv.slice(2)
  const peer = await startWechatOauthPeer(Number(port))
  peer.signInAs(someWechatUser())
  console.log(`WeChat OAuth test endpoint on ${peer.base}. Start the portal with:
${Object.entries(peer.env())
  .map(([k, v]) => `${k}=${v}`)
  .join(' \\\n  ')} npm start`)
}

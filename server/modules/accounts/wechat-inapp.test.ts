import { afterAll, describe, expect, it } from 'vitest'
import { startServer, testClock } from '../../../tests/api/harness.ts'
import { allowResend, type LoginAnswer, sendCode, uniqueTel } from '../../../tests/api/session.ts'
import { someWechatUser, startWechatOauthPeer } from '../../../tests/peers/wechat-oauth-peer.ts'
import { loadConfig } from '../../config.ts'
import type { WechatUser } from '../../providers/wechat-oauth.ts'
import { BIND_EXPIRED, STATE_REFUSED } from './wechat-inapp.ts'

let peer: Awaited<ReturnType<typeof startWechatOauthPeer>>
const clock = testClock()
const h = startServer({
  now: clock.now,
  config: async (base) => {
    peer = await startWechatOauthPeer()
    return {
      siteUrl: base,
      wechatMp: { appId: peer.appId, appSecret: peer.appSecret, apiBase: peer.base, openBase: peer.base },
    }
  },
})
afterAll(() => peer?.close())

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN'

/** The dialog's 微信授权: /wechat/oauth/start from `back`. Answers the state and the browser's cookie. */
async function start(back = '/product/1?x=1') {
  const res = await fetch(`${h.base}/wechat/oauth/start?back=${encodeURIComponent(back)}`, {
    redirect: 'manual',
    headers: { 'user-agent': WECHAT_UA },
  })
  expect(res.status).toBe(302)
  const to = new URL(res.headers.get('location') ?? '')
  expect(`${to.origin}${to.pathname}`).toBe(`${peer.base}/connect/oauth2/authorize`)
  expect(to.searchParams.get('appid')).toBe(peer.appId)
  expect(to.searchParams.get('scope')).toBe('snsapi_userinfo')
  expect(to.searchParams.get('redirect_uri')).toBe(`${h.base}/wechat/oauth/callback`)
  expect(to.hash).toBe('#wechat_redirect')
  const setCookie = res.headers.get('set-cookie') ?? ''
  expect(setCookie).toMatch(/HttpOnly/i)
  const cookie = setCookie.split(';')[0] as string
  return { state: to.searchParams.get('state') as string, cookie, authorize: to }
}

/** Where the callback sent the browser: the page and its mark, and the str the mark carries. */
function returned(res: Response) {
  const [page, mark = ''] = (res.headers.get('location') ?? '').split('#')
  const [kind, str = ''] = mark.split('=')
  return { page, kind, str }
}

/** WeChat's redirect back to us, in the browser holding `cookie`. */
const callback = (q: { code: string; state: string }, cookie: string) =>
  fetch(`${h.base}/wechat/oauth/callback?${new URLSearchParams(q)}`, {
    redirect: 'manual',
    headers: { cookie, 'user-agent': WECHAT_UA },
  })

const poll = (str: string) => h.get<LoginAnswer | null>('/api/WeChat/GetWeChatQrcodeResultpc', { str })

/** A new WeChat user through the whole flow, binding `tel`: their sign-in. */
async function bindNew(who: WechatUser, tel: string) {
  const s = await start()
  const res = await callback({ code: peer.codeFor(who), state: s.state }, s.cookie)
  expect(res.status).toBe(302)
  const back = returned(res)
  expect(back).toMatchObject({ page: '/product/1?x=1', kind: 'wechat-bind' })
  expect((await poll(back.str)).data).toBeNull()
  const code = await sendCode(h, tel)
  const r = await h.post<LoginAnswer>(`/api/WeChat/PostWeChatBind?str=${encodeURIComponent(back.str)}`, {
    tel,
    code,
  })
  expect(r.status).toBe(200)
  return { ...r.data, str: back.str }
}

describe('WeChat sign-in inside WeChat (snsapi_userinfo)', () => {
  it('binds a new WeChat user to a new phone by SMS code, then signs them in at once next time', async () => {
    const who = someWechatUser()
    const tel = uniqueTel()
    const first = await bindNew(who, tel)
    expect(first.user.tel).toBe(tel)
    // A new account is named as in WeChat.
    expect(first.user.nickName).toBe('微信用户')
    expect(first.owinToken.access_token).toBeTruthy()
    const bound = await h.db
      .selectFrom('wechat_accounts')
      .selectAll()
      .where('openid', '=', who.openid)
      .execute()
    expect(bound).toMatchObject([{ user_id: first.user.id, nickname: '微信用户' }])
    // The pending login is gone: binding again changes nothing.
    const again = await h.post(`/api/WeChat/PostWeChatBind?str=${encodeURIComponent(first.str)}`, {
      tel,
      code: await sendCode(h, uniqueTel()),
    })
    expect(again).toMatchObject({ status: 400, data: BIND_EXPIRED })

    // Returning: through the peer's authorize page, as WeChat's browser goes.
    peer.signInAs(who)
    const s = await start('/member')
    const authorized = await fetch(s.authorize, { redirect: 'manual', headers: { 'user-agent': WECHAT_UA } })
    expect(authorized.status).toBe(302)
    const back = new URL(authorized.headers.get('location') ?? '')
    const res = await callback(
      { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' },
      s.cookie,
    )
    const mark = returned(res)
    expect(mark).toMatchObject({ page: '/member', kind: 'wechat-login' })
    const login = await poll(mark.str)
    expect(login.data?.user.id).toBe(first.user.id)
    expect(login.data?.owinToken.access_token).toBeTruthy()
    // The login is answered once.
    expect((await poll(mark.str)).status).toBe(400)
  })

  it('binds an already registered phone, and knows the person by unionid from another openid', async () => {
    const tel = uniqueTel()
    const who = someWechatUser(true)
    const first = await bindNew(who, tel)
    allowResend(clock)
    const sameTel = await bindNew(someWechatUser(), tel)
    expect(sameTel.user.id).toBe(first.user.id)
    // The same person through another app of the 开放平台: a new openid, the same unionid.
    const other = { ...someWechatUser(), unionid: who.unionid }
    const s = await start()
    const res = await callback({ code: peer.codeFor(other), state: s.state }, s.cookie)
    const mark = returned(res)
    expect(mark.kind).toBe('wechat-login')
    expect((await poll(mark.str)).data?.user.id).toBe(first.user.id)
  })

  it('refuses a code used before', async () => {
    const who = someWechatUser()
    const code = peer.codeFor(who)
    const s1 = await start()
    expect((await callback({ code, state: s1.state }, s1.cookie)).status).toBe(302)
    const s2 = await start()
    const res = await callback({ code, state: s2.state }, s2.cookie)
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('微信授权已失效，请重新登录')
    expect(res.headers.get('location')).toBeNull()
  })

  it('refuses a wrong state, a state from another browser, and a state used twice', async () => {
    const who = someWechatUser()
    const s = await start()
    const wrong = await callback({ code: peer.codeFor(who), state: 'f'.repeat(32) }, s.cookie)
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toContain(STATE_REFUSED)
    // Login CSRF: someone else's state, in a browser that did not start it.
    const other = await start()
    const forged = await callback({ code: peer.codeFor(who), state: s.state }, other.cookie)
    expect(forged.status).toBe(400)
    expect((await callback({ code: peer.codeFor(who), state: s.state }, '')).status).toBe(400)
    // The right one still works, once.
    expect((await callback({ code: peer.codeFor(who), state: s.state }, s.cookie)).status).toBe(302)
    expect((await callback({ code: peer.codeFor(who), state: s.state }, s.cookie)).status).toBe(400)
  })

  it("a QR login's str cannot be approved through WeChat, nor bound", async () => {
    // Someone sends a link with a str they hold: the start ignores it and makes a row of its own.
    const { data } = await h.get<{ str: string }>('/api/WeChat/GetWeChatQrcode')
    const s = await fetch(`${h.base}/wechat/oauth/start?str=${encodeURIComponent(data.str)}`, {
      redirect: 'manual',
    })
    const cookie = (s.headers.get('set-cookie') ?? '').split(';')[0] as string
    const state = new URL(s.headers.get('location') ?? '').searchParams.get('state') as string
    const victim = returned(await callback({ code: peer.codeFor(someWechatUser()), state }, cookie))
    expect(victim.str).not.toBe(data.str)
    expect((await poll(data.str)).data).toBeNull()
    const tel = uniqueTel()
    const bound = await h.post(`/api/WeChat/PostWeChatBind?str=${encodeURIComponent(data.str)}`, {
      tel,
      code: await sendCode(h, tel),
    })
    expect(bound).toMatchObject({ status: 400, data: BIND_EXPIRED })
  })

  it('returns only to a page of this site', async () => {
    const s = await start('//evil.example/x')
    const res = await callback({ code: peer.codeFor(someWechatUser()), state: s.state }, s.cookie)
    expect(returned(res)).toMatchObject({ page: '/', kind: 'wechat-bind' })
  })

  it('two binds of one pending login at once sign in one', async () => {
    const who = someWechatUser()
    const s = await start()
    const { str } = returned(await callback({ code: peer.codeFor(who), state: s.state }, s.cookie))
    const tel = uniqueTel()
    const code = await sendCode(h, tel)
    const path = `/api/WeChat/PostWeChatBind?str=${encodeURIComponent(str)}`
    const both = await Promise.all([h.post(path, { tel, code }), h.post(path, { tel, code })])
    expect(both.filter((r) => r.status === 200)).toHaveLength(1)
    const rows = await h.db
      .selectFrom('wechat_accounts')
      .select('user_id')
      .where('openid', '=', who.openid)
      .execute()
    expect(rows).toHaveLength(1)
  })
})

describe('configuration', () => {
  it('takes the 公众号 from WECHAT_MP_*, both or neither', () => {
    expect(loadConfig({}).wechatMp).toBeUndefined()
    const env = { WECHAT_MP_APP_ID: 'wx0123456789abcdef', WECHAT_MP_APP_SECRET: 'secret0123' }
    expect(loadConfig(env).wechatMp).toEqual({
      appId: 'wx0123456789abcdef',
      appSecret: 'secret0123',
      apiBase: 'https://api.weixin.qq.com',
      openBase: 'https://open.weixin.qq.com',
    })
    expect(() => loadConfig({ WECHAT_MP_APP_ID: 'wx0123456789abcdef' })).toThrow(/WECHAT_MP_APP_SECRET/)
    expect(() => loadConfig({ WECHAT_MP_APP_SECRET: 'secret0123' })).toThrow(/WECHAT_MP_APP_ID/)
  })
})

describe('the peer is strict', () => {
  it('checks appid and secret, and the scope of userinfo', async () => {
    const who = someWechatUser()
    const code = peer.codeFor(who, 'snsapi_base')
    const bad = await fetch(
      `${peer.base}/sns/oauth2/access_token?appid=${peer.appId}&secret=x&code=${code}&grant_type=authorization_code`,
    )
    expect(await bad.json()).toMatchObject({ errcode: 40125 })
    const ok = (await (
      await fetch(
        `${peer.base}/sns/oauth2/access_token?appid=${peer.appId}&secret=${peer.appSecret}&code=${code}&grant_type=authorization_code`,
      )
    ).json()) as { access_token: string; openid: string }
    expect(ok.openid).toBe(who.openid)
    const info = await fetch(`${peer.base}/sns/userinfo?access_token=${ok.access_token}&openid=${who.openid}`)
    expect(await info.json()).toMatchObject({ errcode: 48001 })
    const page = await fetch(
      `${peer.base}/connect/oauth2/authorize?appid=${peer.appId}&scope=snsapi_userinfo`,
    )
    expect(await page.text()).toContain('请在微信客户端打开链接')
  })
})

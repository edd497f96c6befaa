import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { html } from 'hono/html'
import { NICKNAME_MAX } from '../../../src/lib/rules/profile.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, type Deps, refuse } from '../../http.ts'
import { PHONE_PAGE_STYLE, plainPage } from '../../plain-page.ts'
import { authorizeUrl, exchangeCode, userInfo, type WechatUser } from '../../providers/wechat-oauth.ts'
import { dbTime } from '../../time.ts'
import * as q from './accounts.queries.ts'
import { hashPassword } from './password.ts'
import { hashToken, signIn } from './sessions.ts'
import { consumeCode } from './sms-codes.ts'
import { approveQrLogin, createQrLogin, pendingLogin } from './wechat.ts'

/**
 * WeChat sign-in inside WeChat's browser (issue 41 item 5; 网页授权 snsapi_userinfo of the 公众号).
 * It rides on the QR login's pending row and its poll (wechat.ts). /wechat/oauth/start makes the
 * row, binds a fresh state to this browser (the nonce cookie, CSRF) and sends it to WeChat;
 * WeChat returns to /wechat/oauth/callback with a code. A bound openid/unionid approves the row
 * at once; someone new is remembered on it. Only then does the row get a str, handed in the
 * return address's fragment to the browser whose cookie matched and to no one else: with it the
 * dialog's poll signs in as for a scanned QR, or the dialog binds a phone by SMS code
 * (bindWechat). A str made anywhere else (GetWeChatQrcode) never approves through WeChat, so a
 * link someone sends cannot sign them in as whoever opens it.
 */

export const OAUTH_COOKIE = { name: 'wx_oauth', path: '/wechat/oauth' } as const
export const STATE_REFUSED = '登录请求已失效或不是从本浏览器发起，请重新登录'
export const BIND_EXPIRED = '微信授权已过期，请重新登录'

/** Only a path on this site (not //host, not a scheme) may be returned to. */
export function safeBack(back: string | undefined): string {
  const b = (back ?? '').slice(0, 500)
  return b.startsWith('/') && !b.startsWith('//') && !b.startsWith('/\\') ? b : '/'
}

/** The account an openid or (on an 开放平台) its unionid is bound to. */
async function boundUser(db: Db, who: WechatUser): Promise<number | undefined> {
  const row = await db
    .selectFrom('wechat_accounts')
    .select('user_id')
    .where((w) =>
      who.unionid
        ? w.or([w('openid', '=', who.openid), w('unionid', '=', who.unionid)])
        : w('openid', '=', who.openid),
    )
    .orderBy('create_time')
    .executeTakeFirst()
  return row?.user_id
}

async function bind(db: Db, who: WechatUser, userId: number, now: Date) {
  await db
    .insertInto('wechat_accounts')
    .values({
      openid: who.openid,
      unionid: who.unionid,
      user_id: userId,
      nickname: who.nickname,
      headimgurl: who.headimgurl,
      create_time: dbTime(now),
    })
    .onConflict((oc) => oc.column('openid').doNothing())
    .execute()
}

/**
 * A new WeChat user binds the phone whose SMS code they give (an account is made for a phone not
 * yet registered) and is signed in. The row is taken once: a second attempt changes nothing.
 */
export async function bindWechat(
  db: Db,
  str: string | undefined,
  v: { tel: string; code: string },
  now: Date,
) {
  const row = await pendingLogin(db, str, now)
  const pending = row
    ? await db
        .selectFrom('wechat_logins')
        .select(['openid', 'unionid', 'nickname', 'headimgurl'])
        .where('id', '=', row.id)
        .where('user_id', 'is', null)
        .executeTakeFirst()
    : undefined
  if (!row || !pending?.openid) throw refuse(BIND_EXPIRED)
  await consumeCode(db, v.tel, v.code, now)
  const who: WechatUser = {
    openid: pending.openid,
    unionid: pending.unionid,
    nickname: pending.nickname ?? '',
    headimgurl: pending.headimgurl ?? '',
  }
  let userId = await q.userIdByTel(db, v.tel)
  if (!userId) {
    // A new account, named as in WeChat (its password is set later with 忘记密码, if ever).
    userId = await q.createUser(db, v.tel, await hashPassword(randomBytes(24).toString('base64url')), now)
    const name = [...who.nickname.trim()].slice(0, NICKNAME_MAX).join('')
    if (name) await db.updateTable('users').set({ nick_name: name }).where('id', '=', userId).execute()
  }
  await db.transaction().execute(async (t) => {
    const taken = await t
      .deleteFrom('wechat_logins')
      .where('id', '=', row.id)
      .where('user_id', 'is', null)
      .executeTakeFirst()
    if (Number(taken.numDeletedRows) === 0) throw refuse(BIND_EXPIRED)
    await bind(t, who, userId, now)
  })
  // Bound meanwhile to someone else (two tabs): the earlier binding stands.
  const owner = await boundUser(db, who)
  if (owner !== userId) throw refuse('该微信已绑定其他账号，请重新登录')
  return signIn(db, userId, now)
}

// --- the two pages WeChat's browser passes through --------------------------------------------

function failed(message: string) {
  return plainPage({
    title: '微信登录',
    style: `body { font-family: system-ui, sans-serif; max-width: 24rem; margin: 2rem auto; padding: 0 1rem; }${PHONE_PAGE_STYLE}`,
    body: html`<h1>微信登录</h1>
      <p class="error" role="alert">${message}</p>
      <p><a href="/">返回首页</a></p>`,
  })
}

/** GET /wechat/oauth/start and /wechat/oauth/callback: plain pages outside /api, mounted by server.ts. */
export function wechatOauthPages(deps: Deps) {
  const app = new Hono()
  const secure = deps.config.siteUrl.startsWith('https:')

  app.get('/wechat/oauth/start', async (c) => {
    const mp = deps.config.wechatMp
    if (!mp) return c.html(failed('本站未开通微信登录'), 404)
    const now = deps.now()
    const row = await pendingLogin(deps.db, await createQrLogin(deps.db, now), now)
    if (!row) return c.html(failed(STATE_REFUSED), 400)
    const state = randomBytes(16).toString('hex')
    const nonce = randomBytes(24).toString('base64url')
    const set = await deps.db
      .updateTable('wechat_logins')
      .set({ state: hashToken(state), nonce: hashToken(nonce), back: safeBack(c.req.query('back')) })
      .where('id', '=', row.id)
      .where('user_id', 'is', null)
      .executeTakeFirst()
    if (Number(set.numUpdatedRows) === 0) return c.html(failed(STATE_REFUSED), 400)
    // Lax: the browser sends it on WeChat's top-level redirect back to the callback.
    setCookie(c, OAUTH_COOKIE.name, nonce, {
      path: OAUTH_COOKIE.path,
      httpOnly: true,
      sameSite: 'Lax',
      secure,
      maxAge: 600,
    })
    return c.redirect(
      authorizeUrl(mp, `${deps.config.siteUrl}/wechat/oauth/callback`, state, 'snsapi_userinfo'),
      302,
    )
  })

  app.get('/wechat/oauth/callback', async (c) => {
    const mp = deps.config.wechatMp
    if (!mp) return c.html(failed('本站未开通微信登录'), 404)
    const now = deps.now()
    const state = (c.req.query('state') ?? '').slice(0, 64)
    const code = (c.req.query('code') ?? '').slice(0, 200)
    const nonce = getCookie(c, OAUTH_COOKIE.name) ?? ''
    deleteCookie(c, OAUTH_COOKIE.name, { path: OAUTH_COOKIE.path, httpOnly: true, sameSite: 'Lax', secure })
    // The state is taken once, and only by the browser whose cookie started it.
    const row =
      state && nonce
        ? await deps.db
            .selectFrom('wechat_logins')
            .select(['id', 'back'])
            .where('state', '=', hashToken(state))
            .where('nonce', '=', hashToken(nonce))
            .where('user_id', 'is', null)
            .where('expires_at', '>', now.getTime())
            .executeTakeFirst()
        : undefined
    if (!row) return c.html(failed(STATE_REFUSED), 400)
    // The str the dialog goes on with, known only to this browser from here on.
    const str = randomBytes(24).toString('base64url')
    const took = await deps.db
      .updateTable('wechat_logins')
      .set({ state: null, str: hashToken(str) })
      .where('id', '=', row.id)
      .where('state', '=', hashToken(state))
      .executeTakeFirst()
    if (Number(took.numUpdatedRows) === 0) return c.html(failed(STATE_REFUSED), 400)
    // No code: the person declined 授权.
    if (!code) return c.redirect(`${safeBack(row.back ?? '/')}#wechat-declined`, 302)
    let who: WechatUser
    try {
      const token = await exchangeCode(mp, code)
      who = await userInfo(mp, token.accessToken, token.openid)
    } catch (e) {
      if (e instanceof ApiError) return c.html(failed(e.message), e.status === 502 ? 502 : 400)
      throw e
    }
    const back = safeBack(row.back ?? '/')
    const userId = await boundUser(deps.db, who)
    if (userId) {
      // Known by unionid only (another app of the same 开放平台): this openid is bound too.
      await bind(deps.db, who, userId, now)
      const approved = await approveQrLogin(deps.db, row.id, userId, now)
      if (!approved) return c.html(failed(STATE_REFUSED), 400)
      return c.redirect(`${back}#wechat-login=${str}`, 302)
    }
    await deps.db
      .updateTable('wechat_logins')
      .set({ openid: who.openid, unionid: who.unionid, nickname: who.nickname, headimgurl: who.headimgurl })
      .where('id', '=', row.id)
      .where('user_id', 'is', null)
      .execute()
    return c.redirect(`${back}#wechat-bind=${str}`, 302)
  })
  return app
}

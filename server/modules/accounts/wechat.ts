import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { html } from 'hono/html'
import { checkPasswordLogin } from '../../../src/lib/rules/login.ts'
import { site } from '../../../src/lib/site.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, type Deps, requestIp } from '../../http.ts'
import { PHONE_PAGE_STYLE, plainPage } from '../../plain-page.ts'
import { dbTime } from '../../time.ts'
import { limitedPasswordUser } from './login-limits.ts'
import { BAD_LOGIN, hashToken } from './sessions.ts'

/**
 * WeChat QR login without WeChat: the QR points at a confirmation page on this server, which
 * plays the phone. Its form takes a phone and password, the "WeChat account" that approves the
 * login; the PC polls until then (accounts §4). A real WeChat integration replaces the page with
 * WeChat's OAuth callback and keeps the polling contract.
 */

export const QR_TTL_MS = 5 * 60_000
export const QR_EXPIRED = '二维码已过期，请刷新'
/** The longest str read from a request. */
export const QR_STR_MAX = 100

/** The pending login of a str, while it lives. Only the str's hash is stored, like tokens. */
export async function pendingLogin(db: Db, str: string | undefined, now: Date) {
  if (!str) return undefined
  return db
    .selectFrom('wechat_logins')
    .select(['id', 'user_id'])
    .where('str', '=', hashToken(str))
    .where('expires_at', '>', now.getTime())
    .executeTakeFirst()
}

/** A new QR login: the str the page and the poll carry (only its hash is stored). */
export async function createQrLogin(db: Db, now: Date): Promise<string> {
  const at = now.getTime()
  const str = randomBytes(24).toString('base64url')
  await db.deleteFrom('wechat_logins').where('expires_at', '<=', at).execute()
  await db
    .insertInto('wechat_logins')
    .values({ str: hashToken(str), expires_at: at + QR_TTL_MS, create_time: dbTime(now) })
    .execute()
  return str
}

/**
 * Takes a confirmed login: true only for the poll that deletes the row, however many arrive at once.
 */
export async function takeQrLogin(db: Db, id: number): Promise<boolean> {
  const taken = await db
    .deleteFrom('wechat_logins')
    .where('id', '=', id)
    .where('user_id', 'is not', null)
    .executeTakeFirst()
  return Number(taken.numDeletedRows) > 0
}

/** The phone (or WeChat's OAuth callback) approves the login for `userId`, unless it expired or someone approved it first. */
export async function approveQrLogin(db: Db, id: number, userId: number, now: Date): Promise<boolean> {
  const approved = await db
    .updateTable('wechat_logins')
    .set({ user_id: userId })
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .where('expires_at', '>', now.getTime())
    .executeTakeFirst()
  return Number(approved.numUpdatedRows) > 0
}

// --- the confirmation page ("the phone") ----------------------------------------------------

type PageState =
  | { kind: 'form'; str: string; tel?: string; error?: string }
  | { kind: 'done' }
  | { kind: 'expired' }

const PAGE_STYLE = `
      body { font-family: system-ui, sans-serif; max-width: 24rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
      label { display: block; margin: 0.75rem 0; }
      input { display: block; width: 100%; box-sizing: border-box; padding: 0.5rem; margin-top: 0.25rem; font-size: 1rem; }${PHONE_PAGE_STYLE}`

/** The page in its three states; hono's html escapes every interpolated value. */
function page(s: PageState) {
  const body =
    s.kind === 'done'
      ? html`<p class="done">已确认，请回到电脑端</p>`
      : s.kind === 'expired'
        ? html`<p class="error">二维码已过期，请在电脑端刷新二维码后重新扫码</p>`
        : html`<p>${site.name}请求使用你的微信账号登录。请输入手机号和密码确认。</p>
            ${s.error ? html`<p class="error" role="alert">${s.error}</p>` : ''}
            <form method="post" action="/wechat/confirm">
              <input type="hidden" name="str" value="${s.str}" />
              <label>手机号 <input name="tel" type="tel" inputmode="numeric" maxlength="11" autocomplete="username" value="${s.tel ?? ''}" required /></label>
              <label>密码 <input name="password" type="password" autocomplete="current-password" required /></label>
              <button type="submit">确认登录</button>
            </form>`
  return plainPage({
    title: '微信扫码登录确认',
    style: PAGE_STYLE,
    body: html`<h1>微信扫码登录确认</h1>
    ${body}`,
  })
}

/** GET and POST /wechat/confirm: a plain page outside /api, so no sign header; mounted by server.ts. */
export function wechatConfirmPage(deps: Deps) {
  const app = new Hono()
  app.get('/wechat/confirm', async (c) => {
    const str = c.req.query('str') ?? ''
    const row = await pendingLogin(deps.db, str.slice(0, QR_STR_MAX), deps.now())
    if (!row) return c.html(page({ kind: 'expired' }), 410)
    if (row.user_id !== null) return c.html(page({ kind: 'done' }))
    return c.html(page({ kind: 'form', str }))
  })

  app.post('/wechat/confirm', bodyLimit({ maxSize: 16 * 1024 }), async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const field = (k: string) => (typeof form[k] === 'string' ? form[k] : '')
    const str = field('str').slice(0, QR_STR_MAX)
    const now = deps.now()
    const row = await pendingLogin(deps.db, str, now)
    if (!row) return c.html(page({ kind: 'expired' }), 410)
    if (row.user_id !== null) return c.html(page({ kind: 'done' }))
    const login = checkPasswordLogin({ tel: field('tel'), password: field('password') })
    const tel = field('tel').slice(0, 20)
    if (login.error !== null) return c.html(page({ kind: 'form', str, tel, error: login.error }), 400)
    // The same limits as the API's password login: this page needs no sign, so it is the
    // easier door to guess through.
    const source = { ip: requestIp(c, deps.config.trustProxy), ceiling: deps.config.loginAccountHourlyCap }
    const userId = await limitedPasswordUser(
      deps.db,
      login.value.tel,
      login.value.password,
      source,
      now,
    ).catch((e: unknown) => {
      if (e instanceof ApiError) return e
      throw e
    })
    if (userId instanceof ApiError)
      return c.html(page({ kind: 'form', str, tel, error: userId.message }), userId.status as 429)
    if (!userId) return c.html(page({ kind: 'form', str, tel, error: BAD_LOGIN }), 400)
    const approved = await approveQrLogin(deps.db, row.id, userId, now)
    return c.html(page(approved ? { kind: 'done' } : { kind: 'expired' }), approved ? 200 : 410)
  })
  return app
}

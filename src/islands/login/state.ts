/**
 * What the login dialog shows, kept outside React so nav.ts (through mount.tsx) can open it
 * from plain DOM code, and so the mode survives closing and reopening (the SMS countdown is
 * src/lib/stores/sms.ts, shared with the change-phone dialog).
 */
import { atom } from 'nanostores'
import { inWeChat, type WechatReturn } from '../../lib/wechat-browser.ts'

export type LoginTab = 'login' | 'register'
/** 验证码登录, 密码登录, 微信扫码 (accounts §2 "Login dialog"). */
export type LoginMode = 'code' | 'password' | 'wechat'

export const $login = atom<{ open: boolean; tab: LoginTab }>({ open: false, tab: 'login' })
/** In WeChat's browser the dialog opens on 微信登录 (issue 41): nothing to type for someone WeChat knows. */
export const $mode = atom<LoginMode>(inWeChat() ? 'wechat' : 'code')
/** Back from WeChat's 网页授权 (issue 41): what its callback said, until the dialog has dealt with it. */
export const $wechatReturn = atom<WechatReturn | null>(null)

/** Counts logout requests; each increment asks the confirm question once. */
export const $logoutAsks = atom(0)

export function showLogin(tab: LoginTab): void {
  $login.set({ open: true, tab })
}

export function hideLogin(): void {
  $login.set({ ...$login.get(), open: false })
}

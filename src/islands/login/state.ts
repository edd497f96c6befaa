/**
 * What the login dialog shows, kept outside React so nav.ts (through mount.tsx) can open it
 * from plain DOM code, and so the mode survives closing and reopening (the SMS countdown is
 * src/lib/stores/sms.ts, shared with the change-phone dialog).
 */
import { atom } from 'nanostores'

export type LoginTab = 'login' | 'register'
/** 验证码登录, 密码登录, 微信扫码 (accounts §2 "Login dialog"). */
export type LoginMode = 'code' | 'password' | 'wechat'

export const $login = atom<{ open: boolean; tab: LoginTab }>({ open: false, tab: 'login' })
export const $mode = atom<LoginMode>('code')

/** Counts logout requests; each increment asks the confirm question once. */
export const $logoutAsks = atom(0)

export function showLogin(tab: LoginTab): void {
  $login.set({ open: true, tab })
}

export function hideLogin(): void {
  $login.set({ ...$login.get(), open: false })
}

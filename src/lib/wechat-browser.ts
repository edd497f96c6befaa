/** WeChat's own browser (its user agent says MicroMessenger): where 网页授权 works and a QR cannot be scanned. */
export const inWeChat = (ua = typeof navigator === 'undefined' ? '' : navigator.userAgent) =>
  /MicroMessenger/i.test(ua)

/**
 * What /wechat/oauth/callback marks the page it returns to with: signed in (`login`), someone new
 * to bind a phone (`bind`), each with the pending login's str; or 授权 declined.
 */
export interface WechatReturn {
  kind: 'login' | 'bind' | 'declined'
  str: string
}

/** The mark of `hash` (location.hash), or null: '#wechat-bind=abc' → { kind: 'bind', str: 'abc' }. */
export function wechatReturn(hash: string): WechatReturn | null {
  const m = /^#wechat-(login|bind|declined)(?:=([\w-]{1,100}))?$/.exec(hash)
  if (!m) return null
  const kind = m[1] as WechatReturn['kind']
  const str = m[2] ?? ''
  return kind === 'declined' || str ? { kind, str } : null
}

/** WeChat's own browser (its user agent says MicroMessenger): where 网页授权 works and a QR cannot be scanned. */
export const inWeChat = (ua = typeof navigator === 'undefined' ? '' : navigator.userAgent) =>
  /MicroMessenger/i.test(ua)

/** The pending login's str, kept in this tab while WeChat's 网页授权 page is away (the QR login's str). */
export const WECHAT_LOGIN_KEY = 'portal:wechat-login'

/** What /wechat/oauth/callback appends to the page it returns to. */
export const WECHAT_RETURNS = {
  '#wechat-login': 'login',
  '#wechat-bind': 'bind',
  '#wechat-declined': 'declined',
} as const
export type WechatReturn = (typeof WECHAT_RETURNS)[keyof typeof WECHAT_RETURNS]

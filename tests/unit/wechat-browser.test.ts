import { describe, expect, it } from 'vitest'
import { inWeChat, wechatReturn } from '../../src/lib/wechat-browser.ts'

describe('WeChat in-app sign-in marks', () => {
  it('knows WeChat by its user agent', () => {
    expect(inWeChat('Mozilla/5.0 (iPhone) Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI')).toBe(true)
    expect(inWeChat('Mozilla/5.0 (iPhone) Mobile/15E148 Safari/604.1')).toBe(false)
  })

  it('reads the callback mark, and nothing else', () => {
    expect(wechatReturn('#wechat-bind=ab_C-9')).toEqual({ kind: 'bind', str: 'ab_C-9' })
    expect(wechatReturn('#wechat-login=x')).toEqual({ kind: 'login', str: 'x' })
    expect(wechatReturn('#wechat-declined')).toEqual({ kind: 'declined', str: '' })
    expect(wechatReturn('#wechat-login')).toBeNull()
    expect(wechatReturn('#wechat-login=a"b')).toBeNull()
    expect(wechatReturn('#reviews')).toBeNull()
    expect(wechatReturn('')).toBeNull()
  })
})

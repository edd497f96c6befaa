/** The pay page's choice by device (issue 41): src/lib/pay-ways.ts deviceOf and sceneOf. */
import { describe, expect, it } from 'vitest'
import { deviceOf, isWechatBrowser, PAY_WAYS, sceneOf } from '../../src/lib/pay-ways.ts'

const UA = {
  wechat:
    'Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2231 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  wechatPc:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13) XWEB/9129',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 13; SM-S9180) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
}

describe('deviceOf', () => {
  it('tells WeChat’s browser (phone or PC) first, then phones by user agent or a narrow touch screen', () => {
    expect(deviceOf(UA.wechat, 390)).toBe('wechat')
    expect(deviceOf(UA.wechatPc, 1920)).toBe('wechat')
    expect(isWechatBrowser(UA.iphone)).toBe(false)
    expect(deviceOf(UA.iphone, 390)).toBe('phone')
    expect(deviceOf(UA.android, 412)).toBe('phone')
    expect(deviceOf(UA.desktop, 1920)).toBe('desktop')
    expect(deviceOf(UA.desktop, 600)).toBe('desktop')
    expect(deviceOf(UA.desktop, 600, true)).toBe('phone')
  })
})

describe('sceneOf', () => {
  it('pays WeChat by JSAPI in its browser, by H5 on phones and by QR on desktops; Alipay not inside WeChat', () => {
    expect(sceneOf('wechat', 'wechat')).toBe('jsapi')
    expect(sceneOf('wechat', 'phone')).toBe('h5')
    expect(sceneOf('wechat', 'desktop')).toBe('qr')
    expect(sceneOf('alipay', 'wechat')).toBe('outside')
    expect(sceneOf('alipay', 'desktop')).toBe('qr')
    expect(sceneOf('balance', 'wechat')).toBe('direct')
    expect(sceneOf('union', 'phone')).toBe('direct')
    expect(sceneOf('unknown', 'phone')).toBe('qr')
  })

  it('has every way say how it is paid on every device, only offline ways directly', () => {
    for (const w of PAY_WAYS)
      for (const d of ['desktop', 'phone', 'wechat'] as const)
        expect(w.devices[d] === 'direct').toBe(!w.online)
  })
})

/**
 * WeChat Pay on phones (issue 41): JSAPI inside WeChat's browser (the 公众号's 网页授权
 * snsapi_base gives the openid, /v3/pay/transactions/jsapi the prepay_id, WeChat's pay sheet
 * takes the merchant-signed paySign) and H5 pay in other phone browsers (/v3/pay/transactions/h5,
 * h5_url with our redirect_url), against tests/peers/wechatpay-peer.ts, which checks as WeChat
 * does. On SQLite and PostgreSQL (the api and api-pg projects).
 */

import { createVerify, X509Certificate } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { placeOrder } from '../../../tests/api/orders.ts'
import { liveServer, paymentReads } from '../../../tests/api/payments.ts'
import { newUser } from '../../../tests/api/session.ts'
import { startWechatpayPeer } from '../../../tests/peers/wechatpay-peer.ts'
import { loadConfig } from '../../config.ts'
import { authorizeUrl, openidOf } from '../../providers/wechat-mp.ts'
import { jsapiParams, paySignMessage } from '../../providers/wechatpay.ts'
import type { PayAnswer } from './payments.routes.ts'

const { h, peer } = liveServer(() => startWechatpayPeer(), 'wechatpay')
const reads = paymentReads(h)
const { statusOf, orderRow, paymentsOf } = reads

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN'
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

type Me = Awaited<ReturnType<typeof newUser>>
const payIn = (ua: string, me: Me, id: number, query: Record<string, string>) =>
  h.get<PayAnswer | string>(
    '/api/Orders/GetOrdersPay',
    { id, way: 'wechat', ...query },
    { ...me.auth, 'User-Agent': ua },
  )

/** A new buyer's unpaid order. */
async function order(priceFen: number) {
  const me = await newUser(h)
  const o = await placeOrder(h, me, { priceFen })
  return { me, ...o }
}

/** Follows WeChat's authorize address as WeChat's browser does: the code it comes back with. */
async function authorize(url: string) {
  const res = await fetch(url.replace(/#wechat_redirect$/, ''), { redirect: 'manual' })
  expect(res.status).toBe(302)
  return new URL(res.headers.get('location') as string)
}

describe('JSAPI inside WeChat', () => {
  it('asks for 网页授权, exchanges the code for the openid, opens the pay sheet; paid by the notification', async () => {
    const o = await order(12_345)
    const first = await payIn(WECHAT_UA, o.me, o.id, { scene: 'jsapi' })
    expect(first.http).toBe(200)
    const url = new URL((first.data as PayAnswer).authorize_url as string)
    expect(`${url.origin}${url.pathname}`).toBe(`${peer().base}/connect/oauth2/authorize`)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      appid: peer().appId,
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'wxpay',
      redirect_uri: `${h.base}/pay?id=${o.id}&way=wechat`,
    })
    expect(url.hash).toBe('#wechat_redirect')
    // No trade yet: nothing was asked of WeChat Pay before the openid.
    expect(await paymentsOf(o.id)).toEqual([])

    const back = await authorize(url.href)
    expect(back.pathname).toBe('/pay')
    expect(back.searchParams.get('state')).toBe('wxpay')
    const code = back.searchParams.get('code') as string
    const opened = await payIn(WECHAT_UA, o.me, o.id, { scene: 'jsapi', code })
    expect(opened.http).toBe(200)
    const p = (opened.data as PayAnswer).jsapi
    if (!p) throw new Error('no jsapi parameters')
    expect(p.appId).toBe(peer().appId)
    expect(p.signType).toBe('RSA')
    expect(p.package).toMatch(/^prepay_id=wx[0-9a-f]+$/)
    expect(p.timeStamp).toMatch(/^\d{10}$/)

    // The request WeChat Pay got: the 公众号's appid, the payer's openid, our notify_url.
    const [call] = peer().callsTo(/^\/v3\/pay\/transactions\/jsapi$/, 'POST')
    expect(call?.body).toMatchObject({
      appid: peer().appId,
      mchid: peer().mchId,
      payer: { openid: peer().openid() },
      amount: { total: 12_345, currency: 'CNY' },
      notify_url: `${h.base}/pay/notify/wechat`,
    })
    const t = peer().tradeOfPrepay(p.package.slice('prepay_id='.length))
    expect(t?.outTradeNo).toBe((await paymentsOf(o.id))[0]?.out_trade_no)
    expect((await paymentsOf(o.id))[0]).toMatchObject({ way: 'wechat', status: 10, page_pay: 2 })

    // paySign verifies with the merchant certificate's public key (node:crypto), and at the peer.
    const cert = new X509Certificate(peer().merchantCert)
    expect(cert.serialNumber.toUpperCase()).toBe(peer().merchantSerial)
    expect(
      createVerify('RSA-SHA256')
        .update(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`)
        .verify(cert.publicKey, p.paySign, 'base64'),
    ).toBe(true)
    expect(peer().paySignValid({ ...p })).toBe(true)
    expect(peer().paySignValid({ ...p, nonceStr: `${p.nonceStr}x` })).toBe(false)
    expect(await peer().paySheet({ ...p, package: `${p.package}0` })).toMatchObject({
      err_msg: 'get_brand_wcpay_request:fail',
    })

    expect(await statusOf(o.me, o.id)).toBe(10)
    expect(await peer().paySheet({ ...p })).toEqual({ err_msg: 'get_brand_wcpay_request:ok' })
    await peer().idle()
    expect(await orderRow(o.id)).toEqual({ status: 20, pay_way: 'wechat' })
    expect((await paymentsOf(o.id))[0]?.status).toBe(20)
    // The sheet again: WeChat says paid, nothing changes.
    expect((await peer().paySheet({ ...p })).err_msg).toBe('get_brand_wcpay_request:fail')
  })

  it('signs paySign over appId, timeStamp, nonceStr and package, each line ending in \\n', () => {
    const pair = peer()
    const p = jsapiParams(
      loadConfig(pair.env(h.base)).wechatpay?.privateKey as string,
      'wxA',
      'wx1',
      '1',
      'N',
    )
    expect(p).toMatchObject({
      appId: 'wxA',
      timeStamp: '1',
      nonceStr: 'N',
      package: 'prepay_id=wx1',
      signType: 'RSA',
    })
    expect(paySignMessage('wxA', '1', 'N', 'prepay_id=wx1')).toBe('wxA\n1\nN\nprepay_id=wx1\n')
    expect(
      createVerify('RSA-SHA256')
        .update('wxA\n1\nN\nprepay_id=wx1\n')
        .verify(pair.merchantPublicKey, p.paySign, 'base64'),
    ).toBe(true)
  })

  it('exchanges a code once for the openid; a used or made-up code, or a wrong secret, is refused', async () => {
    const mp = loadConfig(peer().env(h.base)).wechatMp
    if (!mp) throw new Error('no 公众号')
    expect(authorizeUrl(mp, 'https://shop.example.cn/pay?id=1&way=wechat', 's')).toBe(
      `${peer().base}/connect/oauth2/authorize?appid=${mp.appId}&redirect_uri=https%3A%2F%2Fshop.example.cn%2Fpay%3Fid%3D1%26way%3Dwechat&response_type=code&scope=snsapi_base&state=s#wechat_redirect`,
    )
    const code = peer().oauthCode()
    expect(await openidOf(mp, code)).toBe(peer().openid())
    await expect(openidOf(mp, code)).rejects.toThrow('未能取得您的微信身份')
    await expect(openidOf(mp, 'made-up')).rejects.toThrow('未能取得您的微信身份')
    await expect(openidOf({ ...mp, appSecret: 'wrong' }, peer().oauthCode())).rejects.toThrow(
      '未能取得您的微信身份',
    )
  })

  it('refuses outside WeChat, without a good code, and for a way WeChat does not open; nothing is opened', async () => {
    const o = await order(2_000)
    const outside = await payIn(PHONE_UA, o.me, o.id, { scene: 'jsapi', code: peer().oauthCode() })
    expect(outside).toMatchObject({
      http: 400,
      data: '微信内支付只能在微信中使用，请在微信中打开本页或选择其他支付方式',
    })
    const noOpenid = await payIn(WECHAT_UA, o.me, o.id, { scene: 'jsapi', code: 'made-up' })
    expect(noOpenid).toMatchObject({
      http: 400,
      data: '未能取得您的微信身份（授权已过期），请重新打开支付页',
    })
    const alipay = await h.get<string>(
      '/api/Orders/GetOrdersPay',
      { id: o.id, way: 'alipay', scene: 'jsapi' },
      { ...o.me.auth, 'User-Agent': WECHAT_UA },
    )
    expect(alipay).toMatchObject({ http: 400, data: '该支付方式无法在微信内支付，请选择微信支付' })
    const bad = await payIn(WECHAT_UA, o.me, o.id, { scene: 'app' })
    expect(bad).toMatchObject({ http: 400, data: '支付场景不正确' })
    expect(await paymentsOf(o.id)).toEqual([])
    expect((await orderRow(o.id)).status).toBe(10)
  })
})

describe('H5 pay in phone browsers', () => {
  it('opens an H5 trade with the payer IP, answers h5_url with our return address; paid on WeChat’s page, back to /pay', async () => {
    const o = await order(8_800)
    const r = await payIn(PHONE_UA, o.me, o.id, { scene: 'h5' })
    expect(r.http).toBe(200)
    const h5 = (r.data as PayAnswer).h5_url as string
    const back = `${h.base}/pay?id=${o.id}&back=h5`
    expect(h5.endsWith(`&redirect_url=${encodeURIComponent(back)}`)).toBe(true)
    expect(h5.startsWith(`${peer().base}/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx`)).toBe(true)
    const [call] = peer().callsTo(/^\/v3\/pay\/transactions\/h5$/, 'POST')
    expect(call?.body).toMatchObject({
      appid: peer().appId,
      scene_info: {
        payer_client_ip: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$|^::1$/),
        h5_info: { type: 'Wap' },
      },
      amount: { total: 8_800 },
    })
    expect((await paymentsOf(o.id))[0]).toMatchObject({ status: 10, page_pay: 3 })
    // Asking again: the same trade, the same address.
    expect((await payIn(PHONE_UA, o.me, o.id, { scene: 'h5' })).data).toMatchObject({ h5_url: h5 })
    expect(await paymentsOf(o.id)).toHaveLength(1)

    // The payer confirms on WeChat's page, which sends them back to the return page.
    const paid = await fetch(h5, { redirect: 'manual' })
    expect(paid.status).toBe(302)
    expect(paid.headers.get('location')).toBe(back)
    await peer().idle()
    expect(await statusOf(o.me, o.id)).toBe(20)
  })

  it('the return page polls: a lost notification is asked for at WeChat', async () => {
    const o = await order(3_300)
    await payIn(PHONE_UA, o.me, o.id, { scene: 'h5' })
    const no = (await paymentsOf(o.id))[0]?.out_trade_no as string
    await peer().pay(no, { lost: true })
    expect((await orderRow(o.id)).status).toBe(10)
    expect(await statusOf(o.me, o.id)).toBe(20)
  })
})

/**
 * 到货通知 by SMS through Aliyun (issue 24): sent with its own approved template, whose one
 * variable is ${product}, under the same sign; not offered at all without that template.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmsPeer, startSmsPeer } from '../../tests/peers/sms-peer.ts'
import { loadConfig } from '../config.ts'
import { SmsFailure, smsProvider } from './sms.ts'

let peer: SmsPeer
beforeAll(async () => {
  peer = await startSmsPeer({
    templateCode: 'SMS_480000002',
    template: `您订阅到货通知的\${product}已到货，欢迎选购。`,
  })
})
afterAll(() => peer.close())

/** The portal's provider for the peer: codes in another template, alerts in the peer's. */
const provider = (stockTemplate?: string) =>
  smsProvider(
    loadConfig({
      ...peer.env(),
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_480000001',
      ...(stockTemplate ? { ALIYUN_SMS_STOCK_TEMPLATE_CODE: stockTemplate } : {}),
    }).sms,
  )

describe('到货通知 through Aliyun', () => {
  it('goes in the 到货通知 template with the product as its variable, cut to 35 characters', async () => {
    const sms = provider('SMS_480000002')
    await sms.sendStockAlert?.('13912345678', { product: '种植机', text: '…' })
    const long = '康'.repeat(40)
    await sms.sendStockAlert?.('13912345679', { product: long, text: '…' })
    expect(peer.sent).toEqual([
      {
        phone: '13912345678',
        signName: peer.signName,
        templateCode: 'SMS_480000002',
        params: { product: '种植机' },
      },
      {
        phone: '13912345679',
        signName: peer.signName,
        templateCode: 'SMS_480000002',
        params: { product: `${'康'.repeat(34)}…` },
      },
    ])
  })

  it('fails as an SmsFailure the sender logs when Aliyun refuses it', async () => {
    peer.failNext('isv.BUSINESS_LIMIT_CONTROL', '触发分钟级流控Permits:1')
    await expect(
      provider('SMS_480000002').sendStockAlert?.('13912345670', { product: '种植机', text: '…' }),
    ).rejects.toBeInstanceOf(SmsFailure)
  })

  it('is not offered without ALIYUN_SMS_STOCK_TEMPLATE_CODE: the alert stays in /message', () => {
    expect(provider().sendStockAlert).toBeUndefined()
  })
})

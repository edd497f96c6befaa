import { OrderStatus } from '../../../src/lib/constants.ts'
import { isWechatBrowser, sceneOf } from '../../../src/lib/pay-ways.ts'
import { checkTopUp } from '../../../src/lib/rules/price.ts'
import { ok, router } from '../../contract/index.ts'
import { clientIp, refuse, requireUser } from '../../http.ts'
import { paymentProviders } from '../../providers/payment.ts'
import { authorizeUrl, openidOf } from '../../providers/wechat-mp.ts'
import { orderStatus } from '../orders/orders.queries.ts'
import { deadlineOf, isContentOrder } from '../orders/orders.service.ts'
import * as q from './payments.queries.ts'
import * as routes from './payments.routes.ts'
import { recoverPending } from './provider-recovery.ts'
import { createRecharge, payRecharge, recharge } from './recharges.ts'

const CHOOSE_WAY = '请选择支付方式'

/** Paying orders (balance, Alipay, WeChat Pay, transfer) and topping up the wallet. */
export const payments = router()
  .openapi(routes.getOrderStatus, async (c) => {
    const { db, config, now } = c.get('deps')
    const user = requireUser(c)
    const { id } = c.req.valid('query')
    const status = await orderStatus(db, user.id, id)
    if (status === undefined) throw refuse('订单不存在', 404)
    if (status !== OrderStatus.unpaid) return ok(c, status)
    // The pay page polls while the payer pays: a notification that never came is asked for at
    // the provider, and a payment it confirms is settled as the notification would have.
    await recoverPending(db, paymentProviders(config), { orderId: id }, now())
    return ok(c, (await orderStatus(db, user.id, id)) ?? status)
  })
  .openapi(routes.getOrdersPay, async (c) => {
    const { id, way, qr, scene, code } = c.req.valid('query')
    const user = requireUser(c)
    const { db, config, now } = c.get('deps')
    if (!way) throw refuse(CHOOSE_WAY)
    const order = await q.unpaidOrder(db, id, user.id)
    if (way === 'balance') return ok(c, await q.payByBalance(db, order, user.id, now()))
    if (way === 'union') {
      const retry = { hours: config.holds.transferRetryHours, now: now() }
      return ok(c, await q.payByTransfer(db, order, config.transferExpiryHours, retry))
    }
    const providers = paymentProviders(config)
    const provider = providers.of(way)
    // Back from the provider's page to the pay page, which finds the order paid (type=1: content).
    const pagePath = `${config.siteUrl}/pay?id=${order.id}${(await isContentOrder(db, order.id)) ? '&type=1' : ''}`
    const expiresAt = deadlineOf(order, config.orderExpiryMinutes)
    if (scene === 'jsapi') {
      // WeChat's pay sheet opens in WeChat's browser only, for a way the registry pays so there.
      if (sceneOf(way, 'wechat') !== 'jsapi') throw refuse('该支付方式无法在微信内支付，请选择微信支付')
      if (!isWechatBrowser(c.req.header('user-agent') ?? ''))
        throw refuse('微信内支付只能在微信中使用，请在微信中打开本页或选择其他支付方式')
    }
    let openid: string | undefined
    if (scene === 'jsapi' && provider.jsapi && config.wechatMp) {
      // First the 公众号's 网页授权, which comes back to the pay page with a code; then its openid.
      if (!code)
        return ok(c, {
          status: OrderStatus.unpaid,
          authorize_url: authorizeUrl(config.wechatMp, `${pagePath}&way=${way}`, 'wxpay'),
        })
      openid = await openidOf(config.wechatMp, code)
    }
    const returnUrl = scene === 'h5' ? `${pagePath}&back=h5` : !qr && provider.pagePay ? pagePath : undefined
    return ok(
      c,
      await q.payOnline(db, providers, order, user.id, way, now(), {
        returnUrl,
        expiresAt,
        scene,
        openid,
        clientIp: clientIp(c),
        // Alipay's phone page (WAP) leads back to the order by its 返回商家.
        phone: { quitUrl: `${config.siteUrl}/orderdetail?id=${order.id}` },
      }),
    )
  })
  .openapi(routes.postRechargeAppend, async (c) => {
    const body = c.req.valid('json')
    const user = requireUser(c)
    if (body.groups !== undefined && String(body.groups) !== '30') throw refuse('充值类型不正确')
    // The form's own rule: -1 or 99.999 is refused as sent, never rounded (src/lib/rules/price.ts).
    const { fen, error } = checkTopUp(body.price)
    if (error !== null) throw refuse(error)
    const { db, now } = c.get('deps')
    return ok(c, await createRecharge(db, user.id, fen, now()))
  })
  .openapi(routes.getRechargePay, async (c) => {
    const { id, way } = c.req.valid('query')
    const user = requireUser(c)
    const { db, config } = c.get('deps')
    if (!way) throw refuse(CHOOSE_WAY)
    return ok(c, await payRecharge(db, paymentProviders(config), id, user.id, way))
  })
  .openapi(routes.getRecharge, async (c) => {
    const { id } = c.req.valid('query')
    const user = requireUser(c)
    const { db, config, now } = c.get('deps')
    const shown = await recharge(db, id, user.id)
    if (shown.status === q.PaymentStatus.paid) return ok(c, shown)
    // Polled after paying: a notification that never came is asked for at the provider.
    await recoverPending(db, paymentProviders(config), { paymentId: id }, now())
    return ok(c, await recharge(db, id, user.id))
  })

import { OrderStatus } from '../../../src/lib/constants.ts'
import { checkTopUp } from '../../../src/lib/rules/price.ts'
import { ok, router } from '../../contract/index.ts'
import { refuse, requireUser } from '../../http.ts'
import { paymentProviders } from '../../providers/payment.ts'
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
    const { id, way, qr, phone } = c.req.valid('query')
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
    // Back from the provider's page to the pay page, which finds the order paid (type=1: content).
    const returnUrl =
      !qr && providers.of(way).pagePay
        ? `${config.siteUrl}/pay?id=${order.id}${(await isContentOrder(db, order.id)) ? '&type=1' : ''}`
        : undefined
    const expiresAt = deadlineOf(order, config.orderExpiryMinutes)
    // A phone browser: the provider's phone page (Alipay WAP), whose 返回商家 leads to the order.
    const onPhone =
      phone && returnUrl ? { quitUrl: `${config.siteUrl}/orderdetail?id=${order.id}` } : undefined
    return ok(
      c,
      await q.payOnline(db, providers, order, user.id, way, now(), { returnUrl, expiresAt, phone: onPhone }),
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

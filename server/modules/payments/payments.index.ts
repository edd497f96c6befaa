import { checkTopUp } from '../../../src/lib/rules/price.ts'
import { ok, router } from '../../contract/index.ts'
import { refuse, requireUser } from '../../http.ts'
import { paymentProvider } from '../../providers/payment.ts'
import * as q from './payments.queries.ts'
import * as routes from './payments.routes.ts'

const CHOOSE_WAY = '请选择支付方式'

/** Paying orders (balance, Alipay, WeChat Pay, transfer) and topping up the wallet. */
export const payments = router()
  .openapi(routes.getOrdersPay, async (c) => {
    const { id, way } = c.req.valid('query')
    const user = requireUser(c)
    const { db, config, now } = c.get('deps')
    if (!way) throw refuse(CHOOSE_WAY)
    const order = await q.unpaidOrder(db, id, user.id)
    if (way === 'balance') return ok(c, await q.payByBalance(db, order, user.id, now()))
    if (way === 'union') return ok(c, await q.payByTransfer(db, order, config.transferExpiryHours))
    return ok(c, await q.payOnline(db, paymentProvider(config), order, user.id, way, now()))
  })
  .openapi(routes.postRechargeAppend, async (c) => {
    const body = c.req.valid('json')
    const user = requireUser(c)
    if (body.groups !== undefined && String(body.groups) !== '30') throw refuse('充值类型不正确')
    // The form's own rule: -1 or 99.999 is refused as sent, never rounded (src/lib/rules/price.ts).
    const { fen, error } = checkTopUp(body.price)
    if (error !== null) throw refuse(error)
    const { db, now } = c.get('deps')
    return ok(c, await q.createRecharge(db, user.id, fen, now()))
  })
  .openapi(routes.getRechargePay, async (c) => {
    const { id, way } = c.req.valid('query')
    const user = requireUser(c)
    const { db, config } = c.get('deps')
    if (!way) throw refuse(CHOOSE_WAY)
    return ok(c, await q.payRecharge(db, paymentProvider(config), id, user.id, way))
  })
  .openapi(routes.getRecharge, async (c) => {
    const { id } = c.req.valid('query')
    return ok(c, await q.recharge(c.get('deps').db, id, requireUser(c).id))
  })

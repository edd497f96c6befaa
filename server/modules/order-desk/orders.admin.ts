import { UPLOAD_MAX_BYTES } from '../../../src/lib/constants.ts'
import { actorOf } from '../../admin/admin-route.ts'
import { ok, router } from '../../contract/index.ts'
import type { Ctx } from '../../http.ts'
import { courierProvider } from '../../providers/courier.ts'
import { paymentProviders } from '../../providers/payment.ts'
import { shipOrder } from '../fulfilment/fulfilment.queries.ts'
import { decideRefund } from '../orders/after-sales.ts'
import { issueInvoice } from '../orders/order-invoices.ts'
import { refundDuePayment, refundVia } from '../payments/refunds.ts'
import { confirmTransfer } from '../payments/transfers.ts'
import { signedFileUrl } from '../uploads/private-files.ts'
import { keepStaffFile } from '../uploads/uploads.service.ts'
import { addOrderNote } from './order-notes.ts'
import { adminOrder, adminOrders, ordersCsv } from './orders.admin.queries.ts'
import * as routes from './orders.admin-routes.ts'

/** The order as the back office shows it, read after an action: what every action answers. */
const orderOf = (c: Ctx, code: string) => {
  const { db, config, now } = c.get('deps')
  const at = now()
  const link = (path: string) => signedFileUrl(config.fileUrlSecret, path, at)
  return adminOrder(db, courierProvider(), code, at, link, config.orderExpiryMinutes)
}

/** 'order-20261126.csv': the export's file name, by the China day it was made. */
const exportName = (now: Date) =>
  `orders-${new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '')}.csv`

/**
 * The back office's order calls (issue 20). Every action is a service function shared with
 * `npm run ops` (fulfilment, payments), which writes its audit row in its own transaction.
 * The fixed paths (export, invoice-file) are registered before /admin/orders/{code}.
 */
export const ordersAdmin = router()
  .openapi(routes.getOrders, async (c) => ok(c, await adminOrders(c.get('deps').db, c.req.valid('query'))))
  .openapi(routes.getOrdersExport, (c) => {
    const { db, now } = c.get('deps')
    return c.body(ordersCsv(db, c.req.valid('query')), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportName(now())}"`,
      // no-transform: the compression middleware would otherwise read the whole stream first.
      'Cache-Control': 'no-store, no-transform',
    }) as never
  })
  .openapi(routes.postInvoiceFile, async (c) => {
    const { config } = c.get('deps')
    const path = await keepStaffFile(
      c.req.raw.body,
      c.req.header('content-type') ?? '',
      config,
      ['pdf', 'png', 'jpg'],
      UPLOAD_MAX_BYTES,
    )
    return ok(c, { path })
  })
  .openapi(routes.getOrder, async (c) => ok(c, await orderOf(c, c.req.valid('param').code)))
  .openapi(routes.postShip, async (c) => {
    const { db, now } = c.get('deps')
    const { code } = c.req.valid('param')
    await shipOrder(db, actorOf(c), courierProvider(), code, c.req.valid('json').courier, now())
    return ok(c, await orderOf(c, code))
  })
  .openapi(routes.postConfirmTransfer, async (c) => {
    const { db, now } = c.get('deps')
    const { code } = c.req.valid('param')
    await confirmTransfer(db, actorOf(c), code, now())
    return ok(c, await orderOf(c, code))
  })
  .openapi(routes.postAfterSales, async (c) => {
    const { db, config, now } = c.get('deps')
    const { code } = c.req.valid('param')
    await decideRefund(db, actorOf(c), refundVia(paymentProviders(config)), code, c.req.valid('json'), now())
    return ok(c, await orderOf(c, code))
  })
  .openapi(routes.postInvoice, async (c) => {
    const { db, config, now } = c.get('deps')
    const { code } = c.req.valid('param')
    await issueInvoice(db, actorOf(c), config, code, c.req.valid('json'), now())
    return ok(c, await orderOf(c, code))
  })
  .openapi(routes.postRefundPayment, async (c) => {
    const { db, config, now } = c.get('deps')
    const { outTradeNo } = c.req.valid('param')
    const r = await refundDuePayment(db, actorOf(c), paymentProviders(config), outTradeNo, now())
    return ok(c, await orderOf(c, r.code))
  })
  .openapi(routes.postNote, async (c) => {
    const { db, now } = c.get('deps')
    const { code } = c.req.valid('param')
    await addOrderNote(db, actorOf(c), code, c.req.valid('json').text, now())
    return ok(c, await orderOf(c, code))
  })

import { UPLOAD_MAX_BYTES } from '../../../src/lib/constants.ts'
import { can } from '../../../src/lib/permissions.ts'
import { checkTransferReceipt } from '../../../src/lib/rules/back-office.ts'
import { actorOf } from '../../admin/admin-route.ts'
import type { Config } from '../../config.ts'
import { ok, router } from '../../contract/index.ts'
import { type Ctx, refuse } from '../../http.ts'
import type { CourierProvider } from '../../providers/courier.ts'
import { courierProvider } from '../../providers/courier.ts'
import { paymentProviders } from '../../providers/payment.ts'
import { cancelParcel, insertParcel, shipParcel, waybillFor } from '../fulfilment/fulfilment.queries.ts'
import { decideRefund, receiveReturn } from '../orders/after-sales.ts'
import { voidInvoice } from '../orders/invoice-records.ts'
import { issueInvoice, reissueInvoice } from '../orders/order-invoices.ts'
import { refundDuePayment, refundVia } from '../payments/refunds.ts'
import { confirmTransfer } from '../payments/transfers.ts'
import { privateFileExists, signedFileUrl } from '../uploads/private-files.ts'
import { keepStaffFile } from '../uploads/uploads.service.ts'
import { ordersCsv, transfersCsv } from './order-exports.ts'
import { addOrderNote } from './order-notes.ts'
import { adminOrder, adminOrders } from './orders.admin.queries.ts'
import * as routes from './orders.admin-routes.ts'
import { importShipments } from './ship-import.ts'

/** The order as the back office shows it, read after an action: what every action answers. */
const orderOf = (c: Ctx, code: string) => {
  const { db, config, now } = c.get('deps')
  const at = now()
  const link = (path: string) => signedFileUrl(config.fileUrlSecret, path, at)
  return adminOrder(
    db,
    courierProvider(config),
    code,
    at,
    link,
    config.orderExpiryMinutes,
    config.returnAddress,
    config.refundApprovalLimitFen,
  )
}

/**
 * What the after-sales steps need from the floors above orders: payments' way to give money
 * back, the approval limit, the return address, and fulfilment's parcel for an exchange's
 * replacement (its waybill booked, or typed as `parcel`). Shared with `npm run ops`.
 */
export const afterSalesDeps = (
  config: Config,
  courier: CourierProvider,
  now: Date,
  parcel: { courier?: string; waybill?: string } = {},
) => ({
  refundMoney: refundVia(paymentProviders(config)),
  limitFen: config.refundApprovalLimitFen,
  returnAddress: config.returnAddress,
  shipReplacement: async (
    t: Parameters<typeof insertParcel>[0],
    o: Parameters<typeof insertParcel>[1],
    picked: Parameters<typeof insertParcel>[3],
    afterSaleId: number,
  ) => {
    const w = await waybillFor(courier, parcel, now)
    // Inside the receipt's transaction: tracked on its first read, not while the lock is held.
    await insertParcel(t, o, w, picked, now, null, afterSaleId)
    return `${w.company} ${w.number}`
  },
})

/** The signed-in staff member as an approver: finance and admin may approve above the limit. */
const approverOf = (c: Ctx) => ({
  ...actorOf(c),
  mayApproveLarge: can(c.get('staff')?.roles ?? [], 'orders.money'),
})

/** 'orders-20261126.csv': an export's file name, by the China day it was made. */
const exportName = (kind: 'orders' | 'transfers', now: Date) =>
  `${kind}-${new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '')}.csv`

/**
 * A CSV export's answer (orders-20261126.csv, transfers-20261126.csv for reconciliation), sent
 * while it is made; no-transform: the compression middleware would otherwise read it all first.
 */
const csvAnswer = (c: Ctx, kind: 'orders' | 'transfers', body: ReadableStream<Uint8Array>) =>
  c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${exportName(kind, c.get('deps').now())}"`,
    'Cache-Control': 'no-store, no-transform',
  }) as never

/**
 * The transfer refund's details finance gave, if any: none for an online way's refund (no body,
 * or none of amount, reference, payer); otherwise all of them, checked as a transfer received.
 */
function refundReceipt(body: Record<string, unknown> | undefined) {
  const b = body ?? {}
  if (!['amount', 'reference', 'payer'].some((k) => b[k] !== undefined && b[k] !== '')) return null
  const r = checkTransferReceipt(b)
  if (r.error !== null) throw refuse(r.error)
  return r.value
}

/**
 * The back office's order calls (issue 20). Every action is a service function shared with
 * `npm run ops` (fulfilment, payments), which writes its audit row in its own transaction.
 * The fixed paths (export, invoice-file) are registered before /admin/orders/{code}.
 */
export const ordersAdmin = router()
  .openapi(routes.getOrders, async (c) => ok(c, await adminOrders(c.get('deps').db, c.req.valid('query'))))
  .openapi(routes.getOrdersExport, (c) =>
    csvAnswer(c, 'orders', ordersCsv(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(routes.getTransfersExport, (c) =>
    csvAnswer(c, 'transfers', transfersCsv(c.get('deps').db, c.req.valid('query'))),
  )
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
    const { db, config, now } = c.get('deps')
    const { code } = c.req.valid('param')
    const { courier, number } = c.req.valid('json')
    await shipParcel(db, actorOf(c), courierProvider(config), code, { courier, waybill: number }, now())
    return ok(c, await orderOf(c, code))
  })
  .openapi(routes.postShipImport, async (c) => {
    const { db, config, now } = c.get('deps')
    return ok(
      c,
      await importShipments(db, actorOf(c), courierProvider(config), c.req.valid('json').csv, now()),
    )
  })
  .openapi(routes.postShipments, async (c) => {
    const { db, config, now } = c.get('deps')
    const { code } = c.req.valid('param')
    await shipParcel(db, actorOf(c), courierProvider(config), code, c.req.valid('json'), now())
    return ok(c, await orderOf(c, code))
  })
  .openapi(routes.postCancelShipment, async (c) => {
    const { db, now } = c.get('deps')
    const { code, id } = c.req.valid('param')
    await cancelParcel(db, actorOf(c), code, id, now())
    return ok(c, await orderOf(c, code))
  })
  .openapi(routes.postReceiveReturn, async (c) => {
    const { db, config, now } = c.get('deps')
    const { code } = c.req.valid('param')
    const form = c.req.valid('json')
    const at = now()
    const deps = afterSalesDeps(config, courierProvider(config), at, {
      courier: form.courier,
      waybill: form.waybill,
    })
    await receiveReturn(db, actorOf(c), deps, code, form, at)
    return ok(c, await orderOf(c, code))
  })
  .openapi(routes.postConfirmTransfer, async (c) => {
    const { db, config, now } = c.get('deps')
    const { code } = c.req.valid('param')
    const receipt = c.req.valid('json')
    if (receipt.slip && !(await privateFileExists(config, receipt.slip)))
      throw refuse('回单文件不存在，请重新上传')
    await confirmTransfer(db, actorOf(c), code, receipt, now())
    return ok(c, await orderOf(c, code))
  })
  .openapi(routes.postAfterSales, async (c) => {
    const { db, config, now } = c.get('deps')
    const { code } = c.req.valid('param')
    const at = now()
    await decideRefund(
      db,
      approverOf(c),
      afterSalesDeps(config, courierProvider(config), at),
      code,
      c.req.valid('json'),
      at,
    )
    return ok(c, await orderOf(c, code))
  })
  .openapi(routes.postInvoice, async (c) => {
    const { db, config, now } = c.get('deps')
    const { code } = c.req.valid('param')
    await issueInvoice(db, actorOf(c), config, code, c.req.valid('json'), now())
    return ok(c, await orderOf(c, code))
  })
  .openapi(routes.postInvoiceVoid, async (c) => {
    const { db, config, now } = c.get('deps')
    const { code } = c.req.valid('param')
    await voidInvoice(db, actorOf(c), config, code, c.req.valid('json'), now())
    return ok(c, await orderOf(c, code))
  })
  .openapi(routes.postInvoiceReissue, async (c) => {
    const { db, config, now } = c.get('deps')
    const { code } = c.req.valid('param')
    await reissueInvoice(db, actorOf(c), config, code, c.req.valid('json'), now())
    return ok(c, await orderOf(c, code))
  })
  .openapi(routes.postRefundPayment, async (c) => {
    const { db, config, now } = c.get('deps')
    const { outTradeNo } = c.req.valid('param')
    const receipt = refundReceipt(c.req.valid('json') as Record<string, unknown> | undefined)
    const r = await refundDuePayment(db, actorOf(c), paymentProviders(config), outTradeNo, now(), receipt)
    return ok(c, await orderOf(c, r.code))
  })
  .openapi(routes.postNote, async (c) => {
    const { db, now } = c.get('deps')
    const { code } = c.req.valid('param')
    await addOrderNote(db, actorOf(c), code, c.req.valid('json').text, now())
    return ok(c, await orderOf(c, code))
  })

/**
 * The back office's order calls (server/modules/order-desk/orders.admin-routes.ts) on the staff
 * session, typed from their routes. Imported by admin islands only.
 */
import type { AdminOrder, AdminOrderRow } from '../../../server/modules/order-desk/orders.admin-routes.ts'
import { adminCall, adminDownload, adminUpload } from './admin-call.ts'
import type { QueryParams } from './http.ts'

export type { AdminOrder, AdminOrderRow }

export const ordersApi = {
  list: (query: QueryParams) => adminCall('get', '/admin/orders')({ query }),
  get: (code: string) => adminCall('get', '/admin/orders/{code}')({ param: { code } }),
  /** The filtered list as a CSV file (UTF-8 with BOM). */
  export: (query: QueryParams) => adminDownload('/admin/orders/export')({ query }),
  /** Finance's transfer reconciliation (CSV): every transfer recorded, received or paid back. */
  exportTransfers: (query: QueryParams = {}) => adminDownload('/admin/orders/transfers/export')({ query }),
  /** `number`: the waybill the courier printed; left out, a courier that books (the simulated one) assigns it. */
  ship: (code: string, courier: string, number?: string) =>
    adminCall('post', '/admin/orders/{code}/ship')({ param: { code }, json: { courier, number } }),
  /** A parcel: the lines and quantities in it (all not yet shipped when left out), its courier and waybill. */
  shipParcel: (
    code: string,
    json: { courier: string; waybill?: string; lines?: { lineId: number; quantity: number }[] },
  ) => adminCall('post', '/admin/orders/{code}/shipments')({ param: { code }, json }),
  /** A CSV of 订单号,快递公司,运单号: each row shipped or refused on its own. */
  importShipments: (csv: string) => adminCall('post', '/admin/orders/shipments/import')({ json: { csv } }),
  cancelParcel: (code: string, id: number) =>
    adminCall('post', '/admin/orders/{code}/shipments/{id}/cancel')({ param: { code, id } }),
  /** The warehouse's word on goods sent back; for an exchange, the replacement's courier and waybill. */
  receiveReturn: (
    code: string,
    json: { decision: 'accept' | 'refuse'; reason: string; courier?: string; waybill?: string },
  ) => adminCall('post', '/admin/orders/{code}/after-sales/receive')({ param: { code }, json }),
  /** A corporate transfer received: amount (yuan), bank reference, payer, day, receipt scan. */
  confirmTransfer: (
    code: string,
    json: { amount: string; reference: string; payer: string; receivedAt?: string; slip?: string },
  ) => adminCall('post', '/admin/orders/{code}/confirm-transfer')({ param: { code }, json }),
  decideAfterSales: (
    code: string,
    body: { decision: 'approve' | 'reject'; reason: string; amount?: string },
  ) => adminCall('post', '/admin/orders/{code}/after-sales')({ param: { code }, json: body }),
  issueInvoice: (code: string, body: { number: string; file: string }) =>
    adminCall('post', '/admin/orders/{code}/invoice')({ param: { code }, json: body }),
  /** Red-letters (红冲) the current invoice: the red-letter invoice's number, optional file, reason. */
  voidInvoice: (code: string, body: { number: string; file: string; reason: string }) =>
    adminCall('post', '/admin/orders/{code}/invoice/void')({ param: { code }, json: body }),
  /** Issues the corrected invoice after a red-letter; title and taxCode '' keep the last invoice's. */
  reissueInvoice: (code: string, body: { number: string; file: string; title: string; taxCode: string }) =>
    adminCall('post', '/admin/orders/{code}/invoice/reissue')({ param: { code }, json: body }),
  /** An electronic invoice's file, kept private: its stored path. */
  uploadInvoiceFile: (file: Blob, name: string) => adminUpload('/admin/orders/invoice-file')(file, name),
  /** A refund-due payment given back; for a transfer, what finance paid back (optional). */
  refundPayment: (
    outTradeNo: string,
    json: { amount?: string; reference?: string; payer?: string; receivedAt?: string } = {},
  ) => adminCall('post', '/admin/payments/{outTradeNo}/refund')({ param: { outTradeNo }, json }),
  /** A staff-only note on the order (1 to 500 characters). */
  addNote: (code: string, text: string) =>
    adminCall('post', '/admin/orders/{code}/notes')({ param: { code }, json: { text } }),
}

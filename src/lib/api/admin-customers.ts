/**
 * The back office's customer lookup, balance adjustments and certification review (issue 20),
 * typed from their routes, on the staff session. Imported by admin islands only.
 */
import type {
  CustomerDetail,
  CustomerRow,
  StaffCertification,
} from '../../../server/modules/accounts/customers.routes.ts'
import type { OrderCard } from '../../../server/modules/orders/orders.routes.ts'
import type { BalanceAdjustment } from '../../../server/modules/wallet/wallet.admin.ts'
import type { Transaction } from '../../../server/modules/wallet/wallet.routes.ts'
import type { CertDecision } from '../rules/certification.ts'
import { adminCall, adminDownload } from './admin-call.ts'
import type { Address } from './types.ts'

export type {
  Address,
  BalanceAdjustment,
  CustomerDetail,
  CustomerRow,
  OrderCard,
  StaffCertification,
  Transaction,
}

// The forms show a refusal beside the field it is about, so the client does not toast it too.
const silent = { silent: true }

/** Where an order of the back office is shown (the orders screen's detail, by code). */
export const orderHref = (code: string) => `/admin/orders/detail/?code=${encodeURIComponent(code)}`

export const customersApi = {
  find: (q: { q?: string; pageIndex: number; pageSize: number }) =>
    adminCall('get', '/admin/customers')({ query: q }),
  customer: (userId: number) => adminCall('get', '/admin/customers/{userId}')({ param: { userId } }),
  orders: (userId: number, page: { pageIndex: number; pageSize: number }) =>
    adminCall('get', '/admin/customers/{userId}/orders')({ param: { userId }, query: page }),
  wallet: (userId: number, page: { pageIndex: number; pageSize: number }) =>
    adminCall('get', '/admin/customers/{userId}/wallet')({ param: { userId }, query: page }),
  addresses: (userId: number) =>
    adminCall('get', '/admin/customers/{userId}/addresses')({ param: { userId } }),
  /**
   * `amount` in yuan with its sign ('-12.50'); answers the new balance and the wallet record, or,
   * above the limit, `{ pending: true, adjustmentId }` with nothing moved (issue 39).
   */
  adjust: (userId: number, body: { amount: string; reason: string; requestId?: string }) =>
    adminCall('post', '/admin/customers/{userId}/balance')({ param: { userId }, json: body }, silent),
  /** Adjustments above the limit: one customer's (`userId`) or finance's queue (`status: 'pending'`), with the limit. */
  adjustments: (q: {
    userId?: number
    status?: 'pending' | 'approved' | 'withdrawn'
    pageIndex: number
    pageSize: number
  }) => adminCall('get', '/admin/balance-adjustments')({ query: q }),
  approveAdjustment: (id: number) =>
    adminCall('post', '/admin/balance-adjustments/{id}/approve')({ param: { id } }),
  withdrawAdjustment: (id: number) =>
    adminCall('post', '/admin/balance-adjustments/{id}/withdraw')({ param: { id } }),
}

export const certificationsApi = {
  queue: (q: { status: number; pageIndex: number; pageSize: number }) =>
    adminCall('get', '/admin/certifications')({ query: q }),
  one: (userId: number) => adminCall('get', '/admin/certifications/{userId}')({ param: { userId } }),
  decide: (userId: number, body: { decision: CertDecision; reason: string }) =>
    adminCall('post', '/admin/certifications/{userId}')({ param: { userId }, json: body }, silent),
  /** A scan, fetched with the staff session (it has no public URL). */
  scan: (userId: number, path: string) =>
    adminDownload('/admin/certifications/{userId}/scan')({ param: { userId }, query: { path } }, silent),
}

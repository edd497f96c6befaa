/**
 * The back office's order calls (server/modules/orders/orders.admin-routes.ts) on the staff
 * session. Imported by admin islands only.
 */
import type { Paged } from '../../../server/db/sql.ts'
import type { AdminOrder, AdminOrderRow } from '../../../server/modules/order-desk/orders.admin-routes.ts'
import { adminHttp } from './admin.ts'
import type { QueryParams } from './http.ts'

export type { AdminOrder, AdminOrderRow }

const path = (code: string, verb = '') => `/api/admin/orders/${encodeURIComponent(code)}${verb}`
const post = async <T>(p: string, body: unknown = {}) => (await adminHttp().post<T>(p, body)).data

export const ordersApi = {
  list: (query: QueryParams) => adminHttp().get<Paged<AdminOrderRow>>('/api/admin/orders', query),
  get: (code: string) => adminHttp().get<AdminOrder>(path(code)),
  /** The filtered list as a CSV file (UTF-8 with BOM). */
  export: (query: QueryParams) => adminHttp().download('/api/admin/orders/export', query),
  ship: (code: string, courier: string) => post<AdminOrder>(path(code, '/ship'), { courier }),
  confirmTransfer: (code: string) => post<AdminOrder>(path(code, '/confirm-transfer')),
  decideAfterSales: (code: string, body: { decision: 'approve' | 'reject'; reason: string }) =>
    post<AdminOrder>(path(code, '/after-sales'), body),
  issueInvoice: (code: string, body: { number: string; file: string }) =>
    post<AdminOrder>(path(code, '/invoice'), body),
  /** An electronic invoice's file, kept private: its stored path. */
  async uploadInvoiceFile(file: Blob, name: string): Promise<string> {
    const form = new FormData()
    form.append('file', file, name)
    const r = await adminHttp().fetch<{ data: { path: string } }>('/api/admin/orders/invoice-file', {
      method: 'POST',
      body: form,
    })
    return r.data.path
  },
  refundPayment: (outTradeNo: string) =>
    post<AdminOrder>(`/api/admin/payments/${encodeURIComponent(outTradeNo)}/refund`),
}

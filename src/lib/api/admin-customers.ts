/**
 * The back office's customer lookup, balance adjustments and certification review (issue 20),
 * on the admin client (admin.ts). Imported by admin islands only.
 */
import type { Paged } from '../../../server/db/sql.ts'
import type {
  CustomerDetail,
  CustomerRow,
  StaffCertification,
} from '../../../server/modules/accounts/customers.routes.ts'
import type { OrderCard } from '../../../server/modules/orders/orders.routes.ts'
import type { Transaction } from '../../../server/modules/wallet/wallet.routes.ts'
import type { CertDecision } from '../rules/certification.ts'
import { adminHttp } from './admin.ts'
import type { Address } from './types.ts'

export type { Address, CustomerDetail, CustomerRow, OrderCard, StaffCertification, Transaction }

const get = <T>(path: string, query?: Record<string, string | number>) => adminHttp().get<T>(path, query)
// The forms show a refusal beside the field it is about, so the client does not toast it too.
const post = async <T>(path: string, body: unknown) =>
  (await adminHttp().post<T>(path, body, { silent: true })).data

/** Where an order of the back office is shown (the orders screen's detail, by code). */
export const orderHref = (code: string) => `/admin/orders/detail/?code=${encodeURIComponent(code)}`

export const customersApi = {
  find: (q: { q?: string; pageIndex: number; pageSize: number }) =>
    get<Paged<CustomerRow>>('/api/admin/customers', q),
  customer: (id: number) => get<CustomerDetail>(`/api/admin/customers/${id}`),
  orders: (id: number, page: { pageIndex: number; pageSize: number }) =>
    get<Paged<OrderCard>>(`/api/admin/customers/${id}/orders`, page),
  wallet: (id: number, page: { pageIndex: number; pageSize: number }) =>
    get<Paged<Transaction>>(`/api/admin/customers/${id}/wallet`, page),
  addresses: (id: number) => get<Address[]>(`/api/admin/customers/${id}/addresses`),
  /** `amount` in yuan with its sign ('-12.50'); answers the new balance and the wallet record. */
  adjust: (id: number, body: { amount: string; reason: string; requestId?: string }) =>
    post<{ balance: number; record: Transaction }>(`/api/admin/customers/${id}/balance`, body),
}

export const certificationsApi = {
  queue: (q: { status: number; pageIndex: number; pageSize: number }) =>
    get<Paged<StaffCertification>>('/api/admin/certifications', q),
  one: (userId: number) => get<StaffCertification>(`/api/admin/certifications/${userId}`),
  decide: (userId: number, body: { decision: CertDecision; reason: string }) =>
    post<StaffCertification>(`/api/admin/certifications/${userId}`, body),
  /** A scan, fetched with the staff session (it has no public URL). */
  scan: (userId: number, path: string) =>
    adminHttp().download(`/api/admin/certifications/${userId}/scan`, { path }, { silent: true }),
}
